/**
 * Load shedding that measures the service, not the host. The service refuses work (503
 * `service.overloaded` with Retry-After) only when its own queues show it cannot keep up: someone
 * has waited too long for the database's connection or for a worker thread, the worker pool's
 * queue is half full, or too many requests are in flight. Expensive requests (rate-limit cost
 * above one) are refused first; cheap reads only when the wait is five times as long.
 *
 * The event loop's delay is not a signal: on a host whose cores are busy with other programs it
 * grows while this service has almost nothing queued, and right after start it holds the compile
 * pauses of code run for the first time; refusing then turned ordinary low-rate traffic into
 * 503s (docs/decisions.md, "Load shedding"). A queue grows only when work arrives faster than the
 * service finishes it, which is what shedding is for.
 */
import type { SaturationQueue } from '../wait-tracker.ts';

export type ShedLevel = 'none' | 'expensive' | 'all';

/** What the server asks before admitting a request; injectable so tests decide the level. */
export interface LoadMonitor {
  level(): ShedLevel;
  /** Why the current level is not 'none' (the problem's detail and logs). */
  reason?(): string | undefined;
  close(): void;
}

export interface SaturationOptions {
  queues: SaturationQueue[];
  /** Requests in flight now (admitted and not yet answered). */
  inFlight: () => number;
  /** Oldest wait in any queue above which expensive requests are refused; five times it, every /v1 request. */
  expensiveWaitMs: number;
  /** Requests in flight above which expensive requests are refused; twice it, every /v1 request. */
  expensiveInFlight: number;
}

/** The level for the state of the queues now: a pure function of what was read (tested alone). */
export function saturationLevel(
  state: { waits: { name: string; oldestWaitMs: number; depth: number; capacity?: number | undefined }[]; inFlight: number },
  options: Pick<SaturationOptions, 'expensiveWaitMs' | 'expensiveInFlight'>,
): { level: ShedLevel; reason?: string } {
  if (state.inFlight >= options.expensiveInFlight * 2) return { level: 'all', reason: `${state.inFlight} requests in flight` };
  for (const wait of state.waits) {
    if (wait.oldestWaitMs >= options.expensiveWaitMs * 5) return { level: 'all', reason: `${wait.name}: waiting ${Math.round(wait.oldestWaitMs)} ms` };
  }
  if (state.inFlight >= options.expensiveInFlight) return { level: 'expensive', reason: `${state.inFlight} requests in flight` };
  for (const wait of state.waits) {
    if (wait.oldestWaitMs >= options.expensiveWaitMs) return { level: 'expensive', reason: `${wait.name}: waiting ${Math.round(wait.oldestWaitMs)} ms` };
    if (wait.capacity !== undefined && wait.depth * 2 >= wait.capacity)
      return { level: 'expensive', reason: `${wait.name}: ${wait.depth} of ${wait.capacity} places taken` };
  }
  return { level: 'none' };
}

/** Reads the service's queues at each request: a few counters, no timer, nothing sampled in between. */
export function saturationMonitor(options: SaturationOptions): LoadMonitor {
  const read = () =>
    saturationLevel(
      {
        waits: options.queues.map((queue) => ({ name: queue.name, oldestWaitMs: queue.oldestWaitMs(), depth: queue.depth(), capacity: queue.capacity })),
        inFlight: options.inFlight(),
      },
      options,
    );
  return { level: () => read().level, reason: () => read().reason, close: () => {} };
}

/** A monitor that never sheds (tests that do not exercise shedding, and LOAD_SHED_QUEUE_MS=0). */
export const NEVER_SHED: LoadMonitor = { level: () => 'none', close: () => {} };

/** Whether a request of this cost is refused at this level. */
export function shouldShed(level: ShedLevel, cost: number): boolean {
  return level === 'all' || (level === 'expensive' && cost > 1);
}
