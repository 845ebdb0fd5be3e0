/**
 * A server in a child process, for kill -9 tests: started from a test entry that prints
 * `ready <port>`, called over HTTP, where a killed server shows as 'connection lost'.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { REPO_ROOT } from './shared.ts';

export interface ChildServer {
  port: number;
  child: ChildProcess;
  exited: Promise<NodeJS.Signals | number | null>;
}

/** Starts `entry` (a path under the repository) with `env` added to this process's environment. */
export async function startChildServer(entry: string, env: Record<string, string>): Promise<ChildServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code)));
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /ready (\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    });
    void exited.then((status) => reject(new Error(`the server exited (${String(status)}) before it was ready: ${errors}`)));
  });
  return { port, child, exited };
}

export interface CallOptions {
  key?: string;
  body?: unknown;
  idempotencyKey?: string;
}

// biome-ignore lint/suspicious/noExplicitAny: a test reads any member of an API answer
export type Answer = { status: number; body: any; raw: Buffer };

export async function call(server: ChildServer, method: string, url: string, options: CallOptions = {}): Promise<Answer | 'connection lost'> {
  try {
    const response = await fetch(`http://127.0.0.1:${server.port}${url}`, {
      method,
      headers: {
        ...(options.key ? { authorization: `Bearer ${options.key}` } : {}),
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {}),
      },
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    });
    const raw = Buffer.from(await response.arrayBuffer());
    const text = raw.toString('utf8');
    return { status: response.status, body: text.startsWith('{') ? JSON.parse(text) : text, raw };
  } catch {
    return 'connection lost';
  }
}

/** The call's body; fails the test on a lost connection or a status of 300 and above. */
// biome-ignore lint/suspicious/noExplicitAny: a test reads any member of an API answer
export async function ok(server: ChildServer, method: string, url: string, options: CallOptions = {}): Promise<any> {
  const response = await call(server, method, url, options);
  if (response === 'connection lost') assert.fail(`${method} ${url}: the connection was lost`);
  assert.ok(response.status < 300, `${method} ${url}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

/** The child's side: runs the worker, listens on a free port, prints `ready <port>`, closes on SIGTERM. */
export async function serveAsChild(app: {
  startWorker(): void;
  close(): Promise<void>;
  server: { listen(options: { host: string; port: number }): Promise<string>; server: { address(): unknown } };
}): Promise<void> {
  app.startWorker();
  await app.server.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.server.address() as { port?: number } | null;
  process.stdout.write(`ready ${address?.port ?? 0}\n`);
  process.on('SIGTERM', () => {
    void app.close().then(() => process.exit(0));
  });
}
