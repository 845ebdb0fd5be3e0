// The service side of bench/downloads.ts, in a process of its own so that its RSS is the
// service's: the app as `invoicing serve` opens it (embedded database under a fresh DATA_DIR,
// packages as files, the worker pool at the machine's parallelism), an organization, and each
// package kept and ingested as a download's job does it (ingestPackage). Reports over IPC: the
// ingest's wall time, CFDIs stored, RSS before, peak RSS during (sampled every 20 ms).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../../src/app.ts';
import { ingestPackage } from '../../src/modules/downloads/ingest.ts';
import { packageBlobKey } from '../../src/modules/downloads/package-key.ts';
import { systemClock } from '../../src/platform/clock.ts';
import { loadConfig } from '../../src/platform/config.ts';

const [packagesDir] = process.argv.slice(2);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-downloads-'));
const config = loadConfig({
  APP_ENV: 'development',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  MASTER_KEY: randomBytes(32).toString('base64'),
  LOAD_SHED_QUEUE_MS: '0',
  RUN_WORKER: 'false',
});
const app = await buildApp({ config, clock: systemClock, embedSimulator: false });
const created = await app.server.inject({ method: 'POST', url: '/v1/organizations', payload: { name: 'Bench downloads' } });
const organizationId = created.json().id as string;
const store = app.services.blobs;
const files = fs
  .readdirSync(packagesDir!)
  .filter((name) => name.startsWith('package-'))
  .sort();
const source = {
  organizationId,
  mode: 'test' as const,
  fiscalProfileId: 'fp_01k0000000000000000000000a',
  side: 'issued' as const,
  downloadId: 'dl_01k0000000000000000000000a',
  sourceRequest: 'sreq_01k0000000000000000000000a',
};

const warmup = { requestId: 'sreq_warmup', position: 0 };
await store.put(packageBlobKey(warmup), fs.readFileSync(path.join(packagesDir!, 'warmup.zip')));
await ingestPackage(app.services, warmup, source, 'cfdi');
global.gc?.();
const rssBefore = process.memoryUsage().rss;
let peakRss = rssBefore;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 20);
const started = performance.now();
let stored = 0;
for (const [position, name] of files.entries()) {
  const key = { requestId: 'sreq_bench', position };
  await store.put(packageBlobKey(key), fs.readFileSync(path.join(packagesDir!, name)));
  const result = await ingestPackage(app.services, key, source, 'cfdi');
  stored += result.inserted;
}
const elapsedMs = performance.now() - started;
clearInterval(sampler);
peakRss = Math.max(peakRss, process.memoryUsage().rss);
process.send?.({ type: 'result', elapsedMs, stored, rssBefore, peakRss });
await app.close();
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
