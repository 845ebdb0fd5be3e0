// The API as `npm start` runs it (embedded PGlite, or DATABASE_URL), with a bootstrapped key.
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/platform/config.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'invoicing-bench-'));
const config = loadConfig({
  ...process.env,
  APP_ENV: 'development',
  LOG_LEVEL: 'silent',
  DATA_DIR: dataDir,
  PORT: '0',
  RUN_WORKER: 'false',
  RATE_LIMIT_READ_BURST: '100000000',
  RATE_LIMIT_READ_PER_SECOND: '100000000',
});
const app = await buildApp({ config });
await app.server.listen({ port: 0, host: '127.0.0.1' });
const bootstrap = await app.server.inject({ method: 'POST', url: '/v1/organizations', payload: { name: 'Bench' } });
const organization = bootstrap.json();
const address = app.server.server.address();
process.stdout.write(
  `${JSON.stringify({
    port: typeof address === 'object' && address ? address.port : 0,
    key: organization.keys.test.key,
    keyId: organization.keys.test.id,
  })}\n`,
);
const stop = () =>
  app.close().finally(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
