// The lean runtime's targets, each measured on the compiled service as an operator runs it:
//   - `npm start` with the build present until /readyz answers 200 (≤ 3 s), on an existing DATA_DIR;
//   - a fresh build and start until /readyz (≤ 15 s);
//   - idle RSS of `invoicing serve` with the embedded database and the in-process simulator, after
//     /readyz, the shipped catalogs' load and a minute idle (≤ 350 MB), on a fresh DATA_DIR and on
//     its second start;
//   - its RSS after 32 clients created and stamped invoices for `--load` seconds and a minute idle
//     (≤ 500 MB);
//   - with BENCH_DATABASE_URL: idle RSS of `serve` on PostgreSQL with the simulator in a process of
//     its own (≤ 200 MB);
//   - `invoicing cfdi cadena FILE`: wall time and maximum RSS (≤ 0.5 s, ≤ 120 MB);
//   - `invoicing help` (≤ 0.3 s);
//   - the busy host: two processes spinning on the CPU, then serve started and ordinary traffic at
//     20 requests/s for 60 s from /readyz on (authenticated GETs, validations, a create + stamp
//     every second); every 503 counts (target 0).
// Each figure is printed with its target and PASS or FAIL. Run on a quiet machine; the load average
// at the start is printed. `--idle S` and `--busy S` shorten the idle wait and the busy window.
//   npx tsx bench/runtime.ts [--idle 60] [--busy 60] [--load 20]
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { benchInvoiceBody, benchStorage, createAndStamp, numberOption, patientFetch } from './support/bench-kit.ts';
import { BIN, freePort, rssOf, startServe, type Started } from './support/serve-process.ts';
import { hasShared, REPO_ROOT, satPath } from '../test/support/shared.ts';

const IDLE_SECONDS = numberOption('idle', 60);
const BUSY_SECONDS = numberOption('busy', 60);
const LOAD_SECONDS = numberOption('load', 20);
const CURRENT_BUILD = path.join(REPO_ROOT, 'dist', 'server', 'current.json');
const SAMPLE = satPath('samples', 'cfdi40', 'real', 'I_CSM190311AH6_2022-01-12_real.xml');
const MB = 1024 * 1024;

interface Row {
  name: string;
  value: string;
  target: string;
  pass: boolean | undefined;
}
const rows: Row[] = [];
function report(name: string, value: number, unit: string, limit: number, digits = 2): void {
  const row = { name, value: `${value.toFixed(digits)} ${unit}`, target: `≤ ${limit} ${unit}`, pass: value <= limit };
  rows.push(row);
  console.log(`${row.pass ? 'PASS' : 'FAIL'}  ${name}: ${row.value} (target ${row.target})`);
}

/**
 * The RSS a minute (IDLE_SECONDS) after the shipped catalogs finished loading: a fresh DATA_DIR
 * writes them in the background after /readyz, and memory read during that load is no idle figure.
 */
async function idleRss(started: Started): Promise<number> {
  const from = performance.now();
  for (;;) {
    const readiness = await fetch(`${started.baseUrl}/readyz`).then(
      (response) => response.text(),
      () => '',
    );
    if (!/"state":"loading"/.test(readiness)) break;
    if (performance.now() - from > 900_000) throw new Error('the shipped catalogs were still loading after 15 minutes');
    await sleep(1000);
  }
  const loadingSeconds = (performance.now() - from) / 1000;
  if (loadingSeconds >= 1) console.log(`  the shipped catalogs finished loading ${loadingSeconds.toFixed(0)} s after /readyz`);
  await sleep(IDLE_SECONDS * 1000);
  return rssOf(started.pid);
}

/**
 * The embedded starts' rate limits: 32 clients of one API key create and stamp as fast as they can
 * during the invoice load, which the default buckets (50 writes a second) answer with 429.
 */
const LOAD_RATE_LIMITS = {
  RATE_LIMIT_READ_BURST: '1000000',
  RATE_LIMIT_READ_PER_SECOND: '1000000',
  RATE_LIMIT_WRITE_BURST: '1000000',
  RATE_LIMIT_WRITE_PER_SECOND: '1000000',
};

