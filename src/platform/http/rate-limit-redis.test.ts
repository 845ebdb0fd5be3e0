import { createHash } from 'node:crypto';
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { Redis } from 'ioredis';
import { skipWithoutRedis, startRedisServer, type RedisServer } from '../../../test/support/redis-server.ts';
import { MemoryRateLimiter } from './rate-limit-memory.ts';
import { createRedisRateLimiter, REDIS_KEY_PREFIX, RedisRateLimiter, TAKE_TOKEN_SCRIPT } from './rate-limit-redis.ts';
import type { RateLimiter } from './rate-limit-types.ts';

let server: RedisServer | undefined;
let admin: Redis;
let limiter: RateLimiter;

before(async () => {
  if (skipWithoutRedis) return;
  server = await startRedisServer();
  admin = new Redis(server.url);
  limiter = createRedisRateLimiter(server.url);
});

after(async () => {
  if (!server) return;
  await limiter.close();
  admin.disconnect();
  await server.stop();
});

const START = Date.parse('2026-07-15T12:00:00Z');

test('the Redis bucket agrees with the in-memory bucket on every step, whatever each request costs', { skip: skipWithoutRedis }, async () => {
  let run = 0;
  await fc.assert(
    fc.asyncProperty(
      fc.record({ burst: fc.integer({ min: 1, max: 50 }), perSecond: fc.integer({ min: 1, max: 20 }) }),
      fc.array(fc.record({ gapMs: fc.integer({ min: 0, max: 3_000 }), cost: fc.integer({ min: 1, max: 60 }) }), { minLength: 1, maxLength: 40 }),
      async (rule, steps) => {
        const bucketKey = `property:${run++}`;
        const memory = new MemoryRateLimiter();
        let nowMs = START;
        for (const { gapMs, cost } of steps) {
          nowMs += gapMs;
          const expected = memory.take(bucketKey, rule, new Date(nowMs), cost);
          const actual = await limiter.take(bucketKey, rule, new Date(nowMs), cost);
          assert.deepEqual(actual, expected);
        }
      },
    ),
    { numRuns: 60 },
  );
});

test('a drained bucket refuses with a Retry-After and refills over time', { skip: skipWithoutRedis }, async () => {
  const rule = { burst: 2, perSecond: 1 };
  const at = (ms: number) => new Date(START + ms);
  assert.deepEqual(await limiter.take('drain', rule, at(0)), { allowed: true, limit: 2, remaining: 1, resetSeconds: 1, retryAfterSeconds: 0 });
  assert.deepEqual(await limiter.take('drain', rule, at(0)), { allowed: true, limit: 2, remaining: 0, resetSeconds: 2, retryAfterSeconds: 0 });
  assert.deepEqual(await limiter.take('drain', rule, at(500)), { allowed: false, limit: 2, remaining: 0, resetSeconds: 2, retryAfterSeconds: 1 });
  assert.deepEqual(await limiter.take('drain', rule, at(1_000)), { allowed: true, limit: 2, remaining: 0, resetSeconds: 2, retryAfterSeconds: 0 });
});

test('a bucket key expires when the bucket would be full again', { skip: skipWithoutRedis }, async () => {
  const rule = { burst: 10, perSecond: 2 };
  await limiter.take('expiring', rule, new Date(START));
  await limiter.take('expiring', rule, new Date(START));
  // Two tokens short of full at two per second: full again, and gone, after one second.
  const ttlMs = await admin.pttl(`${REDIS_KEY_PREFIX}expiring`);
  assert.ok(ttlMs > 0 && ttlMs <= 1_000, `TTL ${ttlMs} ms`);
});

test('after SCRIPT FLUSH the script is sent again and the bucket carries on', { skip: skipWithoutRedis }, async () => {
  const rule = { burst: 3, perSecond: 1 };
  const first = await limiter.take('flushed', rule, new Date(START));
  const sha1 = createHash('sha1').update(TAKE_TOKEN_SCRIPT).digest('hex');
  await admin.script('FLUSH');
  assert.deepEqual(await admin.script('EXISTS', sha1), [0]);
  const second = await limiter.take('flushed', rule, new Date(START));
  assert.deepEqual(await admin.script('EXISTS', sha1), [1], 'EVAL loaded the script again');
  assert.equal(first.remaining, 2);
  assert.equal(second.remaining, 1);
  assert.ok(await admin.exists(`${REDIS_KEY_PREFIX}flushed`));
});

