/**
 * The planner's statistics after bulk writes, on an engine that does not keep them itself
 * (`capabilities.keepsStatistics`; the embedded database runs no autovacuum). Without statistics
 * the planner read every row of an organization's CFDI store and sorted them for a filtered page
 * (5 ms at 15,000 rows, growing with the table) where the filter's index reads 21 rows (0.1 ms).
 * After a table has grown by a fifth since its last ANALYZE (and by at least 1,000 rows) one runs,
 * as autovacuum's analyze threshold does on PostgreSQL, where this does nothing. An ANALYZE samples
 * at most 30,000 rows: about 120 ms at 50,000 rows, less than one batch's statement, and rarer as
 * the table grows.
 */
import { sql } from 'kysely';
import type { DatabaseHandle } from './database.ts';
import type { Database } from './schema.ts';

const MIN_GROWTH = 1_000;
const GROWTH_SHARE = 0.2;

interface Growth {
  /** Rows when statistics were last taken, as ANALYZE estimated them. */
  base: number | undefined;
  since: number;
  running: boolean;
}

const growthOf = new WeakMap<DatabaseHandle, Map<string, Growth>>();

/** The planner's estimate of the table's rows (0 before any ANALYZE). */
async function tableRows(database: DatabaseHandle, table: string): Promise<number> {
  const estimate = await sql<{ rows: number }>`SELECT greatest(reltuples, 0)::bigint AS rows FROM pg_class WHERE relname = ${table}`.execute(database.db);
  return Number(estimate.rows[0]?.rows ?? 0);
}

/** Counts rows a bulk write added to `table` and refreshes its statistics when they have grown enough. */
export async function noteBulkWrite(database: DatabaseHandle, table: keyof Database & string, added: number): Promise<void> {
  if (database.capabilities.keepsStatistics || added === 0) return;
  let tables = growthOf.get(database);
  if (!tables) {
    tables = new Map();
    growthOf.set(database, tables);
  }
  let growth = tables.get(table);
  if (!growth) {
    growth = { base: undefined, since: 0, running: false };
    tables.set(table, growth);
  }
  growth.since += added;
  if (growth.running || growth.since < MIN_GROWTH) return;
  growth.running = true;
  try {
    growth.base ??= await tableRows(database, table);
    if (growth.since >= Math.max(MIN_GROWTH, growth.base * GROWTH_SHARE)) {
      // Rows stored while it runs count toward the next one.
      growth.since = 0;
      await sql`ANALYZE ${sql.table(table)}`.execute(database.db);
      growth.base = await tableRows(database, table);
    }
  } finally {
    growth.running = false;
  }
}
