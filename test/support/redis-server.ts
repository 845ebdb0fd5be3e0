import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { Redis } from 'ioredis';

const REDIS_SERVER_BINARY = process.env.REDIS_SERVER_BINARY ?? '/usr/bin/redis-server';

/** A reason to skip Redis tests, or false when a redis-server binary is available. */
export const skipWithoutRedis: string | false = fs.existsSync(REDIS_SERVER_BINARY)
  ? false
  : `redis-server not found at ${REDIS_SERVER_BINARY} (install the redis-server package or set REDIS_SERVER_BINARY)`;

export interface RedisServer {
  url: string;
  stop(): Promise<void>;
  /** Starts it again on the same port after `stop()` (empty: nothing is persisted); nothing when it runs. */
  start(): Promise<void>;
  /** Suspends the process (SIGSTOP): connections stay open and nothing answers, as a hung server. */
  freeze(): void;
  /** Resumes a frozen server (SIGCONT). */
  thaw(): void;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitForPing(url: string, child: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`redis-server exited with code ${child.exitCode}`);
    const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    client.on('error', () => {});
    try {
      await client.connect();
      if ((await client.ping()) === 'PONG') return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      client.disconnect();
    }
  }
  throw new Error('redis-server did not answer PING');
}

/** Starts a throw-away redis-server on a free loopback port, with no persistence at all. */
export async function startRedisServer(): Promise<RedisServer> {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  const start = async () => {
    if (child && child.exitCode === null) return;
    const started = spawn(REDIS_SERVER_BINARY, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    child = started;
    try {
      await waitForPing(url, started);
    } catch (error) {
      started.kill('SIGKILL');
      throw error;
    }
  };
  await start();
  return {
    url,
    start,
    freeze: () => child?.kill('SIGSTOP'),
    thaw: () => child?.kill('SIGCONT'),
    stop: () =>
      new Promise<void>((resolve) => {
        if (!child || child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
