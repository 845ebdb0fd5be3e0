import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { MemoryRateLimiter, takeToken } from './rate-limit-memory.ts';
import { saturationLevel, shouldShed, type LoadMonitor, type ShedLevel } from './load-shedding.ts';
import { WaitTracker } from '../wait-tracker.ts';
import { createTestApp, type TestApp } from '../../../test/support/app.ts';

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

const limits = { expensiveWaitMs: 1000, expensiveInFlight: 512 };
const quiet = { name: 'database', oldestWaitMs: 0, depth: 0 };

test("a host busy with other work refuses nothing: only the service's own queues and requests in flight count", () => {
  // What a busy host looks like from inside: requests take longer, but few wait and none waits long.
  assert.deepEqual(
    saturationLevel(
      {
        waits: [
          { ...quiet, oldestWaitMs: 300, depth: 2 },
          { name: 'worker pool', oldestWaitMs: 200, depth: 1, capacity: 32 },
        ],
        inFlight: 12,
      },
      limits,
    ),
    {
      level: 'none',
    },
  );
});

test('a saturated queue refuses expensive work first, and every request only at five times the wait', () => {
  assert.equal(saturationLevel({ waits: [{ ...quiet, oldestWaitMs: 1000, depth: 40 }], inFlight: 40 }, limits).level, 'expensive');
  assert.equal(saturationLevel({ waits: [{ ...quiet, oldestWaitMs: 4999, depth: 90 }], inFlight: 90 }, limits).level, 'expensive');
  const all = saturationLevel({ waits: [quiet, { name: 'worker pool', oldestWaitMs: 5000, depth: 10, capacity: 32 }], inFlight: 90 }, limits);
  assert.deepEqual(all, { level: 'all', reason: 'worker pool: waiting 5000 ms' });
  assert.deepEqual(saturationLevel({ waits: [quiet, { name: 'worker pool', oldestWaitMs: 10, depth: 16, capacity: 32 }], inFlight: 20 }, limits), {
    level: 'expensive',
    reason: 'worker pool: 16 of 32 places taken',
  });
  assert.equal(saturationLevel({ waits: [quiet, { name: 'worker pool', oldestWaitMs: 10, depth: 15, capacity: 32 }], inFlight: 20 }, limits).level, 'none');
  assert.equal(saturationLevel({ waits: [quiet], inFlight: 512 }, limits).level, 'expensive');
  assert.equal(saturationLevel({ waits: [quiet], inFlight: 1024 }, limits).level, 'all');
  assert.deepEqual([shouldShed('none', 20), shouldShed('expensive', 1), shouldShed('expensive', 2), shouldShed('all', 1)], [false, false, true, true]);
});

test('the wait tracker counts who waits and how long the oldest has', async () => {
  const tracker = new WaitTracker('database');
  let open!: () => void;
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  const first = tracker.wait(() => gate);
  await new Promise((resolve) => setTimeout(resolve, 30));
  const second = tracker.wait(() => gate);
  assert.equal(tracker.depth(), 2);
  assert.ok(tracker.oldestWaitMs() >= 25, `the oldest has waited ${tracker.oldestWaitMs()} ms`);
  open();
  await Promise.all([first, second]);
  assert.deepEqual([tracker.depth(), tracker.oldestWaitMs()], [0, 0]);
});

describe("the service's own saturation, through the API", () => {
  let t: TestApp;
  let key: string;
  before(async () => {
    t = await createTestApp({ env: { LOAD_SHED_QUEUE_MS: '100' }, rateLimiter: new MemoryRateLimiter() });
    ({ testKey: key } = await t.bootstrap('Saturated'));
  });
  after(() => t.close());

  test('an event loop held by other work refuses nothing', async () => {
    // Half a second of the loop taken, as on a host whose cores are busy elsewhere.
    const until = Date.now() + 500;
    while (Date.now() < until);
    const answers = await Promise.all([
      t.request({ method: 'GET', url: '/v1/invoices', key }),
      t.request({ method: 'POST', url: '/v1/fiscal_profiles', key, payload: {} }),
    ]);
    assert.deepEqual(
      answers.map((answer) => answer.statusCode),
      [200, 422],
    );
  });

  test('while requests wait for the database past the bound, expensive requests get 503 and cheap ones wait their turn', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // One transaction holds the embedded database's connection (on PostgreSQL, all of the pool's).
    const holders = Array.from({ length: t.app.services.database.kind === 'pglite' ? 1 : 10 }, () => t.app.services.db.transaction().execute(() => held));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const waiting = t.request({ method: 'GET', url: '/v1/invoices', key });
    await new Promise((resolve) => setTimeout(resolve, 150));
    const expensive = await t.request({ method: 'POST', url: '/v1/fiscal_profiles', key, payload: {} });
    assert.equal(expensive.statusCode, 503);
    assert.equal(expensive.json().code, 'service.overloaded');
    assert.equal(expensive.headers['retry-after'], '1');
    const cheap = t.request({ method: 'GET', url: '/v1/invoices', key });
    release();
    await Promise.all(holders);
    assert.deepEqual([(await waiting).statusCode, (await cheap).statusCode], [200, 200]);
    assert.equal((await t.request({ method: 'POST', url: '/v1/fiscal_profiles', key, payload: {} })).statusCode, 422, 'admitted again once the queue drained');
  });
});

describe('requests while the monitor says the service is saturated', () => {
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
    assert.equal(refused.headers['retry-after'], '1');
    level = 'all';
    const all = await cheap();
    assert.equal(all.statusCode, 503);
    assert.match(all.json().detail, /More work is waiting/);
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
