// Scaling out on PostgreSQL: invoice create + stamp throughput and latency with `invoicing serve
// --processes N --workers 1` (the build, as deployed) for N = 1 and N = 2 in the same run, the
// SAT/PAC simulator in a process of its own (the test-mode PAC), each N on a fresh database.
// Against the same ceiling as bench/invoices.ts: each stamp costs two RSA signatures (the issuer's
// Sello and the PAC's SelloSAT), so the ceiling is the raw crypto.sign rate / 2, measured in this
// run on the CSD's own key. Targets on 2 cores: N = 2 ≥ 1.5 × N = 1, N = 2 ≥ 12% of the ceiling,
// p99 ≤ 300 ms. The machine must be quiet (load below 2) for the figures to mean anything.
// Usage: DATABASE_URL=postgres://… npx tsx bench/scale.ts [--seconds 10] [--clients 12] [--rounds 2] [--processes 2]
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { createPrivateKey, sign, type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import {
  askServer,
  benchInvoiceBody,
  benchStorage,
  createAndStamp,
  createIssuerWith,
  type IssuedCredential,
  numberOption,
  percentile,
  waitUntilReady,
} from './support/bench-kit.ts';
import { freePort } from './support/serve-process.ts';

const seconds = numberOption('seconds', 10);
const clients = numberOption('clients', 12);
const rounds = numberOption('rounds', 2);
const most = numberOption('processes', 2);
const SIGN_CONCURRENCY = 4; // libuv's default thread pool size
const TARGETS = { speedup: 1.5, ceilingPercent: 12, p99Ms: 300 };
const ROOT = fileURLToPath(new URL('..', import.meta.url));

const format = (value: number, digits = 1) => value.toLocaleString('en-US', { maximumFractionDigits: digits });
const line = (label: string, value: string) => console.log(`${label.padEnd(64)} ${value}`);
const verdict = (met: boolean) => (met ? 'met' : 'NOT met');

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error('bench/scale.ts runs on PostgreSQL: set DATABASE_URL to a server where it may create (and drop) databases.');
  process.exit(2);
}

/** Raw async RSA-SHA256 signatures per second with one cached key, 4 in flight. */
async function rawSignRate(key: KeyObject, budgetMs: number): Promise<number> {
  const data = Buffer.from(`||4.0|A|1|2026-07-15T12:00:00|03|30001000000500003416|1000.00|MXN|1160.00|I|01|PUE|42501|${'x'.repeat(400)}||`);
  let count = 0;
  const start = performance.now();
  const worker = async () => {
    while (performance.now() - start < budgetMs) {
      await new Promise<void>((resolve, reject) => sign('sha256', data, key, (error) => (error ? reject(error) : resolve())));
      count += 1;
    }
  };
  await Promise.all(Array.from({ length: SIGN_CONCURRENCY }, worker));
  return count / ((performance.now() - start) / 1000);
}

// CPU time per process from /proc (Linux): where each invoice's CPU goes, which hardly depends on
// what else the machine runs, unlike throughput. Clock ticks are 1/100 s on Linux.
const TICK_MS = 10;

/** CPU milliseconds (user + system, all threads) of each process, by pid. */
function cpuOf(pids: readonly number[]): Map<number, number> {
  const times = new Map<number, number>();
  for (const pid of pids) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      times.set(pid, (Number(fields[11]) + Number(fields[12])) * TICK_MS);
    } catch {
      // The process is gone.
    }
  }
  return times;
}

/** `root` and every process under it, each with what it runs (its command line). */
function processTree(root: number): Map<number, string> {
  const parents = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // The process is gone.
    }
  }
  const tree = new Map<number, string>();
  const visit = (pid: number) => {
    tree.set(pid, fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' '));
    for (const [child, parent] of parents) if (parent === pid) visit(child);
  };
  visit(root);
  return tree;
}

type Role = 'API processes' | 'job worker' | 'supervisor' | 'simulator' | 'PostgreSQL' | 'bench clients';

interface CpuSnapshot {
  roles: Map<number, Role>;
  times: Map<number, number>;
  clients: NodeJS.CpuUsage;
}

