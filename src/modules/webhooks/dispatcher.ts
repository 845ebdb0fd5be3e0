import { setMaxListeners } from 'node:events';
import { performance } from 'node:perf_hooks';
import type { CrashHook, CrashPoints } from '../../platform/crash-points.ts';
import type { Db } from '../../platform/db/database.ts';
import type { EmitDependencies } from '../events/index.ts';
import { attemptDelivery, type AttemptOutcome, type AttemptSettings } from './attempt.ts';
import { claimDueDeliveries, nextDueAt, type ClaimedDelivery } from './deliveries-repository.ts';
import { recordOutcomes } from './outcomes.ts';
import { defineJob, NoPayload } from '../../platform/jobs/kinds.ts';

export const DISPATCH_JOB = defineJob('webhooks.dispatch', NoPayload);

export interface DispatcherTuning {
  /** Attempts in flight at once, across all endpoints. */
  concurrency: number;
  /** Attempts in flight at once to one endpoint, so one slow receiver cannot take every slot. */
  perEndpoint: number;
  /** How long a claim holds; a delivery whose worker died is attempted again after it. */
  leaseMs: number;
  /** Outcomes are written back in batches, at least this often while attempts finish. */
  flushIntervalMs: number;
  /** After a claim found less than it asked for, the next waits this long: fewer, fuller batches. */
  claimIntervalMs: number;
  /** After this long (real time) a drain stops claiming and hands over to a fresh job, so the queue stays fair and can stop. */
  sliceMs: number;
  /**
   * A drain that found work keeps looking this long (real time) after its last claim before it
   * ends: under a steady flow of events it stays up instead of waiting for the next job.
   */
  lingerMs: number;
}

export const DEFAULT_TUNING: DispatcherTuning = {
  concurrency: 128,
  perEndpoint: 32,
  leaseMs: 60_000,
  flushIntervalMs: 50,
  claimIntervalMs: 100,
  sliceMs: 10_000,
  lingerMs: 300,
};

/** Points where tests simulate the process dying: the throw abandons everything not yet written. */
interface DispatchCrashPoints {
  /** A batch of deliveries claimed, before any of their attempts starts. */
  claimed: { deliveries: number };
  /** A receiver answered one delivery, before its outcome is kept. */
  responded: { id: string };
  /** A batch of outcomes about to be written. */
  recording: { outcomes: number };
}

export type DispatchCrashPoint = keyof DispatchCrashPoints;

declare module '../../platform/crash-points.ts' {
  interface CrashPoints extends DispatchCrashPoints {}
}

export interface DispatcherOptions {
  db: Db;
  deps: EmitDependencies;
  attempt: AttemptSettings;
  tuning: DispatcherTuning;
  /** The app's crash hook (src/platform/crash-points.ts): none outside crash tests. */
  crashHook?: CrashHook;
  /** Told how each attempt ended (metrics). */
  onAttempt?: (status: AttemptOutcome['status']) => void;
}

/**
 * Delivers the outbox. One drain runs at a time per process: it claims due deliveries in
 * batches, keeps up to `concurrency` attempts in flight, and writes outcomes back in batches.
 * Job runs that arrive during a drain only flag it to look again, so they free their queue slot
 * at once. Other processes drain side by side: claims use SKIP LOCKED and leases.
 */
export class Dispatcher {
  private readonly options: DispatcherOptions;
  private draining: Promise<void> | undefined;
  private again = false;

  constructor(options: DispatcherOptions) {
    this.options = options;
  }

  /** Delivers everything due; returns when nothing is due or the time slice is used up. */
  run(): Promise<void> {
    if (this.draining) {
      this.again = true;
      return Promise.resolve();
    }
    this.again = false;
    this.draining = new Drain(this.options, () => this.takeAgain()).run().finally(() => {
      this.draining = undefined;
    });
    return this.draining;
  }

  private takeAgain(): boolean {
    const value = this.again;
    this.again = false;
    return value;
  }
}

class Drain {
  private readonly options: DispatcherOptions;
  private readonly takeAgain: () => boolean;
  private readonly started = performance.now();
  private readonly inFlight = new Map<string, number>();
  private inFlightCount = 0;
  private outcomes: AttemptOutcome[] = [];
  private crash: unknown;
  // A drain that dies takes its connections with it, as a killed process would.
  private readonly abort = new AbortController();
  private readonly attemptSignal = withoutListenerLimit(this.abort.signal);
  private wake: (() => void) | undefined;
  private lastFlush = performance.now();
  private idleClaimAt = 0;
  private moreDue = false;
  private lastWorkAt = Number.NEGATIVE_INFINITY;
  // Writing outcomes can emit events (an endpoint disabled): look once more before stopping.
  private recheck = false;

  constructor(options: DispatcherOptions, takeAgain: () => boolean) {
    this.options = options;
    this.takeAgain = takeAgain;
  }

  async run(): Promise<void> {
    try {
      await this.loop();
    } catch (error) {
      this.die(error);
      throw error;
    }
  }

