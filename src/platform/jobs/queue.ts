import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { newId } from '../ids.ts';
import { SAMPLE_ROW_LIMIT, type JobRunOutcome, type Metrics } from '../metrics/types.ts';
import {
  expediteQueued,
  extendLease,
  failExhaustedLeases,
  finishJob,
  insertJob,
  jobBacklog,
  leaseJobs,
  purgeFinishedJobs,
  type JobOutcome,
  type JobRow,
} from './repository.ts';
import { RetryJobError, retryDelayMs } from './retry.ts';
import type { Static, TSchema } from 'typebox';
import { defineJob, NoPayload, type JobKind } from './kinds.ts';
import type { EnqueueOptions, JobHandler, JobQueue, JobRecord } from './types.ts';

export { RetryJobError, retryDelayMs } from './retry.ts';

/** A running job's lease; a heartbeat renews it every third of this while the handler runs. */
const JOB_LEASE_MS = 60_000;
/** Each occurrence of a scheduled job gets this many attempts; the next occurrence follows anyway. */
export const SCHEDULED_MAX_ATTEMPTS = 3;
/** Finished jobs stay visible for diagnosis this long, then the purge job deletes them. */
const SUCCEEDED_RETENTION_MS = 2 * 24 * 60 * 60_000;
const FAILED_RETENTION_MS = 30 * 24 * 60 * 60_000;
export const PURGE_JOBS_JOB = defineJob('platform.purge_jobs', NoPayload);
const PURGE_INTERVAL_MS = 60 * 60_000;
/** While the database is unreachable, a finished job's outcome is offered again this often (at most). */
const RECORD_RETRY_MS = 1_000;

export interface JobQueueOptions {
  db: Db;
  clock: Clock;
  pollMs: number;
  /** Jobs this process runs at once. */
  concurrency?: number;
  leaseMs?: number;
  workerId?: string;
  /** Jitter source, in [0, 1); injectable so tests can pin it. */
  random?: () => number;
  /** Where infrastructure failures (database unreachable…) are reported; handler errors go to `last_error`. */
  onError?: (error: unknown, during: string) => void;
  /** Counts finished runs and reads the backlog for metrics, when they are on. */
  metrics?: Pick<Metrics, 'jobFinished' | 'sources'> | undefined;
}

const RUN_OUTCOMES: Record<JobOutcome['state'], JobRunOutcome> = { succeeded: 'succeeded', queued: 'retried', failed: 'failed' };

export function createJobQueue(options: JobQueueOptions): JobQueue {
  return new DurableJobQueue(options);
}

function describeError(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.slice(0, 2000);
}

class DurableJobQueue implements JobQueue {
  private readonly db: Db;
  private readonly clock: Clock;
  private readonly pollMs: number;
  private readonly concurrency: number;
  private readonly leaseMs: number;
  private readonly workerId: string;
  private readonly random: () => number;
  private readonly report: (error: unknown, during: string) => void;
  private readonly metrics: JobQueueOptions['metrics'];
  private readonly handlers = new Map<string, { kind: JobKind; handler: JobHandler<never> }>();
  private readonly intervals = new Map<string, number>();
  private readonly setups = new Set<Promise<void>>();
  private readonly running = new Set<Promise<void>>();
  private started = false;
  private timer: NodeJS.Timeout | undefined;
  private filling: Promise<void> | undefined;
  private fillAgain = false;
  /** Set by the first failure that found the database unreachable, cleared by the next lease that reached it. */
  private databaseDown = false;

