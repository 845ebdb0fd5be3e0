import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import ts from 'typescript';
import { REPO_ROOT } from '../../../test/support/shared.ts';
import { REMEDIATIONS } from '../../cfdi/rules/codes.ts';
import { EVENT_TYPES } from '../../modules/events/types.ts';
import { ERROR_CATALOG } from './catalog.ts';

/**
 * The catalog a user can look a code up in (/docs/errors): the problems' codes and the CFDI
 * checks' codes (a validation's issues, an invoice's field errors, the CLI's reasons).
 */
const CATALOG = new Set([...Object.keys(ERROR_CATALOG), ...Object.keys(REMEDIATIONS)]);
const NAMESPACES = new Set([...CATALOG].map((code) => code.slice(0, code.indexOf('.'))));
const CODE_SHAPE = /^([a-z_]+)\.[a-z0-9_]+$/;

/** Event types share the codes' shape (`invoice.stamped`): they are not codes. */
const EVENTS: ReadonlySet<string> = new Set(EVENT_TYPES);
/**
 * Codes that never leave the process: the renderer's reasons to leave the branding out, which
 * render-task.ts answers with the unbranded PDF instead.
 */
const INTERNAL: ReadonlySet<string> = new Set(['cfdi.pdf_invalid_logo', 'cfdi.pdf_invalid_brand_color']);

interface Literal {
  value: string;
  where: string;
}

/** Every string literal of a TypeScript source shaped like a code of a catalog namespace. */
function codeLiterals(file: string, text: string): Literal[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const found: Literal[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      const namespace = CODE_SHAPE.exec(node.text)?.[1];
      if (namespace !== undefined && NAMESPACES.has(namespace)) {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
        found.push({ value: node.text, where: `${file}:${line + 1}` });
      }
    }
    node.forEachChild(visit);
  };
  visit(source);
  return found;
}

function sourceFiles(): string[] {
  const root = path.join(REPO_ROOT, 'src');
  return fs
    .readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !/\.(test|test-support)\.ts$/.test(file))
    .map((file) => path.join('src', file));
}

test('the scan finds a code wherever it is written: a reason, an issue, an ApiError, a field error', () => {
  const snippet = `
    const timbre = { status: 'unverified', reason: 'cfdi.tfd_certificado_unavailable' };
    issues.error("cfdi.total_mismatch", path, message);
    throw new ApiError(\`invoice.not_stamped\`, detail);
    errors.push({ path: 'items', code: 'cfdi.no_conceptos', message });
    // 'cfdi.in_a_comment' is no literal, and 'https://example.com' or 'invoice.pdf' are no codes of it
    const file = 'invoice.pdf';`;
  assert.deepEqual(
    codeLiterals('snippet.ts', snippet).map((literal) => literal.value),
    ['cfdi.tfd_certificado_unavailable', 'cfdi.total_mismatch', 'invoice.not_stamped', 'cfdi.no_conceptos', 'invoice.pdf'],
  );
});

test('every code written in src/ is in the error catalog or the CFDI checks catalog', () => {
  const literals = sourceFiles().flatMap((file) => codeLiterals(file, fs.readFileSync(path.join(REPO_ROOT, file), 'utf8')));
  // The scan reads the whole service: hundreds of codes, not an empty list that passes by accident.
  assert.ok(literals.length > 400, `only ${literals.length} code literals found`);
  const unknown = literals.filter((literal) => !CATALOG.has(literal.value) && !EVENTS.has(literal.value) && !INTERNAL.has(literal.value));
  assert.deepEqual(
    unknown.map((literal) => `${literal.value} (${literal.where})`),
    [],
  );
  // Each internal code is still written somewhere (a stale exception could hide a new code).
  const written = new Set(literals.map((literal) => literal.value));
  for (const value of INTERNAL) assert.ok(written.has(value), `${value} is listed as internal but no longer written`);
});
