// The API as operators run it: the production configuration (APP_ENV=production, the embedded
// database or DATABASE_URL), an organization and its test key written straight to the database
// (production turns the API's bootstrap off), and rate limits high enough that the load is never
// refused. bench/platform.ts runs it compiled, as `npm start` runs the service (--tsx: sources).
// BENCH_LOG_LEVEL sets LOG_LEVEL (default silent); its request logs go to stdout after the first line.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/app.ts';
import { createApiKey } from '../../src/modules/api-keys/index.ts';
import { insertOrganization } from '../../src/modules/organizations/index.ts';
import { newId } from '../../src/platform/ids.ts';
import { loadConfig } from '../../src/platform/config.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'invoicing-bench-'));
const config = loadConfig({
  ...process.env,
  APP_ENV: 'production',
  MASTER_KEY: crypto.randomBytes(32).toString('base64'),
  // Production needs a live PAC; nothing here calls it.
  PAC_LIVE_URL: 'http://127.0.0.1:9/pac',
  PAC_USERNAME: 'bench',
  PAC_PASSWORD: 'bench',
  LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent',
  DATA_DIR: dataDir,
  PORT: '0',
  RUN_WORKER: 'false',
  RATE_LIMIT_READ_BURST: '100000000',
  RATE_LIMIT_READ_PER_SECOND: '100000000',
});
const app = await buildApp({ config });
await app.server.listen({ port: 0, host: '127.0.0.1' });
const at = new Date();
const organization = await insertOrganization(app.services.db, {
  id: newId('org', at.getTime()),
  name: 'Bench',
  email: null,
  parent_id: null,
  created_at: at,
  updated_at: at,
});
const key = await createApiKey(app.services.db, organization.id, { name: 'Bench key', mode: 'test', at });
const address = app.server.server.address();
process.stdout.write(
  `${JSON.stringify({
    port: typeof address === 'object' && address ? address.port : 0,
    key: key.secret,
    keyId: key.row.id,
  })}\n`,
);
const stop = () =>
  app.close().finally(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
