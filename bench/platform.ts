// Authenticated GET throughput and latency against a Fastify hello-world measured in the same run.
// Each server runs in its own process; autocannon drives both with the same load. Both servers are
// compiled as the service's build is (scripts/build-server.mjs) and run with source maps on, as
// `npm start` runs the service; the API runs in the production configuration (bench/servers/api.ts).
// Usage: npx tsx bench/platform.ts [--seconds 10] [--connections 32] [--rounds 1] [--tsx]
//   --rounds N  alternates the two servers N times and prints every round's ratio
//   --tsx       runs the TypeScript sources through tsx instead (development)
//   DATABASE_URL for PostgreSQL; BENCH_LOG_LEVEL=info for the request logs operators get by
//   default (both servers log, to a file).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import * as esbuild from 'esbuild';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? Number(args[index + 1]) : fallback;
};
const seconds = option('seconds', 10);
const connections = option('connections', 32);
const rounds = option('rounds', 1);
const fromSources = args.includes('--tsx');
const TARGET_RATIO = 0.4;
const SERVERS = { hello: 'bench/servers/hello.ts', api: 'bench/servers/api.ts' };

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-bench-'));

/** The command that runs each server: its compiled entry (with the service's thread programs beside it), or its source. */
async function programs(): Promise<Record<keyof typeof SERVERS, string[]>> {
  if (fromSources) return { hello: ['--import', 'tsx', SERVERS.hello], api: ['--import', 'tsx', SERVERS.api] };
  // Inside the package, so that the build finds the package's files (migrations, catalogs) as dist/server/ does.
  const outdir = path.resolve('dist', 'bench', `platform-${process.pid}`);
  // A JavaScript module without type declarations: its one function is typed here.
  const buildScript: string = '../scripts/build-server.mjs';
  const { serverBuildOptions } = (await import(buildScript)) as {
    serverBuildOptions: (entryPoints: Record<string, string>, outdir: string) => esbuild.BuildOptions;
  };
  await esbuild.build(serverBuildOptions({ ...SERVERS, worker: 'src/worker.ts', 'pglite-host': 'src/platform/db/pglite-host.ts' }, outdir));
  process.on('exit', () => fs.rmSync(outdir, { recursive: true, force: true }));
  return { hello: ['--enable-source-maps', path.join(outdir, 'hello.js')], api: ['--enable-source-maps', path.join(outdir, 'api.js')] };
}

/** Starts a server, its output in a file (its request logs, when on, land there as in a log file); answers the line it prints. */
async function startServer(argv: string[]): Promise<{ child: ChildProcess; info: Record<string, string | number> }> {
  const output = path.join(scratch, `${path.basename(argv.at(-1)!)}.out`);
  const fd = fs.openSync(output, 'w');
  const child = spawn(process.execPath, argv, { stdio: ['ignore', fd, 'inherit'], env: process.env });
  fs.closeSync(fd);
  let exited: number | null | undefined;
  child.once('exit', (code) => {
    exited = code;
  });
  for (;;) {
    if (exited !== undefined) throw new Error(`${argv.at(-1)} exited with ${exited}`);
    // The server's line is the JSON with its port; Fastify's own log lines may come before it.
    for (const line of fs.readFileSync(output, 'utf8').split('\n')) {
      if (!line.startsWith('{')) continue;
      const parsed = JSON.parse(line) as Record<string, string | number>;
      if (parsed.port !== undefined && parsed.msg === undefined) return { child, info: parsed };
    }
    await sleep(100);
  }
}

/** CPU time a process has used, in µs (Linux; undefined elsewhere). */
function cpuMicros(pid: number): number | undefined {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime, in clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10_000;
  } catch {
    return undefined;
  }
}

async function load(url: string, headers: Record<string, string>, pid: number) {
  // A short warm-up so JIT and caches settle before measuring.
  await autocannon({ url, headers, connections, duration: 2 });
  const before = cpuMicros(pid);
  const result = await autocannon({ url, headers, connections, duration: seconds });
  const after = cpuMicros(pid);
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  const cpuPerRequest = before !== undefined && after !== undefined ? (after - before) / result.requests.total : undefined;
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, total: result.requests.total, cpuPerRequest };
}

async function measure(argv: string[], route: (info: Record<string, string | number>) => string, auth: boolean) {
  const { child, info } = await startServer(argv);
  try {
    const headers: Record<string, string> = auth ? { authorization: `Bearer ${info.key}` } : {};
    return await load(`http://127.0.0.1:${info.port}${route(info)}`, headers, child.pid!);
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite';
const logLevel = process.env.BENCH_LOG_LEVEL ?? 'silent';
const built = await programs();
console.log(
  `platform bench: ${connections} connections, ${seconds} s per run, ${database}, ${fromSources ? 'sources through tsx' : 'compiled'}, ` +
    `log level ${logLevel}, load average ${os.loadavg()[0]!.toFixed(1)}`,
);
const ratios: number[] = [];
for (let round = 1; round <= rounds; round += 1) {
  const hello = await measure(built.hello, () => '/hello', false);
  const api = await measure(built.api, (info) => `/v1/api_keys/${info.keyId}`, true);
  const ratio = api.rps / hello.rps;
  ratios.push(ratio);
  if (rounds > 1) console.log(`round ${round}`);
  console.log(`hello-world           ${hello.rps.toFixed(0).padStart(7)} req/s  p50 ${hello.p50} ms  p99 ${hello.p99} ms`);
  console.log(`GET /v1/api_keys/{id} ${api.rps.toFixed(0).padStart(7)} req/s  p50 ${api.p50} ms  p99 ${api.p99} ms  (authenticated, ${database})`);
  console.log(`ratio ${(ratio * 100).toFixed(1)}% of hello-world (target ≥ ${TARGET_RATIO * 100}%): ${ratio >= TARGET_RATIO ? 'met' : 'NOT met'}`);
  if (hello.cpuPerRequest !== undefined && api.cpuPerRequest !== undefined) {
    // What the ratio is when each server has a core to itself: the hello-world's CPU per request over the API's.
    const cpuRatio = hello.cpuPerRequest / api.cpuPerRequest;
    console.log(
      `server CPU per request: hello-world ${hello.cpuPerRequest.toFixed(1)} µs, API ${api.cpuPerRequest.toFixed(1)} µs: ` +
        `${(cpuRatio * 100).toFixed(1)}% (target ≥ ${TARGET_RATIO * 100}%): ${cpuRatio >= TARGET_RATIO ? 'met' : 'NOT met'}`,
    );
  }
}
if (rounds > 1) console.log(`ratios ${ratios.map((ratio) => `${(ratio * 100).toFixed(1)}%`).join(', ')}`);
fs.rmSync(scratch, { recursive: true, force: true });
