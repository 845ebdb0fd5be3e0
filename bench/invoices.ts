// Invoice create + stamp throughput and latency (p50/p99) with 32 concurrent HTTP clients, against
// the physical ceiling of the work: each stamp costs two RSA signatures (the issuer's Sello and the
// PAC's SelloSAT), so the ceiling is the raw crypto.sign rate / 2, measured in the same run on the
// same key size (target ≥ 25%). The service runs as an operator runs it (`bin/invoicing.js serve`,
// the build, default settings: load shedding on) on the embedded database (PGlite on disk in a
// temporary DATA_DIR); the SAT/PAC simulator, the test-mode PAC, runs in a process of its own so
// that the CPU of each invoice is told apart: the service's (what a deployment pays, its PAC being
// elsewhere), the simulator's (the PAC's stamp), the clients'. `serve` without SIMULATOR_URL runs
// the simulator in its own process; its CPU is the sum of the first two.
// With DATABASE_URL, the same again on PostgreSQL (a temporary database, dropped afterwards; the
// PostgreSQL server's own CPU is not counted).
// BENCH_SERVICE_EXEC_ARGV passes Node options to the service's process (e.g. `--cpu-prof`, which
// NODE_OPTIONS refuses).
// Usage: [BENCH_SERVICE_EXEC_ARGV=…] npx tsx bench/invoices.ts [--seconds 10] [--clients 32] [--rounds 3]
import { fork } from 'node:child_process';
import { createPrivateKey, sign, type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import {
  askServer,
  benchInvoiceBody,
  benchStorage,
  createAndStamp,
  createIssuerWith,
  type IssuedCredential,
  numberOption,
  percentile,
} from './support/bench-kit.ts';
import { BIN, startServe } from './support/serve-process.ts';

const seconds = numberOption('seconds', 10);
const clients = numberOption('clients', 32);
const rounds = numberOption('rounds', 3);
const SIGN_CONCURRENCY = 4; // libuv's default thread pool size
const TARGET_PERCENT = 25;
const TARGET_CPU_MS = 7;

const format = (value: number, digits = 1) => value.toLocaleString('en-US', { maximumFractionDigits: digits });
const line = (label: string, value: string) => console.log(`${label.padEnd(64)} ${value}`);

// CPU time per process from /proc (Linux), all threads, user + system; clock ticks are 1/100 s.
const TICK_MS = 10;
function ticksMs(statPath: string): number {
  const stat = fs.readFileSync(statPath, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}
const cpuMsOf = (pid: number) => ticksMs(`/proc/${pid}/stat`);
/** The CPU of a process's main thread alone (its JavaScript event loop). */
const mainThreadCpuMsOf = (pid: number) => ticksMs(`/proc/${pid}/task/${pid}/stat`);
function ownCpuMs(): number {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
}

/** Raw async RSA-SHA256 signatures per second with one cached key, 4 in flight, and the CPU of each. */
async function rawSignRate(key: KeyObject, budgetMs: number): Promise<{ perSecond: number; cpuMs: number }> {
  const data = Buffer.from(`||4.0|A|1|2026-07-15T12:00:00|03|30001000000500003416|1000.00|MXN|1160.00|I|01|PUE|42501|${'x'.repeat(400)}||`);
  let count = 0;
  const cpu = ownCpuMs();
  const start = performance.now();
  const worker = async () => {
    while (performance.now() - start < budgetMs) {
      await new Promise<void>((resolve, reject) => sign('sha256', data, key, (error) => (error ? reject(error) : resolve())));
      count += 1;
    }
  };
  await Promise.all(Array.from({ length: SIGN_CONCURRENCY }, worker));
  return { perSecond: count / ((performance.now() - start) / 1000), cpuMs: (ownCpuMs() - cpu) / count };
}

interface Service {
  pid: number;
  baseUrl: string;
  key: string;
  profileId: string;
  stop(): Promise<void>;
}

/** `bin/invoicing.js serve` on fresh storage, its PAC the simulator at `simulatorUrl`, with an issuer made through its API. */
async function startService(databaseUrl: string | undefined, simulatorUrl: string, csd: IssuedCredential, fiel: IssuedCredential): Promise<Service> {
  const storage = await benchStorage('invoices', databaseUrl);
  const execArgv = (process.env.BENCH_SERVICE_EXEC_ARGV ?? '').split(/\s+/).filter(Boolean);
  const started = await startServe([process.execPath, ...execArgv, BIN, 'serve'], {
    ...storage.env,
    SIMULATOR_URL: simulatorUrl,
    RATE_LIMIT_READ_BURST: '1000000',
    RATE_LIMIT_READ_PER_SECOND: '1000000',
    RATE_LIMIT_WRITE_BURST: '1000000',
    RATE_LIMIT_WRITE_PER_SECOND: '1000000',
  });
  const { baseUrl } = started;
  // A fresh DATA_DIR writes the shipped catalogs in the background after /readyz: that is no invoice's CPU.
  const from = performance.now();
  while (/"state":"loading"/.test(await (await fetch(`${baseUrl}/readyz`)).text())) {
    if (performance.now() - from > 900_000) throw new Error('the shipped catalogs were still loading after 15 minutes');
    await sleep(1000);
  }
  const loadingSeconds = (performance.now() - from) / 1000;
  if (loadingSeconds >= 1) console.log(`(the shipped catalogs finished loading ${loadingSeconds.toFixed(0)} s after /readyz)`);
  const { key, profileId } = await createIssuerWith(baseUrl, csd, fiel);
  return {
    pid: started.pid,
    baseUrl,
    key,
    profileId,
    async stop() {
      await started.stop();
      await storage.remove();
    },
  };
}

interface Round {
  perSecond: number;
  latencies: number[];
  /** CPU milliseconds per invoice: the service process, the simulator process, this process (the clients). */
  cpu: { service: number; serviceMain: number; simulator: number; clients: number };
}

async function load(service: Service, simulatorPid: number, budgetMs: number): Promise<Round> {
  const body = benchInvoiceBody(service.profileId);
  const latencies: number[] = [];
  const before = { service: cpuMsOf(service.pid), serviceMain: mainThreadCpuMsOf(service.pid), simulator: cpuMsOf(simulatorPid), clients: ownCpuMs() };
  const start = performance.now();
  const client = async () => {
    while (performance.now() - start < budgetMs) latencies.push(await createAndStamp(service, body));
  };
  await Promise.all(Array.from({ length: clients }, client));
  const elapsed = performance.now() - start;
  const count = latencies.length;
  return {
    perSecond: count / (elapsed / 1000),
    latencies,
    cpu: {
      service: (cpuMsOf(service.pid) - before.service) / count,
      serviceMain: (mainThreadCpuMsOf(service.pid) - before.serviceMain) / count,
      simulator: (cpuMsOf(simulatorPid) - before.simulator) / count,
      clients: (ownCpuMs() - before.clients) / count,
    },
  };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

async function section(title: string, databaseUrl: string | undefined, simulator: { url: string; pid: number; csd: IssuedCredential; fiel: IssuedCredential }) {
  console.log(`\n# ${title}`);
  const service = await startService(databaseUrl, simulator.url, simulator.csd, simulator.fiel);
  try {
    // Warm-up: the first invoices compile the code paths and read the profile and its CSD.
    for (let index = 0; index < clients; index += 1) await createAndStamp(service, benchInvoiceBody(service.profileId));
    const signingKey = createPrivateKey(simulator.csd.privateKeyPem);
    const measured: Round[] = [];
    let raw: { perSecond: number; cpuMs: number } | undefined;
    for (let round = 0; round < rounds; round += 1) {
      const signing = await rawSignRate(signingKey, 3_000);
      if (!raw || signing.perSecond > raw.perSecond) raw = signing;
      measured.push(await load(service, simulator.pid, seconds * 1000));
    }
    if (!raw || measured.length === 0) return;
    const best = measured.reduce((a, b) => (b.perSecond > a.perSecond ? b : a));
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
    // CPU time per operation hardly depends on what else the machine runs meanwhile: the median of the rounds.
    const serviceCpu = median(measured.map((round) => round.cpu.service));
    const simulatorCpu = median(measured.map((round) => round.cpu.simulator));
    const clientsCpu = median(measured.map((round) => round.cpu.clients));
    const perRound = measured.map((round) => format(round.cpu.service, 2)).join(', ');
    line(
      'CPU per invoice, service process (all threads), median of rounds',
      `${format(serviceCpu, 2)} ms (rounds: ${perRound}; target ≤ ${TARGET_CPU_MS} ms: ${serviceCpu <= TARGET_CPU_MS ? 'met' : 'NOT met'})`,
    );
    const mainCpu = median(measured.map((round) => round.cpu.serviceMain));
    line(
      '  of which its main thread / the other threads',
      `${format(mainCpu, 2)} / ${format(serviceCpu - mainCpu, 2)} ms (others: embedded database, pool, V8's GC and compiler, libuv)`,
    );
    line('CPU per invoice, the simulator (the PAC: SelloSAT, TFD)', `${format(simulatorCpu, 2)} ms`);
    line('CPU per invoice, service + simulator (as `serve` with it in-process)', `${format(serviceCpu + simulatorCpu, 2)} ms`);
    line('CPU per invoice, the 32 clients (this process)', `${format(clientsCpu, 2)} ms`);
    line('CPU of two raw signatures / service + simulator CPU (informational)', `${((200 * raw.cpuMs) / (serviceCpu + simulatorCpu)).toFixed(1)}%`);
  } finally {
    await service.stop();
  }
}

console.log(
  `node ${process.version}, ${os.cpus().length} CPUs, load average ${os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}`,
);
const simulatorProcess = fork(fileURLToPath(new URL('./servers/simulator-process.ts', import.meta.url)), [], {
  execArgv: ['--import', 'tsx'],
  stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
});
try {
  const { url } = await askServer<{ url: string }>(simulatorProcess, 'ready');
  const { csd, fiel } = await askServer<{ csd: IssuedCredential; fiel: IssuedCredential }>(simulatorProcess, 'issue');
  const simulator = { url, pid: simulatorProcess.pid!, csd, fiel };
  await section('Embedded database (PGlite on disk)', undefined, simulator);
  if (process.env.DATABASE_URL) await section('PostgreSQL (DATABASE_URL)', process.env.DATABASE_URL, simulator);
  else console.log('\n(set DATABASE_URL to run the same on PostgreSQL)');
} finally {
  simulatorProcess.disconnect();
}