async function embeddedStarts(): Promise<void> {
  const storage = await benchStorage('runtime', undefined);
  const env = { ...storage.env, ...LOAD_RATE_LIMITS };
  console.log('  embedded starts run with RATE_LIMIT_{READ,WRITE}_{BURST,PER_SECOND}=1000000 (the invoice load would meet 429)');
  try {
    // Make sure a build is present, then a fresh DATA_DIR (its database is created) …
    spawnSync(process.execPath, [BIN, 'help'], { cwd: REPO_ROOT, stdio: 'ignore' });
    const first = await startServe([process.execPath, BIN, 'serve'], env);
    console.log(`  serve, fresh DATA_DIR: /readyz after ${(first.readyMs / 1000).toFixed(2)} s`);
    report('idle RSS, embedded database + in-process simulator, fresh DATA_DIR', (await idleRss(first)) / MB, 'MB', 350, 0);
    await first.stop();
    // … then `npm start` on that DATA_DIR, as a restart does.
    const second = await startServe(['npm', 'start', '--silent'], env);
    report('npm start, build present → /readyz', second.readyMs / 1000, 's', 3);
    report('idle RSS, embedded database + in-process simulator, second start', (await idleRss(second)) / MB, 'MB', 350, 0);
    await afterInvoiceLoad(second);
    await second.stop();
    // A fresh build: no current build, so bin/invoicing.js compiles the sources first.
    fs.rmSync(CURRENT_BUILD, { force: true });
    const rebuilt = await startServe([process.execPath, BIN, 'serve'], env);
    report('fresh build + start → /readyz', rebuilt.readyMs / 1000, 's', 15);
    await rebuilt.stop();
  } finally {
    await storage.remove();
  }
}

async function postgresApart(databaseUrl: string): Promise<void> {
  const storage = await benchStorage('runtime_pg', databaseUrl);
  const simulatorPort = await freePort();
  const simulator = spawn(process.execPath, [BIN, 'simulator'], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...storage.env, DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'bench-runtime-sim-')), SIMULATOR_PORT: String(simulatorPort) },
    stdio: 'ignore',
    detached: true,
  });
  try {
    for (let ok = false; !ok; await sleep(100)) {
      ok = await fetch(`http://127.0.0.1:${simulatorPort}/`).then(
        () => true,
        () => false,
      );
    }
    const serve = await startServe([process.execPath, BIN, 'serve'], { ...storage.env, SIMULATOR_URL: `http://127.0.0.1:${simulatorPort}` });
    report('idle RSS, PostgreSQL, simulator apart', (await idleRss(serve)) / MB, 'MB', 200, 0);
    await serve.stop();
  } finally {
    process.kill(-simulator.pid!, 'SIGTERM');
    await storage.remove();
  }
}

/** Wall time (s) and maximum RSS (MB) of one run of the CLI, through GNU time. */
function timeCli(args: string[]): { seconds: number; maxRssMb: number } {
  const started = performance.now();
  const run = spawnSync('/usr/bin/time', ['-f', '%M', process.execPath, BIN, ...args], { cwd: REPO_ROOT, encoding: 'utf8' });
  const seconds = (performance.now() - started) / 1000;
  if (run.status !== 0) throw new Error(`invoicing ${args.join(' ')}: ${run.stderr}`);
  const maxRssKb = Number(run.stderr.trim().split('\n').at(-1));
  return { seconds, maxRssMb: maxRssKb / 1024 };
}

function cliFigures(): void {
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  timeCli(['help']);
  const help = Array.from({ length: 5 }, () => timeCli(['help']));
  report('invoicing help, wall (median of 5)', median(help.map((run) => run.seconds)), 's', 0.3);
  if (!hasShared) {
    console.log('SKIP  invoicing cfdi cadena: the SAT samples are not present');
    return;
  }
  const cadena = Array.from({ length: 5 }, () => timeCli(['cfdi', 'cadena', SAMPLE]));
  report('invoicing cfdi cadena FILE, wall (median of 5)', median(cadena.map((run) => run.seconds)), 's', 0.5);
  report('invoicing cfdi cadena FILE, max RSS', Math.max(...cadena.map((run) => run.maxRssMb)), 'MB', 120, 0);
}

