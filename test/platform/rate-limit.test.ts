import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';
import { ManualClock } from '../../src/platform/clock.ts';
import { MemoryRateLimiter } from '../../src/platform/http/rate-limit-memory.ts';
import { createRedisRateLimiter } from '../../src/platform/http/rate-limit-redis.ts';
import type { RateLimiter } from '../../src/platform/http/rate-limit-types.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { skipWithoutRedis, startRedisServer, type RedisServer } from '../support/redis-server.ts';

// Small buckets so that a handful of requests drains them: reads 3 (1/s), writes 2 (1/s).
const env = {
  RATE_LIMIT_READ_BURST: '3',
  RATE_LIMIT_READ_PER_SECOND: '1',
  RATE_LIMIT_WRITE_BURST: '2',
  RATE_LIMIT_WRITE_PER_SECOND: '1',
};

function limits(response: LightMyRequestResponse) {
  return {
    status: response.statusCode,
    limit: response.headers['ratelimit-limit'],
    remaining: response.headers['ratelimit-remaining'],
    reset: response.headers['ratelimit-reset'],
  };
}

/** The same HTTP-level guarantees, whichever store keeps the buckets. */
function rateLimitSuite(storeName: string, skip: string | false, makeLimiter: () => Promise<{ limiter: RateLimiter; cleanup(): Promise<void> }>) {
  describe(`rate limiting with the ${storeName} store`, { skip }, () => {
    const clock = new ManualClock();
    let t: TestApp;
    let keys: { testKey: string; liveKey: string };
    let cleanup: () => Promise<void>;
    const read = (key = keys.testKey) => t.request({ method: 'GET', url: '/v1/accounts', key });
    const write = (name: string) => t.request({ method: 'POST', url: '/v1/accounts', key: keys.testKey, payload: { name } });

    before(async () => {
      const store = await makeLimiter();
      cleanup = store.cleanup;
      t = await createTestApp({ clock, env, rateLimiter: store.limiter });
      keys = await t.bootstrap(`Rate-limited via ${storeName}`);
    });

    after(async () => {
      await t.close();
      await cleanup();
    });

    test('each read spends a token and the headers count down', async () => {
      assert.deepEqual(limits(await read()), { status: 200, limit: '3', remaining: '2', reset: '1' });
      assert.deepEqual(limits(await read()), { status: 200, limit: '3', remaining: '1', reset: '2' });
      assert.deepEqual(limits(await read()), { status: 200, limit: '3', remaining: '0', reset: '3' });
    });

    test('an empty bucket answers 429 rate_limit.exceeded with Retry-After', async () => {
      const refused = await read();
      assert.deepEqual(limits(refused), { status: 429, limit: '3', remaining: '0', reset: '3' });
      assert.equal(refused.headers['retry-after'], '1');
      assert.match(String(refused.headers['content-type']), /^application\/problem\+json/);
      assert.equal(refused.json().code, 'rate_limit.exceeded');
      assert.equal(refused.json().status, 429);
    });

    test('writes have their own bucket, and so does every key', async () => {
      assert.deepEqual(limits(await write('first')), { status: 201, limit: '2', remaining: '1', reset: '1' });
      assert.deepEqual(limits(await write('second')), { status: 201, limit: '2', remaining: '0', reset: '2' });
      const refused = await write('third');
      assert.equal(refused.statusCode, 429);
      assert.equal(refused.headers['retry-after'], '1');
      assert.deepEqual(limits(await read(keys.liveKey)), { status: 200, limit: '3', remaining: '2', reset: '1' });
    });

    test('tokens come back over time, up to the ceiling', async () => {
      clock.advance(1_000);
      assert.deepEqual(limits(await read()), { status: 200, limit: '3', remaining: '0', reset: '3' });
      clock.advance(500);
      const early = await read();
      assert.equal(early.statusCode, 429);
      assert.equal(early.headers['retry-after'], '1');
      clock.advance(60_000);
      assert.deepEqual(limits(await read()), { status: 200, limit: '3', remaining: '2', reset: '1' });
      assert.deepEqual(limits(await write('after the pause')), { status: 201, limit: '2', remaining: '1', reset: '1' });
    });

    test('public endpoints are not rate limited', async () => {
      const response = await t.request({ method: 'GET', url: '/v1/versions' });
      assert.equal(response.statusCode, 200);
      assert.equal(response.headers['ratelimit-limit'], undefined);
    });
  });
}

rateLimitSuite('memory', false, async () => ({ limiter: new MemoryRateLimiter(), cleanup: async () => {} }));

rateLimitSuite('Redis', skipWithoutRedis, async () => {
  const server: RedisServer = await startRedisServer();
  // app.close() closes the limiter; only the server is left to stop.
  return { limiter: createRedisRateLimiter(server.url), cleanup: () => server.stop() };
});
