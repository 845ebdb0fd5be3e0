// A 71-month synchronization backfill, issued and received, of at least 100,000 CFDIs: wall time,
// CFDIs per second against the parse-only ceiling of the same run, and the service's peak RSS.
// - Volumes: --issued and --received CFDIs a month in the simulator's synthetic history (default
//   600 and 850: about 103,000 over the 71 months from January 2021 to November 2026, the SAT's
//   six calendar years being the binding limit), 5% of them cancelled.
// - The SAT is the simulator, in this process, on a ManualClock; the service runs alone in a
//   process of its own (bench/servers/sync-backfill.ts) on the embedded database, with its worker
//   pool, the clock moved in both processes together only when nothing is due: the SAT's delays
//   cost no wall time.
// - The simulator seals and stamps every synthetic CFDI it serves (two RSA signatures each) on the
//   same two cores: the SAT's work, not the service's. The same requests sent straight to the
//   simulator first (another RFC, same volumes, nothing stored) measure it; the service's rate is
//   its CFDIs over the wall time minus that. Both rates are printed.
// - Ceiling: twelve months of those XML packages streamed through the package reader and every
//   document read for its index fields, one thread, nothing stored.
// Targets: the service's rate ≥ 30% of the ceiling; the service's peak RSS ≤ 512 MB.
// Usage: npx tsx bench/sync.ts [--issued 600] [--received 850]
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { readCfdiIndex } from '../src/cfdi/overview.ts';
import { satFirstDay } from '../src/modules/downloads/index.ts';
import { earliestDay, lastEndedDay } from '../src/modules/sync/plan.ts';
import { ManualClock } from '../src/platform/clock.ts';
import { createDescargaClient, descargaUrls, PackageReader } from '../src/providers/sat/descarga/index.ts';
import { startSimulator } from '../src/simulator/index.ts';
import { numberOption } from './support/bench-kit.ts';

const issued = numberOption('issued', 600);
const received = numberOption('received', 850);
const TARGET_PERCENT = 30;
const RSS_TARGET_MB = 512;
const format = (value: number, digits = 1) => value.toLocaleString('en-US', { maximumFractionDigits: digits });
const line = (label: string, value: string) => console.log(`${label.padEnd(60)} ${value}`);
const mb = (bytes: number) => bytes / 1024 / 1024;

const clock = new ManualClock('2026-11-20T18:00:00Z');
const simulator = await startSimulator({
  clock,
  settings: { descarga: { issuedPerMonth: issued, receivedPerMonth: received, acceptedSeconds: 0, processingSeconds: 1 } },
});

// The months of the backfill: from the first day both the API (71 months) and the SAT (1 January
// five years back) allow, to the last day that has ended (the backfill's end).
const from = [earliestDay(clock.now()), satFirstDay(clock.now())].sort().at(-1)!;
const through = lastEndedDay(clock.now());
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
  clock,
  fiel: { certificate: other.cerDer, privateKey: other.keyPkcs8EncryptedDer, password: other.password },
});
const kept: Uint8Array[] = [];
const satStarted = performance.now();
for (const [index, month] of months.entries()) {
  for (const side of ['issued', 'received'] as const) {
    for (const type of ['cfdi', 'metadata'] as const) {
      const { requestId } = await client.request({ side, type, from: `${month.first}T00:00:00`, to: `${month.last}T23:59:59` });
      clock.advance(5_000);
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

// The service, in its own process, on a database it reopens.
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-sync-'));
const upload = async (kind: 'csd' | 'fiel') => {
  const issuedCredential = await simulator.ca.issue({ rfc: 'EKU9003173C9', kind, name: 'ESCUELA KEMPER URGATE' });
  return {
    cer_base64: issuedCredential.cerDer.toString('base64'),
    key_base64: issuedCredential.keyPkcs8EncryptedDer.toString('base64'),
    password: issuedCredential.password,
  };
};
const credentialsFile = path.join(work, 'credentials.json');
fs.writeFileSync(credentialsFile, JSON.stringify({ csd: await upload('csd'), fiel: await upload('fiel'), through, maxMonthly: Math.max(issued, received) }));
const serverScript = fileURLToPath(new URL('./servers/sync-backfill.ts', import.meta.url));
const masterKey = randomBytes(32).toString('base64');
const start = (phase: string) =>
  fork(serverScript, [phase, path.join(work, 'data'), simulator.url, clock.now().toISOString(), credentialsFile, masterKey], {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
await new Promise((resolve) => start('prepare').on('exit', resolve));
interface Result {
  elapsedMs: number;
  documents: number;
  requests: number;
  rssBefore: number;
  peakRss: number;
}
const server = start('run');
const result = await new Promise<Result>((resolve) => {
  server.on('message', (message: { type: string; ms?: number } & Result) => {
    if (message.type === 'advance') {
      clock.advance(message.ms!);
      server.send({ type: 'advanced' });
    } else if (message.type === 'result') resolve(message);
  });
});
await new Promise((resolve) => server.on('exit', resolve));
await simulator.close();
fs.rmSync(work, { recursive: true, force: true });

const ceilingRate = ceiling.read / (ceiling.ms / 1000);
const wallRate = result.documents / (result.elapsedMs / 1000);
const serviceRate = result.documents / (Math.max(1, result.elapsedMs - satMs) / 1000);
const percent = (serviceRate / ceilingRate) * 100;
line('history', `${months.length} months (${from} to ${through}), ${issued} issued + ${received} received a month`);
line('CFDIs in the store at the end (healthy at the horizon)', `${format(result.documents, 0)} from ${result.requests} SAT requests`);
line('ceiling: stream + parse, 1 thread', `${format(ceilingRate, 0)} CFDIs/s (${format(ceiling.read, 0)} documents)`);
line('backfill wall time (service + simulated SAT)', `${format(result.elapsedMs / 1000)} s, ${format(wallRate, 0)} CFDIs/s`);
line('simulated SAT alone (same requests, another RFC)', `${format(satMs / 1000)} s`);
line('service: CFDIs / (wall − SAT)', `${format(serviceRate, 0)} CFDIs/s`);
line('service / ceiling', `${format(percent)}% (target ≥ ${TARGET_PERCENT}%) ${percent >= TARGET_PERCENT ? 'PASS' : 'FAIL'}`);
line('wall / ceiling (SAT included, for reference)', `${format((wallRate / ceilingRate) * 100)}%`);
line('service RSS before the enable, peak during the backfill', `${format(mb(result.rssBefore))} MB, ${format(mb(result.peakRss))} MB`);
line('service peak RSS', `${format(mb(result.peakRss))} MB (target ≤ ${RSS_TARGET_MB} MB) ${mb(result.peakRss) <= RSS_TARGET_MB ? 'PASS' : 'FAIL'}`);
if (result.documents < 100_000)
  console.log(`note: ${format(result.documents, 0)} CFDIs, fewer than the 100,000 the benchmark is for; raise --issued/--received`);
process.exit(0);
