/**
 * The Redis that holds the shared rate-limit buckets dies under traffic and comes back. The
 * decision (docs/decisions.md, "Outages"): the node keeps serving with buckets of its own, stays
 * ready, counts what it decided alone, and goes back to Redis once Redis answers, without a restart.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Redis } from 'ioredis';
import { REDIS_KEY_PREFIX } from '../../src/platform/http/rate-limit-redis.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { skipWithoutRedis, startRedisServer, type RedisServer } from '../support/redis-server.ts';

type Phase = 'up' | 'down' | 'back';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function eventually(what: string, check: () => Promise<boolean> | boolean): Promise<void> {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    if (await check()) return;
    await pause(50);
  }
  assert.fail(`never happened: ${what}`);
}

describe('a Redis outage under traffic', { skip: skipWithoutRedis }, () => {
  let redis: RedisServer;
  let t: TestApp;
  let keys: { testKey: string; liveKey: string };
  let phase: Phase = 'up';
  const outcomes: Array<{ sentWhile: Phase; status: number; limited: boolean }> = [];
  let running = false;
  let traffic: Promise<void> | undefined;

  before(async () => {
    redis = await startRedisServer();
    // On a clock that stands still: reads are effectively unlimited (a bucket of a million, whose
    // key stays in Redis while it is not full), writes two at a time.
    t = await createTestApp({
      env: {
        REDIS_URL: redis.url,
        RATE_LIMIT_READ_BURST: '1000000',
        RATE_LIMIT_READ_PER_SECOND: '1',
        RATE_LIMIT_WRITE_BURST: '2',
        RATE_LIMIT_WRITE_PER_SECOND: '1',
      },
    });
    keys = await t.bootstrap('Redis outage');
  });

  after(async () => {
    running = false;
    await traffic;
    await t?.close();
    await redis?.stop();
  });

  function startTraffic(clients: number): void {
    running = true;
    traffic = Promise.all(
      Array.from({ length: clients }, async () => {
        while (running) {
          const sentWhile = phase;
          const response = await t.request({ method: 'GET', url: '/v1/accounts', key: keys.testKey });
          outcomes.push({ sentWhile, status: response.statusCode, limited: response.headers['ratelimit-limit'] !== undefined });
        }
      }),
    ).then(() => undefined);
  }

  async function rateLimitsCheck(): Promise<{ ok: boolean; redis_reachable: boolean; local_decisions: number }> {
    const response = await t.request({ method: 'GET', url: '/readyz' });
    assert.equal(response.statusCode, 200, response.body);
    return response.json().checks.find((check: { name: string }) => check.name === 'rate_limits');
  }

  const sentWhile = (wanted: Phase) => outcomes.filter((outcome) => outcome.sentWhile === wanted);

  test('with Redis down every request is served and rate limited by the local buckets, none 500, and the node stays ready', async () => {
    startTraffic(4);
    await eventually('twenty requests before the outage', () => sentWhile('up').length >= 20);
    await redis.stop();
    phase = 'down';
    await eventually('twenty requests during the outage', () => sentWhile('down').length >= 20);

    assert.deepEqual(
      outcomes.filter((outcome) => outcome.status !== 200 || !outcome.limited),
      [],
      'every read before and during the outage answers 200 with its RateLimit headers',
    );
    // The local bucket limits: two writes, then 429 on a clock that does not move.
    const writes = [];
    for (const name of ['one', 'two', 'three']) {
      writes.push((await t.request({ method: 'POST', url: '/v1/accounts', key: keys.testKey, payload: { name } })).statusCode);
    }
    assert.deepEqual(writes, [201, 201, 429]);

    const check = await rateLimitsCheck();
    assert.equal(check.ok, true, 'a node without Redis still serves: it stays ready');
    assert.equal(check.redis_reachable, false);
    assert.ok(check.local_decisions >= sentWhile('down').length, `local decisions ${check.local_decisions}`);
  });

  test('once Redis is back the buckets are shared in Redis again, without a restart', async () => {
    await redis.start();
    phase = 'back';
    await eventually('Redis used again', async () => (await rateLimitsCheck()).redis_reachable);
    const counted = (await rateLimitsCheck()).local_decisions;
    const before = sentWhile('back').length;
    await eventually('twenty requests after the restart', () => sentWhile('back').length >= before + 20);
    running = false;
    await traffic;
    assert.deepEqual(await rateLimitsCheck(), { name: 'rate_limits', ok: true, store: 'redis', redis_reachable: true, local_decisions: counted });
    assert.deepEqual(
      sentWhile('back').filter((outcome) => outcome.status !== 200),
      [],
    );
    const admin = new Redis(redis.url);
    try {
      assert.ok((await admin.keys(`${REDIS_KEY_PREFIX}*`)).length > 0, 'the buckets live in Redis again');
    } finally {
      admin.disconnect();
    }
  });
});
