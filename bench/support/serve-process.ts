// The compiled service as an operator runs it (`bin/invoicing.js serve`, or `npm start`), started
// by a benchmark in a process group of its own, and the resident memory of the process serving.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { REPO_ROOT } from '../../test/support/shared.ts';
import { waitUntilReady } from './bench-kit.ts';

export const BIN = path.join(REPO_ROOT, 'bin', 'invoicing.js');

/** The resident set of a process, in bytes (Linux). */
export function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

export function freePort(): number {
  return 20_000 + Math.floor(Math.random() * 20_000);
}

export interface Started {
  child: ChildProcess;
  baseUrl: string;
  readyMs: number;
  stop(): Promise<void>;
}

/** Starts `command` in a process group of its own and waits until /readyz answers 200. */
export async function startServe(command: string[], env: Record<string, string>): Promise<Started> {
  const port = freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(command[0]!, command.slice(1), {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', BASE_URL: baseUrl, SIMULATOR_PORT: '0' },
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await waitUntilReady(child, baseUrl, command.join(' '), { pollMs: 25, timeoutMs: 180_000, detail: () => stderr });
  const readyMs = performance.now() - started;
  return {
    child,
    baseUrl,
    readyMs,
    async stop() {
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        return;
      }
      await exited;
    },
  };
}

/** The `node` process serving: `npm start` runs it as a child of npm's shell. */
export function servingPid(root: number): number {
  const children = (pid: number): number[] =>
    fs.existsSync(`/proc/${pid}/task/${pid}/children`)
      ? fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number)
      : [];
  const isServe = (pid: number) =>
    fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'node' &&
    fs
      .readFileSync(`/proc/${pid}/cmdline`, 'utf8')
      .split('\0')
      .some((arg) => arg === BIN || arg === 'bin/invoicing.js');
  const queue = [root];
  while (queue.length) {
    const pid = queue.shift()!;
    if (isServe(pid)) return pid;
    queue.push(...children(pid));
  }
  return root;
}
