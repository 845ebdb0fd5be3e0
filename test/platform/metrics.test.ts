/**
 * Prometheus metrics (docs/guides/operations.md, "Metrics"): `/metrics` scraped while requests are
 * made and work is done, each scrape checked by Prometheus's own promtool before its samples are
 * read; refused without the token; absent when not configured; a private listener on METRICS_PORT;
 * and series that do not multiply with the ids in URLs.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { emitEvent } from '../support/events.ts';
import { startReceiver, type Receiver } from '../support/webhook-receiver.ts';
import type { LoadMonitor, ShedLevel } from '../../src/platform/http/load-shedding.ts';
import { MemoryRateLimiter } from '../../src/platform/http/rate-limit-memory.ts';
import type { RateLimitDecision, RateLimiter } from '../../src/platform/http/rate-limit-types.ts';
import { loadConfig, type RateLimitRule } from '../../src/platform/config.ts';
import { newId } from '../../src/platform/ids.ts';
import { defineJob, NoPayload } from '../../src/platform/jobs/kinds.ts';
import { createInvoicesTestApp, createStamped, invoiceRequest, registerProfile, type InvoicesTestApp, type Keys } from '../invoices/support.ts';
import { createTestApp } from '../support/app.ts';
import { assertValidExposition, PROMTOOL_MISSING, readSamples, seriesOf, sampleValue, type Sample } from '../support/prometheus.ts';

const TOKEN = 'metrics-token-for-the-tests-0123';
const HTTP_COUNT = 'invoicing_http_request_duration_seconds_count';
/** A kind no handler is registered for: its job waits in the queue for as long as the test needs. */
const WAITING_JOB = defineJob('metrics_test.waiting', NoPayload);

/** Refuses every request with 429 while `refusing` is set; otherwise an ordinary bucket. */
class SwitchableLimiter implements RateLimiter {
  refusing = false;
  private readonly buckets = new MemoryRateLimiter();
  async take(key: string, rule: RateLimitRule, now: Date, cost?: number): Promise<RateLimitDecision> {
    if (!this.refusing) return this.buckets.take(key, rule, now, cost);
    return { allowed: false, limit: rule.burst, remaining: 0, resetSeconds: 1, retryAfterSeconds: 1 };
  }
  close(): Promise<void> {
    return this.buckets.close();
  }
}

