// A 71-month synchronization backfill, issued and received, of at least 100,000 CFDIs: wall time,
// CFDIs per second against the parse-only ceiling of the same run, and the service's resident
// memory over time and at its peak.
// - Volumes: --issued and --received CFDIs a month in the simulator's synthetic history (default
//   600 and 850: about 103,000 over the 71 months from January 2021 to November 2026, the SAT's
//   six calendar years being the binding limit), 5% of them cancelled.
// - The SAT is the simulator, in this process, answering at once (no acceptance or processing
//   delay); the service is the compiled build as an operator runs it (`bin/invoicing.js serve`,
//   started as bench/runtime.ts starts it, on a DATA_DIR it reopens: the second start), on the
//   embedded database with its worker pool, the sync's tick and the download polls shortened so
//   that waiting costs little wall time. Everything goes through its HTTP API.
// - The simulator seals and stamps every synthetic CFDI it serves (two RSA signatures each) on the
//   same two cores: the SAT's work, not the service's. The same requests sent straight to the
//   simulator first (another RFC, same volumes, nothing stored) measure it; the service's rate is
//   its CFDIs over the wall time minus that. Both rates are printed.
// - Memory: the serving process's RSS sampled every 100 ms (its peak), and every two seconds a
//   row of the timeline with the main thread's V8 heap and external memory (its /metrics), the
//   process's anonymous and file-backed pages and its threads.
// - Ceiling: twelve months of those XML packages streamed through the package reader and every
//   document read for its index fields, one thread, nothing stored.
// Targets: the service's rate ≥ 30% of the ceiling; the service's peak RSS ≤ 512 MB.
// Usage: [BENCH_SERVICE_NODE_OPTIONS=…] npx tsx bench/sync.ts [--issued 600] [--received 850]
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { readCfdiIndex } from '../src/cfdi/overview.ts';
import { satFirstDay } from '../src/modules/downloads/index.ts';
import { earliestDay, lastEndedDay } from '../src/modules/sync/plan.ts';
import { createDescargaClient, descargaUrls, PackageReader } from '../src/providers/sat/descarga/index.ts';
import { startSimulator } from '../src/simulator/index.ts';
import { benchStorage, createBenchIssuer, numberOption, patientFetch } from './support/bench-kit.ts';
import { BIN, rssOf, startServe } from './support/serve-process.ts';

const issued = numberOption('issued', 600);
const received = numberOption('received', 850);
const TARGET_PERCENT = 30;
const RSS_TARGET_MB = 512;
/** The backfill is given up after this long. */
const GIVE_UP_MS = 90 * 60_000;
const format = (value: number, digits = 1) => value.toLocaleString('en-US', { maximumFractionDigits: digits });
const line = (label: string, value: string) => console.log(`${label.padEnd(60)} ${value}`);
const mb = (bytes: number) => bytes / 1024 / 1024;

console.log(
  `load average at the start: ${os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(', ')}`,
);
const simulator = await startSimulator({
  settings: { descarga: { issuedPerMonth: issued, receivedPerMonth: received, acceptedSeconds: 0, processingSeconds: 0 } },
});

// The months of the backfill: from the first day both the API (71 months) and the SAT (1 January
// five years back) allow, to the last day that has ended (the backfill's end).
const now = new Date();
const from = [earliestDay(now), satFirstDay(now)].sort().at(-1)!;
const through = lastEndedDay(now);
const months: { first: string; last: string }[] = [];
for (let month = new Date(`${from}T00:00:00Z`); month.toISOString().slice(0, 10) <= through; month.setUTCMonth(month.getUTCMonth() + 1)) {
  const next = new Date(month);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const end = new Date(next.getTime() - 86_400_000).toISOString().slice(0, 10);
  months.push({ first: month.toISOString().slice(0, 10), last: end < through ? end : through });
}

