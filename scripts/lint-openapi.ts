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
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/platform/config.ts';
import { openDatabase } from '../src/platform/db/database.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

async function writeDocument(file: string): Promise<void> {
  const config = loadConfig({ APP_ENV: 'test', BASE_URL: 'http://127.0.0.1:3000', RUN_WORKER: 'false', LOG_LEVEL: 'silent' });
  const database = await openDatabase({});
  const app = await buildApp({ config, database });
  try {
    const response = await app.server.inject({ method: 'GET', url: '/openapi.json' });
    if (response.statusCode !== 200) throw new Error(`GET /openapi.json answered ${response.statusCode}: ${response.body}`);
    fs.writeFileSync(file, JSON.stringify(response.json(), null, 2));
  } finally {
    await app.close();
    await database.close();
  }
}

const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'invoicing-openapi-'));
const file = path.join(directory, 'openapi.json');
try {
  await writeDocument(file);
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