const invoiceBody = (profileId: string) =>
  JSON.stringify({
    fiscal_profile_id: profileId,
    payment_form: '03',
    customer: { rfc: 'URE180429TM6', name: 'UNIVERSIDAD ROBOTICA ESPAÑOLA', tax_regime: '601', postal_code: '86991', cfdi_use: 'G03' },
    items: [
      { product_key: '81112100', unit_key: 'E48', description: 'Consultoría', quantity: '2', unit_price: '750.00', taxes: [{ type: 'IVA', rate: '0.16' }] },
    ],
  });

/** The SAT's test CSD and FIEL of EKU9003173C9, as a fiscal profile's upload takes them. */
function satCredential(folder: string, rfc: string) {
  const dir = satPath('credentials', folder);
  return {
    cer_base64: fs.readFileSync(path.join(dir, `${rfc}.cer`)).toString('base64'),
    key_base64: fs.readFileSync(path.join(dir, `${rfc}.key`)).toString('base64'),
    password: fs.readFileSync(path.join(dir, 'password.txt'), 'utf8').trim(),
  };
}

/** The body of a fiscal profile with the SAT's test CSD and FIEL of EKU9003173C9. */
function satProfileBody(): string {
  return JSON.stringify({
    csd: satCredential('EKU9003173C9_CSD_30001000000500003416', 'EKU9003173C9'),
    fiel: satCredential('EKU9003173C9_FIEL_30001000000500003415', 'EKU9003173C9'),
    manifest_email: 'bench@example.com',
    tax_regime: '601',
    zip: '42501',
  });
}

/**
 * The memory a busy hour leaves: 32 clients create and stamp invoices for LOAD_SECONDS (as
 * bench/invoices.ts does), then the service idles; its RSS must stay ≤ 500 MB.
 */
async function afterInvoiceLoad(started: Started): Promise<void> {
  if (!hasShared) {
    console.log('SKIP  RSS after invoice load: the SAT test credentials are not present');
    return;
  }
  const json = { 'content-type': 'application/json' };
  const organization = (await (
    await patientFetch(`${started.baseUrl}/v1/organizations`, { method: 'POST', headers: json, body: JSON.stringify({ name: 'Load' }) })
  ).json()) as { keys: { test: { key: string } } };
  const key = organization.keys.test.key;
  const profile = await patientFetch(`${started.baseUrl}/v1/fiscal_profiles`, {
    method: 'POST',
    headers: { ...json, authorization: `Bearer ${key}` },
    body: satProfileBody(),
  });
  if (profile.status !== 201) throw new Error(`fiscal profile answered ${profile.status}`);
  const body = benchInvoiceBody(((await profile.json()) as { id: string }).id);
  const pid = started.pid;
  let peak = rssOf(pid);
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssOf(pid));
  }, 250);
  const until = performance.now() + LOAD_SECONDS * 1000;
  let stamped = 0;
  // A loaded machine may shed a stamp (503, counted and printed); the load goes on.
  const refused = new Map<string, number>();
  await Promise.all(
    Array.from({ length: 32 }, async () => {
      while (performance.now() < until) {
        try {
          await createAndStamp({ baseUrl: started.baseUrl, key }, body);
          stamped += 1;
        } catch (error) {
          const what = (error as Error).message.slice(0, 40);
          refused.set(what, (refused.get(what) ?? 0) + 1);
          await sleep(1000);
        }
      }
    }),
  );
  clearInterval(sampler);
  console.log(`  invoice load: ${stamped} invoices created and stamped by 32 clients in ${LOAD_SECONDS} s; peak RSS ${(peak / MB).toFixed(0)} MB`);
  for (const [what, n] of refused) console.log(`    ${n}× ${what}`);
  report('RSS after the invoice load and a minute idle', (await idleRss(started)) / MB, 'MB', 500, 0);
}

