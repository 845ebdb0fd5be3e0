// POST /v1/validations throughput and latency against the ceiling of the work, measured in the
// same run: parsing the CFDI, building its two cadenas and verifying its two RSA signatures with
// keys already parsed, in one thread. The documents are 4–30 KB CFDIs the service stamped itself
// (Sello and timbre); the SAT status call is answered in memory, so no network is timed. The
// service runs as `invoicing serve` does (embedded database, simulator in-process) with one worker
// thread. Target: per core, at least 25% of the ceiling; p99 reported. Then the hostile corpus of
// the tests, each case timed (every one should end within 250 ms) with the process's peak RSS.
// Usage: npx tsx bench/validations.ts [--seconds 8] [--clients 4]
import { randomBytes, verify } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../src/app.ts';
import { cadenaOriginalFromElement } from '../src/cfdi/cadena.ts';
import { readCertificate } from '../src/cfdi/credentials.ts';
import { findTimbre } from '../src/cfdi/model.ts';
import { parseCfdi } from '../src/cfdi/parse.ts';
import { tfdCadenaOriginal } from '../src/cfdi/tfd.ts';
import { createFiscalProfiles, createLocalManifestSigner, registerFiscalProfileRoutes } from '../src/modules/fiscal-profiles/index.ts';
import { hasStampedInvoices, registerInvoiceJobs, registerInvoiceRoutes } from '../src/modules/invoices/index.ts';
import { registerValidationRoutes, TimbreCertificates } from '../src/modules/validations/index.ts';
import { systemClock } from '../src/platform/clock.ts';
import { loadConfig } from '../src/platform/config.ts';
import { masterKeyringFor } from '../src/platform/crypto/index.ts';
import { HOSTILE_XML } from '../test/support/hostile-xml.ts';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? Number(args[index + 1]) : fallback;
};
const seconds = option('seconds', 8);
const clients = option('clients', 4);
const TARGET_PERCENT = 25;
const HOSTILE_BUDGET_MS = 250;

const format = (value: number, digits = 1) => value.toLocaleString('en-US', { maximumFractionDigits: digits });
const line = (label: string, value: string) => console.log(`${label.padEnd(60)} ${value}`);
const percentile = (sorted: readonly number[], fraction: number) => sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? 0;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-validations-'));
const config = loadConfig({
  APP_ENV: 'development', DATA_DIR: dataDir, LOG_LEVEL: 'silent', MASTER_KEY: randomBytes(32).toString('base64'), WORKER_THREADS: '1', LOAD_SHED_LAG_MS: '0',
  RATE_LIMIT_READ_BURST: '1000000', RATE_LIMIT_READ_PER_SECOND: '1000000', RATE_LIMIT_WRITE_BURST: '1000000', RATE_LIMIT_WRITE_PER_SECOND: '1000000',
});
const app = await buildApp({ config, clock: systemClock });
const simulator = app.providers.simulator!;
const keyring = masterKeyringFor(config);
registerFiscalProfileRoutes(app.server, app.services, { keyring, manifestSigner: createLocalManifestSigner(systemClock), hasStampedInvoices, taxRegimes: app.catalogs.index });
const invoiceDeps = { fiscalProfiles: createFiscalProfiles({ keyring }), pacFor: app.providers.pacFor, satStatusFor: app.providers.satStatusFor, catalogs: app.catalogs };
registerInvoiceRoutes(app.server, app.services, invoiceDeps);
registerInvoiceJobs(app.services, invoiceDeps);
await app.server.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.server.address();
const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

