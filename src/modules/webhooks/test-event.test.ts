import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createWebhookTestApp, type WebhookTestApp } from './webhooks.test-support.ts';
import { receiverPool, verifyDelivery, type Receiver } from '../../../test/support/webhook-receiver.ts';

describe('POST /v1/webhook_endpoints/{id}/test: a signed test event to one endpoint only', () => {
  let t: WebhookTestApp;
  const receivers = receiverPool(() => t.clock.now());
  before(async () => {
    t = await createWebhookTestApp();
  });
  after(async () => {
    await receivers.close();
    await t.close();
  });

  async function receiver(respond?: Receiver['respond']) {
    return receivers.start(respond);
  }
  async function endpoint(key: string, payload: { url: string; [field: string]: unknown }) {
    const response = await t.request({ method: 'POST', url: '/v1/webhook_endpoints', key, payload });
    assert.equal(response.statusCode, 201, response.body);
    return response.json();
  }
  const sendTest = (key: string, id: string) => t.request({ method: 'POST', url: `/v1/webhook_endpoints/${id}/test`, key });

  test('the tested endpoint receives a signed webhook_endpoint.test, whatever it subscribes to; the others, even subscribed to *, receive nothing', async () => {
    const org = await t.bootstrap();
    const tested = await receiver();
    const everything = await receiver();
    const sameNamespace = await receiver();
    const hook = await endpoint(org.testKey, { url: `${tested.url}/hooks`, enabled_events: ['invoice.stamped'] });
    await endpoint(org.testKey, { url: everything.url, enabled_events: ['*'] });
    await endpoint(org.testKey, { url: sameNamespace.url, enabled_events: ['webhook_endpoint.*'] });

    const response = await sendTest(org.testKey, hook.id);
    assert.equal(response.statusCode, 202, response.body);
    const delivery = response.json();
    assert.equal(delivery.object, 'webhook_delivery');
    assert.equal(delivery.endpoint_id, hook.id);
    assert.equal(delivery.event_type, 'webhook_endpoint.test');
    assert.equal(delivery.status, 'pending');

    await t.runJobs();
    assert.equal(tested.received.length, 1);
    const payload = verifyDelivery(hook.secret, tested.received[0]!, t.clock.now());
    assert.equal(payload.type, 'webhook_endpoint.test');
    assert.equal(payload.id, delivery.event_id);
    assert.equal(tested.received[0]!.headers['webhook-id'], delivery.event_id);
    const object = (payload.data as { object: Record<string, unknown> }).object;
    assert.equal(object.id, hook.id);
    assert.equal(object.url, `${tested.url}/hooks`);
    assert.equal(object.secret, undefined, 'the secret is not in the payload');
    assert.deepEqual([everything.received.length, sameNamespace.received.length], [0, 0], 'no other endpoint is notified');

    // It is in the endpoint's delivery log, succeeded, and in the event list.
    const log = (await t.request({ method: 'GET', url: `/v1/webhook_endpoints/${hook.id}/deliveries`, key: org.testKey })).json();
    assert.deepEqual(
      log.data.map((entry: { event_id: string; status: string; event_type: string }) => [entry.event_id, entry.status, entry.event_type]),
      [[delivery.event_id, 'succeeded', 'webhook_endpoint.test']],
    );
    const events = (await t.request({ method: 'GET', url: '/v1/events?type=webhook_endpoint.test', key: org.testKey })).json();
    assert.deepEqual(
      events.data.map((event: { id: string }) => event.id),
      [delivery.event_id],
    );
  });

  test('a failed test delivery is retried on the same schedule as any event, and a resend reaches the same endpoint', async () => {
    const org = await t.bootstrap();
    let answers = 0;
    const flaky = await receiver(() => (++answers === 1 ? { status: 500 } : { status: 200 }));
    const hook = await endpoint(org.testKey, { url: flaky.url });
    const { event_id: eventId, id } = (await sendTest(org.testKey, hook.id)).json();
    await t.runJobs();
    let entry = (await t.request({ method: 'GET', url: `/v1/webhook_endpoints/${hook.id}/deliveries`, key: org.testKey })).json().data[0];
    assert.deepEqual([entry.id, entry.status, entry.attempts, entry.response_status], [id, 'pending', 1, 500]);
    assert.ok(entry.next_attempt_at, 'a retry is scheduled');
    t.clock.set(new Date(entry.next_attempt_at));
    await t.runJobs();
    entry = (await t.request({ method: 'GET', url: `/v1/webhook_endpoints/${hook.id}/deliveries`, key: org.testKey })).json().data[0];
    assert.deepEqual([entry.status, entry.attempts], ['succeeded', 2]);
    assert.equal(flaky.received.length, 2);
    for (const request of flaky.received) assert.equal(verifyDelivery(hook.secret, request, t.clock.now()).id, eventId);
  });

  test('five test events a minute per endpoint; the sixth is a 429 with Retry-After, another endpoint is not held back', async () => {
    const org = await t.bootstrap();
    const inbox = await receiver();
    const first = await endpoint(org.testKey, { url: inbox.url });
    const second = await endpoint(org.testKey, { url: `${inbox.url}/second` });
    for (let sent = 0; sent < 5; sent++) assert.equal((await sendTest(org.testKey, first.id)).statusCode, 202);
    const refused = await sendTest(org.testKey, first.id);
    assert.deepEqual([refused.statusCode, refused.json().code], [429, 'webhook.test_rate_limited']);
    const wait = Number(refused.headers['retry-after']);
    assert.ok(wait >= 1 && wait <= 60, `Retry-After ${refused.headers['retry-after']}`);
    assert.equal((await sendTest(org.testKey, second.id)).statusCode, 202);
    t.clock.advance(61_000);
    assert.equal((await sendTest(org.testKey, first.id)).statusCode, 202, 'a minute later');
  });

  test('unknown, malformed, other organizations’ and other mode’s endpoints are 404; a disabled endpoint is 409', async () => {
    const org = await t.bootstrap();
    const other = await t.bootstrap('Other');
    const inbox = await receiver();
    const hook = await endpoint(org.testKey, { url: inbox.url });
    for (const [key, id] of [
      [other.testKey, hook.id],
      [org.liveKey, hook.id],
      [org.testKey, 'we_01k0000000000000000000000a'],
      [org.testKey, 'nonsense'],
    ] as const) {
      const response = await sendTest(key, id);
      assert.deepEqual([response.statusCode, response.json().code], [404, 'resource.not_found'], id);
    }
    await t.request({ method: 'PATCH', url: `/v1/webhook_endpoints/${hook.id}`, key: org.testKey, payload: { enabled: false } });
    const disabled = await sendTest(org.testKey, hook.id);
    assert.deepEqual([disabled.statusCode, disabled.json().code], [409, 'webhook.endpoint_disabled']);
    await t.runJobs();
    assert.equal(inbox.received.length, 0);
  });
});
