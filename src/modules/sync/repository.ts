import { sql, type Selectable } from 'kysely';
import type { Mode } from '../../platform/context.ts';
import type { Db } from '../../platform/db/database.ts';

export type SyncStatus = 'inactive' | 'pending' | 'healthy' | 'stalled';
export type ChunkPurpose = 'backfill' | 'current' | 'recheck';

interface SyncTable {
  fiscal_profile_id: string;
  organization_id: string;
  mode: Mode;
  rfc: string;
  enabled: boolean;
  status: SyncStatus;
  sync_from: string;
  max_monthly_documents: number | null;
  phone: string | null;
  planned_through: string;
  synced_through: string | null;
  last_progress_at: Date | null;
  last_recheck_at: Date | null;
  last_started_at: Date | null;
  checked_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

interface ChunkTable {
  id: string;
  fiscal_profile_id: string;
  side: 'issued' | 'received';
  type: 'cfdi' | 'metadata';
  purpose: ChunkPurpose;
  first_day: string;
  last_day: string;
  state: 'planned' | 'running' | 'done';
  sat_request_root: string | null;
  attempts: number;
  next_run_at: Date;
  started_at: Date | null;
  done_at: Date | null;
  created_at: Date;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    fiscal_profile_syncs: SyncTable;
    sync_chunks: ChunkTable;
  }
}

export type SyncRow = Selectable<SyncTable>;
export type ChunkRow = Selectable<ChunkTable>;

export function findSync(db: Db, profileId: string): Promise<SyncRow | undefined> {
  return db.selectFrom('fiscal_profile_syncs').selectAll().where('fiscal_profile_id', '=', profileId).executeTakeFirst();
}

/** Locks the row (PostgreSQL) so that one enable, disable or tick changes it at a time. */
export function lockSync(db: Db, profileId: string): Promise<SyncRow | undefined> {
  return db.selectFrom('fiscal_profile_syncs').selectAll().where('fiscal_profile_id', '=', profileId).forUpdate().executeTakeFirst();
}

export async function insertSync(db: Db, row: SyncRow): Promise<void> {
  await db.insertInto('fiscal_profile_syncs').values(row).execute();
}

export async function updateSync(db: Db, profileId: string, changes: Partial<Omit<SyncRow, 'fiscal_profile_id'>>): Promise<void> {
  await db.updateTable('fiscal_profile_syncs').set(changes).where('fiscal_profile_id', '=', profileId).execute();
}

export async function insertChunks(db: Db, rows: ChunkRow[]): Promise<void> {
  for (let at = 0; at < rows.length; at += 500)
    await db
      .insertInto('sync_chunks')
      .values(rows.slice(at, at + 500))
      .execute();
}

export async function deletePlannedChunks(db: Db, profileId: string): Promise<void> {
  await db.deleteFrom('sync_chunks').where('fiscal_profile_id', '=', profileId).where('state', '=', 'planned').execute();
}

/** Planned chunks that end before `day` (a period the SAT no longer serves). */
export async function deletePlannedChunksBefore(db: Db, profileId: string, day: string): Promise<void> {
  await db.deleteFrom('sync_chunks').where('fiscal_profile_id', '=', profileId).where('state', '=', 'planned').where('last_day', '<', day).execute();
}

export function enabledSyncs(db: Db): Promise<SyncRow[]> {
  return db
    .selectFrom('fiscal_profile_syncs')
    .selectAll()
    .where('enabled', '=', true)
    .orderBy('last_started_at', (order) => order.asc().nullsFirst())
    .execute();
}

/** Synchronized profiles by status and mode, for metrics (one row per profile ever enabled). */
export async function syncCounts(db: Db): Promise<{ status: SyncStatus; mode: Mode; count: number }[]> {
  const rows = await db
    .selectFrom('fiscal_profile_syncs')
    .select(['status', 'mode', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy(['status', 'mode'])
    .orderBy('status')
    .orderBy('mode')
    .execute();
  return rows.map((row) => ({ status: row.status, mode: row.mode, count: Number(row.count) }));
}

export function runningChunks(db: Db): Promise<ChunkRow[]> {
  return db.selectFrom('sync_chunks').selectAll().where('state', '=', 'running').execute();
}

export async function runningCounts(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('sync_chunks')
    .select(['fiscal_profile_id', sql<number>`count(*)`.as('running')])
    .where('state', '=', 'running')
    .groupBy('fiscal_profile_id')
    .execute();
  return new Map(rows.map((row) => [row.fiscal_profile_id, Number(row.running)]));
}

/**
 * The next due chunk of a profile, locked and skipped by other workers (SKIP LOCKED): rechecks and
 * new days first (they keep the store current), then the backfill from its oldest month.
 */
export function nextDueChunk(db: Db, profileId: string, now: Date): Promise<ChunkRow | undefined> {
  return db
    .selectFrom('sync_chunks')
    .selectAll()
    .where('fiscal_profile_id', '=', profileId)
    .where('state', '=', 'planned')
    .where('next_run_at', '<=', now)
    .orderBy(sql`CASE purpose WHEN 'backfill' THEN 1 ELSE 0 END`)
    .orderBy('first_day')
    .orderBy('id')
    .limit(1)
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
}

export async function updateChunk(db: Db, id: string, changes: Partial<Omit<ChunkRow, 'id'>>): Promise<void> {
  await db.updateTable('sync_chunks').set(changes).where('id', '=', id).execute();
}

/** Done chunks of the watermark (backfill and current), per side and type, by first day. */
export function doneCoverage(db: Db, profileId: string): Promise<Pick<ChunkRow, 'side' | 'type' | 'first_day' | 'last_day'>[]> {
  return db
    .selectFrom('sync_chunks')
    .select(['side', 'type', 'first_day', 'last_day'])
    .where('fiscal_profile_id', '=', profileId)
    .where('state', '=', 'done')
    .where('purpose', '!=', 'recheck')
    .orderBy('first_day')
    .execute();
}

export async function hasPendingWork(db: Db, profileId: string): Promise<{ planned: number; running: number; retried: number }> {
  const row = await db
    .selectFrom('sync_chunks')
    .select([
      sql<number>`count(*) FILTER (WHERE state = 'planned')`.as('planned'),
      sql<number>`count(*) FILTER (WHERE state = 'running')`.as('running'),
      sql<number>`count(*) FILTER (WHERE state <> 'done' AND attempts > 0)`.as('retried'),
    ])
    .where('fiscal_profile_id', '=', profileId)
    .where('purpose', '!=', 'recheck')
    .executeTakeFirstOrThrow();
  return { planned: Number(row.planned), running: Number(row.running), retried: Number(row.retried) };
}