async function cpuSnapshot(service: Service, simulatorPid: number): Promise<CpuSnapshot> {
  const roles = new Map<number, Role>();
  for (const [pid, command] of processTree(service.pid)) {
    if (/ worker$/.test(command)) roles.set(pid, 'job worker');
    else if (pid === service.pid) roles.set(pid, 'supervisor');
    else if (/ serve /.test(command)) roles.set(pid, 'API processes');
  }
  roles.set(simulatorPid, 'simulator');
  for (const pid of await service.databaseBackends()) roles.set(pid, 'PostgreSQL');
  return { roles, times: cpuOf([...roles.keys()]), clients: process.cpuUsage() };
}

/** CPU milliseconds spent by each role between two snapshots (a process started meanwhile counts whole). */
function cpuSpent(before: CpuSnapshot, after: CpuSnapshot): Map<Role, number> {
  const spent = new Map<Role, number>();
  for (const [pid, role] of after.roles) {
    const delta = (after.times.get(pid) ?? 0) - (before.times.get(pid) ?? 0);
    spent.set(role, (spent.get(role) ?? 0) + Math.max(0, delta));
  }
  const clients = process.cpuUsage(before.clients);
  spent.set('bench clients', (clients.user + clients.system) / 1000);
  return spent;
}

interface Service {
  /** The supervisor's pid. */
  pid: number;
  /** The PostgreSQL server processes serving this service's database. */
  databaseBackends(): Promise<number[]>;
  baseUrl: string;
  key: string;
  profileId: string;
  stop(): Promise<void>;
}

/** `invoicing serve --processes N --workers 1` on a fresh database, with an issuer made through its API. */
async function startService(processes: number, simulatorUrl: string, csd: IssuedCredential, fiel: IssuedCredential): Promise<Service> {
  const storage = await benchStorage(`scale_${processes}`, databaseUrl);
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['bin/invoicing.js', 'serve', '--processes', String(processes), '--workers', '1'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      ...storage.env,
      PORT: String(port),
      SIMULATOR_URL: simulatorUrl,
      // Throughput under a saturating load: nothing is shed (503) to keep the event loop responsive.
      LOAD_SHED_QUEUE_MS: '0',
      RATE_LIMIT_READ_BURST: '1000000',
      RATE_LIMIT_READ_PER_SECOND: '1000000',
      RATE_LIMIT_WRITE_BURST: '1000000',
      RATE_LIMIT_WRITE_PER_SECOND: '1000000',
    },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitUntilReady(child, baseUrl, `serve --processes ${processes}`, { pollMs: 100, timeoutMs: 120_000 });
  const { key, profileId } = await createIssuerWith(baseUrl, csd, fiel);
  const monitor = new pg.Client({ connectionString: storage.env.DATABASE_URL });
  await monitor.connect();
  return {
    pid: child.pid!,
    async databaseBackends() {
      const backends = await monitor.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');
      return backends.rows.map((row) => row.pid);
    },
    baseUrl,
    key,
    profileId,
    async stop() {
      await monitor.end();
      child.kill('SIGTERM');
      await exited;
      await storage.remove();
    },
  };
}

async function load(service: Service, budgetMs: number): Promise<{ perSecond: number; latencies: number[] }> {
  const body = benchInvoiceBody(service.profileId);
  const latencies: number[] = [];
  const start = performance.now();
  const client = async () => {
    while (performance.now() - start < budgetMs) latencies.push(await createAndStamp(service, body));
  };
  await Promise.all(Array.from({ length: clients }, client));
  return { perSecond: latencies.length / ((performance.now() - start) / 1000), latencies };
}

interface Result {
  processes: number;
  perSecond: number;
  p50: number;
  p99: number;
  count: number;
  /** CPU milliseconds per invoice by role, in the best round. */
  cpuPerInvoice: Map<Role, number>;
}

