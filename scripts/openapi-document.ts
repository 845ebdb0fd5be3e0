/**
 * The service's OpenAPI document as GET /openapi.json answers it: the app built on an in-memory
 * database with its test settings, asked once and closed. Read by `npm run api-types` and
 * `npm run lint:openapi`.
 */
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/platform/config.ts';
import { openDatabase } from '../src/platform/db/database.ts';

export async function readOpenApiDocument(): Promise<unknown> {
  const config = loadConfig({ APP_ENV: 'test', BASE_URL: 'http://127.0.0.1:3000', RUN_WORKER: 'false', LOG_LEVEL: 'silent' });
  const database = await openDatabase({});
  const app = await buildApp({ config, database });
  try {
    const response = await app.server.inject({ method: 'GET', url: '/openapi.json' });
    if (response.statusCode !== 200) throw new Error(`GET /openapi.json answered ${response.statusCode}: ${response.body}`);
    return response.json();
  } finally {
    await app.close();
    await database.close();
  }
}