test('an unreachable Redis: requests are decided by local buckets, still limited, counted, and the switch is told once', {
  skip: skipWithoutRedis,
}, async () => {
  const client = new Redis('redis://127.0.0.1:1', { maxRetriesPerRequest: 0, retryStrategy: () => null, lazyConnect: true });
  client.on('error', () => {});
  const told: unknown[] = [];
  const unreachable = new RedisRateLimiter(client, { onUnavailable: (error) => told.push(error) });
  const rule = { burst: 2, perSecond: 1 };
  const decisions = [];
  for (let index = 0; index < 3; index += 1) decisions.push(await unreachable.take('nowhere', rule, new Date(START)));
  assert.deepEqual(
    decisions.map((decision) => [decision.allowed, decision.remaining]),
    [
      [true, 1],
      [true, 0],
      [false, 0],
    ],
  );
  assert.equal(unreachable.localDecisions, 3);
  assert.deepEqual(unreachable.status(), { store: 'redis', redis_reachable: false, local_decisions: 3 });
  assert.equal(told.length, 1, 'told once, not once a request');
  await unreachable.close();
});

test('a Redis that stops and starts again is used again without a restart; each switch is told once', { skip: skipWithoutRedis }, async () => {
  const own = await startRedisServer();
  const events: string[] = [];
  const shared = createRedisRateLimiter(own.url, { onUnavailable: () => events.push('unavailable'), onRecovered: () => events.push('recovered') });
  const rule = { burst: 100, perSecond: 1 };
  try {
    assert.equal((await shared.take('restarted', rule, new Date(START))).remaining, 99);
    await own.stop();
    for (let index = 0; index < 5; index += 1) assert.equal((await shared.take('restarted', rule, new Date(START))).allowed, true);
    assert.equal(shared.status().redis_reachable, false);
    const local = shared.localDecisions;
    assert.ok(local >= 5);
    await own.start();
    for (let attempt = 0; attempt < 200 && !shared.status().redis_reachable; attempt += 1) {
      await shared.take('restarted', rule, new Date(START));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    assert.equal(shared.status().redis_reachable, true);
    const counted = shared.localDecisions;
    // The restarted Redis kept nothing: its bucket starts full, and now it is the one counting.
    const decision = await shared.take('restarted', rule, new Date(START));
    assert.equal(shared.localDecisions, counted);
    assert.ok(decision.remaining < 99);
    assert.deepEqual(events, ['unavailable', 'recovered']);
  } finally {
    await shared.close();
    await own.stop();
  }
});

test('a Redis that hangs with its connection open: requests go local after the timeout, and back to Redis once it answers', {
  skip: skipWithoutRedis,
}, async () => {
  const own = await startRedisServer();
  const events: string[] = [];
  const shared = createRedisRateLimiter(own.url, { onUnavailable: () => events.push('unavailable'), onRecovered: () => events.push('recovered') });
  const rule = { burst: 100, perSecond: 1 };
  try {
    assert.equal((await shared.take('hung', rule, new Date(START))).remaining, 99);
    own.freeze();
    const during = await shared.take('hung', rule, new Date(START));
    assert.equal(during.allowed, true);
    assert.equal(shared.status().redis_reachable, false);
    // Marked unreachable: the next requests do not wait for Redis again.
    const counted = shared.localDecisions;
    await shared.take('hung', rule, new Date(START));
    assert.equal(shared.localDecisions, counted + 1);
    own.thaw();
    for (let attempt = 0; attempt < 200 && !shared.status().redis_reachable; attempt += 1) {
      await shared.take('hung', rule, new Date(START));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    assert.equal(shared.status().redis_reachable, true);
    assert.deepEqual(events, ['unavailable', 'recovered']);
  } finally {
    own.thaw();
    await shared.close();
    await own.stop();
  }
});
