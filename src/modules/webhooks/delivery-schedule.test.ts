import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { emitEvent } from '../../../test/support/events.ts';
import type { EventType } from '../events/index.ts';
import { RETRY_DELAYS_MS } from './schedule.ts';
import { createWebhookTestApp, type WebhookTestApp } from './webhooks.test-support.ts';
import { assertAllVerified, receiverPool, verifyDelivery, type Receiver } from '../../../test/support/webhook-receiver.ts';

const HOUR_MS = 60 * 60_000;

describe('webhook delivery: retries, success, 410 and disabling', () => {
  let t: WebhookTestApp;
  const receivers = receiverPool(() => t.clock.now());
  before(async () => {
    t = await createWebhookTestApp();
  });
  after(async () => {
    await receivers.close();
    await t.close();
  });

  async function setup(respond: Receiver['respond'], enabledEvents = ['*']) {
    const org = await t.bootstrap();
    const receiver = await receivers.start(respond);
    const endpoint = (
      await t.request({
        method: 'POST',
        url: '/v1/webhook_endpoints',
        key: org.testKey,
        payload: { url: `${receiver.url}/hooks`, enabled_events: enabledEvents },
      })
    ).json();
    receiver.secrets.push(endpoint.secret);
    const emit = (type: EventType = 'invoice.stamped') =>
      emitEvent(t.app.services.db, { organizationId: org.organizationId, mode: 'test', type, object: { object: 'invoice', id: 'inv_1' } }, t.app.services);
    const deliveries = async (endpointId: string = endpoint.id) =>
      (await t.request({ method: 'GET', url: `/v1/webhook_endpoints/${endpointId}/deliveries`, key: org.testKey })).json().data;
    return { org, receiver, endpoint, emit, deliveries };
  }

  test('a failing endpoint is attempted at the decided times within the jitter bound, then the delivery fails', async () => {
    const { receiver, endpoint, emit, deliveries } = await setup(() => ({ status: 500, body: 'database down' }));
    const event = await emit();
    await t.runJobs();
    assert.equal(receiver.received.length, 1, 'first attempt at 0 s');
    let attemptedAt = t.clock.now().getTime();
    for (let attempt = 1; attempt <= RETRY_DELAYS_MS.length; attempt++) {
      const [delivery] = await deliveries();
      assert.equal(delivery.status, 'pending');
      assert.equal(delivery.attempts, attempt);
      assert.equal(delivery.response_status, 500);
      assert.equal(delivery.last_error, 'HTTP 500: database down');
      const due = Date.parse(delivery.next_attempt_at);
      const delay = RETRY_DELAYS_MS[attempt - 1]!;
      assert.ok(due - attemptedAt >= delay * 0.8 && due - attemptedAt <= delay * 1.2, `attempt ${attempt + 1} after ${due - attemptedAt} ms`);
      t.clock.set(new Date(due - 1));
      await t.runJobs();
      assert.equal(receiver.received.length, attempt, 'nothing before it is due');
      t.clock.set(new Date(due));
      await t.runJobs();
      assert.equal(receiver.received.length, attempt + 1);
      attemptedAt = due;
    }
    const [final] = await deliveries();
    assert.equal(final.status, 'failed');
    assert.equal(final.attempts, 8);
    assert.equal(final.next_attempt_at, null);
    t.clock.advance(48 * HOUR_MS);
    await t.runJobs();
    assert.equal(receiver.received.length, 8, 'no attempt after the last');
    for (const request of receiver.received) {
      assert.equal(request.headers['webhook-id'], event.id, 'the same webhook-id on every retry');
      const timestamp = Number(request.headers['webhook-timestamp']) * 1000;
      assert.equal(verifyDelivery(endpoint.secret, request, new Date(timestamp)).id, event.id);
    }
  });

  test('retries stop at the first 2xx', async () => {
    let calls = 0;
    const { receiver, endpoint, emit, deliveries } = await setup(() => ({ status: ++calls < 3 ? 503 : 204 }));
    await emit();
    await t.runJobs();
    for (let round = 0; round < 2; round++) {
      t.clock.set((await deliveries())[0].next_attempt_at);
      await t.runJobs();
    }
    const [delivery] = await deliveries();
    assert.equal(delivery.status, 'succeeded');
    assert.equal(delivery.attempts, 3);
    assert.equal(delivery.response_status, 204);
    assert.equal(delivery.last_error, null);
    assert.equal(delivery.next_attempt_at, null);
    t.clock.advance(30 * HOUR_MS);
    await t.runJobs();
    assert.equal(receiver.received.length, 3);
    assert.equal(new Set(receiver.received.map((request) => request.body)).size, 1, 'every retry carries the same body');
    for (const request of receiver.received) verifyDelivery(endpoint.secret, request, new Date(Number(request.headers['webhook-timestamp']) * 1000));
  });

  test('410 disables the endpoint at once, fails its pending deliveries, and an event says so', async () => {
    let status = 500;
    const { org, receiver, endpoint, emit, deliveries } = await setup(() => ({ status }));
    const monitor = await receivers.start();
    const watcher = (
      await t.request({
        method: 'POST',
        url: '/v1/webhook_endpoints',
        key: org.testKey,
        payload: { url: monitor.url, enabled_events: ['webhook_endpoint.disabled'] },
      })
    ).json();
    monitor.secrets.push(watcher.secret);
    const retrying = await emit();
    await t.runJobs();
    status = 410;
    const gone = await emit('invoice.cancelled');
    await t.runJobs();
    const state = (await t.request({ method: 'GET', url: `/v1/webhook_endpoints/${endpoint.id}`, key: org.testKey })).json();
    assert.equal(state.enabled, false);
    assert.equal(state.disabled_reason, 'gone');
    const rows = await deliveries();
    type Row = { event_id: string; status: string; response_status: number | null; last_error: string };
    const byEvent = new Map<string, Row>(rows.map((row: Row) => [row.event_id, row]));
    assert.equal(byEvent.get(gone.id)!.status, 'failed');
    assert.equal(byEvent.get(gone.id)!.response_status, 410);
    assert.equal(byEvent.get(retrying.id)!.status, 'failed', 'the pending retry ends too');
    assert.match(byEvent.get(retrying.id)!.last_error, /410 Gone/);
    const log = (await t.request({ method: 'GET', url: '/v1/events?type=webhook_endpoint.disabled', key: org.testKey })).json();
    assert.equal(log.data.length, 1);
    assert.equal(log.data[0].data.object.id, endpoint.id);
    assert.equal(log.data[0].data.object.disabled_reason, 'gone');
    assert.equal('secret' in log.data[0].data.object, false);
    assert.equal(monitor.received.length, 1, 'another endpoint hears about it');
    assert.equal(verifyDelivery(watcher.secret, monitor.received[0]!, t.clock.now()).type, 'webhook_endpoint.disabled');
    const sent = receiver.received.length;
    await emit();
    t.clock.advance(HOUR_MS);
    await t.runJobs();
    assert.equal(receiver.received.length, sent, 'a disabled endpoint receives nothing');
  });

  test('an endpoint whose every attempt fails for 3 days is disabled with reason failing', async () => {
    const { org, endpoint, emit } = await setup(() => ({ status: 500 }));
    const state = async () => (await t.request({ method: 'GET', url: `/v1/webhook_endpoints/${endpoint.id}`, key: org.testKey })).json();
    const started = t.clock.now().getTime();
    for (let hour = 0; hour <= 80; hour += 2) {
      t.clock.set(new Date(started + hour * HOUR_MS));
      if (hour % 6 === 0) await emit();
      await t.runJobs();
      if (hour === 70) assert.equal((await state()).enabled, true, 'still enabled before 3 days');
    }
    const disabled = await state();
    assert.equal(disabled.enabled, false);
    assert.equal(disabled.disabled_reason, 'failing');
    const log = (await t.request({ method: 'GET', url: '/v1/events?type=webhook_endpoint.disabled', key: org.testKey })).json();
    assert.equal(log.data[0].data.object.disabled_reason, 'failing');
    const enabled = (await t.request({ method: 'PATCH', url: `/v1/webhook_endpoints/${endpoint.id}`, key: org.testKey, payload: { enabled: true } })).json();
    assert.equal(enabled.enabled, true);
    assert.equal(enabled.disabled_reason, null, 'enabling again clears the reason');
  });

  test('one success in between starts the 3-day count again', async () => {
    let succeedAtHour = 40;
    let hour = 0;
    const { org, endpoint, emit } = await setup(() => ({ status: hour === succeedAtHour ? 200 : 500 }));
    const started = t.clock.now().getTime();
    for (hour = 0; hour <= 100; hour += 2) {
      t.clock.set(new Date(started + hour * HOUR_MS));
      if (hour % 4 === 0) await emit();
      await t.runJobs();
    }
    succeedAtHour = -1;
    const state = (await t.request({ method: 'GET', url: `/v1/webhook_endpoints/${endpoint.id}`, key: org.testKey })).json();
    assert.equal(state.enabled, true, 'failing since hour 40 is less than 3 days at hour 100');
  });

  test('standardwebhooks verified every delivery above with the endpoint’s secret', () => {
    assert.ok(receivers.all.some((receiver) => receiver.received.length > 0));
    assertAllVerified(receivers.all);
  });
});
