/**
 * Builds the app on an in-memory database, writes its OpenAPI document to a temporary file and
 * lints it with Redocly's recommended ruleset (plus redocly.yaml). Exits non-zero on any error.
 * Usage: npm run lint:openapi
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readOpenApiDocument } from './openapi-document.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'invoicing-openapi-'));
const file = path.join(directory, 'openapi.json');
try {
  fs.writeFileSync(file, JSON.stringify(await readOpenApiDocument(), null, 2));
  const result = spawnSync('npx', ['--no-install', 'redocly', 'lint', file, '--config', path.join(root, 'redocly.yaml')], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  });
  if (result.error) throw result.error;
  process.exitCode = result.status ?? 1;
} catch (error) {
  console.error(`lint:openapi: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  fs.rmSync(directory, { recursive: true, force: true });
}
