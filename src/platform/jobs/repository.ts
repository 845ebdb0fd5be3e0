import { sql, type Generated, type Selectable } from 'kysely';
import type { Db } from '../db/database.ts';

type JobState = 'queued' | 'running' | 'succeeded' | 'failed';

interface JobTable {
  id: string;
  kind: string;
  payload: Generated<Record<string, unknown>>;
  dedupe_key: string | null;
  state: Generated<JobState>;
  run_at: Date;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  locked_until: Date | null;
  locked_by: string | null;
  last_error: string | null;
  created_at: Date;
  updated_at: Date;
}

declare module '../db/schema.ts' {
  interface Database {
    jobs: JobTable;
  }
}

export type JobRow = Selectable<JobTable>;

export interface NewJob {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  dedupeKey: string | null;
  runAt: Date;
  maxAttempts: number | undefined;
  now: Date;
}

/**
 * Inserts a job, or returns the id of the pending job holding the same dedupe key. A job gives
 * its key up when it finishes, so the loop only repeats if that happens between the two queries.
 */
export async function insertJob(db: Db, job: NewJob): Promise<string> {
  for (let round = 0; round < 3; round += 1) {
    const inserted = await db
      .insertInto('jobs')
      .values({
        id: job.id,
        kind: job.kind,
        payload: job.payload,
        dedupe_key: job.dedupeKey,
        run_at: job.runAt,
        ...(job.maxAttempts === undefined ? {} : { max_attempts: job.maxAttempts }),
        created_at: job.now,
        updated_at: job.now,
      })
      .onConflict((conflict) => conflict.column('dedupe_key').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) return inserted.id;
    const existing = await db.selectFrom('jobs').select('id').where('dedupe_key', '=', job.dedupeKey).executeTakeFirst();
    if (existing) return existing.id;
  }
  throw new Error(`Could not enqueue ${job.kind}: dedupe key ${job.dedupeKey} kept changing hands`);
}

/** Moves a queued job holding this dedupe key to run at `runAt`, when it was due later; true when one moved. */
export async function expediteQueued(db: Db, dedupeKey: string, runAt: Date, now: Date): Promise<boolean> {
  const moved = await db
    .updateTable('jobs')
    .set({ run_at: runAt, updated_at: now })
    .where('dedupe_key', '=', dedupeKey)
    .where('state', '=', 'queued')
    .where('run_at', '>', runAt)
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) > 0;
}

export interface LeaseRequest {
  kinds: string[];
  now: Date;
  lockedUntil: Date;
  workerId: string;
  limit: number;
  /** Jobs already run by this pass of `runDue`, so that one pass runs each job at most once. */
  exclude: string[];
}

/**
 * Leases due jobs: queued ones, and running ones whose worker let the lease lapse (it died).
 * SKIP LOCKED lets several workers lease at once without ever taking the same row; the CTE is
 * materialized so the LIMIT applies exactly once.
 */
export async function leaseJobs(db: Db, request: LeaseRequest): Promise<JobRow[]> {
  if (request.kinds.length === 0 || request.limit <= 0) return [];
  const excluded = request.exclude.length > 0 ? sql`AND id <> ALL(${request.exclude}::text[])` : sql``;
  const result = await sql<JobRow>`
    WITH due AS MATERIALIZED (
      SELECT id FROM jobs
      WHERE kind = ANY(${request.kinds}::text[])
        AND run_at <= ${request.now}
        AND attempts < max_attempts
        AND (state = 'queued' OR (state = 'running' AND locked_until < ${request.now}))
        ${excluded}
      ORDER BY run_at, id
      LIMIT ${request.limit}
      FOR UPDATE SKIP LOCKED
    )
    UPDATE jobs SET state = 'running', locked_until = ${request.lockedUntil}, locked_by = ${request.workerId},
      attempts = jobs.attempts + 1, updated_at = ${request.now}
    FROM due WHERE jobs.id = due.id
    RETURNING jobs.*`.execute(db);
  return result.rows;
}

/**
 * A lapsed lease on a job that has used every attempt means its last worker died mid-run: the
 * job is failed rather than run again. Returns the kinds affected (schedules must continue).
 */
