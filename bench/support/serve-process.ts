// The compiled service as an operator runs it (`bin/invoicing.js serve`, or `npm start`), started
// by a benchmark in a process group of its own, and the resident memory of the process serving.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { REPO_ROOT } from '../../test/support/shared.ts';
import { waitUntilReady } from './bench-kit.ts';

export const BIN = path.join(REPO_ROOT, 'bin', 'invoicing.js');

/** The resident set of a process, in bytes (Linux). */
export function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

/**
 * A port the kernel just handed out as free (listen on port 0, then close). Another process may
 * still take it before the service listens on it: startServe checks which process listens and
 * starts again on another port.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface Started {
  child: ChildProcess;
  /** The process that listens on the service's port (not npm's, nor a shell's). */
  pid: number;
  baseUrl: string;
  readyMs: number;
  stop(): Promise<void>;
}

/**
 * Starts `command` in a process group of its own and waits until /readyz answers 200 from a
 * process of that group. A port taken by someone else between freePort and the service's listen
 * (the service stops with EADDRINUSE, or a stranger answers /readyz) means another port, up to
 * three times.
 */
export async function startServe(command: string[], env: Record<string, string>): Promise<Started> {
  for (let attempt = 1; ; attempt += 1) {
    const port = await freePort();
    try {
      return await startOn(port, command, env);
    } catch (error) {
      if (!(error instanceof PortTaken) || attempt === 3) throw error;
      console.log(`  port ${port} was taken by another process; starting again on another port`);
    }
  }
}

class PortTaken extends Error {}

async function startOn(port: number, command: string[], env: Record<string, string>): Promise<Started> {
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
  const stop = async () => {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      return;
    }
    await exited;
  };
  try {
    await waitUntilReady(child, baseUrl, command.join(' '), { pollMs: 25, timeoutMs: 180_000, detail: () => stderr });
  } catch (error) {
    await stop();
    throw stderr.includes('EADDRINUSE') ? new PortTaken(`port ${port} is in use`) : error;
  }
  const readyMs = performance.now() - started;
  const pid = listeningPid(port, child.pid!);
  if (pid === undefined) {
    await stop();
    throw new PortTaken(`no process started by ${command.join(' ')} listens on port ${port}`);
  }
  return { child, pid, baseUrl, readyMs, stop };
}

/**
 * The process among `root` and its descendants that listens on TCP `port`: `npm start` runs the
 * service as a child of npm (through a shell), and the launcher may replace its process image.
 * Linux's /proc/net/tcp{,6} give the listening socket's inode, and the process holding it is the
 * one with a descriptor on `socket:[inode]`.
 */
function listeningPid(port: number, root: number): number | undefined {
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!fs.existsSync(table)) continue;
    for (const line of fs.readFileSync(table, 'utf8').trim().split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      // local_address is ADDRESS:PORT in hexadecimal; state 0A is LISTEN.
      if (Number.parseInt(fields[1]!.split(':')[1]!, 16) === port && fields[3] === '0A') inodes.add(fields[9]!);
    }
  }
  const holds = (pid: number) => {
    try {
      return fs.readdirSync(`/proc/${pid}/fd`).some((fd) => {
        const target = fs.readlinkSync(`/proc/${pid}/fd/${fd}`, { encoding: 'utf8' }).match(/^socket:\[(\d+)\]$/)?.[1];
        return target !== undefined && inodes.has(target);
      });
    } catch {
      return false;
    }
  };
  const children = (pid: number): number[] => {
    try {
      return fs
        .readdirSync(`/proc/${pid}/task`)
        .flatMap((task) => fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number));
    } catch {
      return [];
    }
  };
  const queue = [root];
  while (queue.length > 0) {
    const pid = queue.shift()!;
    if (holds(pid)) return pid;
    queue.push(...children(pid));
  }
  return undefined;
}