async function busyHost(): Promise<void> {
  if (!hasShared) {
    console.log('SKIP  busy host: the SAT test credentials are not present');
    return;
  }
  const hogs = [0, 1].map(() => spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' }));
  const storage = await benchStorage('runtime_busy', undefined);
  const statuses = new Map<number, number>();
  // Each 5xx by operation and code, to tell what refused.
  const refusals = new Map<string, number>();
  let failed = 0;
  try {
    await sleep(1000);
    const serve = await startServe([process.execPath, BIN, 'serve'], storage.env);
    console.log(`  busy host: /readyz after ${(serve.readyMs / 1000).toFixed(2)} s`);
    const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
    const call = async (method: string, url: string, headers: Record<string, string>, body?: string) => {
      try {
        const response = await fetch(`${serve.baseUrl}${url}`, { method, headers, ...(body ? { body } : {}) });
        count(response.status);
        const json = (await response.json().catch(() => ({}))) as { id?: string; code?: string; keys?: { test: { key: string } } };
        const what = `${method} ${url.replace(/inv_\w+/, '{id}')} ${json.code}`;
        if (response.status >= 500) refusals.set(what, (refusals.get(what) ?? 0) + 1);
        return { status: response.status, json };
      } catch {
        failed += 1;
        return { status: 0, json: {} };
      }
    };
    const json = { 'content-type': 'application/json' };
    const organization = await call('POST', '/v1/organizations', json, JSON.stringify({ name: 'Busy host' }));
    const key = organization.json.keys!.test.key;
    const auth = { authorization: `Bearer ${key}` };
    const profile = await call('POST', '/v1/fiscal_profiles', { ...auth, ...json }, satProfileBody());
    if (profile.status !== 201) throw new Error(`fiscal profile answered ${profile.status}`);
    const validation = JSON.stringify({ xml_base64: fs.readFileSync(SAMPLE).toString('base64') });
    const pending: Promise<unknown>[] = [];
    const start = performance.now();
    // Twenty requests a second: each second one create + stamp (two), one validation, seventeen GETs.
    for (let second = 0; second < BUSY_SECONDS; second += 1) {
      pending.push(
        call('POST', '/v1/invoices', { ...auth, ...json }, invoiceBody(profile.json.id!)).then((created) =>
          created.status === 201 ? call('POST', `/v1/invoices/${created.json.id}/stamp`, auth) : undefined,
        ),
      );
      pending.push(call('POST', '/v1/validations', { ...auth, ...json }, validation));
      for (let index = 0; index < 17; index += 1) {
        pending.push(call('GET', ['/v1/invoices', '/v1/fiscal_profiles', '/v1/validations', '/v1/api_keys'][index % 4]!, auth));
        await sleep(Math.max(0, start + second * 1000 + ((index + 1) * 1000) / 18 - performance.now()));
      }
      await sleep(Math.max(0, start + (second + 1) * 1000 - performance.now()));
    }
    await Promise.all(pending);
    await serve.stop();
  } finally {
    for (const hog of hogs) hog.kill();
    await storage.remove();
  }
  const summary = [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`);
  console.log(`  busy host answers: ${summary.join(', ')}${failed ? `, ${failed} connection errors` : ''}`);
  for (const [what, n] of refusals) console.log(`    ${n}× ${what}`);
  report('busy host: 503 answers to 20 requests/s for 60 s after /readyz', statuses.get(503) ?? 0, '', 0, 0);
  report(
    'busy host: 5xx other than 503 and connection errors',
    [...statuses].filter(([status]) => status >= 500 && status !== 503).reduce((sum, [, n]) => sum + n, failed),
    '',
    0,
    0,
  );
}

console.log(
  `load average at start: ${os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')} (${os.availableParallelism()} cores)`,
);
// The long-running commands fix glibc's mmap threshold themselves where Node can replace its
// process image (bin/invoicing.js); on older Node only an operator's GLIBC_TUNABLES does.
const launcherFixes = typeof (process as { execve?: unknown }).execve === 'function';
console.log(
  `node ${process.version}; glibc mmap threshold: ${
    (process.env.GLIBC_TUNABLES ?? '').includes('mmap_threshold')
      ? `set by GLIBC_TUNABLES (${process.env.GLIBC_TUNABLES})`
      : launcherFixes
        ? "fixed by bin/invoicing.js, with V8's young generation (--max-semi-space-size=16)"
        : 'glibc default (this Node cannot restart in place)'
  }`,
);
cliFigures();
await embeddedStarts();
if (process.env.BENCH_DATABASE_URL) await postgresApart(process.env.BENCH_DATABASE_URL);
else console.log('SKIP  idle RSS on PostgreSQL: set BENCH_DATABASE_URL');
await busyHost();
console.log(
  `load average at end: ${os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}`,
);
const failures = rows.filter((row) => row.pass === false).length;
console.log(`${rows.length - failures} of ${rows.length} targets met`);
