import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { packagePath } from '../../src/platform/runtime/layout.ts';

/**
 * Modules act on what a database can do (`database.capabilities`, platform helpers such as
 * `noteBulkWrite`, `services.blobs`), never on which engine it is: a cost difference between the
 * embedded database and a PostgreSQL server is decided once, in src/platform/ and src/app.ts.
 * `.dependency-cruiser.cjs` (modules-do-not-import-the-engine) keeps the engine's imports out; this
 * keeps its name out of the text.
 */

const ENGINE_MENTIONS = [/database\.kind\b/, /['"`]pglite['"`]/i, /from\s+['"][^'"]*(pglite)[^'"]*['"]/i, /import\(\s*['"][^'"]*pglite[^'"]*['"]\s*\)/i];

/** The files that may still name the engine, each with its reason. */
const EXCEPTIONS: Record<string, string> = {
  'src/modules/health/readiness.ts': 'GET /readyz reports which engine serves (the `database` field of the contract)',
  'src/modules/health/routes.ts': 'the readiness answer names the engine in its schema and body',
  'src/modules/health/health.test.ts': 'checks that readiness reports the engine the app runs on',
};

function mentions(text: string): string[] {
  return ENGINE_MENTIONS.filter((pattern) => pattern.test(text)).map(String);
}

function filesUnder(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

test('the rule sees each way a module could name the engine', () => {
  assert.equal(mentions("if (ctx.services.database.kind === 'postgres') return;").length, 1);
  assert.equal(mentions("if (kind !== 'pglite') return;").length, 1);
  assert.equal(mentions("import { PGlite } from '@electric-sql/pglite';").length, 1);
  assert.equal(mentions("import { PgliteHost } from '../../platform/db/pglite-driver.ts';").length, 1);
  assert.equal(mentions("const { PGlite } = await import('@electric-sql/pglite');").length, 1);
  assert.deepEqual(mentions('if (ctx.services.database.capabilities.waitsForLocks) await limitLockWait(trx);'), []);
});

test('no file under src/modules/ names the storage engine, except the listed ones', () => {
  const root = packagePath('src/modules');
  const offenders = filesUnder(root)
    .map((file) => path.relative(packagePath('.'), file).split(path.sep).join('/'))
    .filter((file) => !(file in EXCEPTIONS))
    .flatMap((file) => {
      const found = mentions(fs.readFileSync(packagePath(file), 'utf8'));
      return found.length > 0 ? [`${file}: ${found.join(', ')}`] : [];
    });
  assert.deepEqual(offenders, []);
  for (const file of Object.keys(EXCEPTIONS)) assert.ok(fs.existsSync(packagePath(file)), `${file} is listed as an exception but is gone`);
});