// The SAT alone: the backfill's requests for another RFC, packages downloaded and dropped.
const other = await simulator.ca.issue({ rfc: 'XIA190128J61', kind: 'fiel', name: 'XENON INDUSTRIAL ARTICLES' });
const client = createDescargaClient({
  urls: descargaUrls(simulator.url),
  fiel: { certificate: other.cerDer, privateKey: other.keyPkcs8EncryptedDer, password: other.password },
});
const kept: Uint8Array[] = [];
const satStarted = performance.now();
for (const [index, month] of months.entries()) {
  for (const side of ['issued', 'received'] as const) {
    for (const type of ['cfdi', 'metadata'] as const) {
      const { requestId } = await client.request({ side, type, from: `${month.first}T00:00:00`, to: `${month.last}T23:59:59` });
      for (const id of (await client.verify(requestId)).packageIds) {
        const zip = await client.download(id);
        if (type === 'cfdi' && index < 12) kept.push(zip);
      }
    }
  }
}
const satMs = performance.now() - satStarted;

// The ceiling.
function ceilingPass(): { ms: number; read: number } {
  const started = performance.now();
  let read = 0;
  for (const zip of kept) {
    const reader = new PackageReader({
      cfdi: ({ xml }) => {
        readCfdiIndex(xml);
        read += 1;
      },
    });
    for (let at = 0; at < zip.length; at += 256 * 1024) reader.push(zip.subarray(at, at + 256 * 1024), at + 256 * 1024 >= zip.length);
  }
  return { ms: performance.now() - started, read };
}
ceilingPass();
const ceiling = [ceilingPass(), ceilingPass()].sort((a, b) => a.ms - b.ms)[0]!;
kept.length = 0;

// The service: the compiled build, its database created by a first start, measured from its second.
const storage = await benchStorage('sync', undefined);
const metricsToken = randomBytes(24).toString('hex');
const env = {
  ...storage.env,
  SIMULATOR_URL: simulator.url,
  METRICS_TOKEN: metricsToken,
  SYNC_TICK_MS: '200',
  WORKER_POLL_MS: '100',
  DOWNLOAD_POLL_BASE_MS: '200',
  DOWNLOAD_POLL_MAX_MS: '2000',
  // V8 flags for the service alone (a heap limit to try, say), not for this process.
  ...(process.env.BENCH_SERVICE_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_SERVICE_NODE_OPTIONS } : {}),
};
await (await startServe([process.execPath, BIN, 'serve'], env)).stop();
const service = await startServe([process.execPath, BIN, 'serve'], env);
const { pid } = service;

