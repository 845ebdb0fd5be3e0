/**
 * A throw-away PostgreSQL server of the test's own, for outage tests: initdb into a temporary
 * folder, pg_ctl start on a free loopback port, `stop()` as a crash (`pg_ctl stop -m immediate`:
 * no shutdown checkpoint, every connection cut) and `start()` again on the same port. The shared
 * TEST_DATABASE_URL server is never stopped: other test files use it at the same time.
 *
 * PostgreSQL refuses to run as root; as root the server runs as the system user `.ci/run` uses.
 */
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

/** The newest /usr/lib/postgresql/<version>/bin, or POSTGRES_BIN_DIR. */
function postgresBinDir(): string | undefined {
  if (process.env.POSTGRES_BIN_DIR) return process.env.POSTGRES_BIN_DIR;
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return undefined;
  const versions = fs
    .readdirSync(root)
    .filter((name) => /^\d+$/.test(name))
    .sort((a, b) => Number(b) - Number(a));
  return versions.map((version) => path.join(root, version, 'bin')).find((dir) => fs.existsSync(path.join(dir, 'initdb')));
}

const BIN_DIR = postgresBinDir();
const SERVER_USER = 'invoicing-ci';

/** A reason to skip tests that run their own PostgreSQL server, or false when initdb and pg_ctl are there. */
export const skipWithoutPostgresBinaries: string | false =
  BIN_DIR && fs.existsSync(path.join(BIN_DIR, 'pg_ctl'))
    ? false
    : 'PostgreSQL server binaries (initdb, pg_ctl) not found under /usr/lib/postgresql/<version>/bin (install the postgresql package or set POSTGRES_BIN_DIR)';

export interface PostgresServer {
  /** `postgres://postgres@127.0.0.1:<port>/postgres`; the same across stop and start. */
  url: string;
  /** Kills the server as a crash would: `pg_ctl stop -m immediate`. */
  stop(): Promise<void>;
  /** Starts it again on the same port and data (nothing when it runs); resolves once it accepts connections. */
  start(): Promise<void>;
  /** Stops it and deletes its folder. */
  destroy(): Promise<void>;
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

const asRoot = process.getuid?.() === 0;

/**
 * Runs a PostgreSQL program, as SERVER_USER when this process is root. Asynchronously, so that
 * the traffic a test keeps up goes on while the server stops and starts.
 */
async function runServerProgram(program: string, args: string[]): Promise<void> {
  const binary = path.join(BIN_DIR!, program);
  if (!asRoot) {
    await run(binary, args);
    return;
  }
  const quoted = [binary, ...args].map((word) => `'${word.replaceAll("'", "'\\''")}'`).join(' ');
  await run('su', [SERVER_USER, '-s', '/bin/bash', '-c', quoted]);
}

function ensureServerUser(): void {
  try {
    execFileSync('id', ['-u', SERVER_USER], { stdio: 'ignore' });
  } catch {
    execFileSync('useradd', ['--system', '--no-create-home', SERVER_USER], { stdio: 'ignore' });
  }
}

async function waitForConnection(url: string): Promise<void> {
  let lastError: unknown;
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const client = new pg.Client({ connectionString: url });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.query('SELECT 1');
      return;
    } catch (error) {
      lastError = error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      await client.end().catch(() => {});
    }
  }
  throw new Error(`the test PostgreSQL server did not accept connections: ${String(lastError)}`);
}

/** initdb in a fresh temporary folder, then start the server on a free port. */
export async function startPostgresServer(): Promise<PostgresServer> {
  if (skipWithoutPostgresBinaries) throw new Error(skipWithoutPostgresBinaries);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'invoicing-pg-'));
  fs.chmodSync(folder, 0o755);
  if (asRoot) {
    ensureServerUser();
    execFileSync('chown', ['-R', SERVER_USER, folder]);
  }
  const dataDir = path.join(folder, 'data');
  await runServerProgram('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
  const port = await freePort();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const serverOptions = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50`;
  let running = false;
  const start = async () => {
    if (running) return;
    await runServerProgram('pg_ctl', ['-D', dataDir, '-o', serverOptions, '-l', path.join(folder, 'server.log'), '-w', 'start']);
    running = true;
    await waitForConnection(url);
  };
  const stop = async () => {
    if (!running) return;
    await runServerProgram('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
    running = false;
  };
  await start();
  return {
    url,
    start,
    stop,
    async destroy() {
      await stop();
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}
