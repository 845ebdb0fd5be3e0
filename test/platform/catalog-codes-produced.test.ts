/**
 * Every code of the error catalog is either produced by the service — it appears as a string of
 * its own in the code under src/ (not in a comment, not inside a sentence), which is how every
 * ApiError, ProviderError and code map names one — or marked in NOT_PRODUCED with the reason,
 * which /docs/errors shows. Never both: a marked code that is raised somewhere would be a false
 * statement in the docs.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import ts from 'typescript';
import { ERROR_CATALOG, errorAnchor, type ErrorCode } from '../../src/platform/errors/catalog.ts';
import { NOT_PRODUCED } from '../../src/platform/errors/not-produced.ts';
import { createTestApp, type TestApp } from '../support/app.ts';

const SOURCE = path.resolve(import.meta.dirname, '../../src');
/** Where codes are declared or described rather than raised. */
const DECLARING = new Set([
  path.join(SOURCE, 'platform/errors/catalog.ts'),
  path.join(SOURCE, 'platform/errors/catalog-es.ts'),
  path.join(SOURCE, 'platform/errors/not-produced.ts'),
]);

function sourceFiles(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    const code = /\.tsx?$/.test(entry.name) && !/\.test(-support)?\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name);
    return code && !DECLARING.has(file) ? [file] : [];
  });
}

/** Every string literal of the service's code, as written. */
function stringLiterals(): Set<string> {
  const found = new Set<string>();
  for (const file of sourceFiles(SOURCE)) {
    const source = ts.createSourceFile(
      file,
      fs.readFileSync(file, 'utf8'),
      ts.ScriptTarget.Latest,
      false,
      file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
    );
    const visit = (node: ts.Node): void => {
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) found.add(node.text);
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

const codes = Object.keys(ERROR_CATALOG) as ErrorCode[];

test('every catalog code is raised somewhere in src/ or marked as not produced, with its reason, and never both', () => {
  const literals = stringLiterals();
  const neither: string[] = [];
  const both: string[] = [];
  for (const code of codes) {
    const raised = literals.has(code);
    const marked = NOT_PRODUCED[code] !== undefined;
    if (!raised && !marked) neither.push(code);
    if (raised && marked) both.push(code);
  }
  assert.deepEqual(neither, [], 'codes nothing raises: raise them where the situation exists, or mark them in NOT_PRODUCED with why');
  assert.deepEqual(both, [], 'codes marked as not produced that the service raises');
  for (const [code, reason] of Object.entries(NOT_PRODUCED)) {
    assert.ok(Object.hasOwn(ERROR_CATALOG, code), `${code} is not in the catalog`);
    assert.ok(reason.length > 40, `${code}: say why`);
  }
});

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(async () => {
  await t.close();
});

test('/docs/errors says which codes are not produced and why, in the page and in its JSON', async () => {
  const html = (await t.request({ method: 'GET', url: '/docs/errors' })).body;
  const json = (await t.request({ method: 'GET', url: '/docs/errors', headers: { accept: 'application/json' } })).json();
  for (const code of codes) {
    const row = html.slice(html.indexOf(`<tr id="${errorAnchor(code)}">`)).split('</tr>')[0]!;
    const entry = json.data.find((item: { code: string }) => item.code === code);
    const reason = NOT_PRODUCED[code];
    assert.equal(row.includes('Not produced by this service.'), reason !== undefined, code);
    assert.equal(entry.not_produced, reason, code);
  }
});
