import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { makePrivate } from '../data-dir.ts';
import { PgliteHost, pgliteHostDialect } from './pglite-driver.ts';
import { localChangeFeed, postgresChangeFeed, type ChangeFeed } from './changes.ts';
import type { Database } from './schema.ts';
import { type SaturationQueue, WaitTracker } from '../wait-tracker.ts';
import { DatabaseUnavailableError, isConnectionFailure } from './unavailable.ts';

export type Db = Kysely<Database>;

/** How busy the database's connections are, for metrics: a PostgreSQL pool, or the embedded database's one connection. */
export type DatabaseLoad =
  | { kind: 'postgres'; total: number; idle: number; waiting: number }
  /** `waiting`: statements and transactions waiting for the driver's lock; `inFlight`: calls sent to the thread and not answered. */
  | { kind: 'pglite'; waiting: number; inFlight: number };

/**
 * What differs between the engines that the rest of the service acts on. Modules read these, never
 * the engine's name (`kind`), so a cost difference is decided once, here.
 */
interface DatabaseCapabilities {
  /**
   * A transaction can wait for a lock another connection holds (a server's pool), so a wait needs a
   * bound (`SET LOCAL lock_timeout`), and that needs a transaction. False on the embedded database:
   * one connection, so no lock is ever waited for and a single statement needs no transaction.
   */
  waitsForLocks: boolean;
  /**
   * The engine keeps the planner's statistics by itself (PostgreSQL's autovacuum). False on the
   * embedded database, which runs no autovacuum: the service refreshes them after bulk writes
   * (statistics.ts, `noteBulkWrite`).
   */
  keepsStatistics: boolean;
}

export interface DatabaseHandle {
  db: Db;
  /** The engine, for what reports it (readiness, metrics); modules act on `capabilities` instead. */
  kind: 'pglite' | 'postgres';
  capabilities: DatabaseCapabilities;
  /**
   * Runs `work` on one dedicated connection that can execute scripts of several statements
   * (migrations, maintenance). Nothing else may use PGlite while it runs.
   */
  session<T>(work: (exec: (script: string) => Promise<unknown[]>) => Promise<T>): Promise<T>;
  /** Round trips to the database so far (statements, BEGIN and COMMIT alike); benches report it. */
  roundTrips?(): number;
  /** Requests waiting for a connection (the embedded database's one, or the pool's). */
  waiting: SaturationQueue;
  /** The connections' load right now (metrics read it when scraped). */
  load?(): DatabaseLoad;
  /**
   * Calls `listener` if the database is lost for good: the embedded database's thread stopped
   * (the process must be restarted). A PostgreSQL server that goes away is not lost: the pool
   * connects again when it is back.
   */
  onLost(listener: (error: Error) => void): void;
  /** Changes other processes make, for what this one caches (changes.ts). */
  changes: ChangeFeed;
  close(): Promise<void>;
}

// Counts and sums arrive as strings from node-postgres; int8 values in this schema are small
// enough for a JS number, and numerics stay strings so money never passes through a float.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export interface DatabaseOptions {
  /** A PostgreSQL server URL; when absent, an embedded PGlite database is used. */
  url?: string | undefined;
  /** PGlite's directory; when absent (and no url), the database lives in memory. */
  dataDir?: string | undefined;
  poolSize?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) return openPostgres(options.url, options.poolSize ?? 10);
  return openPglite(options.dataDir);
}

/** How long a request waits for a new connection before it is answered 503 (a server that does not answer at all). */
const CONNECT_TIMEOUT_MS = 5_000;

function unavailable(error: unknown): DatabaseUnavailableError {
  return new DatabaseUnavailableError(`The database server cannot be reached: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
}

/** A statement's failure as callers see it: a broken connection becomes a DatabaseUnavailableError, the statement's own error stays as it is. */
function translated(error: unknown): unknown {
  return isConnectionFailure(error) ? unavailable(error) : error;
}

/**
 * A PostgreSQL pool that survives its server going away and coming back: every failure to connect
 * and every connection that breaks under a statement surface as DatabaseUnavailableError, broken
 * connections leave the pool (node-postgres drops a client that is no longer queryable when it is
 * released), and the next request opens a new one, so nothing needs restarting once the server is back.
 */
async function openPostgres(url: string, poolSize: number): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // A dropped idle connection must not bring the process down; the pool replaces it.
  pool.on('error', () => {});
  let roundTrips = 0;
  pool.on('connect', (client) => {
    // A connection that breaks while a request holds it between two statements emits 'error' with
    // no query to fail: unheard, that event would end the process. The next statement fails instead.
    client.on('error', () => {});
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((...args: unknown[]) => {
      roundTrips += 1;
      const result = query(...args);
      return result instanceof Promise ? result.catch((error: unknown) => Promise.reject(translated(error))) : result;
    }) as typeof client.query;
  });
  // Whatever keeps the pool from handing out a connection (refused, timed out, the server starting
  // up or refusing the login) leaves the service unable to use its database.
  const waiting = new WaitTracker('database');
  const connect = () => waiting.wait(() => pool.connect()).catch((error: unknown) => Promise.reject(unavailable(error)));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: { connect, end: () => pool.end(), options: pool.options, Client: pg.Client } }) });
  const changes = postgresChangeFeed(url);
  return {
    db,
    kind: 'postgres',
    capabilities: { waitsForLocks: true, keepsStatistics: true },
    changes,
    session: async (work) => {
      const client = await connect();
      try {
        return await work(async (script) => {
          const result = await client.query(script);
          const results = Array.isArray(result) ? result : [result];
          return results.flatMap((item) => item.rows ?? []);
        });
      } finally {
        client.release();
      }
    },
    roundTrips: () => roundTrips,
    waiting,
    load: () => ({ kind: 'postgres', total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    onLost: () => {},
    close: async () => {
      await changes.close();
      await db.destroy();
    },
  };
}

async function openPglite(dataDir: string | undefined): Promise<DatabaseHandle> {
  if (dataDir) fs.mkdirSync(path.dirname(dataDir), { recursive: true, mode: 0o700 });
  // PGlite runs on a thread of its own (pglite-host.ts), off the event loop.
  const host = await PgliteHost.start(dataDir);
  if (dataDir) makePrivate(dataDir);
  const db = new Kysely<Database>({ dialect: pgliteHostDialect(host) });
  return {
    db,
    kind: 'pglite',
    capabilities: { waitsForLocks: false, keepsStatistics: false },
    changes: localChangeFeed(),
    session: async (work) => {
      // The connection's lock, as a statement's: nothing else runs between the script's statements.
      const release = await host.waiting.wait(() => host.lock.acquire());
      try {
        return await work(async (script) => (await host.call({ op: 'exec', script })) as unknown[]);
      } finally {
        try {
          await host.call({ op: 'forget' });
        } finally {
          release();
        }
      }
    },
    roundTrips: () => host.roundTrips,
    waiting: host.waiting,
    load: () => ({ kind: 'pglite', waiting: host.waiting.depth(), inFlight: host.inFlight }),
    onLost: (listener) => host.onLost(listener),
    close: async () => {
      // Kysely closes its driver only if a statement ran; the thread is stopped either way.
      await db.destroy();
      await host.close();
      if (dataDir) makePrivate(dataDir);
    },
  };
}