export async function failExhaustedLeases(db: Db, kinds: string[], now: Date): Promise<string[]> {
  if (kinds.length === 0) return [];
  const rows = await db
    .updateTable('jobs')
    .set({
      state: 'failed',
      locked_until: null,
      locked_by: null,
      dedupe_key: null,
      updated_at: now,
      last_error: 'The worker running the last attempt stopped before finishing (lease expired).',
    })
    .where('kind', 'in', kinds)
    .where('state', '=', 'running')
    .where('locked_until', '<', now)
    .where((eb) => eb('attempts', '>=', eb.ref('max_attempts')))
    .returning('kind')
    .execute();
  return [...new Set(rows.map((row) => row.kind))];
}

/** Extends a running job's lease; false when another worker has taken it over. */
export async function extendLease(db: Db, id: string, workerId: string, lockedUntil: Date): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({ locked_until: lockedUntil })
    .where('id', '=', id)
    .where('locked_by', '=', workerId)
    .where('state', '=', 'running')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export type JobOutcome =
  | { state: 'succeeded' }
  | { state: 'failed'; error: string }
  /** `refundAttempt`: the run did not count (the database was unreachable), so its attempt is given back. */
  | { state: 'queued'; error: string; runAt: Date; refundAttempt?: boolean };

/**
 * Records how a run ended, fenced by the lease holder so that a worker whose lease was taken over
 * cannot overwrite the newer run. A finished job frees its dedupe key. Returns false when fenced.
 */
export async function finishJob(db: Db, id: string, workerId: string, outcome: JobOutcome, now: Date): Promise<boolean> {
  const common = { locked_until: null, locked_by: null, updated_at: now };
  const changes =
    outcome.state === 'succeeded'
      ? { ...common, state: 'succeeded' as const, dedupe_key: null }
      : outcome.state === 'failed'
        ? { ...common, state: 'failed' as const, dedupe_key: null, last_error: outcome.error }
        : {
            ...common,
            state: 'queued' as const,
            run_at: outcome.runAt,
            last_error: outcome.error,
            ...(outcome.refundAttempt ? { attempts: sql<number>`attempts - 1` } : {}),
          };
  const result = await db
    .updateTable('jobs')
    .set(changes)
    .where('id', '=', id)
    .where('locked_by', '=', workerId)
    .where('state', '=', 'running')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Deletes finished jobs last touched before the cutoffs, in batches to keep each statement short. */
export async function purgeFinishedJobs(db: Db, succeededBefore: Date, failedBefore: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const result = await sql`
      DELETE FROM jobs WHERE id IN (
        SELECT id FROM jobs
        WHERE (state = 'succeeded' AND updated_at < ${succeededBefore}) OR (state = 'failed' AND updated_at < ${failedBefore})
        LIMIT 5000
      )`.execute(db);
    const deleted = Number(result.numAffectedRows ?? 0n);
    total += deleted;
    if (deleted < 5000) return total;
  }
}

/** Due and running jobs of one kind, and when the oldest waiting one was due. */
export interface JobBacklogRow {
  kind: string;
  due: number;
  running: number;
  oldestDueAt: Date | null;
}

/**
 * The backlog by kind, for metrics: the `limit` longest-due unfinished jobs (the jobs_due index,
 * read in order and cut at `limit`), so a scrape costs the same however far the queue has fallen
 * behind. Past the limit the counts stop growing; the oldest ages stay exact for the kinds read.
 */
export async function jobBacklog(db: Db, now: Date, limit: number): Promise<JobBacklogRow[]> {
  const result = await sql<{ kind: string; due: number; running: number; oldest_due_at: Date | null }>`
    SELECT kind,
      count(*) FILTER (WHERE state = 'queued')::int AS due,
      count(*) FILTER (WHERE state = 'running')::int AS running,
      min(run_at) FILTER (WHERE state = 'queued') AS oldest_due_at
    FROM (
      SELECT kind, state, run_at FROM jobs
      WHERE state IN ('queued', 'running') AND run_at <= ${now}
      ORDER BY run_at
      LIMIT ${limit}
    ) unfinished
    GROUP BY kind
    ORDER BY kind`.execute(db);
  return result.rows.map((row) => ({
    kind: row.kind,
    due: Number(row.due),
    running: Number(row.running),
    oldestDueAt: row.oldest_due_at ? new Date(row.oldest_due_at) : null,
  }));
}
