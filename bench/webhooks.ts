// Webhook delivery throughput and outbox lag on the embedded database (PGlite on disk), against a
// loopback receiver in its own process. The ceiling is the raw rate of the same HTTP client
// POSTing signed bodies to the same receiver with no database, measured in the same run.
// Usage: npx tsx bench/webhooks.ts [--backlog 10000] [--rate 1000] [--seconds 10] [--memory]
//   (DATABASE_URL for PostgreSQL; --flush, --claim-interval, --linger override the dispatcher's tuning)
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../src/app.ts';
import { systemClock } from '../src/platform/clock.ts';
import { loadConfig } from '../src/platform/config.ts';
import { openDatabase } from '../src/platform/db/database.ts';
import { createJobQueue } from '../src/platform/jobs/queue.ts';
import { emitEvents, type LooseEventInput } from '../test/support/events.ts';
import { registerWebhookJobs, registerWebhookRoutes } from '../src/modules/webhooks/index.ts';
import { createSender } from '../src/modules/webhooks/sender.ts';
import { signedHeaders } from '../src/modules/webhooks/signing.ts';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? Number(args[index + 1]) : fallback;
};
const backlog = option('backlog', 10_000);
const rate = option('rate', 1000);
const seconds = option('seconds', 10);
const inMemory = args.includes('--memory');
const TARGET_PER_SECOND = 1000;

// The receiver: counts requests and, per event, the lag from the event's created_at to arrival.
const RECEIVER = `
const http = require('node:http');
let count = 0; let lags = [];
const server = http.createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    count += 1;
    const body = Buffer.concat(chunks).toString();
    if (request.headers['x-raw'] === undefined) lags.push(Date.now() - Date.parse(JSON.parse(body).created_at));
    response.writeHead(200); response.end();
  });
});
server.keepAliveTimeout = 60000;
server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
process.on('message', (message) => {
  if (message === 'reset') { count = 0; lags = []; process.send({ reset: true }); }
  if (message === 'stats') process.send({ count, lags });
});`;

function startReceiver(): Promise<{ child: ChildProcess; port: number }> {
  const file = path.join(os.tmpdir(), `webhook-receiver-${process.pid}.cjs`);
  fs.writeFileSync(file, RECEIVER);
  const child = fork(file, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  child.once('exit', () => fs.rmSync(file, { force: true }));
  return new Promise((resolve) => child.once('message', (message: { port: number }) => resolve({ child, port: message.port })));
}

function ask<T>(child: ChildProcess, message: string): Promise<T> {
  return new Promise((resolve) => {
    child.once('message', (answer) => resolve(answer as T));
    child.send(message);
  });
}

async function waitForCount(child: ChildProcess, target: number, timeoutMs: number): Promise<number> {
  const started = performance.now();
  for (;;) {
    const { count } = await ask<{ count: number }>(child, 'stats');
    if (count >= target) return performance.now() - started;
    if (performance.now() - started > timeoutMs) throw new Error(`only ${count} of ${target} deliveries after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? 0;
}

// Ceiling: the dispatcher's own HTTP client and concurrency, signing each body, no database.
async function rawCeiling(port: number, total: number, concurrency: number): Promise<number> {
  const sender = createSender({ maxSocketsPerHost: concurrency });
  const url = new URL(`http://127.0.0.1:${port}/raw`);
  const body = JSON.stringify({ object: 'event', id: 'evt_raw', created_at: new Date().toISOString(), data: { object: { object: 'cfdi' } } });
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next += 1;
        const headers = {
          'content-type': 'application/json',
          'x-raw': '1',
          ...signedHeaders(['whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'], 'evt_raw', new Date(), body),
        };
        const result = await sender.send({ url, target: { address: '127.0.0.1', family: 4 }, headers, body, timeoutMs: 15_000, maxResponseBytes: 65_536 });
        if (!result.ok || result.status !== 200) throw new Error(`raw POST failed: ${JSON.stringify(result)}`);
      }
    }),
  );
  sender.close();
  return (total / (performance.now() - started)) * 1000;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'invoicing-webhooks-bench-'));
