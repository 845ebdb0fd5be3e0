// What the benchmarks share: numeric command-line options, percentiles, a server process asked
// over IPC or waited for until it is ready, an issuer (organization, test key, active fiscal profile) made through the API, and a
// server's temporary storage (DATA_DIR, and a PostgreSQL database for the runs with DATABASE_URL), and
// the invoice the create benches post and stamp.
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import type { RunningSimulator } from '../../src/simulator/index.ts';

/** `--name N` from the command line, or the fallback. */
export function numberOption(name: string, fallback: number): number {
  const args = process.argv.slice(2);
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? Number(args[index + 1]) : fallback;
}

/** The value at `fraction` (0–1) of an ascending list. */
export function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? 0;
}

/** Sends `{type}` to a forked server (except for `ready`, which it sends unasked) and waits for its answer of that type. */
export function askServer<T>(server: ChildProcess, type: string): Promise<T> {
  return new Promise<T>((resolve) => {
    const listener = (message: { type: string }) => {
      if (message.type !== type) return;
      server.off('message', listener);
      resolve(message as T);
    };
    server.on('message', listener);
    if (type !== 'ready') server.send({ type });
  });
}

/**
 * Waits until the server `child` runs answers 200 at `${baseUrl}/readyz`, asking every `pollMs`;
 * throws when the process exits first or after `timeoutMs`, with `detail()` (its stderr, say).
 */
export async function waitUntilReady(
  child: ChildProcess,
  baseUrl: string,
  name: string,
  options: { pollMs: number; timeoutMs: number; detail?: () => string },
): Promise<void> {
  const started = performance.now();
  for (;;) {
    const detail = options.detail ? `: ${options.detail()}` : '';
    if (child.exitCode !== null) throw new Error(`${name} exited with status ${child.exitCode}${detail}`);
    const ready = await fetch(`${baseUrl}/readyz`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ready) return;
    if (performance.now() - started > options.timeoutMs) throw new Error(`${name} was not ready after ${options.timeoutMs / 1000} s${detail}`);
    await sleep(options.pollMs);
  }
}

export interface BenchIssuer {
  organizationId: string;
  key: string;
  profileId: string;
  csd: Awaited<ReturnType<RunningSimulator['ca']['issue']>>;
}

/**
 * `fetch`, as a well-behaved client calls: a 429 or 503 (a loaded machine sheds load while a
 * benchmark prepares) is asked again after its Retry-After, up to 30 times.
 */
export async function patientFetch(url: string, init: RequestInit): Promise<Response> {
  for (let attempt = 0; ; attempt += 1) {
    const response = await fetch(url, init);
    if ((response.status !== 429 && response.status !== 503) || attempt >= 30) return response;
    await new Promise((resolve) => setTimeout(resolve, 1000 * Number(response.headers.get('retry-after') ?? 1)));
  }
}

/** An organization, its test key and an active fiscal profile with a CSD and FIEL from the simulator's CA. */
export async function createBenchIssuer(baseUrl: string, simulator: RunningSimulator, name = 'Bench'): Promise<BenchIssuer> {
  const organization = (await (
    await patientFetch(`${baseUrl}/v1/organizations`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name }) })
  ).json()) as { id: string; keys: { test: { key: string } } };
  const key = organization.keys.test.key;
  const issue = (kind: 'csd' | 'fiel') =>
    simulator.ca.issue({ rfc: 'EKU9003173C9', kind, name: 'ESCUELA KEMPER URGATE', validFrom: new Date(Date.now() - 86_400_000) });
  const [csd, fiel] = [await issue('csd'), await issue('fiel')];
  const upload = (issued: typeof csd) => ({
    cer_base64: issued.cerDer.toString('base64'),
    key_base64: issued.keyPkcs8EncryptedDer.toString('base64'),
    password: issued.password,
  });
  const response = await patientFetch(`${baseUrl}/v1/fiscal_profiles`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ csd: upload(csd), fiel: upload(fiel), manifest_email: 'bench@example.com', tax_regime: '601', zip: '42501' }),
  });
  if (response.status !== 201) throw new Error(`fiscal profile: ${response.status} ${await response.text()}`);
  const profile = (await response.json()) as { id: string };
  return { organizationId: organization.id, key, profileId: profile.id, csd };
}

