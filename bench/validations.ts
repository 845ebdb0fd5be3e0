// POST /v1/validations throughput and latency against the ceiling of the work, measured in the
// same run: parsing the CFDI, building its two cadenas and verifying its two RSA signatures with
// keys already parsed, in one thread. The documents are 4–30 KB CFDIs the service stamped itself
// (Sello and timbre); the SAT status call is answered in memory, so no network is timed. The
// service runs in a process of its own (bench/servers/validations-server.ts) as `invoicing serve`
// does, with one worker thread; its CPU per validation is set beside the ceiling's. Target: per
// core, at least 25% of the ceiling; p99 reported. Then the hostile corpus of the tests, each case
// timed (every one should end within 250 ms) with the server's peak RSS.
// Usage: npx tsx bench/validations.ts [--seconds 8] [--clients 4]
import { fork, type ChildProcess } from 'node:child_process';
import { verify } from 'node:crypto';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { cadenaOriginalFromElement } from '../src/cfdi/cadena.ts';
import { readCertificate } from '../src/cfdi/credentials.ts';
import { findTimbre } from '../src/cfdi/model.ts';
import { parseCfdi } from '../src/cfdi/parse.ts';
import { tfdCadenaOriginal } from '../src/cfdi/tfd.ts';
import { askServer, numberOption, percentile } from './support/bench-kit.ts';
import { HOSTILE_XML } from '../test/support/hostile-xml.ts';

const seconds = numberOption('seconds', 8);
const clients = numberOption('clients', 4);
const TARGET_PERCENT = 25;
const HOSTILE_BUDGET_MS = 250;

const format = (value: number, digits = 1) => value.toLocaleString('en-US', { maximumFractionDigits: digits });
const line = (label: string, value: string) => console.log(`${label.padEnd(60)} ${value}`);

interface Ready {
  baseUrl: string;
  key: string;
  documents: string[];
  issuerCer: string;
  satCer: string;
}
interface Usage {
  cpuMs: number;
  loopActiveMs: number;
  peakRss: number;
  rss: number;
}

