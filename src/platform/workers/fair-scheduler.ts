/**
 * Who runs next on the worker pool: a fair queue in front of its threads, so that one tenant (an
 * organization) cannot hold the pool while others wait. Tasks are not preempted; the rules act
 * whenever a thread is taken or freed:
 *
 * - While other tenants use the pool (within the last `sharedWithinMs`), a tenant runs at most
 *   `threadsPerTenant` tasks at once (by default every thread but one), so a thread is free for
 *   another tenant's task as soon as the busy tenant's are running. A tenant alone on the pool (a
 *   single-organization deployment, a quiet hour) uses every thread.
 * - A freed thread goes to the waiting tenant with the fewest tasks running, the one served least
 *   recently among equals (round robin), never simply to the oldest task.
 * - The queue (`maxQueue`) is shared the same way: a tenant may fill it while no one else needs
 *   room, and when it is full a newcomer with fewer tasks waiting than the busiest tenant takes
 *   the place of that tenant's newest waiting task, which is refused instead (503
 *   `service.overloaded` with Retry-After); a newcomer that already has as many waiting as any
 *   other is refused itself. Only a tenant over its share is told to wait. `queuePerTenant`
 *   optionally caps one tenant's waiting tasks below that.
 */
import { performance } from 'node:perf_hooks';
import { ApiError, type Bilingual } from '../errors/api-error.ts';

export interface FairSchedulerOptions {
  /** Tasks that may run at once (the pool's threads). */
  threads: number;
  /** Tasks one tenant may run at once; default `threads - 1` (at least 1). */
  threadsPerTenant?: number;
  /** Tasks that may wait in all; default `threads * 16`. */
  maxQueue?: number;
  /** Tasks one tenant may have waiting; default `maxQueue` (the queue's fair share is kept by eviction). */
  queuePerTenant?: number;
  /** How recently another tenant must have used the pool for the `threadsPerTenant` cap to apply; default 10 s. */
  sharedWithinMs?: number;
  /** The clock, in milliseconds (tests); default performance.now. */
  now?: () => number;
}

interface Waiting {
  /** When it began to wait (the `now` clock). */
  since: number;
  start(): void;
  refuse(error: ApiError): void;
}

interface Lane {
  running: number;
  waiting: Waiting[];
  /** When it was last given a thread (a counter), for the round robin among equals. */
  servedAt: number;
}

const RETRY_AFTER_SECONDS = 2;

function overloaded(message: Bilingual): ApiError {
  return new ApiError('service.overloaded', message, { headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) } });
}

export class FairScheduler {
  readonly threads: number;
  readonly threadsPerTenant: number;
  readonly maxQueue: number;
  readonly queuePerTenant: number;
  readonly sharedWithinMs: number;
  private readonly now: () => number;
  private readonly lanes = new Map<string, Lane>();
  /** When each tenant last asked for a thread, within `sharedWithinMs` (older entries are dropped as read). */
  private readonly lastAsked = new Map<string, number>();
  private running = 0;
  private waitingCount = 0;
  private served = 0;

  constructor(options: FairSchedulerOptions) {
    this.threads = Math.max(1, options.threads);
    this.threadsPerTenant = Math.min(this.threads, Math.max(1, options.threadsPerTenant ?? this.threads - 1));
    this.maxQueue = Math.max(1, options.maxQueue ?? this.threads * 16);
    this.queuePerTenant = Math.min(this.maxQueue, Math.max(1, options.queuePerTenant ?? this.maxQueue));
    this.sharedWithinMs = options.sharedWithinMs ?? 10_000;
    this.now = options.now ?? (() => performance.now());
  }

