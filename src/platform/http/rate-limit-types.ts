import type { RateLimitRule } from '../config.ts';

export interface RateLimitDecision {
  allowed: boolean;
  /** Bucket ceiling. */
  limit: number;
  /** Whole tokens left after this request. */
  remaining: number;
  /** Seconds until the bucket is full again. */
  resetSeconds: number;
  /** Seconds until one token is available (meaningful when not allowed). */
  retryAfterSeconds: number;
}

/** A token-bucket store: in memory for one process, Redis for several. */
export interface RateLimiter {
  /**
   * Takes `cost` tokens (default 1; more than the burst counts as the burst), or none when they are
   * not there. A store that decides in memory answers at once, one that asks elsewhere a promise.
   */
  take(bucketKey: string, rule: RateLimitRule, now: Date, cost?: number): RateLimitDecision | Promise<RateLimitDecision>;
  close(): Promise<void>;
}
