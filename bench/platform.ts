// Authenticated GET throughput and latency against a Fastify hello-world measured in the same run.
// Each server runs in its own process; autocannon drives both with the same load.
// Usage: npx tsx bench/platform.ts [--seconds 10] [--connections 32]   (DATABASE_URL for PostgreSQL)
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? Number(args[index + 1]) : fallback;
};
const seconds = option('seconds', 10);
const connections = option('connections', 32);
const TARGET_RATIO = 0.4;

async function startServer(script: string): Promise<{ child: ChildProcess; info: Record<string, string | number> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], { stdio: ['ignore', 'pipe', 'inherit'], env: process.env });
  const line = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
  return { child, info: JSON.parse(line) };
}

async function load(url: string, headers: Record<string, string>) {
  // A short warm-up so JIT and caches settle before measuring.
  await autocannon({ url, headers, connections, duration: 2 });
  const result = await autocannon({ url, headers, connections, duration: seconds });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, total: result.requests.total };
}

async function measure(script: string, path: (info: Record<string, string | number>) => string, auth: boolean) {
  const { child, info } = await startServer(script);
  try {
    const headers: Record<string, string> = auth ? { authorization: `Bearer ${info.key}` } : {};
    return await load(`http://127.0.0.1:${info.port}${path(info)}`, headers);
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite';
console.log(`platform bench: ${connections} connections, ${seconds} s per run, ${database}`);
const hello = await measure('bench/servers/hello.ts', () => '/hello', false);
const api = await measure('bench/servers/api.ts', (info) => `/v1/api_keys/${info.keyId}`, true);
const ratio = api.rps / hello.rps;
console.log(`hello-world           ${hello.rps.toFixed(0).padStart(7)} req/s  p50 ${hello.p50} ms  p99 ${hello.p99} ms`);
console.log(`GET /v1/api_keys/{id} ${api.rps.toFixed(0).padStart(7)} req/s  p50 ${api.p50} ms  p99 ${api.p99} ms  (authenticated, ${database})`);
console.log(`ratio ${(ratio * 100).toFixed(1)}% of hello-world (target ≥ ${TARGET_RATIO * 100}%): ${ratio >= TARGET_RATIO ? 'met' : 'NOT met'}`);
