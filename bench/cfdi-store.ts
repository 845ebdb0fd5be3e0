// The CFDI store's ingest (storeCfdiDocuments): documents per second for batches of 1,000
// synthetic CFDIs on the embedded database, against a parse ceiling measured in the same run;
// and the XML column's type, text against bytea, for the same documents.
// - Documents: one month of the simulator's synthetic CFDIs (sealed and stamped as a PAC would,
//   4–5 KB each), copied under fresh UUIDs for every batch so that each one is 1,000 new rows.
// - Ceiling: readCfdiIndex over the batch on one thread (the parse alone, nothing stored).
// - Store: the app as `invoicing serve` opens it (PGlite under a fresh DATA_DIR, the worker pool
//   at the machine's parallelism); each batch parsed on the pool and written in one statement a part,
//   after an untimed warm-up batch. Also: the same batch again (all duplicates).
// - Metadata: batches of 2,000 new rows, as a metadata download sends them.
// - Column: the batch's documents inserted, 1,000 rows a statement, into a two-column table with
//   the XML as text, then as bytea (the driver sends a bytea as hex text), and read back.
// Usage: npx tsx bench/cfdi-store.ts [--batches 10]
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { readCfdiIndex } from '../src/cfdi/overview.ts';
import { buildApp } from '../src/app.ts';
import { storeCfdiDocuments, storeMetadataRecords, type CfdiSource } from '../src/modules/cfdis/index.ts';
import { ManualClock, systemClock } from '../src/platform/clock.ts';
import { loadConfig } from '../src/platform/config.ts';
import { createDescargaClient, descargaUrls, readCfdiPackage } from '../src/providers/sat/descarga/index.ts';
import { startSimulator } from '../src/simulator/index.ts';
import { numberOption } from './support/bench-kit.ts';

const batches = numberOption('batches', 10);
const BATCH = 1_000;
const format = (value: number, digits = 0) => value.toLocaleString('en-US', { maximumFractionDigits: digits });
const line = (label: string, value: string) => console.log(`${label.padEnd(60)} ${value}`);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

// One month of synthetic history, downloaded from the simulator as the service would.
const clock = new ManualClock('2026-07-15T18:00:00Z');
const simulator = await startSimulator({ clock, settings: { descarga: { issuedPerMonth: BATCH } } });
const fiel = await simulator.ca.issue({ rfc: 'EKU9003173C9', kind: 'fiel', name: 'ESCUELA KEMPER URGATE' });
const client = createDescargaClient({
  urls: descargaUrls(simulator.url),
  clock,
  fiel: { certificate: fiel.cerDer, privateKey: fiel.keyPkcs8EncryptedDer, password: fiel.password },
});
const { requestId } = await client.request({ side: 'issued', type: 'cfdi', from: '2026-06-01T00:00:00', to: '2026-06-30T23:59:59' });
clock.advance(600_000);
const { packageIds } = await client.verify(requestId);
const originals: string[] = [];
for (const id of packageIds) originals.push(...readCfdiPackage(await client.download(id)).values());
await simulator.close();