  /**
   * Resolves when `tenant` may start a task on a thread, with the function to call once the task
   * has finished (exactly once); rejects with 503 `service.overloaded` when the tenant's share of
   * the queue is full, at once or later (when a tenant with less waiting needs the place).
   */
  acquire(tenant: string): Promise<() => void> {
    const lane = this.laneOf(tenant);
    const release = this.releaseFor(tenant);
    this.lastAsked.delete(tenant);
    this.lastAsked.set(tenant, this.now());
    if (this.running < this.threads && lane.running < this.capFor(tenant) && lane.waiting.length === 0) {
      this.start(lane);
      return Promise.resolve(release);
    }
    if (lane.waiting.length >= this.queuePerTenant || (this.waitingCount >= this.maxQueue && !this.evictFor(lane))) {
      const waiting = lane.waiting.length;
      this.dropIfIdle(tenant, lane);
      return Promise.reject(
        overloaded({
          en: `This organization already has ${waiting} tasks waiting for the worker pool, its share of the queue; retry after Retry-After.`,
          es: `Esta organización ya tiene ${waiting} tareas en espera de procesarse, lo que le corresponde de la cola; vuelva a intentarlo después de los segundos que indica Retry-After.`,
        }),
      );
    }
    return new Promise((resolve, reject) => {
      lane.waiting.push({ since: this.now(), start: () => resolve(release), refuse: reject });
      this.waitingCount += 1;
    });
  }

  /** Tasks running and waiting, in all or for one tenant (tests, and a pool's health). */
  load(tenant?: string): { running: number; waiting: number } {
    if (tenant === undefined) return { running: this.running, waiting: this.waitingCount };
    const lane = this.lanes.get(tenant);
    return { running: lane?.running ?? 0, waiting: lane?.waiting.length ?? 0 };
  }

  /** How long the task waiting longest has waited, in milliseconds (0 when none waits). */
  oldestWaitMs(): number {
    let oldest: number | undefined;
    for (const lane of this.lanes.values()) {
      const first = lane.waiting[0];
      if (first && (oldest === undefined || first.since < oldest)) oldest = first.since;
    }
    return oldest === undefined ? 0 : this.now() - oldest;
  }

  /** Tasks `tenant` may run at once: every thread while no other tenant has used the pool lately. */
  private capFor(tenant: string): number {
    const since = this.now() - this.sharedWithinMs;
    // Oldest first (re-asking moves a tenant to the end): stale entries are dropped on the way.
    for (const [other, at] of this.lastAsked) {
      if (at >= since) {
        if (other !== tenant) return this.threadsPerTenant;
        continue;
      }
      this.lastAsked.delete(other);
    }
    return this.threads;
  }

  private laneOf(tenant: string): Lane {
    let lane = this.lanes.get(tenant);
    if (!lane) {
      lane = { running: 0, waiting: [], servedAt: 0 };
      this.lanes.set(tenant, lane);
    }
    return lane;
  }

  private dropIfIdle(tenant: string, lane: Lane): void {
    if (lane.running === 0 && lane.waiting.length === 0) this.lanes.delete(tenant);
  }

  private start(lane: Lane): void {
    lane.running += 1;
    this.running += 1;
    this.served += 1;
    lane.servedAt = this.served;
  }

  private releaseFor(tenant: string): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const lane = this.lanes.get(tenant)!;
      lane.running -= 1;
      this.running -= 1;
      this.dropIfIdle(tenant, lane);
      this.dispatch();
    };
  }

  /** Gives free threads to waiting tenants: fewest running first, then least recently served. */
  private dispatch(): void {
    while (this.running < this.threads) {
      let chosen: Lane | undefined;
      for (const [tenant, lane] of this.lanes) {
        if (lane.waiting.length === 0 || lane.running >= this.capFor(tenant)) continue;
        if (!chosen || lane.running < chosen.running || (lane.running === chosen.running && lane.servedAt < chosen.servedAt)) chosen = lane;
      }
      if (!chosen) return;
      const next = chosen.waiting.shift()!;
      this.waitingCount -= 1;
      this.start(chosen);
      next.start();
    }
  }

  /** Makes room for `lane` in a full queue by refusing the newest task of a tenant with more waiting; false when none has. */
  private evictFor(lane: Lane): boolean {
    let busiest: Lane | undefined;
    for (const other of this.lanes.values()) {
      if (other !== lane && other.waiting.length > lane.waiting.length + 1 && (!busiest || other.waiting.length > busiest.waiting.length)) busiest = other;
    }
    if (!busiest) return false;
    const evicted = busiest.waiting.pop()!;
    this.waitingCount -= 1;
    evicted.refuse(
      overloaded({
        en: "This organization's tasks fill more than its share of the worker pool's queue; retry after Retry-After.",
        es: 'Las tareas de esta organización ocupan más de lo que le corresponde de la cola de procesamiento; vuelva a intentarlo después de los segundos que indica Retry-After.',
      }),
    );
    return true;
  }
}