interface Sample {
  seconds: number;
  rss: number;
  anon: number;
  file: number;
  threads: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
}
/** The process's pages and threads (/proc) and the main thread's V8 figures (/metrics). */
async function sample(seconds: number): Promise<Sample> {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) * 1024;
  const text = await fetch(`${service.baseUrl}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } }).then((response) => response.text());
  const metric = (name: string) => Number(new RegExp(`^${name} (\\S+)`, 'm').exec(text)?.[1] ?? Number.NaN);
  return {
    seconds,
    rss: kb('VmRSS'),
    anon: kb('RssAnon'),
    file: kb('RssFile'),
    threads: Number(/Threads:\s+(\d+)/.exec(status)?.[1] ?? 0),
    heapUsed: metric('nodejs_heap_size_used_bytes'),
    heapTotal: metric('nodejs_heap_size_total_bytes'),
    external: metric('nodejs_external_memory_bytes'),
  };
}

const issuer = await createBenchIssuer(service.baseUrl, simulator, 'Bench sync');
const headers = { authorization: `Bearer ${issuer.key}`, 'content-type': 'application/json' };
const before = await sample(0);
let peakRss = before.rss;
let peakAt = 0;
const started = performance.now();
const sampler = setInterval(() => {
  const rss = rssOf(pid);
  if (rss > peakRss) {
    peakRss = rss;
    peakAt = (performance.now() - started) / 1000;
  }
}, 100);
const timeline: Sample[] = [];
const enabled = await patientFetch(`${service.baseUrl}/v1/fiscal_profiles/${issuer.profileId}/sync`, {
  method: 'POST',
  headers,
  body: JSON.stringify({ max_monthly_documents: Math.max(issued, received) }),
});
if (enabled.status >= 300) throw new Error(`enabling the sync: ${enabled.status} ${await enabled.text()}`);
let sync: { status: string; synced_through: string | null; documents: number };
for (;;) {
  await sleep(2_000);
  const seconds = (performance.now() - started) / 1000;
  timeline.push(await sample(seconds));
  const response = await patientFetch(`${service.baseUrl}/v1/fiscal_profiles/${issuer.profileId}/sync`, { headers: { authorization: headers.authorization } });
  sync = (await response.json()) as typeof sync;
  if (sync.status === 'healthy' && sync.synced_through === through) break;
  if (seconds * 1000 > GIVE_UP_MS) throw new Error(`the sync is not done after ${format(seconds, 0)} s: ${JSON.stringify(sync)}`);
}
const elapsedMs = performance.now() - started;
clearInterval(sampler);
await service.stop();
await simulator.close();
await storage.remove();

const ceilingRate = ceiling.read / (ceiling.ms / 1000);
const wallRate = sync.documents / (elapsedMs / 1000);
// On a loaded machine the SAT alone can take longer than the whole backfill (it ran at another
// moment): then the service's own rate cannot be told apart and is not printed.
const serviceMs = elapsedMs - satMs;
const serviceRate = serviceMs > 0 ? sync.documents / (serviceMs / 1000) : Number.NaN;
const percent = (serviceRate / ceilingRate) * 100;
line('history', `${months.length} months (${from} to ${through}), ${issued} issued + ${received} received a month`);
line('CFDIs in the store at the end (healthy at the horizon)', `${format(sync.documents, 0)}`);
line('ceiling: stream + parse, 1 thread', `${format(ceilingRate, 0)} CFDIs/s (${format(ceiling.read, 0)} documents)`);
line('backfill wall time (service + simulated SAT)', `${format(elapsedMs / 1000)} s, ${format(wallRate, 0)} CFDIs/s`);
line('simulated SAT alone (same requests, another RFC)', `${format(satMs / 1000)} s`);
if (serviceMs > 0) {
  line('service: CFDIs / (wall − SAT)', `${format(serviceRate, 0)} CFDIs/s`);
  line('service / ceiling', `${format(percent)}% (target ≥ ${TARGET_PERCENT}%) ${percent >= TARGET_PERCENT ? 'PASS' : 'FAIL'}`);
} else line('service: CFDIs / (wall − SAT)', 'not measured: the SAT alone took longer than the backfill (a loaded machine)');
line('wall / ceiling (SAT included, for reference)', `${format((wallRate / ceilingRate) * 100)}%`);
const row = (label: string, entry: Sample) =>
  line(
    label,
    `RSS ${format(mb(entry.rss), 0)} MB (anon ${format(mb(entry.anon), 0)}, file ${format(mb(entry.file), 0)}), ${entry.threads} threads, ` +
      `main heap ${format(mb(entry.heapUsed), 0)}/${format(mb(entry.heapTotal), 0)} MB, external ${format(mb(entry.external), 0)} MB`,
  );
row('service before the enable', before);
const step = Math.max(1, Math.ceil(timeline.length / 20));
for (const [index, entry] of timeline.entries()) if (index % step === 0 || index === timeline.length - 1) row(`  at ${format(entry.seconds, 0)} s`, entry);
const nearest = timeline.reduce((best, entry) => (Math.abs(entry.seconds - peakAt) < Math.abs(best.seconds - peakAt) ? entry : best), before);
row(`the row nearest the peak (${format(peakAt, 0)} s)`, nearest);
line('service peak RSS', `${format(mb(peakRss), 0)} MB (target ≤ ${RSS_TARGET_MB} MB) ${mb(peakRss) <= RSS_TARGET_MB ? 'PASS' : 'FAIL'}`);
console.log(
  `load average at the end: ${os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(', ')}`,
);
if (sync.documents < 100_000) console.log(`note: ${format(sync.documents, 0)} CFDIs, fewer than the 100,000 the benchmark is for; raise --issued/--received`);
process.exit(0);
