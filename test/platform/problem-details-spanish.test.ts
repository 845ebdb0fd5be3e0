/**
 * Every problem the service raises with a detail of its own gives that detail in Spanish too: each
 * `new ApiError(code, detail)` under src/ passes a `{ en, es }` detail (or none, when the code's
 * title says it all). The source is read with the TypeScript checker, so a detail built in a
 * variable or a helper counts by its type. An English-only detail would reach a Spanish answer
 * as the code's bare title, losing the ids and values the English states.
 *
 * PASSED_THROUGH names the few sites whose detail is another layer's message (a PAC's or the SAT's
 * answer, a parse error of the XML, the catalog loader): the service cannot word it in Spanish,
 * and a Spanish answer states the code's Spanish title instead (problem.ts `detailEs`).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import ts from 'typescript';
import { createTestApp, type TestApp } from '../support/app.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SOURCE = path.join(ROOT, 'src');

function sourceFiles(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test(-support)?\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** `file: the detail argument as written`, for the details that are another layer's words. */
const PASSED_THROUGH = new Set([
  // The PAC's, the SAT's or the download service's own answer, as it came: every provider failure
  // becomes a problem in providerProblem (a transient one may be worded by the caller's policy).
  'src/platform/providers/errors.ts: error.detail',
  'src/platform/providers/errors.ts: policy.transientDetail?.(error) ?? error.detail',
  'src/modules/fiscal-profiles/rules.ts: error.message',
  // The XML parser's and the CFDI engine's findings (the engine words some in Spanish itself).
  'src/modules/validations/create-validation.ts: message',
  // Errors of other layers recognised by their catalog code at the edge.
  "src/platform/http/problem.ts: typeof detail === 'string' ? detail : error.message",
  // The operator's catalog import: the loader's reason for refusing a file or a concurrent load.
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the call site's source text, quoted as written
  'src/modules/catalogs/admin-routes.ts: `${read.rejected} Nothing was imported; the catalogs in force stay.`',
  'src/modules/catalogs/admin-routes.ts: error.message',
]);

/** Where an English-only detail is raised: `file:line  the call`. */
function englishOnlyDetails(): string[] {
  const config = ts.readConfigFile(path.join(ROOT, 'tsconfig.json'), (file) => ts.sys.readFile(file));
  const options = ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT).options;
  const program = ts.createProgram(sourceFiles(SOURCE), { ...options, noEmit: true });
  const checker = program.getTypeChecker();
  const found: string[] = [];
  const passedThrough = new Set<string>();
  for (const source of program.getSourceFiles()) {
    if (!source.fileName.startsWith(SOURCE)) continue;
    const visit = (node: ts.Node): void => {
      if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'ApiError') {
        const detail = node.arguments?.[1];
        const file = path.relative(ROOT, source.fileName);
        const key = detail && `${file}: ${detail.getText(source)}`;
        if (key && PASSED_THROUGH.has(key)) passedThrough.add(key);
        else if (detail && isStringLike(checker.getTypeAtLocation(detail))) {
          const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
          found.push(`${file}:${line + 1}  ${node.getText(source).replace(/\s+/g, ' ').slice(0, 110)}`);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  // A site listed as passed through that no longer exists would hide a new one written the same way.
  for (const key of PASSED_THROUGH) if (!passedThrough.has(key)) found.push(`listed in PASSED_THROUGH but not found: ${key}`);
  return found;
}

function isStringLike(type: ts.Type): boolean {
  if (type.isUnion()) return type.types.some(isStringLike);
  return (type.flags & ts.TypeFlags.StringLike) !== 0;
}

test('every ApiError raised under src/ with a detail gives it in English and in Spanish ({ en, es })', () => {
  assert.deepEqual(englishOnlyDetails(), []);
});

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(async () => {
  await t.close();
});

test('a problem raised with { en, es } answers in the language asked for: a wrong API key', async () => {
  const ask = (language: string) =>
    t.request({ method: 'GET', url: '/v1/invoices', headers: { authorization: 'Bearer sk_test_notakey', 'accept-language': language } });
  const es = (await ask('es-MX')).json();
  const en = (await ask('en')).json();
  assert.deepEqual([es.code, es.title, es.detail], ['auth.unauthorized', 'Falta la llave de API o no es válida', 'La llave de API no es válida.']);
  assert.deepEqual([en.code, en.detail], ['auth.unauthorized', 'The API key is not a valid key.']);
});