const server: ChildProcess = fork(fileURLToPath(new URL('./servers/validations-server.ts', import.meta.url)), [], {
  execArgv: ['--import', 'tsx', ...(process.env.BENCH_SERVER_ARGS ?? '').split(' ').filter(Boolean)],
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
const ask = <T>(type: string) => askServer<T>(server, type);
const ready = await ask<Ready>('ready');
const { baseUrl, key } = ready;
const documents = ready.documents.map((document) => Buffer.from(document, 'base64'));
const sizes = documents.map((document) => document.length).sort((a, b) => a - b);

async function validate(document: Buffer): Promise<{ status: number; valid: boolean }> {
  const response = await fetch(`${baseUrl}/v1/validations`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/xml' },
    body: document,
  });
  const json = (await response.json()) as { valid?: boolean };
  return { status: response.status, valid: json.valid === true };
}

// Warm-up (and a check that every document is valid: a bench of failures would measure nothing).
for (const document of documents) {
  const result = await validate(document);
  if (result.status !== 201 || !result.valid) throw new Error(`a stamped document did not validate: ${result.status}`);
}

// The ceiling: parse, both cadenas, both RSA verifications, keys parsed once.
const issuerKey = readCertificate(Buffer.from(ready.issuerCer, 'base64')).publicKey;
const satCertificate = readCertificate(Buffer.from(ready.satCer, 'base64'));
function ceilingOnce(document: Buffer): void {
  const parsed = parseCfdi(document);
  const sello = Buffer.from(parsed.comprobante.Sello!, 'base64');
  if (!verify('sha256', Buffer.from(cadenaOriginalFromElement(parsed.root)), issuerKey, sello)) throw new Error('Sello');
  const timbre = findTimbre(parsed.comprobante)!;
  if (!verify('sha256', Buffer.from(tfdCadenaOriginal(timbre)), satCertificate.publicKey, Buffer.from(timbre.SelloSAT, 'base64'))) throw new Error('SelloSAT');
}
const ceilingCpu = process.cpuUsage();
const ceilingStart = performance.now();
let ceilingCount = 0;
while (performance.now() - ceilingStart < seconds * 1000) ceilingOnce(documents[ceilingCount++ % documents.length]!);
const ceilingElapsed = (performance.now() - ceilingStart) / 1000;
const ceilingUsed = process.cpuUsage(ceilingCpu);
const ceilingRate = ceilingCount / ceilingElapsed;
const ceilingCpuMs = (ceilingUsed.user + ceilingUsed.system) / 1000 / ceilingCount;

// The service, `clients` requests in flight.
const latencies: number[] = [];
const serviceCpu = await ask<Usage>('usage');
const serviceStart = performance.now();
let next = 0;
let failures = 0;
await Promise.all(
  Array.from({ length: clients }, async () => {
    while (performance.now() - serviceStart < seconds * 1000) {
      const document = documents[next++ % documents.length]!;
      const started = performance.now();
      const result = await validate(document);
      latencies.push(performance.now() - started);
      if (result.status !== 201 || !result.valid) failures += 1;
    }
  }),
);
const serviceElapsed = (performance.now() - serviceStart) / 1000;
const serviceUsed = await ask<Usage>('usage');
latencies.sort((a, b) => a - b);
const serviceRate = latencies.length / serviceElapsed;
// The server's own CPU (main thread and worker), in its own process: the client is not counted.
const serviceCpuMs = (serviceUsed.cpuMs - serviceCpu.cpuMs) / latencies.length;

console.log(
  `node ${process.version}, ${os.cpus().length} CPUs, load average ${os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}`,
);
console.log(
  `${documents.length} stamped CFDIs of ${format(sizes[0]! / 1024)}–${format(sizes.at(-1)! / 1024)} KB; ${clients} clients; ${seconds} s per measurement\n`,
);
line('ceiling: parse + 2 cadenas + 2 RSA verifications, 1 thread', `${format(ceilingRate)}/s (${format(ceilingCpuMs, 3)} ms CPU each)`);
line(
  'POST /v1/validations',
  `${format(serviceRate)}/s, p50 ${format(percentile(latencies, 0.5), 2)} ms, p99 ${format(percentile(latencies, 0.99), 2)} ms, ${failures} failures`,
);
line('  server CPU per validation (main thread and worker)', `${format(serviceCpuMs, 3)} ms`);
line('  of which the event loop was busy', `${format((serviceUsed.loopActiveMs - serviceCpu.loopActiveMs) / latencies.length, 3)} ms`);
const perCorePercent = (100 * ceilingCpuMs) / serviceCpuMs;
line('  per core, share of the ceiling (target ≥ 25%)', `${format(perCorePercent)}% ${perCorePercent >= TARGET_PERCENT ? 'PASS' : 'FAIL'}`);
line('  wall-clock rate / ceiling rate', `${format((100 * serviceRate) / ceilingRate)}%`);

// The hostile corpus, one request each, raw XML, three times over: the server's memory must stop
// growing once each case has been seen (WebAssembly and V8 heaps grow but are reused).
console.log(`\nhostile corpus (${HOSTILE_XML.length} cases, 3 passes), each within ${HOSTILE_BUDGET_MS} ms?`);
let slowest = { name: '', ms: 0 };
let over = 0;
const before = await ask<Usage>('usage');
const peaks: number[] = [];
for (let pass = 0; pass < 3; pass += 1) {
  for (const { name, body } of HOSTILE_XML) {
    const bytes = body();
    const started = performance.now();
    const response = await fetch(`${baseUrl}/v1/validations`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/xml' },
      body: bytes,
    });
    await response.arrayBuffer();
    const ms = performance.now() - started;
    if (ms > slowest.ms) slowest = { name, ms };
    if (ms > HOSTILE_BUDGET_MS) {
      over += 1;
      console.log(`  over budget (pass ${pass + 1}): ${name}: ${format(ms)} ms (${format(bytes.length / 1024)} KB)`);
    }
  }
  peaks.push((await ask<Usage>('usage')).peakRss);
}
line('  slowest case', `${slowest.name}: ${format(slowest.ms)} ms`);
line('  cases over budget', `${over} ${over === 0 ? 'PASS' : 'FAIL'}`);
const mb = (bytes: number) => `${format(bytes / 1024 / 1024, 0)} MB`;
line('  server RSS before; peak in passes 1, 2, 3', `${mb(before.rss)}; ${peaks.map(mb).join(', ')}`);

server.send({ type: 'stop' });
await new Promise((resolve) => server.once('exit', resolve));
