/** Retry delays double from this base (with ±20% jitter) up to the ceiling below. */
const RETRY_BASE_MS = 5_000;
const RETRY_MAX_MS = 60 * 60_000;

/** Thrown by a handler that knows when it wants to be retried (an upstream's Retry-After, say). */
export class RetryJobError extends Error {
  readonly retryAfterMs: number;
  constructor(message: string, retryAfterMs: number) {
    super(message);
    this.name = 'RetryJobError';
    this.retryAfterMs = retryAfterMs;
  }
}

/**
 * The delay before the next attempt once attempt `attempt` (1-based) failed: 5 s, 10 s, 20 s…
 * capped at an hour. The jitter spreads out retries of jobs that failed together (an outage).
 */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  const exponential = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempt - 1));
  return Math.round(exponential * (0.8 + 0.4 * random()));
}