describe('metrics on the API port with METRICS_TOKEN', { skip: PROMTOOL_MISSING }, () => {
  let t: InvoicesTestApp;
  let keys: Keys;
  let profileId: string;
  let receiver: Receiver;
  const limiter = new SwitchableLimiter();
  let shedLevel: ShedLevel = 'none';
  const loadMonitor: LoadMonitor = { level: () => shedLevel, close: () => {} };

  /** Scrapes `/metrics` with the token; the exposition must pass promtool before it is read. */
  async function scrape(): Promise<Sample[]> {
    const response = await t.request({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    assert.equal(response.statusCode, 200, response.body);
    assert.match(String(response.headers['content-type']), /^text\/plain; version=0\.0\.4/);
    assertValidExposition(response.body);
    return readSamples(response.body);
  }

  const get = (url: string) => t.request({ method: 'GET', url, key: keys.testKey });

  before(async () => {
    t = await createInvoicesTestApp({ env: { METRICS_TOKEN: TOKEN }, rateLimiter: limiter, loadMonitor });
    keys = await t.bootstrap();
    profileId = (await registerProfile(t, keys.testKey)).id;
    receiver = await startReceiver();
    const endpoint = await t.request({ method: 'POST', url: '/v1/webhook_endpoints', key: keys.testKey, payload: { url: `${receiver.url}/events` } });
    assert.equal(endpoint.statusCode, 201, endpoint.body);
  });
  after(async () => {
    await receiver.close();
    await t.close();
  });

  test('counters move with a 200, a 404, a 429, a 503, a stamp through the simulator, a job run and a webhook delivered', async () => {
    const before = await scrape();
    const delta = (name: string, labels: Record<string, string> = {}) => sampleValue(now, name, labels) - sampleValue(before, name, labels);

    assert.equal((await get('/v1/api_keys')).statusCode, 200);
    assert.equal((await get('/v1/no_such_things')).statusCode, 404);
    limiter.refusing = true;
    assert.equal((await get('/v1/api_keys')).statusCode, 429);
    limiter.refusing = false;
    shedLevel = 'all';
    assert.equal((await get('/v1/api_keys')).statusCode, 503);
    shedLevel = 'none';
    const invoice = await createStamped(t, keys.testKey, invoiceRequest(profileId));
    while ((await t.app.services.jobs.runDue()) > 0);
    assert.ok(
      receiver.received.some((request) => request.body.includes(invoice.id)),
      'the stamped invoice was delivered to the webhook endpoint',
    );
    const now = await scrape();

    const keysRoute = { route: '/v1/api_keys', method: 'GET' };
    assert.equal(delta(HTTP_COUNT, { ...keysRoute, status_class: '2xx' }), 1);
    assert.equal(delta(HTTP_COUNT, { ...keysRoute, status_class: '4xx' }), 1, 'the 429');
    assert.equal(delta(HTTP_COUNT, { ...keysRoute, status_class: '5xx' }), 1, 'the 503');
    assert.equal(delta(HTTP_COUNT, { route: 'unmatched', method: 'GET', status_class: '4xx' }), 1, 'the 404 is counted without its URL');
    assert.equal(delta(HTTP_COUNT, { route: '/v1/invoices/:id/stamp', method: 'POST', status_class: '2xx' }), 1);
    assert.ok(delta('invoicing_http_request_duration_seconds_sum', keysRoute) > 0);
    assert.equal(delta('invoicing_http_requests_rate_limited_total', { class: 'read' }), 1);
    assert.equal(delta('invoicing_http_requests_shed_total', { reason: 'all' }), 1);
    assert.equal(sampleValue(now, 'invoicing_http_requests_in_flight'), 1, 'the scrape itself is in flight');

    assert.equal(delta('invoicing_provider_call_duration_seconds_count', { service: 'pac', operation: 'stamp', outcome: 'ok' }), 1);
    assert.ok(delta('invoicing_jobs_finished_total', { kind: 'events.published', outcome: 'succeeded' }) >= 1);
    assert.ok(delta('invoicing_job_duration_seconds_count', { kind: 'events.published' }) >= 1);
    assert.ok(delta('invoicing_webhook_attempts_total', { outcome: 'succeeded' }) >= 1);

    const database = t.app.services.database.kind;
    assert.equal(seriesOf(now, 'invoicing_db_waiting_requests').length, 1);
    assert.equal(seriesOf(now, 'invoicing_db_waiting_requests')[0]?.labels.database, database);
    assert.equal(seriesOf(now, 'invoicing_db_pool_connections').length, database === 'postgres' ? 2 : 0);
    assert.equal(seriesOf(now, 'invoicing_db_calls_in_flight').length, database === 'pglite' ? 1 : 0);
    assert.equal(seriesOf(now, 'invoicing_worker_pool_threads').length, 1);
    assert.equal(seriesOf(now, 'invoicing_rate_limit_redis_reachable').length, 0, 'no Redis, no Redis series');
    assert.ok(seriesOf(now, 'nodejs_eventloop_lag_p99_seconds').length === 1, "the event loop's delay");
  });

  test('the job backlog, the webhook outbox and synchronizations are read from the database when scraped', async () => {
    const { services } = t.app;
    await services.jobs.enqueue(services.db, WAITING_JOB, {});
    const event = await emitEvent(
      services.db,
      { organizationId: keys.organizationId, mode: 'test', type: 'download.updated', object: { object: 'download' } },
      services,
    );
    const enabled = await t.request({ method: 'POST', url: `/v1/fiscal_profiles/${profileId}/sync`, key: keys.testKey, payload: { sync_from: '2026-06-01' } });
    assert.equal(enabled.statusCode, 200, enabled.body);
    t.clock.advance(45_000);
    const now = await scrape();

    assert.equal(sampleValue(now, 'invoicing_jobs_due', { kind: WAITING_JOB.kind }), 1);
    assert.equal(sampleValue(now, 'invoicing_jobs_oldest_due_age_seconds', { kind: WAITING_JOB.kind }), 45);
    assert.ok(sampleValue(now, 'invoicing_jobs_due', { kind: 'events.published' }) >= 1, `the wake-up for ${event.id} waits too`);
    assert.ok(sampleValue(now, 'invoicing_webhook_outbox_due_deliveries') >= 1, 'the event waits for delivery');
    assert.equal(sampleValue(now, 'invoicing_webhook_outbox_lag_seconds'), 45);
    assert.equal(sampleValue(now, 'invoicing_sync_profiles', { status: 'pending', mode: 'test' }), 1);
    assert.ok(sampleValue(now, 'invoicing_provider_call_duration_seconds_count', { service: 'sat_descarga', operation: 'authenticate', outcome: 'ok' }) >= 1);

    while ((await services.jobs.runDue()) > 0);
    const drained = await scrape();
    assert.equal(sampleValue(drained, 'invoicing_webhook_outbox_due_deliveries'), 0);
    assert.equal(sampleValue(drained, 'invoicing_webhook_outbox_lag_seconds'), 0);
    assert.equal(sampleValue(drained, 'invoicing_jobs_due', { kind: 'events.published' }), 0);
    assert.equal(sampleValue(drained, 'invoicing_jobs_due', { kind: WAITING_JOB.kind }), 1, 'no worker runs that kind');
  });

  test("each cache's bytes, entries and bound, and its hits and misses, one series per cache", async () => {
    const invoice = await createStamped(t, keys.testKey, invoiceRequest(profileId));
    const before = await scrape();
    const delta = (name: string, labels: Record<string, string>) => sampleValue(now, name, labels) - sampleValue(before, name, labels);
    const first = await get(`/v1/invoices/${invoice.id}/pdf`);
    assert.equal(first.statusCode, 200);
    assert.equal((await get(`/v1/invoices/${invoice.id}/pdf`)).statusCode, 200);
    const now = await scrape();

    const pdfs = { cache: 'pdfs' };
    assert.ok(sampleValue(now, 'invoicing_cache_entries', pdfs) >= 1);
    assert.ok(sampleValue(now, 'invoicing_cache_bytes', pdfs) >= first.rawPayload.length, 'the PDF served is counted by its bytes');
    assert.ok(sampleValue(now, 'invoicing_cache_bytes', pdfs) <= sampleValue(now, 'invoicing_cache_max_bytes', pdfs));
    assert.equal(sampleValue(now, 'invoicing_cache_max_bytes', pdfs), 32 * 1024 * 1024);
    assert.ok(delta('invoicing_cache_hits_total', pdfs) >= 1, 'the second download came from memory');
    assert.ok(sampleValue(now, 'invoicing_cache_entries', { cache: 'api_keys' }) >= 1, 'the key that authenticated');
    assert.ok(sampleValue(now, 'invoicing_cache_bytes', { cache: 'fiscal_profile_views' }) > 0, 'the profile the invoice was stamped with');
    const names = seriesOf(now, 'invoicing_cache_bytes').map((sample) => sample.labels.cache);
    assert.equal(new Set(names).size, names.length, 'one series per cache');
    assert.ok(
      seriesOf(now, 'invoicing_cache_bytes').every((sample) => Object.keys(sample.labels).join() === 'cache'),
      'labelled by cache only',
    );
  });

  test('after requests to 50 different invoice ids the HTTP series are as many as after one', async () => {
    await scrape();
    assert.equal((await get(`/v1/invoices/${newId('inv')}`)).statusCode, 404);
    const afterOne = await scrape();
    for (let request = 0; request < 49; request += 1) assert.equal((await get(`/v1/invoices/${newId('inv')}`)).statusCode, 404);
    const afterFifty = await scrape();

    assert.equal(seriesOf(afterFifty, HTTP_COUNT).length, seriesOf(afterOne, HTTP_COUNT).length);
    assert.equal(sampleValue(afterFifty, HTTP_COUNT, { route: '/v1/invoices/:id', method: 'GET', status_class: '4xx' }), 50);
    const labelValues = afterFifty.flatMap((sample) => Object.values(sample.labels));
    assert.deepEqual(
      labelValues.filter((value) => value.includes('inv_')),
      [],
      'no id reaches a label',
    );
  });

  test('a source that cannot be read is counted and keeps its last values; the scrape still answers', async () => {
    const metrics = t.app.services.metrics!;
    const before = await scrape();
    const working = metrics.sources.webhookOutbox;
    metrics.sources.webhookOutbox = () => Promise.reject(new Error('the database is away'));
    try {
      const now = await scrape();
      const failures = (samples: Sample[]) => sampleValue(samples, 'invoicing_metrics_sample_failures_total', { source: 'webhooks' });
      assert.equal(failures(now) - failures(before), 1, 'one read failed, shared by both outbox gauges');
      assert.equal(sampleValue(now, 'invoicing_webhook_outbox_lag_seconds'), sampleValue(before, 'invoicing_webhook_outbox_lag_seconds'));
      assert.equal(seriesOf(now, 'invoicing_webhook_outbox_due_deliveries').length, 1);
    } finally {
      metrics.sources.webhookOutbox = working;
    }
  });

  test("the database's load: the pool's connections in use, or the embedded database's lock waiters", async () => {
    const { database } = t.app.services;
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let entered = () => {};
    const inside = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const transaction = database.db.transaction().execute(async (trx) => {
      await trx.selectFrom('jobs').select('id').limit(1).execute();
      entered();
      await held;
    });
    await inside;
    const waiting = database.db.selectFrom('jobs').select('id').limit(1).execute();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const load = database.load!();
    release();
    await Promise.all([transaction, waiting]);
    if (load.kind === 'pglite') assert.deepEqual([load.waiting, load.inFlight], [1, 0], 'the statement waits for the transaction to end');
    else assert.ok(load.total - load.idle >= 1, 'the transaction holds a connection');
    const after = database.load!();
    assert.equal(after.waiting, 0);
  });

  test('refused without the token, with another token and with an API key', async () => {
    const cases: Array<Record<string, string>> = [
      {},
      { authorization: 'Bearer metrics-token-for-the-tests-0124' },
      { authorization: `Bearer ${keys.testKey}` },
    ];
    for (const headers of cases) {
      const response = await t.request({ method: 'GET', url: '/metrics', headers });
      assert.equal(response.statusCode, 401, JSON.stringify(headers));
      assert.equal(response.json().code, 'metrics.unauthorized');
      assert.doesNotMatch(response.body, /invoicing_http/);
    }
  });
});

describe('metrics settings', () => {
  test('a short METRICS_TOKEN, one with spaces and a METRICS_PORT equal to PORT are refused at start', () => {
    assert.throws(() => loadConfig({ METRICS_TOKEN: 'too-short' }), /METRICS_TOKEN must be at least 16/);
    assert.throws(() => loadConfig({ METRICS_TOKEN: 'long enough but with spaces' }), /METRICS_TOKEN/);
    assert.throws(() => loadConfig({ PORT: '8080', METRICS_PORT: '8080' }), /METRICS_PORT must differ from PORT/);
    assert.deepEqual(loadConfig({ METRICS_PORT: '9464' }).metrics, { token: undefined, port: 9464, host: '127.0.0.1' });
    assert.deepEqual(loadConfig({}).metrics, { token: undefined, port: undefined, host: '127.0.0.1' });
  });
});

describe('metrics when not configured', () => {
  test('there is no /metrics and no listener', async () => {
    const t = await createTestApp();
    try {
      const response = await t.request({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      assert.equal(response.statusCode, 404);
      assert.equal(response.json().code, 'request.route_not_found');
      assert.equal(t.app.services.metrics, undefined);
      assert.equal(await t.app.startMetricsListener(), undefined);
    } finally {
      await t.close();
    }
  });
});

describe('metrics on a port of their own with METRICS_PORT', { skip: PROMTOOL_MISSING }, () => {
  test('the listener answers /metrics without a token, nothing else, and the API port has no /metrics', async () => {
    const t = await createTestApp({ env: { METRICS_PORT: '0' } });
    try {
      const url = (await t.app.startMetricsListener()) ?? assert.fail('no metrics listener');
      assert.ok(url.startsWith('http://127.0.0.1:'), url);
      assert.equal((await t.request({ method: 'GET', url: '/healthz' })).statusCode, 200);
      const response = await fetch(url);
      assert.equal(response.status, 200);
      const text = await response.text();
      assertValidExposition(text);
      assert.equal(sampleValue(readSamples(text), HTTP_COUNT, { route: '/healthz', method: 'GET', status_class: '2xx' }), 1);
      assert.equal((await fetch(url.replace('/metrics', '/v1/api_keys'))).status, 404);
      assert.equal((await t.request({ method: 'GET', url: '/metrics' })).statusCode, 404);
    } finally {
      await t.close();
    }
  });
});
