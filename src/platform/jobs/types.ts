import type { Db } from '../db/database.ts';

export interface EnqueueOptions {
  /** Earliest run time; default now. */
  runAt?: Date;
  /** A second job with the same key is not created while the first exists. */
  dedupeKey?: string;
  maxAttempts?: number;
}

export interface JobRecord {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  maxAttempts: number;
}

export type JobHandler = (job: JobRecord) => Promise<void>;

/** The durable job queue: rows in the same database, leased with FOR UPDATE SKIP LOCKED. */
export interface JobQueue {
  /**
   * Enqueues a job. Pass the caller's transaction as `db` so the job commits (or not) with the
   * state change that asked for it.
   */
  enqueue(db: Db, kind: string, payload: Record<string, unknown>, options?: EnqueueOptions): Promise<string>;
  /** Registers the handler for a kind of job. */
  register(kind: string, handler: JobHandler): void;
  /** Registers a job that runs every `intervalMs`. */
  schedule(kind: string, intervalMs: number, handler: JobHandler): void;
  /** Starts polling (the worker role). */
  start(): void;
  /** Stops polling and waits for running handlers. */
  stop(): Promise<void>;
  /** Runs every due job once and returns how many ran (tests, CLI). */
  runDue(): Promise<number>;
}
