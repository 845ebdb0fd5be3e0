import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import type { RateLimitRule } from '../config.ts';
import { MemoryRateLimiter } from './rate-limit-memory.ts';
import type { RateLimitDecision, RateLimiter } from './rate-limit-types.ts';

/**
 * takeToken of rate-limit-memory.ts, step for step, run atomically inside Redis so that every node
 * sharing the bucket agrees. Lua numbers are the same IEEE doubles as JavaScript's, so both stores
 * agree to the token; the state is written with %.17g so no precision is lost between calls.
 * The caller's clock is used (not Redis TIME), exactly as in memory. A bucket expires once it
 * would be full again: an absent bucket means a full one.
 *
 * KEYS[1] bucket; ARGV: now (ms), burst, perSecond, cost (already capped at the burst).
 * Returns {allowed (0/1), remaining, resetSeconds, retryAfterSeconds}.
 */
export const TAKE_TOKEN_SCRIPT = `
local now = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local per_second = tonumber(ARGV[3])
local cost = tonumber(ARGV[4])
local state = redis.call('HMGET', KEYS[1], 'tokens', 'updated_at')
local available = burst
if state[1] and state[2] then
  local elapsed_seconds = math.max(0, now - tonumber(state[2])) / 1000
  available = math.min(burst, tonumber(state[1]) + elapsed_seconds * per_second)
end
local allowed = available >= cost
local tokens = available
if allowed then tokens = available - cost end
redis.call('HSET', KEYS[1], 'tokens', string.format('%.17g', tokens), 'updated_at', string.format('%.17g', now))
local full_after_ms = math.max(1, math.ceil((burst - tokens) / per_second * 1000))
redis.call('PEXPIRE', KEYS[1], full_after_ms)
local retry_after = 0
if not allowed then retry_after = math.max(1, math.ceil((cost - tokens) / per_second)) end
return {allowed and 1 or 0, math.floor(tokens), math.ceil((burst - tokens) / per_second), retry_after}
`;

const SCRIPT_SHA1 = createHash('sha1').update(TAKE_TOKEN_SCRIPT).digest('hex');
export const REDIS_KEY_PREFIX = 'invoicing:rate:';

/** What a Redis-backed limiter reports on /readyz. */
export type RedisLimiterStatus = {
  store: 'redis';
  /** False while requests are decided by this process's own buckets. */
  redis_reachable: boolean;
  /** Requests decided by the local buckets because Redis could not be reached, since start. */
  local_decisions: number;
};

export interface RedisRateLimiterOptions {
  /** Told once when Redis stops answering and requests move to the local buckets. */
  onUnavailable?: (error: unknown) => void;
  /** Told once when Redis answers again and requests move back to it. */
  onRecovered?: () => void;
}

/** While Redis is marked unreachable over a connection that still looks open (a hung server), one request a second tries it again. */
const PROBE_INTERVAL_MS = 1_000;

/**
 * Token buckets shared by every node through Redis (`REDIS_URL`). When Redis cannot be reached
 * (down, restarting, too slow) requests are decided by buckets in this process's memory, the
 * same rule per node, rather than failing or going unlimited: each node then admits up to its
 * own burst, so the cluster admits up to N times the limit until Redis is back
 * (docs/decisions.md, "Outages"). The switch is logged once each way and counted.
 */
export class RedisRateLimiter implements RateLimiter {
  private readonly redis: Redis;
  private readonly options: RedisRateLimiterOptions;
  private local = new MemoryRateLimiter();
  private unreachable = false;
  private nextProbeAt = 0;
  private closing = false;
  /** Requests decided by the local buckets because Redis could not be reached: a counter for metrics. */
  localDecisions = 0;

  constructor(redis: Redis, options: RedisRateLimiterOptions = {}) {
    this.redis = redis;
    this.options = options;
    // A closed connection is known at once: requests go local without first waiting for Redis.
    redis.on('close', () => {
      if (!this.closing) this.markUnreachable(new Error('The connection to Redis closed.'));
    });
  }

  async take(bucketKey: string, rule: RateLimitRule, now: Date, cost = 1): Promise<RateLimitDecision> {
    if (this.unreachable && !this.probeDue()) return this.takeLocally(bucketKey, rule, now, cost);
    const capped = Math.min(Math.max(1, cost), rule.burst);
    const args = [REDIS_KEY_PREFIX + bucketKey, String(now.getTime()), String(rule.burst), String(rule.perSecond), String(capped)];
    let answer: number[];
    try {
      answer = (await this.evaluate(args)) as number[];
    } catch (error) {
      this.markUnreachable(error);
      return this.takeLocally(bucketKey, rule, now, cost);
    }
    this.markReachable();
    const [allowed, remaining, resetSeconds, retryAfterSeconds] = answer;
    return {
      allowed: allowed === 1,
      limit: rule.burst,
      remaining: Number(remaining),
      resetSeconds: Number(resetSeconds),
      retryAfterSeconds: Number(retryAfterSeconds),
    };
  }

  status(): RedisLimiterStatus {
    return { store: 'redis', redis_reachable: !this.unreachable, local_decisions: this.localDecisions };
  }

  // Once the client has reconnected ('ready'), or a second after a failure over a connection that
  // stayed open, one request tries Redis again; the others keep going local meanwhile.
  private probeDue(): boolean {
    if (this.redis.status !== 'ready' || Date.now() < this.nextProbeAt) return false;
    this.nextProbeAt = Date.now() + PROBE_INTERVAL_MS;
    return true;
  }

  private takeLocally(bucketKey: string, rule: RateLimitRule, now: Date, cost: number): RateLimitDecision {
    this.localDecisions += 1;
    return this.local.take(bucketKey, rule, now, cost);
  }

  private markUnreachable(error: unknown): void {
    this.nextProbeAt = Date.now() + PROBE_INTERVAL_MS;
    if (this.unreachable) return;
    this.unreachable = true;
    this.options.onUnavailable?.(error);
  }

  private markReachable(): void {
    if (!this.unreachable) return;
    this.unreachable = false;
    // The local buckets served the outage only; Redis's are the shared truth again.
    this.local = new MemoryRateLimiter();
    this.options.onRecovered?.();
  }

  // EVALSHA sends 40 bytes instead of the script; a server that has not seen it yet (a restart,
  // SCRIPT FLUSH, a fresh replica) answers NOSCRIPT and gets the full script once through EVAL.
  private async evaluate(args: string[]): Promise<unknown> {
    try {
      return await this.redis.evalsha(SCRIPT_SHA1, 1, ...args);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.includes('NOSCRIPT')) throw error;
      return this.redis.eval(TAKE_TOKEN_SCRIPT, 1, ...args);
    }
  }

  async close(): Promise<void> {
    this.closing = true;
    if (this.redis.status === 'end') return;
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

/**
 * A limiter on the Redis at `url`. A request waits at most a second for Redis; when Redis cannot
 * answer, requests are decided by local buckets until it can (RedisRateLimiter).
 */
export function createRedisRateLimiter(url: string, options: RedisRateLimiterOptions = {}): RedisRateLimiter {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, commandTimeout: 1000, enableAutoPipelining: true });
  // Connection errors surface on the commands that need the connection and in `onUnavailable`; the event alone is noise.
  redis.on('error', () => {});
  return new RedisRateLimiter(redis, options);
}
