import type { RateLimitRule } from '../config.ts';
import type { RateLimitDecision, RateLimiter } from './rate-limit-types.ts';

interface Bucket {
  tokens: number;
  updatedAt: number;
}

/**
 * Computes one token-bucket step; shared by every store so they agree to the token. An expensive
 * request takes `cost` tokens at once (capped at the burst, so that it can always pass once the
 * bucket is full).
 */
export function takeToken(bucket: Bucket | undefined, rule: RateLimitRule, nowMs: number, requested = 1): { bucket: Bucket; decision: RateLimitDecision } {
  const cost = Math.min(Math.max(1, requested), rule.burst);
  const elapsedSeconds = bucket ? Math.max(0, nowMs - bucket.updatedAt) / 1000 : 0;
  const available = bucket ? Math.min(rule.burst, bucket.tokens + elapsedSeconds * rule.perSecond) : rule.burst;
  const allowed = available >= cost;
  const tokens = allowed ? available - cost : available;
  return {
    bucket: { tokens, updatedAt: nowMs },
    decision: {
      allowed,
      limit: rule.burst,
      remaining: Math.floor(tokens),
      resetSeconds: Math.ceil((rule.burst - tokens) / rule.perSecond),
      retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((cost - tokens) / rule.perSecond)),
    },
  };
}

/** Buckets in this process's memory: right for one node; use the Redis store for several. */
export class MemoryRateLimiter implements RateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private sweeps = 0;

  take(bucketKey: string, rule: RateLimitRule, now: Date, cost = 1): RateLimitDecision {
    const nowMs = now.getTime();
    const { bucket, decision } = takeToken(this.buckets.get(bucketKey), rule, nowMs, cost);
    this.buckets.set(bucketKey, bucket);
    if (++this.sweeps % 10_000 === 0) this.sweep(nowMs, rule);
    return decision;
  }

  // A bucket idle long enough to be full again carries no information; drop it.
  private sweep(nowMs: number, rule: RateLimitRule): void {
    const fullAfterMs = (rule.burst / rule.perSecond) * 1000;
    for (const [key, bucket] of this.buckets) {
      if (nowMs - bucket.updatedAt > fullAfterMs) this.buckets.delete(key);
    }
  }

  async close(): Promise<void> {
    this.buckets.clear();
  }
}
