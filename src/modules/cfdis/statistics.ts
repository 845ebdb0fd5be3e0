/**
 * The planner's statistics for the store on the embedded database. PGlite runs no autovacuum, so
 * nothing else refreshes them: without statistics the planner read every row of an organization
 * and sorted them for a filtered page (5 ms at 15,000 rows, growing with the table) where the
 * filter's index reads 21 rows (0.1 ms). After the table has grown by a fifth since the last
 * ANALYZE (and by at least 1,000 rows) the store runs one, as autovacuum's analyze threshold does
 * on PostgreSQL, which needs nothing from here. An ANALYZE samples at most 30,000 rows: about
 * 120 ms at 50,000 rows, less than one batch's statement, and rarer as the table grows.
 */
import { sql } from 'kysely';
import type { Services } from '../../platform/context.ts';
import type { DatabaseHandle } from '../../platform/db/database.ts';

const MIN_GROWTH = 1_000;
const GROWTH_SHARE = 0.2;

interface Growth {
  /** Rows when statistics were last taken, as ANALYZE estimated them. */
  base: number | undefined;
  since: number;
  running: boolean;
}

const growthOf = new WeakMap<DatabaseHandle, Growth>();

/** The planner's estimate of the table's rows (0 before any ANALYZE). */
async function tableRows(services: Services): Promise<number> {
  const estimate = await sql<{ rows: number }>`SELECT greatest(reltuples, 0)::bigint AS rows FROM pg_class WHERE relname = 'cfdis'`.execute(services.db);
  return Number(estimate.rows[0]?.rows ?? 0);
}

/** Counts rows the store added and refreshes the statistics when they have grown enough. */
export async function noteGrowth(services: Services, added: number): Promise<void> {
  if (services.database.kind !== 'pglite' || added === 0) return;
  let growth = growthOf.get(services.database);
  if (!growth) {
    growth = { base: undefined, since: 0, running: false };
    growthOf.set(services.database, growth);
  }
  growth.since += added;
  if (growth.running || growth.since < MIN_GROWTH) return;
  growth.running = true;
  try {
    growth.base ??= await tableRows(services);
    if (growth.since >= Math.max(MIN_GROWTH, growth.base * GROWTH_SHARE)) {
      // Rows stored while it runs count toward the next one.
      growth.since = 0;
      await sql`ANALYZE cfdis`.execute(services.db);
      growth.base = await tableRows(services);
    }
  } finally {
    growth.running = false;
  }
}
