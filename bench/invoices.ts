// Invoice create + stamp throughput and latency (p50/p99) with 32 concurrent HTTP clients, against
// the physical ceiling of the work: each stamp costs two RSA signatures (the issuer's Sello and the
// PAC's SelloSAT), so the ceiling is the raw crypto.sign rate / 2, measured in the same run on the
// same key size (target ≥ 25%). The service runs as `invoicing serve` does: the app on the embedded
// database (PGlite on disk in a temporary DATA_DIR), the simulator in-process as the test-mode PAC.
// With DATABASE_URL, the same again on PostgreSQL (a temporary database, dropped afterwards).
// Usage: npx tsx bench/invoices.ts [--seconds 10] [--clients 32] [--rounds 2]
import { sign, type KeyObject } from 'node:crypto';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { buildApp, type App } from '../src/app.ts';
import { systemClock } from '../src/platform/clock.ts';
import { loadConfig } from '../src/platform/config.ts';
import { createLocalManifestSigner } from '../src/modules/fiscal-profiles/index.ts';
import type { RunningSimulator } from '../src/simulator/index.ts';
import { benchInvoiceBody, benchStorage, createAndStamp, numberOption, percentile } from './support/bench-kit.ts';

const seconds = numberOption('seconds', 10);
const clients = numberOption('clients', 32);
const rounds = numberOption('rounds', 2);
const SIGN_CONCURRENCY = 4; // libuv's default thread pool size
const TARGET_PERCENT = 25;

const format = (value: number, digits = 1) => value.toLocaleString('en-US', { maximumFractionDigits: digits });
const line = (label: string, value: string) => console.log(`${label.padEnd(64)} ${value}`);

interface Rate {
  perSecond: number;
  /** Process CPU time (all threads, user + system) per operation, in milliseconds. */
  cpuMs: number;
}

/** Raw async RSA-SHA256 signatures per second with one cached key, 4 in flight. */
async function rawSignRate(key: KeyObject, budgetMs: number): Promise<Rate> {
  const data = Buffer.from(`||4.0|A|1|2026-07-15T12:00:00|03|30001000000500003416|1000.00|MXN|1160.00|I|01|PUE|42501|${'x'.repeat(400)}||`);
  let count = 0;
  const cpu = process.cpuUsage();
  const start = performance.now();
  const worker = async () => {
    while (performance.now() - start < budgetMs) {
      await new Promise<void>((resolve, reject) => sign('sha256', data, key, (error) => (error ? reject(error) : resolve())));
      count += 1;
    }
  };
  await Promise.all(Array.from({ length: SIGN_CONCURRENCY }, worker));
  const used = process.cpuUsage(cpu);
  return { perSecond: count / ((performance.now() - start) / 1000), cpuMs: (used.user + used.system) / 1000 / count };
}

interface Setup {
  app: App;
  simulator: RunningSimulator;
  baseUrl: string;
  key: string;
  profileId: string;
  signingKey: KeyObject;
  close(): Promise<void>;
}

async function setUp(databaseUrl: string | undefined): Promise<Setup> {
  const storage = await benchStorage('invoices', databaseUrl);
  const config = loadConfig({
    ...storage.env,
    RATE_LIMIT_READ_BURST: '1000000',
    RATE_LIMIT_READ_PER_SECOND: '1000000',
    RATE_LIMIT_WRITE_BURST: '1000000',
    RATE_LIMIT_WRITE_PER_SECOND: '1000000',
  });
  // As `serve`: the app opens PGlite under DATA_DIR (or DATABASE_URL) and runs the simulator in-process;
  // the carta manifiesto is signed locally.
  const app = await buildApp({
    config,
    clock: systemClock,
    deps: { fiscalProfiles: (made) => ({ ...made, manifestSigner: createLocalManifestSigner(systemClock) }) },
  });
  const simulator = app.providers.simulator;
  if (!simulator) throw new Error('the app did not start the embedded simulator');
  await app.server.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.server.address();
  const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const organization = (await (
    await fetch(`${baseUrl}/v1/organizations`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"Bench"}' })
  ).json()) as { keys: { test: { key: string } } };
  const key = organization.keys.test.key;
  const issue = (kind: 'csd' | 'fiel') =>
    simulator.ca.issue({ rfc: 'EKU9003173C9', kind, name: 'ESCUELA KEMPER URGATE', validFrom: new Date(Date.now() - 86_400_000) });
  const [csd, fiel] = [await issue('csd'), await issue('fiel')];
  const upload = (issued: typeof csd) => ({
    cer_base64: issued.cerDer.toString('base64'),
    key_base64: issued.keyPkcs8EncryptedDer.toString('base64'),
    password: issued.password,
  });
  const profile = (await (
    await fetch(`${baseUrl}/v1/fiscal_profiles`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ csd: upload(csd), fiel: upload(fiel), manifest_email: 'bench@example.com', tax_regime: '601', zip: '42501' }),
    })
  ).json()) as { id: string };
  return {
    app,
    simulator,
    baseUrl,
    key,
    profileId: profile.id,
    signingKey: csd.credential.privateKey,
    async close() {
      await app.close();
      await storage.remove();
    },
  };
}