const organization = await (await fetch(`${baseUrl}/v1/organizations`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"Bench"}' })).json() as { keys: { test: { key: string } } };
const key = organization.keys.test.key;
const issue = (kind: 'csd' | 'fiel') => simulator.ca.issue({ rfc: 'EKU9003173C9', kind, name: 'ESCUELA KEMPER URGATE', validFrom: new Date(Date.now() - 86_400_000) });
const [csd, fiel] = [await issue('csd'), await issue('fiel')];
const upload = (issued: typeof csd) => ({ cer_base64: issued.cerDer.toString('base64'), key_base64: issued.keyPkcs8EncryptedDer.toString('base64'), password: issued.password });
const authorized = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
const profile = await (await fetch(`${baseUrl}/v1/fiscal_profiles`, {
  method: 'POST', headers: authorized, body: JSON.stringify({ csd: upload(csd), fiel: upload(fiel), manifest_email: 'bench@example.com', tax_regime: '601', zip: '42501' }),
})).json() as { id: string };

// Stamped CFDIs from 1 to 60 items: about 4 to 30 KB.
const documents: Buffer[] = [];
for (const items of [1, 2, 4, 8, 12, 16, 24, 32, 40, 48, 56, 60]) {
  const body = {
    fiscal_profile_id: profile.id, serie: 'VAL', payment_form: '03',
    customer: { rfc: 'URE180429TM6', name: 'UNIVERSIDAD ROBOTICA ESPAÑOLA', tax_regime: '601', postal_code: '86991', cfdi_use: 'G03' },
    items: Array.from({ length: items }, (_, index) => ({ product_key: '81112100', unit_key: 'E48', description: `Servicio ${index + 1} de consultoría`, quantity: '2', unit_price: '750.00', taxes: [{ type: 'IVA', rate: '0.16' }] })),
  };
  const created = await (await fetch(`${baseUrl}/v1/invoices`, { method: 'POST', headers: authorized, body: JSON.stringify(body) })).json() as { id: string };
  await fetch(`${baseUrl}/v1/invoices/${created.id}/stamp`, { method: 'POST', headers: { authorization: `Bearer ${key}` } });
  documents.push(Buffer.from(await (await fetch(`${baseUrl}/v1/invoices/${created.id}/xml`, { headers: { authorization: `Bearer ${key}` } })).arrayBuffer()));
}
const sizes = documents.map((document) => document.length).sort((a, b) => a - b);

// No SAT call is timed: the status is answered in memory (a stamped CFDI is Vigente).
registerValidationRoutes(app.server, app.services, {
  catalogs: app.catalogs,
  satCertificatesFor: app.providers.satCertificatesFor,
  timbreCertificates: new TimbreCertificates(app.services.db, systemClock),
  satStatusFor: () => ({ query: async () => ({ found: true, codigoEstatus: 'S - Comprobante obtenido satisfactoriamente.', estado: 'Vigente', esCancelable: 'Cancelable sin aceptación', estatusCancelacion: '', validacionEfos: '200', cancellable: 'without_acceptance' as const, efosListed: false }) }),
});

async function validate(document: Buffer): Promise<{ status: number; valid: boolean }> {
  const response = await fetch(`${baseUrl}/v1/validations`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/xml' }, body: document });
  const json = await response.json() as { valid?: boolean };
  return { status: response.status, valid: json.valid === true };
}

// Warm-up (and a check that every document is valid: a bench of failures would measure nothing).
for (const document of documents) {
  const result = await validate(document);
  if (result.status !== 201 || !result.valid) throw new Error(`a stamped document did not validate: ${result.status}`);
}

// The ceiling: parse, both cadenas, both RSA verifications, keys parsed once.
const issuerKey = readCertificate(csd.cerDer).publicKey;
const timbreDocument = parseCfdi(documents[0]!);
const satCertificate = readCertificate((await simulator.ca.certificateDer(findTimbre(timbreDocument.comprobante)!.NoCertificadoSAT))!);
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
const serviceCpu = process.cpuUsage();
const serviceStart = performance.now();
let next = 0;
let failures = 0;
await Promise.all(Array.from({ length: clients }, async () => {
  while (performance.now() - serviceStart < seconds * 1000) {
    const document = documents[next++ % documents.length]!;
    const started = performance.now();
    const result = await validate(document);
    latencies.push(performance.now() - started);
    if (result.status !== 201 || !result.valid) failures += 1;
  }
}));
const serviceElapsed = (performance.now() - serviceStart) / 1000;
const serviceUsed = process.cpuUsage(serviceCpu);
latencies.sort((a, b) => a - b);
const serviceRate = latencies.length / serviceElapsed;
// The client runs in this process too; its CPU is counted against the service (a conservative figure).
const serviceCpuMs = (serviceUsed.user + serviceUsed.system) / 1000 / latencies.length;

console.log(`node ${process.version}, ${os.cpus().length} CPUs, load average ${os.loadavg().map((value) => value.toFixed(2)).join(' ')}`);
console.log(`${documents.length} stamped CFDIs of ${format(sizes[0]! / 1024)}–${format(sizes.at(-1)! / 1024)} KB; ${clients} clients; ${seconds} s per measurement\n`);
line('ceiling: parse + 2 cadenas + 2 RSA verifications, 1 thread', `${format(ceilingRate)}/s (${format(ceilingCpuMs, 3)} ms CPU each)`);
line('POST /v1/validations', `${format(serviceRate)}/s, p50 ${format(percentile(latencies, 0.5), 2)} ms, p99 ${format(percentile(latencies, 0.99), 2)} ms, ${failures} failures`);
line('  CPU per validation (all threads, client included)', `${format(serviceCpuMs, 3)} ms`);
const perCorePercent = (100 * ceilingCpuMs) / serviceCpuMs;
line('  per core, share of the ceiling (target ≥ 25%)', `${format(perCorePercent)}% ${perCorePercent >= TARGET_PERCENT ? 'PASS' : 'FAIL'}`);
line('  wall-clock rate / ceiling rate', `${format((100 * serviceRate) / ceilingRate)}%`);

// The hostile corpus, one request each, raw XML.
console.log(`\nhostile corpus (${HOSTILE_XML.length} cases), each within ${HOSTILE_BUDGET_MS} ms?`);
let slowest = { name: '', ms: 0 };
let over = 0;
let peakRss = process.memoryUsage().rss;
for (const { name, body } of HOSTILE_XML) {
  const bytes = body();
  const started = performance.now();
  const response = await fetch(`${baseUrl}/v1/validations`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/xml' }, body: bytes });
  await response.arrayBuffer();
  const ms = performance.now() - started;
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
  if (ms > slowest.ms) slowest = { name, ms };
  if (ms > HOSTILE_BUDGET_MS) {
    over += 1;
    console.log(`  over budget: ${name}: ${format(ms)} ms (${format(bytes.length / 1024)} KB)`);
  }
}
line('  slowest case', `${slowest.name}: ${format(slowest.ms)} ms`);
line('  cases over budget', `${over} ${over === 0 ? 'PASS' : 'FAIL'}`);
line('  peak RSS of the process (client and server)', `${format(peakRss / 1024 / 1024)} MB`);

await app.close();
fs.rmSync(dataDir, { recursive: true, force: true });
