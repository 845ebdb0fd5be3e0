// Ingest of a bulk download into the CFDI store: CFDIs per second against a ceiling measured in
// the same run, and the service's memory against the largest package.
// - Packages: one month of the simulator's synthetic CFDIs (sealed and stamped as a PAC would),
//   repeated with fresh UUIDs up to --cfdis documents (default 50,000), zipped --per-package to a
//   package (default 10,000, the simulator's and about the SAT's size).
// - Ceiling: on one thread, each package streamed through the package reader and every document
//   read for its index fields (readCfdiIndex): the parse alone, nothing stored.
// - Service: in a process of its own (bench/servers/downloads-ingest.ts), each package kept as a
//   file and ingested as a download's job does (parse on the worker pool, one statement per 500
//   documents into the embedded database), after an untimed warm-up package. Targets: at least
//   30% of the ceiling's rate; peak RSS growth during the ingest at most 2× the largest package.
//   The process's RSS itself is mostly the embedded database and the worker threads (several
//   hundred MB before any download), and is printed beside it.
// Usage: npx tsx bench/downloads.ts [--cfdis 50000] [--per-package 10000]
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { zipSync } from 'fflate';
import { readCfdiIndex } from '../src/cfdi/overview.ts';
import { ManualClock } from '../src/platform/clock.ts';
import { createDescargaClient, descargaUrls, PackageReader, readCfdiPackage } from '../src/providers/sat/descarga/index.ts';
import { startSimulator } from '../src/simulator/index.ts';
import { askServer, numberOption } from './support/bench-kit.ts';

const total = numberOption('cfdis', 50_000);
const perPackage = numberOption('per-package', 10_000);
const TARGET_PERCENT = 30;
const RSS_TARGET = 2;
const format = (value: number, digits = 1) => value.toLocaleString('en-US', { maximumFractionDigits: digits });
const line = (label: string, value: string) => console.log(`${label.padEnd(58)} ${value}`);
const mb = (bytes: number) => `${format(bytes / 1024 / 1024)} MB`;

// One month of synthetic history, downloaded from the simulator as the service would.
const clock = new ManualClock('2026-07-15T18:00:00Z');
const simulator = await startSimulator({ clock, settings: { descarga: { issuedPerMonth: 1_000 } } });
const fiel = await simulator.ca.issue({ rfc: 'EKU9003173C9', kind: 'fiel', name: 'ESCUELA KEMPER URGATE' });
const client = createDescargaClient({
  urls: descargaUrls(simulator.url),
  clock,
  fiel: { certificate: fiel.cerDer, privateKey: fiel.keyPkcs8EncryptedDer, password: fiel.password },
});
const { requestId } = await client.request({ side: 'issued', type: 'cfdi', from: '2026-06-01T00:00:00', to: '2026-06-30T23:59:59' });
clock.advance(600_000);
const verification = await client.verify(requestId);
const originals: string[] = [];
for (const id of verification.packageIds) originals.push(...readCfdiPackage(await client.download(id)).values());
await simulator.close();

// Fresh UUIDs (the TFD's and the entry name), so every document is a new row in the store.
const packagesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-download-packages-'));
function packageOf(first: number, last: number, prefix: string): Buffer {
  const entries: Record<string, Uint8Array> = {};
  for (let index = first; index < last; index += 1) {
    const uuid = `${prefix}-0000-4000-8000-${index.toString(16).padStart(12, '0').toUpperCase()}`;
    const xml = originals[index % originals.length]!.replace(/(TimbreFiscalDigital[^>]*?UUID=")[^"]+"/, `$1${uuid}"`);
    entries[`${uuid}.xml`] = Buffer.from(xml);
  }
  return Buffer.from(zipSync(entries, { level: 6 }));
}
const packages: Buffer[] = [];
for (let first = 0; first < total; first += perPackage) {
  const zip = packageOf(first, Math.min(total, first + perPackage), 'B0000000');
  fs.writeFileSync(path.join(packagesDir, `package-${String(packages.length).padStart(3, '0')}.zip`), zip);
  packages.push(zip);
}
// The server ingests this one first, untimed: its worker threads, caches and database are warm
// when the measured ingest (and its memory baseline) starts.
fs.writeFileSync(path.join(packagesDir, 'warmup.zip'), packageOf(0, 1_000, 'A0000000'));
const largest = Math.max(...packages.map((zip) => zip.length));
line('documents (from distinct synthetic CFDIs)', `${format(total, 0)} (${originals.length})`);
line('packages, largest', `${packages.length}, ${mb(largest)} zipped`);

// Ceiling: stream and parse for the index fields, one thread, nothing stored.
function ceilingPass(): number {
  const started = performance.now();
  let read = 0;
  for (const zip of packages) {
    const reader = new PackageReader({
      cfdi: ({ xml }) => {
        readCfdiIndex(xml);
        read += 1;
      },
    });
    for (let at = 0; at < zip.length; at += 256 * 1024) reader.push(zip.subarray(at, at + 256 * 1024), at + 256 * 1024 >= zip.length);
  }
  if (read !== total) throw new Error(`the ceiling read ${read} of ${total}`);
  return performance.now() - started;
}
ceilingPass();
const ceilingMs = Math.min(ceilingPass(), ceilingPass());
const ceilingRate = total / (ceilingMs / 1000);
line('ceiling: stream + parse, 1 thread', `${format(ceilingRate, 0)} CFDIs/s`);

const server = fork(fileURLToPath(new URL('./servers/downloads-ingest.ts', import.meta.url)), [packagesDir], {
  execArgv: ['--import', 'tsx', '--expose-gc'],
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
const result = await askServer<{ elapsedMs: number; stored: number; rssBefore: number; peakRss: number }>(server, 'result');
fs.rmSync(packagesDir, { recursive: true, force: true });
if (result.stored !== total) throw new Error(`the service stored ${result.stored} of ${total}`);
const serviceRate = total / (result.elapsedMs / 1000);
const percent = (serviceRate / ceilingRate) * 100;
const growth = result.peakRss - result.rssBefore;
line(`service: keep + parse (${os.availableParallelism()} workers) + store`, `${format(serviceRate, 0)} CFDIs/s, ${format(result.elapsedMs / 1000)} s`);
line('service / ceiling', `${format(percent)}% (target ≥ ${TARGET_PERCENT}%) ${percent >= TARGET_PERCENT ? 'PASS' : 'FAIL'}`);
line('service RSS before, peak during the ingest', `${mb(result.rssBefore)}, ${mb(result.peakRss)}`);
line('RSS growth / largest package', `${format(growth / largest, 2)}× (target ≤ ${RSS_TARGET}×) ${growth / largest <= RSS_TARGET ? 'PASS' : 'FAIL'}`);
