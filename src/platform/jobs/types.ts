import type { Static, TSchema } from 'typebox';
import type { Db } from '../db/database.ts';
import type { JobKind, NoPayload } from './kinds.ts';

export interface EnqueueOptions {
  /** Earliest run time; default now. */
  runAt?: Date;
  /** A second job with the same key is not created while the first exists. */
  dedupeKey?: string;
  maxAttempts?: number;
}

export interface JobRecord<Payload = Record<string, unknown>> {
  id: string;
  kind: string;
  payload: Payload;
  attempts: number;
  maxAttempts: number;
}

export type JobHandler<Payload = Record<string, unknown>> = (job: JobRecord<Payload>) => Promise<void>;

/** The durable job queue: rows in the same database, leased with FOR UPDATE SKIP LOCKED. */
export interface JobQueue {
  /**
   * Enqueues a job. Pass the caller's transaction as `db` so the job commits (or not) with the
   * state change that asked for it.
   */
  enqueue<Payload extends TSchema>(db: Db, kind: JobKind<Payload>, payload: Static<Payload>, options?: EnqueueOptions): Promise<string>;
  /** Registers the handler for a kind of job; it only ever sees payloads that match the kind's schema. */
  register<Payload extends TSchema>(kind: JobKind<Payload>, handler: JobHandler<Static<Payload>>): void;
  /** Registers a job that runs every `intervalMs`. */
  schedule(kind: JobKind<typeof NoPayload>, intervalMs: number, handler: JobHandler<Static<typeof NoPayload>>): void;
  /**
   * Brings a scheduled job's next occurrence forward to `withinMs` from now, when it was due later
   * (in `db`, the caller's transaction): one occurrence stays pending, so it still runs one at a
   * time, and calls within `withinMs` of each other share it.
   */
  expedite(db: Db, kind: JobKind<typeof NoPayload>, withinMs?: number): Promise<void>;
  /** Starts polling (the worker role). */
  start(): void;
  /** Stops polling and waits for running handlers. */
  stop(): Promise<void>;
  /** Runs every due job once and returns how many ran (tests, CLI). */
  runDue(): Promise<number>;
}
