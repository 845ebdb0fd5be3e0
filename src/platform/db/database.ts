import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { makePrivate } from '../data-dir.ts';
import { PgliteHost, pgliteHostDialect } from './pglite-driver.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Runs `work` on one dedicated connection that can execute scripts of several statements
   * (migrations, maintenance). Nothing else may use PGlite while it runs.
   */
  session<T>(work: (exec: (script: string) => Promise<unknown[]>) => Promise<T>): Promise<T>;
  /** Round trips to the database so far (statements, BEGIN and COMMIT alike); benches report it. */
  roundTrips?(): number;
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

async function openPostgres(url: string, poolSize: number): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // A dropped idle connection must not bring the process down; the pool replaces it.
  pool.on('error', () => {});
  let roundTrips = 0;
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((...args: unknown[]) => {
      roundTrips += 1;
      return query(...args);
    }) as typeof client.query;
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    kind: 'postgres',
    session: async (work) => {
      const client = await pool.connect();
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
    close: () => db.destroy(),
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
    session: async (work) => {
      try {
        return await work(async (script) => (await host.call({ op: 'exec', script })) as unknown[]);
      } finally {
        await host.call({ op: 'forget' });
      }
    },
    roundTrips: () => host.roundTrips,
    close: async () => {
      // Kysely closes its driver only if a statement ran; the thread is stopped either way.
      await db.destroy();
      await host.close();
      if (dataDir) makePrivate(dataDir);
    },
  };
}