  constructor(options: JobQueueOptions) {
    this.db = options.db;
    this.clock = options.clock;
    this.pollMs = options.pollMs;
    this.concurrency = options.concurrency ?? 4;
    this.leaseMs = options.leaseMs ?? JOB_LEASE_MS;
    this.workerId = options.workerId ?? `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
    this.random = options.random ?? Math.random;
    this.report = options.onError ?? ((error, during) => console.error(`job queue: ${during} failed`, error));
    this.metrics = options.metrics;
    if (this.metrics) this.metrics.sources.jobBacklog = () => jobBacklog(this.db, this.clock.now(), SAMPLE_ROW_LIMIT);
    this.schedule(PURGE_JOBS_JOB, PURGE_INTERVAL_MS, async () => {
      const now = this.clock.now().getTime();
      await purgeFinishedJobs(this.db, new Date(now - SUCCEEDED_RETENTION_MS), new Date(now - FAILED_RETENTION_MS));
    });
  }

  async enqueue<Payload extends TSchema>(db: Db, job: JobKind<Payload>, payload: Static<Payload>, options: EnqueueOptions = {}): Promise<string> {
    const problems = job.problems(payload);
    if (problems.length > 0) throw new Error(`The payload of a ${job.kind} job does not match its schema: ${problems.join('; ')}`);
    const kind = job.kind;
    const now = this.clock.now();
    const runAt = options.runAt ?? now;
    const id = await insertJob(db, {
      id: newId('job', now.getTime()),
      kind,
      payload: payload as Record<string, unknown>,
      dedupeKey: options.dedupeKey ?? null,
      runAt,
      maxAttempts: options.maxAttempts,
      now,
    });
    // Inside a transaction the row is invisible until commit, which cannot be observed from here:
    // look again shortly, and the poll catches anything later.
    if (runAt.getTime() <= now.getTime()) {
      if (db.isTransaction) setTimeout(() => this.wake(), 50).unref();
      else setImmediate(() => this.wake());
    }
    return id;
  }

  register<Payload extends TSchema>(kind: JobKind<Payload>, handler: JobHandler<Static<Payload>>): void {
    if (this.handlers.has(kind.kind)) throw new Error(`A handler for job kind ${kind.kind} is already registered`);
    this.handlers.set(kind.kind, { kind, handler: handler as JobHandler<never> });
  }

  schedule(kind: JobKind<typeof NoPayload>, intervalMs: number, handler: JobHandler<Static<typeof NoPayload>>): void {
    if (!(intervalMs > 0)) throw new Error(`The interval of scheduled job ${kind.kind} must be positive`);
    this.register(kind, handler);
    this.intervals.set(kind.kind, intervalMs);
    this.track(this.ensureScheduled(this.db, kind.kind));
  }

  async expedite(db: Db, kind: JobKind<typeof NoPayload>, withinMs = 0): Promise<void> {
    if (!this.intervals.has(kind.kind)) throw new Error(`${kind.kind} is not a scheduled job`);
    const now = this.clock.now();
    if (!(await expediteQueued(db, `schedule:${kind.kind}`, new Date(now.getTime() + withinMs), now))) return;
    const wait = Math.max(withinMs, db.isTransaction ? 50 : 0);
    setTimeout(() => this.wake(), wait).unref();
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    this.timer = setInterval(() => this.wake(), this.pollMs);
    this.wake();
  }

  async stop(): Promise<void> {
    this.started = false;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.filling;
    await Promise.all([...this.running]);
    await Promise.allSettled([...this.setups]);
  }

  async runDue(): Promise<number> {
    await this.settleSetups();
    const ran: string[] = [];
    for (;;) {
      const jobs = await this.lease(this.concurrency, ran);
      if (jobs.length === 0) return ran.length;
      ran.push(...jobs.map((job) => job.id));
      await Promise.all(jobs.map((job) => this.execute(job)));
    }
  }

  // One scheduled occurrence is pending per kind: the dedupe key is held from enqueue until the
  // occurrence finishes, and the run that finishes it enqueues the next in the same transaction.
  private async ensureScheduled(db: Db, kind: string): Promise<void> {
    const intervalMs = this.intervals.get(kind);
    if (intervalMs === undefined) return;
    const now = this.clock.now();
    await insertJob(db, {
      id: newId('job', now.getTime()),
      kind,
      payload: {},
      dedupeKey: `schedule:${kind}`,
      runAt: new Date(now.getTime() + intervalMs),
      maxAttempts: SCHEDULED_MAX_ATTEMPTS,
      now,
    });
  }

  private track(setup: Promise<void>): void {
    const tracked = setup.catch((error) => this.reportFailure(error, 'scheduling')).finally(() => this.setups.delete(tracked));
    this.setups.add(tracked);
  }

  private async settleSetups(): Promise<void> {
    await Promise.all([...this.setups]);
  }

  private wake(): void {
    if (!this.started) return;
    if (this.filling) {
      this.fillAgain = true;
      return;
    }
    this.filling = this.fill()
      .catch((error) => this.reportFailure(error, 'leasing'))
      .finally(() => {
        this.filling = undefined;
        if (this.fillAgain) {
          this.fillAgain = false;
          this.wake();
        }
      });
  }

  // The worker: leases as many due jobs as it has free slots; each finished job frees a slot and wakes it.
  private async fill(): Promise<void> {
    await this.settleSetups();
    const jobs = await this.lease(this.concurrency - this.running.size, []);
    for (const job of jobs) {
      const run: Promise<void> = this.execute(job).finally(() => {
        this.running.delete(run);
        this.wake();
      });
      this.running.add(run);
    }
  }

  private async lease(limit: number, exclude: string[]): Promise<JobRow[]> {
    if (limit <= 0) return [];
    const kinds = [...this.handlers.keys()];
    const now = this.clock.now();
    const abandoned = await failExhaustedLeases(this.db, kinds, now);
    this.databaseDown = false;
    for (const kind of abandoned) await this.ensureScheduled(this.db, kind);
    return leaseJobs(this.db, {
      kinds,
      now,
      limit,
      exclude,
      workerId: this.workerId,
      lockedUntil: new Date(now.getTime() + this.leaseMs),
    });
  }

  // An unreachable database fails every poll, heartbeat and outcome until it is back, and the
  // worker carries on polling: the outage is reported once, not once a poll.
  private reportFailure(error: unknown, during: string): void {
    if (isDatabaseUnavailable(error)) {
      if (this.databaseDown) return;
      this.databaseDown = true;
    }
    this.report(error, during);
  }

  // The handler runs with no transaction open: on PGlite's single connection a handler that
  // queries the database would otherwise wait on the queue forever.
  private async execute(job: JobRow): Promise<void> {
    const { kind, handler } = this.handlers.get(job.kind)!;
    const problems = kind.problems(job.payload);
    if (problems.length > 0) {
      // A payload written by an older build, or by hand: retrying cannot help.
      this.metrics?.jobFinished(job.kind, 'failed', 0);
      await this.record(job, { state: 'failed', error: `The payload does not match the ${job.kind} schema: ${problems.join('; ')}` });
      return;
    }
    const record: JobRecord<never> = { id: job.id, kind: job.kind, payload: job.payload as never, attempts: job.attempts, maxAttempts: job.max_attempts };
    const heartbeat = setInterval(
      () => {
        const lockedUntil = new Date(this.clock.now().getTime() + this.leaseMs);
        extendLease(this.db, job.id, this.workerId, lockedUntil).catch((error) => this.reportFailure(error, `renewing the lease of ${job.id}`));
      },
      Math.max(1, Math.floor(this.leaseMs / 3)),
    );
    heartbeat.unref();
    const started = performance.now();
    let outcome: JobOutcome;
    try {
      await handler(record);
      outcome = { state: 'succeeded' };
    } catch (error) {
      outcome = this.failureOutcome(job, error);
    } finally {
      clearInterval(heartbeat);
    }
    this.metrics?.jobFinished(job.kind, RUN_OUTCOMES[outcome.state], (performance.now() - started) / 1000);
    await this.record(job, outcome);
  }

  /**
   * Records how a run ended. While the database is unreachable the outcome is offered again every
   * second until it is back (or the worker stops); any other failure is reported and left to the
   * lease, which lapses so that another run retries the job: at least once, never lost.
   */
  private async record(job: JobRow, outcome: JobOutcome): Promise<void> {
    for (;;) {
      try {
        await this.finish(job, outcome);
        return;
      } catch (error) {
        this.reportFailure(error, `recording the outcome of ${job.id}`);
        if (!isDatabaseUnavailable(error) || !this.started) return;
        await new Promise((resolve) => setTimeout(resolve, Math.min(this.pollMs, RECORD_RETRY_MS)));
      }
    }
  }

  private failureOutcome(job: JobRow, error: unknown): JobOutcome {
    const message = describeError(error);
    // The database went away under the handler: the job could not run, which is no fault of its
    // own. It is retried after the first backoff step without spending an attempt, so an outage
    // never uses up a job's attempts (a download's, a synchronization's, a delivery's).
    if (isDatabaseUnavailable(error)) {
      return { state: 'queued', error: message, runAt: new Date(this.clock.now().getTime() + retryDelayMs(1, this.random)), refundAttempt: true };
    }
    if (job.attempts >= job.max_attempts) return { state: 'failed', error: message };
    const delayMs = error instanceof RetryJobError ? Math.max(0, error.retryAfterMs) : retryDelayMs(job.attempts, this.random);
    return { state: 'queued', error: message, runAt: new Date(this.clock.now().getTime() + delayMs) };
  }

  private async finish(job: JobRow, outcome: JobOutcome): Promise<void> {
    const now = this.clock.now();
    const recurs = this.intervals.has(job.kind) && outcome.state !== 'queued';
    if (!recurs) {
      await finishJob(this.db, job.id, this.workerId, outcome, now);
      return;
    }
    await this.db.transaction().execute(async (trx) => {
      if (await finishJob(trx, job.id, this.workerId, outcome, now)) await this.ensureScheduled(trx, job.kind);
    });
  }
}