/** Batch `round`: BATCH documents under fresh UUIDs (the TFD's and the entry name). */
function batchOf(round: number): { name: string; xml: Uint8Array }[] {
  return Array.from({ length: BATCH }, (_, index) => {
    const uuid = `B${round.toString(16).padStart(7, '0')}-0000-4000-8000-${index.toString(16).padStart(12, '0').toUpperCase()}`;
    const xml = originals[index % originals.length]!.replace(/(TimbreFiscalDigital[^>]*?UUID=")[^"]+"/, `$1${uuid}"`);
    return { name: `${uuid}.xml`, xml: Buffer.from(xml) };
  });
}
const sample = batchOf(0);
const averageBytes = sample.reduce((sum, document) => sum + document.xml.length, 0) / sample.length;
line('documents per batch (distinct synthetic CFDIs), average size', `${format(BATCH)} (${originals.length}), ${format(averageBytes)} bytes`);

// Ceiling: the parse alone, one thread, best of three.
function parsePass(): number {
  const started = performance.now();
  for (const document of sample) readCfdiIndex(document.xml);
  return performance.now() - started;
}
parsePass();
const ceilingRate = BATCH / (Math.min(parsePass(), parsePass(), parsePass()) / 1000);
line('ceiling: readCfdiIndex, 1 thread', `${format(ceilingRate)} CFDIs/s`);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-cfdi-store-'));
const config = loadConfig({
  APP_ENV: 'development',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  MASTER_KEY: randomBytes(32).toString('base64'),
  LOAD_SHED_QUEUE_MS: '0',
  RUN_WORKER: 'false',
});
const app = await buildApp({ config, clock: systemClock, embedSimulator: false });
const created = await app.server.inject({ method: 'POST', url: '/v1/organizations', payload: { name: 'Bench CFDI store' } });
const source: CfdiSource = {
  organizationId: created.json().id as string,
  mode: 'test',
  fiscalProfileId: 'fp_01k0000000000000000000000a',
  side: 'issued',
  downloadId: 'dl_01k0000000000000000000000a',
  sourceRequest: null,
};

async function timedStore(documents: { name: string; xml: Uint8Array }[], expectInserted: number): Promise<number> {
  const started = performance.now();
  const stored = await storeCfdiDocuments(app.services, source, documents);
  const elapsed = performance.now() - started;
  if (stored.inserted !== expectInserted || stored.unreadable.length > 0)
    throw new Error(`stored ${JSON.stringify({ ...stored, unreadable: stored.unreadable.length })}`);
  return BATCH / (elapsed / 1000);
}

await timedStore(batchOf(1_000), BATCH);
const fresh: number[] = [];
const repeated: number[] = [];
for (let round = 1; round <= batches; round += 1) {
  const documents = batchOf(round);
  fresh.push(await timedStore(documents, BATCH));
  repeated.push(await timedStore(documents, 0));
}
const storeRate = median(fresh);
line(
  `store: parse (${config.workerThreads} workers) + one INSERT a part, new UUIDs (median of ${batches})`,
  `${format(storeRate)} CFDIs/s (min ${format(Math.min(...fresh))}, max ${format(Math.max(...fresh))})`,
);
line('store / ceiling', `${format((storeRate / ceilingRate) * 100, 1)}%`);
line('store: the same batch again (all duplicates)', `${format(median(repeated))} CFDIs/s`);

// Metadata rows, 2,000 a statement as a metadata download sends them.
const METADATA_BATCH = 2_000;
const metadataRates: number[] = [];
for (let round = 0; round <= batches; round += 1) {
  const records = Array.from({ length: METADATA_BATCH }, (_, index) => ({
    uuid: `C${round.toString(16).padStart(7, '0')}-0000-4000-8000-${index.toString(16).padStart(12, '0')}`,
    rfcEmisor: 'EKU9003173C9',
    nombreEmisor: 'ESCUELA KEMPER URGATE',
    rfcReceptor: 'URE180429TM6',
    nombreReceptor: 'UNIVERSIDAD ROBOTICA ESPAÑOLA',
    rfcPac: 'SPR190613I52',
    fechaEmision: '2026-06-14 11:02:45',
    fechaCertificacionSat: '2026-06-14 11:03:31',
    monto: '14500.00',
    efectoComprobante: 'I',
    estatus: index % 10 === 0 ? '0' : '1',
    fechaCancelacion: index % 10 === 0 ? '2026-06-20 09:00:00' : '',
    rfcACuentaTerceros: '',
    nombreACuentaTerceros: '',
  }));
  const started = performance.now();
  const stored = await storeMetadataRecords(app.services, source, records);
  if (stored.inserted !== METADATA_BATCH) throw new Error(`stored ${stored.inserted} metadata rows`);
  if (round > 0) metadataRates.push(METADATA_BATCH / ((performance.now() - started) / 1000));
}
line(`store: metadata, ${format(METADATA_BATCH)} new rows a statement (median of ${batches})`, `${format(median(metadataRates))} rows/s`);

// The XML column: text against bytea, same documents, same statement shape.
const db = app.services.db;
await sql`CREATE TABLE bench_xml_text (id text PRIMARY KEY, xml text NOT NULL)`.execute(db);
await sql`CREATE TABLE bench_xml_bytea (id text PRIMARY KEY, xml bytea NOT NULL)`.execute(db);
const text = new TextDecoder('utf-8', { ignoreBOM: true });
async function columnRate(table: 'bench_xml_text' | 'bench_xml_bytea'): Promise<number> {
  const rates: number[] = [];
  for (let round = 0; round <= batches; round += 1) {
    const rows = batchOf(round).map(
      (document) => sql`(${`${table}-${round}-${document.name}`}, ${table === 'bench_xml_text' ? text.decode(document.xml) : Buffer.from(document.xml)})`,
    );
    const started = performance.now();
    await sql`INSERT INTO ${sql.table(table)} (id, xml) VALUES ${sql.join(rows)}`.execute(db);
    if (round > 0) rates.push(BATCH / ((performance.now() - started) / 1000));
  }
  return median(rates);
}
async function readRate(table: 'bench_xml_text' | 'bench_xml_bytea'): Promise<number> {
  const rates: number[] = [];
  for (let round = 0; round <= batches; round += 1) {
    const started = performance.now();
    const read = await sql`SELECT xml FROM ${sql.table(table)} WHERE id LIKE ${`${table}-${round}-%`}`.execute(db);
    if (read.rows.length !== BATCH) throw new Error(`read ${read.rows.length} rows of ${table}`);
    rates.push(BATCH / ((performance.now() - started) / 1000));
  }
  return median(rates);
}
const textRate = await columnRate('bench_xml_text');
const byteaRate = await columnRate('bench_xml_bytea');
line(`column: ${format(averageBytes)}-byte documents as text, insert / read`, `${format(textRate)} / ${format(await readRate('bench_xml_text'))} rows/s`);
line(
  'column: the same as bytea, insert / read',
  `${format(byteaRate)} / ${format(await readRate('bench_xml_bytea'))} rows/s (text inserts ${format(textRate / byteaRate, 1)}×)`,
);

await app.close();
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