async function load(setup: Setup, budgetMs: number): Promise<Rate & { latencies: number[]; roundTrips: number | undefined }> {
  const body = benchInvoiceBody(setup.profileId);
  const latencies: number[] = [];
  const roundTrips = setup.app.services.database.roundTrips?.();
  const cpu = process.cpuUsage();
  const start = performance.now();
  const client = async () => {
    while (performance.now() - start < budgetMs) latencies.push(await createAndStamp(setup, body));
  };
  await Promise.all(Array.from({ length: clients }, client));
  const used = process.cpuUsage(cpu);
  const trips = roundTrips === undefined ? undefined : (setup.app.services.database.roundTrips?.() ?? roundTrips) - roundTrips;
  return {
    perSecond: latencies.length / ((performance.now() - start) / 1000),
    cpuMs: (used.user + used.system) / 1000 / latencies.length,
    latencies,
    roundTrips: trips,
  };
}

async function section(title: string, databaseUrl: string | undefined): Promise<void> {
  console.log(`\n# ${title}`);
  const setup = await setUp(databaseUrl);
  try {
    for (let index = 0; index < clients; index += 1) await createAndStamp(setup, benchInvoiceBody(setup.profileId));
    let best: (Rate & { latencies: number[]; roundTrips: number | undefined }) | undefined;
    let raw: Rate | undefined;
    for (let round = 0; round < rounds; round += 1) {
      const signing = await rawSignRate(setup.signingKey, 3_000);
      if (!raw || signing.perSecond > raw.perSecond) raw = signing;
      const measured = await load(setup, seconds * 1000);
      if (!best || measured.perSecond > best.perSecond) best = measured;
    }
    if (!best || !raw) return;
    const ceiling = raw.perSecond / 2;
    const sorted = [...best.latencies].sort((a, b) => a - b);
    line(`raw crypto.sign rate / 2 (RSA-2048, ${SIGN_CONCURRENCY} in flight): the ceiling`, `${format(ceiling)} stamps/s`);
    line(
      `create + stamp over HTTP, ${clients} clients (best of ${rounds} × ${seconds} s)`,
      `${format(best.perSecond)} invoices/s (${best.latencies.length} in the round)`,
    );
    line('latency of create + stamp p50 / p99', `${format(percentile(sorted, 0.5), 0)} ms / ${format(percentile(sorted, 0.99), 0)} ms`);
    const ratio = (100 * best.perSecond) / ceiling;
    line('throughput / two-signature ceiling', `${ratio.toFixed(1)}% (target ≥ ${TARGET_PERCENT}%: ${ratio >= TARGET_PERCENT ? 'met' : 'NOT met'})`);
    // CPU time per operation hardly depends on what else the machine runs meanwhile.
    line('CPU per invoice (service + simulator + clients, all threads)', `${format(best.cpuMs, 2)} ms`);
    line('CPU of two raw signatures / CPU per invoice (informational)', `${((200 * raw.cpuMs) / best.cpuMs).toFixed(1)}%`);
    if (best.roundTrips !== undefined) {
      line('service database round trips per create + stamp (informational)', format(best.roundTrips / best.latencies.length, 2));
    }
  } finally {
    await setup.close();
  }
}

console.log(
  `node ${process.version}, ${os.cpus().length} CPUs, load average ${os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}`,
);
await section('Embedded database (PGlite on disk)', undefined);
if (process.env.DATABASE_URL) await section('PostgreSQL (DATABASE_URL)', process.env.DATABASE_URL);
else console.log('\n(set DATABASE_URL to run the same on PostgreSQL)');
