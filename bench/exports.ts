// Exports of the CFDI store: 100,000 CFDIs (by default) exported as CSV and as a ZIP of XML by the
// export job, with the process's peak RSS above its idle RSS against the 256 MB target.
// - Store: the app as `invoicing serve` opens it (PGlite under a fresh DATA_DIR, export files under
//   it; with DATABASE_URL, a fresh database on that server, export files as chunk rows of its blob
//   store; the worker pool at the machine's parallelism), filled by SQL: one month of the simulator's
//   synthetic CFDIs (sealed and stamped as a PAC would, 4–5 KB each) copied under fresh UUIDs
//   with the content the store keeps at ingest, `--rows` of them in statements of 500.
// - Idle: RSS after the fill, a garbage collection and a second's rest.
// - Export: POST /v1/exports, then the durable job run to completion in this process; RSS sampled
//   every 20 ms while it runs. The file's size as the blob store keeps it is checked afterwards.
// Usage: [DATABASE_URL=postgres://…] node --expose-gc --import tsx bench/exports.ts [--rows 100000] [--templates 200] [--xlsx]
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import { readCfdiOverview } from '../src/cfdi/overview.ts';
import { buildApp } from '../src/app.ts';
import { ManualClock, systemClock } from '../src/platform/clock.ts';
import { loadConfig } from '../src/platform/config.ts';
import { createDescargaClient, descargaUrls, readCfdiPackage } from '../src/providers/sat/descarga/index.ts';
import { startSimulator } from '../src/simulator/index.ts';
import { benchStorage, numberOption } from './support/bench-kit.ts';

const rows = numberOption('rows', 100_000);
const templates = numberOption('templates', 200);
const TARGET_MB = 256;
const STATEMENT_ROWS = 500;
const mb = (bytes: number) => bytes / (1024 * 1024);
const format = (value: number, digits = 0) => value.toLocaleString('en-US', { maximumFractionDigits: digits });
const line = (label: string, value: string) => console.log(`${label.padEnd(56)} ${value}`);

// Synthetic CFDIs, downloaded from the simulator as the service would.
const simClock = new ManualClock('2026-07-15T18:00:00Z');
const simulator = await startSimulator({ clock: simClock, settings: { descarga: { issuedPerMonth: templates } } });
const fiel = await simulator.ca.issue({ rfc: 'EKU9003173C9', kind: 'fiel', name: 'ESCUELA KEMPER URGATE' });
const client = createDescargaClient({
  urls: descargaUrls(simulator.url),
  clock: simClock,
  fiel: { certificate: fiel.cerDer, privateKey: fiel.keyPkcs8EncryptedDer, password: fiel.password },
});
const { requestId } = await client.request({ side: 'issued', type: 'cfdi', from: '2026-06-01T00:00:00', to: '2026-06-30T23:59:59' });
simClock.advance(600_000);
const { packageIds } = await client.verify(requestId);
const originals: string[] = [];
for (const id of packageIds) originals.push(...readCfdiPackage(await client.download(id)).values());
await simulator.close();

const storage = await benchStorage('exports', process.env.DATABASE_URL);
const config = loadConfig({
  ...storage.env,
  LOAD_SHED_QUEUE_MS: '0',
  RUN_WORKER: 'false',
  RATE_LIMIT_WRITE_BURST: '1000',
});
const app = await buildApp({ config, clock: systemClock, embedSimulator: false });
const organization = (await app.server.inject({ method: 'POST', url: '/v1/organizations', payload: { name: 'Bench exports' } })).json();
const key = organization.keys.test.key as string;