/** A CSD or FIEL the simulator's CA issued (its `issue` message), with the private key for the ceiling's signatures. */
export interface IssuedCredential {
  cer_base64: string;
  key_base64: string;
  password: string;
  privateKeyPem: string;
}

/** An organization, its test key and an active fiscal profile with the simulator's `csd` and `fiel`. */
export async function createIssuerWith(baseUrl: string, csd: IssuedCredential, fiel: IssuedCredential): Promise<{ key: string; profileId: string }> {
  const organization = (await (
    await fetch(`${baseUrl}/v1/organizations`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"Bench"}' })
  ).json()) as { keys: { test: { key: string } } };
  const key = organization.keys.test.key;
  const upload = ({ privateKeyPem: _pem, ...credential }: IssuedCredential) => credential;
  const profile = await fetch(`${baseUrl}/v1/fiscal_profiles`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ csd: upload(csd), fiel: upload(fiel), manifest_email: 'bench@example.com', tax_regime: '601', zip: '42501' }),
  });
  if (profile.status !== 201) throw new Error(`fiscal profile: ${profile.status} ${await profile.text()}`);
  return { key, profileId: ((await profile.json()) as { id: string }).id };
}

/** A new database on the server of `url`, dropped by `drop`. */
async function temporaryPostgres(url: string, prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/**
 * Where a benchmark's server keeps its data, as `invoicing serve` would in development: a
 * temporary DATA_DIR (the embedded database and the simulator's) and, with `databaseUrl`, a
 * temporary database on that PostgreSQL server; `remove` deletes both. `env` is for loadConfig.
 */
export async function benchStorage(name: string, databaseUrl: string | undefined): Promise<{ env: Record<string, string>; remove(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `bench-${name}-`));
  const postgres = databaseUrl ? await temporaryPostgres(databaseUrl, `bench_${name}`) : undefined;
  return {
    env: {
      APP_ENV: 'development',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      MASTER_KEY: randomBytes(32).toString('base64'),
      ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    },
    async remove() {
      await postgres?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** An income invoice of two items (IVA, a discount, ISR withheld) for `profileId`, as the create benches post it. */
export const benchInvoiceBody = (profileId: string) =>
  JSON.stringify({
    fiscal_profile_id: profileId,
    serie: 'BENCH',
    payment_form: '03',
    customer: { rfc: 'URE180429TM6', name: 'UNIVERSIDAD ROBOTICA ESPAÑOLA', tax_regime: '601', postal_code: '86991', cfdi_use: 'G03' },
    items: [
      { product_key: '81112100', unit_key: 'E48', description: 'Consultoría', quantity: '2', unit_price: '750.00', taxes: [{ type: 'IVA', rate: '0.16' }] },
      {
        product_key: '43231500',
        unit_key: 'E48',
        description: 'Licencia',
        unit_price: '1200.00',
        discount: '100.00',
        taxes: [
          { type: 'IVA', rate: '0.16' },
          { type: 'ISR', rate: '0.10', withholding: true },
        ],
      },
    ],
  });

/** One create + stamp through the API at `baseUrl`; returns its latency in milliseconds. */
export async function createAndStamp(service: { baseUrl: string; key: string }, body: string): Promise<number> {
  const headers = { authorization: `Bearer ${service.key}`, 'content-type': 'application/json' };
  const start = performance.now();
  const created = await fetch(`${service.baseUrl}/v1/invoices`, { method: 'POST', headers, body });
  const invoice = (await created.json()) as { id: string };
  if (created.status !== 201) throw new Error(`create answered ${created.status}: ${JSON.stringify(invoice)}`);
  const stamped = await fetch(`${service.baseUrl}/v1/invoices/${invoice.id}/stamp`, { method: 'POST', headers: { authorization: headers.authorization } });
  const text = await stamped.text();
  if (stamped.status !== 200) throw new Error(`stamp answered ${stamped.status}: ${text}`);
  return performance.now() - start;
}
