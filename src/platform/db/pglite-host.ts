/**
 * The embedded database's own thread. PGlite is PostgreSQL compiled to WebAssembly and runs on
 * whichever thread calls it: on the event loop, a statement that writes a megabyte of XML held
 * every tenant's requests for 65–180 ms (docs/decisions.md, "Performance limits"). Here it runs on
 * a worker thread; the main thread sends each statement with its values and gets its rows back
 * (pglite-driver.ts). Requests are answered strictly in the order they arrive.
 */
import { type MessagePort, parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { PreparedStatements, type StatementResult } from './pglite-statements.ts';

/** What the main thread asks; `id` pairs the answer with its request. */
export type HostCall =
  | { op: 'run'; sql: string; parameters: unknown[] }
  | { op: 'begin' | 'commit' | 'rollback' | 'forget' | 'close' }
  | { op: 'exec'; script: string };
export type HostRequest = HostCall & { id: number };

/** A statement's result, a command tag (COMMIT answers ROLLBACK after an error), or a script's rows. */
export type HostResult = StatementResult | string | undefined | Record<string, unknown>[];

export type HostAnswer = { id: number; roundTrips: number; result: HostResult } | { id: number; roundTrips: number; error: SerializedError };

/** An error's message and its own fields (PostgreSQL's `code`, `detail`, `constraint`, …). */
export type SerializedError = { message: string; name: string } & Record<string, unknown>;

export interface HostData {
  /** PGlite's directory; in memory when absent. */
  dataDir: string | undefined;
}

function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === 'function') continue;
    // Only what a structured clone carries as is; nested errors and objects become text.
    fields[key] = typeof value === 'object' && value !== null ? String(value) : value;
  }
  return { ...fields, name: error.name, message: error.message };
}

/**
 * PostgreSQL's memory settings for the embedded database. Its defaults (128 MB of shared buffers)
 * are a server's; here the operating system's page cache already holds the files, and every
 * megabyte of PGlite's WebAssembly memory, once touched, stays with the process
 * (docs/decisions.md, "Memory").
 */
// max_wal_size: a checkpoint every 128 MB of WAL, so that loading the shipped catalogs (a few
// hundred megabytes of WAL) does not leave as much on disk until the next one.
export const PGLITE_SETTINGS = ['shared_buffers=16MB', 'wal_buffers=1MB', 'temp_buffers=4MB', 'max_wal_size=128MB'];

async function serve(port: MessagePort, { dataDir }: HostData): Promise<void> {
  // int8 values in this schema are small enough for a JS number (as on PostgreSQL, database.ts).
  const pglite = new PGlite(dataDir, { parsers: { 20: (value: string) => Number(value) }, postgresqlconf: PGLITE_SETTINGS });
  await pglite.waitReady;
  const statements = new PreparedStatements(pglite);
  let inTransaction = false;

  async function answer(request: HostRequest): Promise<HostResult> {
    switch (request.op) {
      case 'run':
        return statements.run(request.sql, request.parameters, inTransaction);
      case 'begin':
        await statements.simple('BEGIN');
        inTransaction = true;
        return undefined;
      case 'commit':
      case 'rollback':
        try {
          return await statements.simple(request.op.toUpperCase());
        } finally {
          inTransaction = false;
        }
      case 'exec': {
        const results = await pglite.exec(request.script);
        return results.flatMap((item) => item.rows as Record<string, unknown>[]);
      }
      case 'forget':
        statements.forget();
        return undefined;
      case 'close':
        if (!pglite.closed) await pglite.close();
        return undefined;
    }
  }

  let queue: Promise<void> = Promise.resolve();
  port.on('message', (request: HostRequest) => {
    queue = queue.then(async () => {
      try {
        const result = await answer(request);
        port.postMessage({ id: request.id, roundTrips: statements.roundTrips, result } satisfies HostAnswer);
      } catch (error) {
        port.postMessage({ id: request.id, roundTrips: statements.roundTrips, error: serializeError(error) } satisfies HostAnswer);
      }
      if (request.op === 'close') port.close();
    });
  });
  port.postMessage({ ready: true });
}

/**
 * Creates a database directory and exits: run as a short-lived process by the driver when the
 * directory is new. PostgreSQL's initdb grows PGlite's WebAssembly memory to about 800 MB, which
 * a process never gives back; the serving thread then opens the created directory at about a
 * fifth of that.
 */
async function create(dataDir: string): Promise<void> {
  const pglite = new PGlite(dataDir, { postgresqlconf: PGLITE_SETTINGS });
  await pglite.waitReady;
  await pglite.close();
}

if (parentPort) {
  // A database that cannot be opened ends the thread with its error (an unhandled rejection), which
  // the driver reports to whoever opened it.
  void serve(parentPort, workerData as HostData);
} else {
  const [flag, dataDir] = process.argv.slice(2);
  if (flag !== '--create' || !dataDir) throw new Error('pglite-host runs as a worker thread, or as `pglite-host --create DIR` (see pglite-driver.ts).');
  create(dataDir).catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  });
}