const databaseUrl = process.env.DATABASE_URL;
const database = await openDatabase(databaseUrl ? { url: databaseUrl } : { dataDir: inMemory ? undefined : path.join(dataDir, 'pglite') });
const config = loadConfig({ APP_ENV: 'development', LOG_LEVEL: 'silent', DATA_DIR: dataDir, RUN_WORKER: 'false' });
const app = await buildApp({ config, database });
if (!app.server.hasRoute({ method: 'POST', url: '/v1/webhook_endpoints' })) registerWebhookRoutes(app.server, app.services);
// A queue of its own runs the delivery jobs, whether or not src/app.ts registers them.
const jobs = createJobQueue({ db: database.db, clock: systemClock, pollMs: 50 });
const tuning = {
  ...(args.includes('--flush') ? { flushIntervalMs: option('flush', 10) } : {}),
  ...(args.includes('--claim-interval') ? { claimIntervalMs: option('claim-interval', 20) } : {}),
  ...(args.includes('--linger') ? { lingerMs: option('linger', 250) } : {}),
};
const worker = registerWebhookJobs({ ...app.services, jobs }, { tuning });

const receiver = await startReceiver();
const organization = (await app.server.inject({ method: 'POST', url: '/v1/organizations', payload: { name: 'Bench' } })).json();
const created = await app.server.inject({
  method: 'POST',
  url: '/v1/webhook_endpoints',
  headers: { authorization: `Bearer ${organization.keys.test.key}` },
  payload: { url: `http://127.0.0.1:${receiver.port}/webhooks` },
});
if (created.statusCode !== 201) throw new Error(created.body);

const input = (index: number): LooseEventInput => ({
  organizationId: organization.id,
  mode: 'test',
  type: 'cfdi.received',
  object: { object: 'cfdi', uuid: `6128396f-c09b-4ec6-8699-${String(index).padStart(12, '0')}`, total: '1160.00', issuer_rfc: 'EKU9003173C9' },
});
const emitBatch = (from: number, size: number) =>
  database.db.transaction().execute((trx) =>
    emitEvents(
      trx,
      Array.from({ length: size }, (_, offset) => input(from + offset)),
      app.services,
    ),
  );

const ceiling = await rawCeiling(receiver.port, 5000, 32);
await ask(receiver.child, 'reset');

// 1. Backlog: events (and their deliveries) written with the worker stopped, then delivered.
for (let index = 0; index < backlog; index += 100) await emitBatch(index, Math.min(100, backlog - index));
jobs.start();
const drainMs = await waitForCount(receiver.child, backlog, 120_000);
const drainRate = (backlog / drainMs) * 1000;
await ask(receiver.child, 'reset');

// 2. Sustained: a producer committing `rate` events per second in 20 ms ticks while the worker delivers.
const tickMs = 20;
const perTick = Math.max(1, Math.round((rate * tickMs) / 1000));
const produceStarted = performance.now();
let produced = 0;
for (let tick = 0; performance.now() - produceStarted < seconds * 1000; tick++) {
  await emitBatch(backlog + produced, perTick);
  produced += perTick;
  const wait = produceStarted + (tick + 1) * tickMs - performance.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}
const producedRate = (produced / (performance.now() - produceStarted)) * 1000;
const settleMs = await waitForCount(receiver.child, produced, 120_000);
const sustained = await ask<{ count: number; lags: number[] }>(receiver.child, 'stats');
const deliveredRate = (produced / (performance.now() - produceStarted)) * 1000;

await jobs.stop();
worker.close();
receiver.child.kill();
await app.close();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });

const where = databaseUrl ? 'PostgreSQL' : inMemory ? 'embedded PGlite in memory' : 'embedded PGlite on disk';
console.log(`webhooks bench (${where}, ${os.cpus().length} CPUs, load ${os.loadavg()[0]!.toFixed(1)})`);
console.log(`ceiling: raw signed POSTs, same client, no database   ${ceiling.toFixed(0).padStart(6)} /s`);
console.log(
  `backlog of ${backlog} events delivered (worker started after)  ${drainRate.toFixed(0).padStart(6)} /s  = ${((drainRate / ceiling) * 100).toFixed(1)}% of the ceiling`,
);
console.log(
  `sustained: produced ${producedRate.toFixed(0)} events/s for ${seconds} s, all ${sustained.count} delivered ${(settleMs / 1000).toFixed(2)} s after the last commit (${deliveredRate.toFixed(0)}/s overall)`,
);
console.log(
  `outbox lag (event created → received): p50 ${percentile(sustained.lags, 0.5)} ms  p99 ${percentile(sustained.lags, 0.99)} ms  max ${Math.max(...sustained.lags)} ms`,
);
console.log(`target ≥ ${TARGET_PER_SECOND} deliveries/s: ${drainRate >= TARGET_PER_SECOND ? 'met' : 'NOT met'}`);