// The fill: each statement copies one template under STATEMENT_ROWS fresh UUIDs.
const fillStarted = performance.now();
let averageBytes = 0;
for (let statement = 0; statement * STATEMENT_ROWS < rows; statement += 1) {
  const template = originals[statement % originals.length]!;
  const { index, details } = readCfdiOverview(template);
  averageBytes += template.length;
  const marked = template.replace(/(TimbreFiscalDigital[^>]*?UUID=")[^"]+"/, '$1@UUID@"');
  const count = Math.min(STATEMENT_ROWS, rows - statement * STATEMENT_ROWS);
  const base = statement * STATEMENT_ROWS;
  await sql`
    INSERT INTO cfdis (id, organization_id, mode, uuid, fiscal_profile_id, side, version, serie, folio, tipo_de_comprobante,
      fecha, fecha_timbrado, emisor_rfc, emisor_nombre, receptor_rfc, receptor_nombre, moneda, sub_total, descuento, total,
      rfc_pac, sat_status, xml, details, download_id, created_at, updated_at)
    SELECT 'cfdi_bench' || lpad(n::text, 16, '0'), ${organization.id}, 'test', u, 'fp_01k0000000000000000000000a', 'issued',
      ${index.version}, ${index.serie}, ${index.folio}, ${index.tipoDeComprobante}, ${index.fecha?.slice(0, 19) ?? null},
      ${index.fechaTimbrado?.slice(0, 19) ?? null}, ${index.emisorRfc}, ${index.emisorNombre}, ${index.receptorRfc},
      ${index.receptorNombre}, ${index.moneda}, ${index.subTotal}, ${index.descuento}, ${index.total}, ${index.rfcPac},
      'active', replace(${marked}, '@UUID@', u), ${JSON.stringify(details)}::json, 'dl_01k0000000000000000000000a', now(), now()
    FROM (SELECT n, 'B0000000-0000-4000-8000-' || lpad(upper(to_hex(n)), 12, '0') AS u
          FROM generate_series(${base}::int, ${base + count - 1}::int) AS n) AS numbered`.execute(app.services.db);
}
averageBytes /= Math.ceil(rows / STATEMENT_ROWS);
line('CFDIs in the store (synthetic templates), average XML', `${format(rows)} (${originals.length}), ${format(averageBytes)} bytes`);
line('fill', `${format((performance.now() - fillStarted) / 1000, 1)} s`);
line('database, where the file is kept', process.env.DATABASE_URL ? 'PostgreSQL, chunk rows of the blob store' : 'embedded PGlite, a file under DATA_DIR');

const collect = (globalThis as { gc?: () => void }).gc;
async function idleRss(): Promise<number> {
  collect?.();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  collect?.();
  return process.memoryUsage.rss();
}

async function exportAs(format_: 'csv' | 'zip' | 'xlsx'): Promise<boolean> {
  const idle = await idleRss();
  let peak = idle;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 20);
  const started = performance.now();
  const created = await app.server.inject({
    method: 'POST',
    url: '/v1/exports',
    headers: { authorization: `Bearer ${key}` },
    payload: { source: 'cfdis', format: format_ },
  });
  if (created.statusCode !== 201) throw new Error(created.body);
  const id = created.json().id as string;
  await app.services.jobs.runDue();
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage.rss());
  const elapsed = (performance.now() - started) / 1000;
  const done = (await app.server.inject({ method: 'GET', url: `/v1/exports/${id}`, headers: { authorization: `Bearer ${key}` } })).json();
  if (done.status !== 'completed' || done.progress.rows_written !== rows) throw new Error(`export ${id}: ${JSON.stringify(done)}`);
  const opened = await app.services.blobs.open(`exports/${id}`);
  if (opened?.stream instanceof Readable) opened.stream.destroy();
  const kept = opened?.bytes;
  if (kept === undefined || kept !== done.file.bytes) throw new Error(`file of ${kept} bytes kept, export says ${done.file.bytes}`);
  const above = mb(peak - idle);
  line(`${format_.toUpperCase()}: ${format(rows)} CFDIs`, `${format(elapsed, 1)} s, ${format(rows / elapsed)} CFDIs/s, file ${format(mb(kept), 1)} MB`);
  line(
    `${format_.toUpperCase()}: peak RSS above idle (idle ${format(mb(idle))} MB)`,
    `${format(above, 1)} MB (target ≤ ${TARGET_MB} MB: ${above <= TARGET_MB ? 'met' : 'NOT met'})`,
  );
  return above <= TARGET_MB;
}

const formats = (process.argv.includes('--xlsx') ? ['csv', 'zip', 'xlsx'] : ['csv', 'zip']) as ('csv' | 'zip' | 'xlsx')[];
let met = true;
for (const name of formats) met = (await exportAs(name)) && met;

await app.close();
await storage.remove();
process.exit(met ? 0 : 1);