  private async loop(): Promise<void> {
    const { tuning } = this.options;
    for (;;) {
      this.throwIfCrashed();
      const inSlice = performance.now() - this.started < tuning.sliceMs;
      if (inSlice) await this.fill();
      this.throwIfCrashed();
      if (this.shouldFlush()) await this.flush();
      if (this.inFlightCount === 0 && this.outcomes.length === 0) {
        if (inSlice && (this.moreDue || this.recheck || this.takeAgain())) continue;
        if (!inSlice || performance.now() - this.lastWorkAt >= tuning.lingerMs) break;
        await this.waitForWork(tuning.claimIntervalMs);
        continue;
      }
      await this.waitForWork(tuning.flushIntervalMs);
    }
    await this.scheduleNext(performance.now() - this.started >= tuning.sliceMs && this.moreDue);
  }

  // Claims while there is room; after a short claim, waits a little before asking again.
  private async fill(): Promise<void> {
    const { tuning, db, deps } = this.options;
    const room = tuning.concurrency - this.inFlightCount;
    if (room <= 0 || (room < tuning.concurrency / 4 && this.inFlightCount > 0)) return;
    if (!this.moreDue && this.inFlightCount > 0 && performance.now() < this.idleClaimAt) return;
    const now = deps.clock.now();
    this.recheck = false;
    const excluded = [...this.inFlight].filter(([, count]) => count >= tuning.perEndpoint).map(([id]) => id);
    const claimed = await claimDueDeliveries(db, {
      now,
      leaseUntil: new Date(now.getTime() + tuning.leaseMs),
      limit: room,
      excludeEndpoints: excluded,
    });
    this.moreDue = claimed.length === room;
    if (!this.moreDue) this.idleClaimAt = performance.now() + tuning.claimIntervalMs;
    if (claimed.length > 0) {
      this.lastWorkAt = performance.now();
      this.hook('claimed', { deliveries: claimed.length });
    }
    this.throwIfCrashed();
    for (const delivery of claimed) if (delivery.endpoint_enabled) this.start(delivery);
  }

  private start(delivery: ClaimedDelivery): void {
    const { attempt, deps } = this.options;
    this.inFlightCount += 1;
    this.inFlight.set(delivery.endpoint_id, (this.inFlight.get(delivery.endpoint_id) ?? 0) + 1);
    attemptDelivery(delivery, attempt, () => deps.clock.now(), this.attemptSignal)
      .then((outcome) => {
        this.options.onAttempt?.(outcome.status);
        this.hook('responded', outcome.delivery);
        if (this.crash === undefined) this.outcomes.push(outcome);
      })
      .catch((error: unknown) => this.die(error))
      .finally(() => {
        this.inFlightCount -= 1;
        const left = (this.inFlight.get(delivery.endpoint_id) ?? 1) - 1;
        if (left === 0) this.inFlight.delete(delivery.endpoint_id);
        else this.inFlight.set(delivery.endpoint_id, left);
        this.wake?.();
      });
  }

  private shouldFlush(): boolean {
    if (this.outcomes.length === 0) return false;
    if (this.inFlightCount === 0 || this.outcomes.length >= this.options.tuning.concurrency / 2) return true;
    return performance.now() - this.lastFlush >= this.options.tuning.flushIntervalMs;
  }

  private async flush(): Promise<void> {
    const batch = this.outcomes;
    this.outcomes = [];
    this.lastFlush = performance.now();
    this.recheck = true;
    this.hook('recording', { outcomes: batch.length });
    this.throwIfCrashed();
    await recordOutcomes(this.options.db, batch, this.options.deps);
  }

  private waitForWork(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wake = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wake = done;
    });
  }

  private hook<Point extends keyof CrashPoints>(point: Point, subject: CrashPoints[Point]): void {
    try {
      this.options.crashHook?.(point, subject);
    } catch (error) {
      this.die(error);
    }
  }

  private die(error: unknown): void {
    this.crash ??= error;
    this.abort.abort();
  }

  private throwIfCrashed(): void {
    if (this.crash !== undefined) throw this.crash;
  }

  // Retries and expired leases need a run at their time; a slice cut short with work left needs one now.
  private async scheduleNext(cutShort: boolean): Promise<void> {
    const { db, deps } = this.options;
    this.throwIfCrashed();
    const now = deps.clock.now();
    const next = cutShort ? now : await nextDueAt(db, now);
    if (!next) return;
    // Keyed to the millisecond: a job already waiting for a later moment must not absorb this one.
    await deps.jobs.enqueue(db, DISPATCH_JOB, {}, { runAt: next, dedupeKey: `${DISPATCH_JOB.kind}:${next.getTime()}` });
  }
}

// Every attempt in flight listens for the abort: far more than the default warning threshold.
function withoutListenerLimit(signal: AbortSignal): AbortSignal {
  setMaxListeners(0, signal);
  return signal;
}
