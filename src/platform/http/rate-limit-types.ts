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
  take(bucketKey: string, rule: RateLimitRule, now: Date): Promise<RateLimitDecision>;
  close(): Promise<void>;
}
