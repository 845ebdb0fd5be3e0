import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import type { RateLimitRule } from '../config.ts';
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

/** Token buckets shared by every node through Redis (`REDIS_URL`). */
export class RedisRateLimiter implements RateLimiter {
  private readonly redis: Redis;

  constructor(redis: Redis) {
    this.redis = redis;
  }

  async take(bucketKey: string, rule: RateLimitRule, now: Date, cost = 1): Promise<RateLimitDecision> {
    const capped = Math.min(Math.max(1, cost), rule.burst);
    const args = [REDIS_KEY_PREFIX + bucketKey, String(now.getTime()), String(rule.burst), String(rule.perSecond), String(capped)];
    const [allowed, remaining, resetSeconds, retryAfterSeconds] = (await this.evaluate(args)) as number[];
    return {
      allowed: allowed === 1,
      limit: rule.burst,
      remaining: Number(remaining),
      resetSeconds: Number(resetSeconds),
      retryAfterSeconds: Number(retryAfterSeconds),
    };
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
    if (this.redis.status === 'end') return;
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

/**
 * A limiter on the Redis at `url`. A request waits at most a second for Redis; when Redis is
 * unreachable the request fails (500) rather than going unlimited.
 */
export function createRedisRateLimiter(url: string): RateLimiter {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, commandTimeout: 1000, enableAutoPipelining: true });
  // Connection errors surface on the commands that need the connection; the event alone is noise.
  redis.on('error', () => {});
  return new RedisRateLimiter(redis);
}
