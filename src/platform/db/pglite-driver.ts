/**
 * Kysely on the embedded database, which runs on a worker thread of its own (pglite-host.ts): the
 * event loop only sends statements and receives rows, so a large write no longer holds every
 * tenant's requests while PostgreSQL works on it.
 *
 * PGlite has a single connection. The driver keeps one lock on the main thread, taken when Kysely
 * acquires the connection (for one statement, or for a transaction from before BEGIN to after
 * COMMIT or ROLLBACK) and released when Kysely releases it, so statements never interleave with
 * another request's transaction. Kysely's own mutex for single-connection databases would do the
 * same out of sight; it is left off so that the queue is the driver's, and metrics can count it.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { Mutex } from '@electric-sql/pglite';
import {
  type CompiledQuery,
  PGliteAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';
import { processArguments, startThread } from '../runtime/layout.ts';
import { WaitTracker } from '../wait-tracker.ts';
import type { HostAnswer, HostCall, HostData, HostRequest, HostResult } from './pglite-host.ts';
import type { StatementResult } from './pglite-statements.ts';
import { DatabaseUnavailableError } from './unavailable.ts';

/**
 * A value as the worker can receive it: what a structured clone carries unchanged stays as it is
 * (text, numbers, dates, bytes, arrays and plain objects for json); any other object (a decimal, a
 * class with `toString`) becomes its text here, as PGlite's serializer would have made it.
 */
function transferable(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Date || ArrayBuffer.isView(value)) return value;
  if (Array.isArray(value)) return value.map(transferable);
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype === Object.prototype || prototype === null) return value;
  return String(value);
}

function rebuiltError(serialized: Extract<HostAnswer, { error: unknown }>['error']): Error {
  const { message, name, ...fields } = serialized;
  const error = Object.assign(new Error(message), fields);
  if (name !== 'Error') error.name = name;
  return error;
}

/**
 * The V8 heap of the database's thread. Its JavaScript only passes statements and rows between
 * the main thread and PGlite, so a young generation of 4 MB is plenty; V8's default grows it to
 * 16–32 MB per thread, and each thread's JavaScript heap then holds about 55 MB instead of 28
 * (docs/decisions.md, "Memory").
 */
export const PGLITE_THREAD_LIMITS = { maxYoungGenerationSizeMb: 4 } as const;