async function measure(processes: number, simulatorUrl: string, simulatorPid: number, csd: IssuedCredential, fiel: IssuedCredential): Promise<Result> {
  const service = await startService(processes, simulatorUrl, csd, fiel);
  try {
    // Warm-up: every process reads the key, the profile and its CSD once, and compiles its code paths.
    await load(service, 3_000);
    let best: { perSecond: number; latencies: number[]; cpu: Map<Role, number> } | undefined;
    for (let round = 0; round < rounds; round += 1) {
      const before = await cpuSnapshot(service, simulatorPid);
      const measured = await load(service, seconds * 1000);
      const cpu = cpuSpent(before, await cpuSnapshot(service, simulatorPid));
      if (!best || measured.perSecond > best.perSecond) best = { ...measured, cpu };
    }
    const sorted = [...best!.latencies].sort((a, b) => a - b);
    const cpuPerInvoice = new Map([...best!.cpu].map(([role, ms]) => [role, ms / sorted.length]));
    return { processes, perSecond: best!.perSecond, p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), count: sorted.length, cpuPerInvoice };
  } finally {
    await service.stop();
  }
}

console.log(
  `node ${process.version}, ${os.availableParallelism()} CPUs, load average ${os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}; ${clients} clients, best of ${rounds} × ${seconds} s per N`,
);
const simulator = fork(fileURLToPath(new URL('./servers/simulator-process.ts', import.meta.url)), [], {
  execArgv: ['--import', 'tsx'],
  stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
});
try {
  const { url } = await askServer<{ url: string }>(simulator, 'ready');
  const { csd, fiel } = await askServer<{ csd: IssuedCredential; fiel: IssuedCredential }>(simulator, 'issue');
  const signingKey = createPrivateKey(csd.privateKeyPem);
  const ceiling = Math.max(await rawSignRate(signingKey, 3_000), await rawSignRate(signingKey, 3_000)) / 2;
  line(`raw crypto.sign rate / 2 (RSA-2048, ${SIGN_CONCURRENCY} in flight): the ceiling`, `${format(ceiling)} stamps/s`);
  const results: Result[] = [];
  const cores = os.availableParallelism();
  for (const processes of [1, most]) {
    const result = await measure(processes, url, simulator.pid!, csd, fiel);
    results.push(result);
    line(`N = ${processes}: create + stamp over HTTP`, `${format(result.perSecond)} invoices/s (${result.count} in the best round)`);
    line(
      `N = ${processes}: latency p50 / p99`,
      `${format(result.p50, 0)} ms / ${format(result.p99, 0)} ms (p99 target ≤ ${TARGETS.p99Ms} ms: ${verdict(result.p99 <= TARGETS.p99Ms)})`,
    );
    line(`N = ${processes}: throughput / two-signature ceiling`, `${((100 * result.perSecond) / ceiling).toFixed(1)}%`);
    // The budget: with every core busy, no run can exceed cores / (CPU per invoice), whatever N is.
    const total = [...result.cpuPerInvoice.values()].reduce((sum, ms) => sum + ms, 0);
    const parts = [...result.cpuPerInvoice].filter(([, ms]) => ms > 0).map(([role, ms]) => `${role} ${format(ms, 2)}`);
    line(`N = ${processes}: CPU ms per invoice`, `${format(total, 2)} (${parts.join(', ')})`);
    line(
      `N = ${processes}: at most, with ${cores} cores fully used`,
      `${format((cores * 1000) / total)} invoices/s = ${((100 * cores * 1000) / total / ceiling).toFixed(1)}% of the ceiling`,
    );
  }
  const [one, many] = [results[0]!, results[results.length - 1]!];
  const speedup = many.perSecond / one.perSecond;
  const percent = (100 * many.perSecond) / ceiling;
  line(`N = ${most} / N = 1`, `${speedup.toFixed(2)}× (target ≥ ${TARGETS.speedup}×: ${verdict(speedup >= TARGETS.speedup)})`);
  line(`N = ${most} share of the ceiling`, `${percent.toFixed(1)}% (target ≥ ${TARGETS.ceilingPercent}%: ${verdict(percent >= TARGETS.ceilingPercent)})`);
} finally {
  simulator.kill('SIGTERM');
}
