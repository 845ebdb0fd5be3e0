import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { MemoryRateLimiter, takeToken } from './rate-limit-memory.ts';
import { nextLevel, shouldShed, type LoadMonitor, type ShedLevel } from './load-shedding.ts';
import { createTestApp, type TestApp } from '../../../test/support/app.ts';

const thresholds = { expensiveLagMs: 100, allLagMs: 500 };

test('an expensive request takes its cost from the bucket; a cost above the burst counts as the burst', () => {
  const rule = { burst: 20, perSecond: 10 };
  let step = takeToken(undefined, rule, 0, 5);
  assert.deepEqual([step.decision.allowed, step.decision.remaining], [true, 15]);
  step = takeToken(step.bucket, rule, 0, 20);
  assert.deepEqual([step.decision.allowed, step.decision.remaining, step.decision.retryAfterSeconds], [false, 15, 1]);
  step = takeToken(step.bucket, rule, 500, 500);
  assert.deepEqual([step.decision.allowed, step.decision.remaining], [true, 0], 'capped at the burst: a full bucket always admits it');
  assert.equal(takeToken(step.bucket, rule, 500, 7).decision.retryAfterSeconds, 1);
  assert.equal(takeToken({ tokens: 0, updatedAt: 0 }, { burst: 100, perSecond: 5 }, 0, 20).decision.retryAfterSeconds, 4);
});

test('the shed level rises with the loop delay and falls only below half of each threshold', () => {
  const walk = (delays: number[]) => {
    let level: ShedLevel = 'none';
    return delays.map((delay) => (level = nextLevel(level, delay, thresholds)));
  };
  assert.deepEqual(walk([10, 120, 90, 60, 40, 10]), ['none', 'expensive', 'expensive', 'expensive', 'none', 'none']);
  assert.deepEqual(walk([600, 400, 260, 240, 120, 20]), ['all', 'all', 'all', 'expensive', 'expensive', 'none']);
  const withHistory = (delays: number[]) => {
    let level: ShedLevel = 'none';
    return delays.map((delay, index) => (level = nextLevel(level, delay, thresholds, delays[index - 1] ?? 0)));
  };
  assert.deepEqual(withHistory([10, 900, 10, 10]), ['none', 'none', 'none', 'none'], 'one long pause refuses nothing');
  assert.deepEqual(withHistory([10, 150, 120, 60, 40]), ['none', 'none', 'expensive', 'expensive', 'none'], 'a lasting delay refuses expensive requests');
  assert.deepEqual(withHistory([10, 600, 700, 300, 20]), ['none', 'none', 'all', 'all', 'none'], 'a lasting long delay refuses everything');
  assert.deepEqual([shouldShed('none', 20), shouldShed('expensive', 1), shouldShed('expensive', 2), shouldShed('all', 1)], [false, false, true, true]);
});

describe('requests while the event loop lags', () => {
  let level: ShedLevel = 'none';
  const monitor: LoadMonitor = { level: () => level, close: () => {} };
  let t: TestApp;
  let key: string;
  before(async () => {
    t = await createTestApp({ loadMonitor: monitor, rateLimiter: new MemoryRateLimiter() });
    ({ testKey: key } = await t.bootstrap('Shedding'));
  });
  after(() => t.close());

  const cheap = () => t.request({ method: 'GET', url: '/v1/api_keys', key });
  const expensive = () => t.request({ method: 'POST', url: '/v1/fiscal_profiles', key, payload: {} });

  test('expensive requests are refused first, then every /v1 request, with 503 and Retry-After; health never', async () => {
    level = 'expensive';
    assert.equal((await cheap()).statusCode, 200);
    const refused = await expensive();
    assert.equal(refused.statusCode, 503);
    assert.equal(refused.json().code, 'service.overloaded');
    assert.equal(refused.headers['retry-after'], '2');
    level = 'all';
    const all = await cheap();
    assert.equal(all.statusCode, 503);
    assert.match(all.json().detail, /catching up/);
    assert.equal((await t.request({ method: 'GET', url: '/healthz' })).statusCode, 200);
    assert.equal((await t.request({ method: 'GET', url: '/readyz' })).statusCode, 200);
    level = 'none';
    assert.equal((await cheap()).statusCode, 200);
    assert.equal((await expensive()).statusCode, 422, 'admitted again: the empty body reaches the schema');
  });
});

describe('weighted rate limits through the API', () => {
  let t: TestApp;
  let key: string;
  before(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_WRITE_BURST: '30', RATE_LIMIT_WRITE_PER_SECOND: '1' }, rateLimiter: new MemoryRateLimiter() });
    ({ testKey: key } = await t.bootstrap('Weighted'));
  });
  after(() => t.close());

  test('a credential upload costs ten write tokens, a cheap write one; the refusal says what it cost', async () => {
    const upload = () => t.request({ method: 'POST', url: '/v1/fiscal_profiles', key, payload: {} });
    const first = await upload();
    assert.equal(first.headers['ratelimit-remaining'], '20');
    assert.equal((await upload()).headers['ratelimit-remaining'], '10');
    assert.equal((await upload()).headers['ratelimit-remaining'], '0');
    const refused = await upload();
    assert.equal(refused.statusCode, 429);
    assert.match(refused.json().detail, /it costs 10 of 30/);
    assert.equal(refused.headers['retry-after'], '10');
  });
});
