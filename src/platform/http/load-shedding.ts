/**
 * Load shedding: one event loop serves every tenant, so when it falls behind (its delay, sampled
 * with perf_hooks' histogram) the service first refuses expensive requests (rate-limit cost above
 * one) and, if the delay keeps growing, every /v1 request, with 503 `service.overloaded` and
 * Retry-After, until the loop has caught up. Health probes, docs and requests already admitted are
 * never refused. Entering and leaving use separate thresholds, so the state does not flap.
 */
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';

export type ShedLevel = 'none' | 'expensive' | 'all';

/** What the server asks before admitting a request; injectable so tests decide the level. */
export interface LoadMonitor {
  level(): ShedLevel;
  /** Forgets what was measured so far (the server calls it once listening: start-up is not load). */
  reset?(): void;
  close(): void;
}

export interface LoadSheddingOptions {
  /** p99 event-loop delay over a window above which expensive requests are refused. */
  expensiveLagMs: number;
  /** p99 delay above which every /v1 request is refused. */
  allLagMs: number;
  /** How often the histogram is read and reset. */
  windowMs: number;
}

/**
 * The next level from the current one and the p99 delay of the last two windows. Each level is
 * entered only when the delay lasts two windows running: one long pause (the first use of a code
 * path, one large document) is not load, and refusing the request that follows it would turn a
 * client's stamp-then-download into a 503. Each level is left only below half of its threshold
 * (hysteresis).
 */
export function nextLevel(
  current: ShedLevel,
  p99Ms: number,
  options: Pick<LoadSheddingOptions, 'expensiveLagMs' | 'allLagMs'>,
  previousP99Ms = p99Ms,
): ShedLevel {
  const lasting = Math.min(p99Ms, previousP99Ms);
  if (lasting >= options.allLagMs) return 'all';
  if (current === 'all' && p99Ms >= options.allLagMs / 2) return 'all';
  if (lasting >= options.expensiveLagMs) return 'expensive';
  if (current !== 'none' && p99Ms >= options.expensiveLagMs / 2) return 'expensive';
  return 'none';
}

/** The process's own event-loop delay, read every `windowMs`. */
export function eventLoopMonitor(options: LoadSheddingOptions): LoadMonitor {
  const histogram: IntervalHistogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  let current: ShedLevel = 'none';
  let previousP99Ms = 0;
  const timer = setInterval(() => {
    const p99Ms = histogram.count > 0 ? histogram.percentile(99) / 1e6 : 0;
    histogram.reset();
    current = nextLevel(current, p99Ms, options, previousP99Ms);
    previousP99Ms = p99Ms;
  }, options.windowMs);
  timer.unref();
  return {
    level: () => current,
    reset: () => {
      histogram.reset();
      current = 'none';
      previousP99Ms = 0;
    },
    close: () => {
      clearInterval(timer);
      histogram.disable();
    },
  };
}

/** A monitor that never sheds (tests that do not exercise shedding, and LOAD_SHED_LAG_MS=0). */
export const NEVER_SHED: LoadMonitor = { level: () => 'none', close: () => {} };

/** Whether a request of this cost is refused at this level. */
export function shouldShed(level: ShedLevel, cost: number): boolean {
  return level === 'all' || (level === 'expensive' && cost > 1);
}