/** Runs `pglite-host --create DIR` in a process of its own (pglite-host.ts says why). */
async function createDirectory(dataDir: string): Promise<void> {
  const child = spawn(process.execPath, processArguments('pglite-host', ['--create', dataDir]), { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (text: string) => {
    stderr = (stderr + text).slice(-4000);
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`Creating the embedded database in ${dataDir} failed (exit code ${code}): ${stderr.trim()}`);
}

/**
 * The worker thread and its requests in flight. A thread that stops unasked (a crash of the
 * WebAssembly engine, memory exhausted) cannot be replaced in place: every call from then on
 * fails with DatabaseUnavailableError and the `onLost` listeners are told, so that the process
 * can exit and be restarted by its supervisor (docs/decisions.md, "Outages").
 */
export class PgliteHost {
  private readonly pending = new Map<number, { resolve(result: HostResult): void; reject(error: Error): void }>();
  private readonly lostListeners: Array<(error: Error) => void> = [];
  private sequence = 0;
  private failure: Error | undefined;
  private closing: Promise<void> | undefined;
  /** Passes through PGlite's protocol so far, as the worker last reported them. */
  roundTrips = 0;
  /** Held for each statement outside a transaction and for the whole of a transaction. */
  readonly lock = new Mutex();
  /** Those waiting for the lock (load shedding reads how long the oldest has waited). */
  readonly waiting = new WaitTracker('database');

  private constructor(private readonly worker: Worker) {
    worker.on('message', (answer: HostAnswer) => this.settle(answer));
    worker.on('error', (error) => this.fail(new DatabaseUnavailableError(`The embedded database's thread failed: ${error.message}`, { cause: error })));
    worker.on('exit', (code) => this.fail(new DatabaseUnavailableError(`The embedded database's thread stopped (exit code ${code}).`)));
  }

  /** Calls `listener` once if the thread stops without having been closed. */
  onLost(listener: (error: Error) => void): void {
    this.lostListeners.push(listener);
  }

  /** Starts the thread and waits until PGlite is ready (its directory created first when new). */
  static async start(dataDir: string | undefined): Promise<PgliteHost> {
    if (dataDir && !fs.existsSync(path.join(dataDir, 'PG_VERSION'))) await createDirectory(dataDir);
    const worker = startThread('pglite-host', { dataDir } satisfies HostData, PGLITE_THREAD_LIMITS);
    await new Promise<void>((resolve, reject) => {
      const failed = (error: Error) => reject(error);
      const exited = (code: number) => reject(new Error(`The embedded database's thread stopped while opening (exit code ${code}).`));
      worker.once('error', failed);
      worker.once('exit', exited);
      worker.once('message', () => {
        worker.off('error', failed);
        worker.off('exit', exited);
        resolve();
      });
    });
    // An idle database thread does not keep the process alive; one with work in flight does.
    worker.unref();
    return new PgliteHost(worker);
  }

  call(request: HostCall & { op: 'run' }): Promise<StatementResult>;
  call(request: HostCall): Promise<HostResult>;
  call(request: HostCall): Promise<HostResult> {
    if (this.failure) return Promise.reject(this.failure);
    this.sequence += 1;
    const id = this.sequence;
    if (this.pending.size === 0) this.worker.ref();
    return new Promise<HostResult>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...request, id } satisfies HostRequest);
    });
  }

  /** Calls sent to the thread and not yet answered. */
  get inFlight(): number {
    return this.pending.size;
  }

  /** Stops the thread after PGlite has closed its files; closing again waits for the same end. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      if (this.failure) return;
      try {
        await this.call({ op: 'close' });
      } finally {
        this.failure = new DatabaseUnavailableError('The embedded database is closed.');
        await this.worker.terminate();
      }
    })();
    return this.closing;
  }

  private settle(answer: HostAnswer): void {
    const waiting = this.pending.get(answer.id);
    if (!waiting) return;
    this.pending.delete(answer.id);
    if (this.pending.size === 0) this.worker.unref();
    this.roundTrips = answer.roundTrips;
    if ('error' in answer) waiting.reject(rebuiltError(answer.error));
    else waiting.resolve(answer.result);
  }

  private fail(error: Error): void {
    const lost = this.failure === undefined && this.closing === undefined;
    this.failure ??= error;
    for (const waiting of this.pending.values()) waiting.reject(this.failure);
    this.pending.clear();
    if (lost) for (const listener of this.lostListeners) listener(error);
  }
}

/**
 * One use of the embedded database's single connection: Kysely acquires it for a statement, or
 * for a transaction from BEGIN to COMMIT, and the lock it holds meanwhile keeps every other
 * request's statements out until it is released.
 */
class HostConnection implements DatabaseConnection {
  constructor(
    private readonly host: PgliteHost,
    readonly release: () => void,
  ) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.host.call({ op: 'run', sql: compiled.sql, parameters: compiled.parameters.map(transferable) });
    return result as QueryResult<R>;
  }

  // biome-ignore lint/correctness/useYield: Kysely requires the method; PGlite has no cursor to stream from.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming is not supported by PGlite.');
  }

  async finish(command: 'commit' | 'rollback'): Promise<void> {
    const tag = await this.host.call({ op: command });
    // COMMIT of a transaction a failed statement aborted answers ROLLBACK (PostgreSQL 25P02).
    if (command === 'commit' && tag === 'ROLLBACK') {
      throw Object.assign(new Error('The transaction was aborted by an earlier error and rolled back'), { code: '25P02' });
    }
  }
}

class HostDriver implements Driver {
  constructor(private readonly host: PgliteHost) {}

  async init(): Promise<void> {}

  /** Waits for the lock (counted: load shedding reads how long the oldest has waited). */
  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.host.waiting.wait(() => this.host.lock.acquire());
    return new HostConnection(this.host, release);
  }

  async beginTransaction(): Promise<void> {
    await this.host.call({ op: 'begin' });
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as HostConnection).finish('commit');
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as HostConnection).finish('rollback');
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    (connection as HostConnection).release();
  }

  async destroy(): Promise<void> {
    await this.host.close();
  }
}

/**
 * Kysely serialises a single-connection dialect with a mutex of its own; this driver's lock does
 * that instead, so that the wait for the connection can be seen.
 */
class HostAdapter extends PGliteAdapter {
  override get supportsMultipleConnections(): boolean {
    return true;
  }
}

/** Kysely's dialect for the embedded database on its thread. */
export function pgliteHostDialect(host: PgliteHost): Dialect {
  const driver = new HostDriver(host);
  return {
    createAdapter: () => new HostAdapter(),
    createDriver: () => driver,
    createIntrospector: (db: Kysely<any>) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  };
}
