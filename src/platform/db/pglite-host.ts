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

async function serve(port: MessagePort, { dataDir }: HostData): Promise<void> {
  // int8 values in this schema are small enough for a JS number (as on PostgreSQL, database.ts).
  const pglite = new PGlite(dataDir, { parsers: { 20: (value: string) => Number(value) } });
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

if (!parentPort) throw new Error('pglite-host.ts runs as a worker thread (see pglite-driver.ts).');
// A database that cannot be opened ends the thread with its error (an unhandled rejection), which
// the driver reports to whoever opened it.
void serve(parentPort, workerData as HostData);
