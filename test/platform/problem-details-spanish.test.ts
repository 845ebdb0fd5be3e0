/**
 * Every problem the service raises with a detail of its own gives that detail in Spanish too: each
 * `new ApiError(code, detail)` under src/ passes a `{ en, es }` detail (or none, when the code's
 * title says it all). The source is read with the TypeScript checker, so a detail built in a
 * variable or a helper counts by its type. An English-only detail would reach a Spanish answer
 * as the code's bare title, losing the ids and values the English states.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import ts from 'typescript';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SOURCE = path.join(ROOT, 'src');

function sourceFiles(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test(-support)?\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** Where an English-only detail is raised: `file:line  the call`. */
function englishOnlyDetails(): string[] {
  const config = ts.readConfigFile(path.join(ROOT, 'tsconfig.json'), (file) => ts.sys.readFile(file));
  const options = ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT).options;
  const program = ts.createProgram(sourceFiles(SOURCE), { ...options, noEmit: true });
  const checker = program.getTypeChecker();
  const found: string[] = [];
  for (const source of program.getSourceFiles()) {
    if (!source.fileName.startsWith(SOURCE)) continue;
    const visit = (node: ts.Node): void => {
      if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'ApiError') {
        const detail = node.arguments?.[1];
        if (detail && isStringLike(checker.getTypeAtLocation(detail))) {
          const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
          found.push(`${path.relative(ROOT, source.fileName)}:${line + 1}  ${node.getText(source).replace(/\s+/g, ' ').slice(0, 110)}`);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

function isStringLike(type: ts.Type): boolean {
  if (type.isUnion()) return type.types.some(isStringLike);
  return (type.flags & ts.TypeFlags.StringLike) !== 0;
}

test('every ApiError raised under src/ with a detail gives it in English and in Spanish ({ en, es })', () => {
  assert.deepEqual(englishOnlyDetails(), []);
});
