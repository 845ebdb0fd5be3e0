// The service side of bench/sync.ts: the app as `invoicing serve` opens it (embedded database
// under DATA_DIR, worker pool at the machine's parallelism), with the SAT (the simulator) in the
// parent process, so that this process's RSS is the service's alone.
// - `prepare`: creates the database and runs the migrations, then exits. PGlite's initdb leaves
//   several hundred MB in the process that ran it; a service runs on a database it reopens.
// - `run`: an organization, a profile with the credentials the parent's simulator issued,
//   POST /v1/fiscal_profiles/{id}/sync without sync_from (the whole history), then the scheduler's
//   tick and the due jobs until the sync is healthy at the publication horizon. The clock is a
//   ManualClock that moves only when nothing is due; every move is made in the parent's clock too
//   (the simulator's) before going on. RSS is sampled every 20 ms from before the enable.
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../../src/app.ts';
import { syncTick } from '../../src/modules/sync/index.ts';
import { ManualClock } from '../../src/platform/clock.ts';
import { loadConfig } from '../../src/platform/config.ts';

interface Credential {
  cer_base64: string;
  key_base64: string;
  password: string;
}
const [phase, dataDir, simulatorUrl, startAt, credentialsFile, masterKey] = process.argv.slice(2) as [string, string, string, string, string, string];
const clock = new ManualClock(startAt);
const config = loadConfig({
  APP_ENV: 'development',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  MASTER_KEY: masterKey,
  LOAD_SHED_QUEUE_MS: '0',
  RUN_WORKER: 'false',
  SIMULATOR_URL: simulatorUrl,
});
const app = await buildApp({ config, clock, embedSimulator: false });
if (phase === 'prepare') {
  await app.close();
  process.exit(0);
}
/** Moves this clock and the simulator's (in the parent) by the same amount. */
async function advance(ms: number): Promise<void> {
  clock.advance(ms);
  await new Promise<void>((resolve) => {
    const listener = (message: { type: string }) => {
      if (message.type !== 'advanced') return;
      process.off('message', listener);
      resolve();
    };
    process.on('message', listener);
    process.send?.({ type: 'advance', ms });
  });
}
const request = async (method: 'GET' | 'POST', url: string, key?: string, payload?: unknown) => {
  const response = await app.server.inject({
    method,
    url,
    payload: payload as Record<string, unknown>,
    headers: key ? { authorization: `Bearer ${key}` } : {},
  });
  if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return response.json();
};
const { csd, fiel, through, maxMonthly } = JSON.parse(fs.readFileSync(credentialsFile, 'utf8')) as {
  csd: Credential;
  fiel: Credential;
  through: string;
  maxMonthly: number;
};
const organization = await request('POST', '/v1/organizations', undefined, { name: 'Bench sync' });
const key = organization.keys.test.key as string;
const profile = await request('POST', '/v1/fiscal_profiles', key, { csd, fiel, manifest_email: 'bench@example.com', tax_regime: '601', zip: '42501' });
global.gc?.();
const rssBefore = process.memoryUsage().rss;
let peakRss = rssBefore;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 20);
const started = performance.now();
await request('POST', `/v1/fiscal_profiles/${profile.id}/sync`, key, { max_monthly_documents: maxMonthly });
let sync: { status: string; synced_through: string | null; documents: number };
let requests = 0;
for (;;) {
  const tick = await syncTick(app.services);
  const ran = await app.services.jobs.runDue();
  requests += tick.started;
  sync = await request('GET', `/v1/fiscal_profiles/${profile.id}/sync`, key);
  if (sync.status === 'healthy' && sync.synced_through === through) break;
  if (tick.started + tick.finished + ran === 0) await advance(2_000);
}
const elapsedMs = performance.now() - started;
clearInterval(sampler);
peakRss = Math.max(peakRss, process.memoryUsage().rss);
process.send?.({ type: 'result', elapsedMs, documents: sync.documents, requests, rssBefore, peakRss });
await app.close();
process.exit(0);
