import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { emitEvent } from '../../../test/support/events.ts';
import type { EventType } from '../events/index.ts';
import type { Mode } from '../../platform/context.ts';
import { createWebhookTestApp, type WebhookTestApp } from './webhooks.test-support.ts';
import { assertAllVerified, receiverPool, verifyDelivery, type Receiver } from '../../../test/support/webhook-receiver.ts';

describe('webhook delivery: audience, resend, rotation, versions, pausing', () => {
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
  async function endpoint(key: string, payload: { url: string; [field: string]: unknown }, headers: Record<string, string> = {}) {
    const response = await t.request({ method: 'POST', url: '/v1/webhook_endpoints', key, payload, headers });
    assert.equal(response.statusCode, 201, response.body);
    const hook = response.json();
    for (const inbox of receivers.all) if (payload.url.startsWith(inbox.url)) inbox.secrets.push(hook.secret);
    return hook;
  }
  const emit = (organizationId: string, type: EventType = 'invoice.stamped', mode: Mode = 'test') =>
    emitEvent(t.app.services.db, { organizationId, mode, type, object: { object: 'invoice', id: 'inv_9', total: '1160.00' } }, t.app.services);

  test('every delivery is signed as Standard Webhooks and carries the event', async () => {
    const org = await t.bootstrap();
    const inbox = await receiver();
    const hook = await endpoint(org.testKey, { url: `${inbox.url}/in?source=invoicing` });
    const event = await emit(org.organizationId);
    await t.runJobs();
    assert.equal(inbox.received.length, 1);
    const [request] = inbox.received;
    assert.equal(request!.method, 'POST');
    assert.equal(request!.path, '/in?source=invoicing');
    assert.equal(request!.headers['content-type'], 'application/json');
    assert.equal(request!.headers['webhook-id'], event.id);
    assert.match(request!.headers['webhook-signature']!, /^v1,[A-Za-z0-9+/]+=*$/);
    const payload = verifyDelivery(hook.secret, request!, t.clock.now());
    assert.deepEqual(payload, {
      object: 'event',
      id: event.id,
      type: 'invoice.stamped',
      api_version: '2026-07-15',
      created_at: event.created_at.toISOString(),
      livemode: false,
      account: null,
      data: { object: { object: 'invoice', id: 'inv_9', total: '1160.00' } },
    });
  });

  test('subscriptions: exact types and namespace wildcards select events; the other mode sees nothing', async () => {
    const org = await t.bootstrap();
    const exact = await receiver();
    const wildcard = await receiver();
    await endpoint(org.testKey, { url: exact.url, enabled_events: ['invoice.cancelled'] });
    await endpoint(org.testKey, { url: wildcard.url, enabled_events: ['download.*', 'cfdi.received'] });
    await emit(org.organizationId, 'invoice.cancelled');
    await emit(org.organizationId, 'download.updated');
    await emit(org.organizationId, 'cfdi.received');
    await emit(org.organizationId, 'invoice.stamped');
    await emit(org.organizationId, 'download.updated', 'live');
    await t.runJobs();
    assert.deepEqual(
      exact.received.map((request) => JSON.parse(request.body).type),
      ['invoice.cancelled'],
    );
    assert.deepEqual(wildcard.received.map((request) => JSON.parse(request.body).type).sort(), ['cfdi.received', 'download.updated']);
  });

  test('connect: a platform endpoint with connect receives its accounts’ events with account set; accounts never see the platform’s', async () => {
    const platform = await t.bootstrap('Platform');
    const account = (await t.request({ method: 'POST', url: '/v1/accounts', key: platform.testKey, payload: { name: 'Shop' } })).json();
    const stranger = (
      await t.request({ method: 'POST', url: '/v1/accounts', key: (await t.bootstrap('Other platform')).testKey, payload: { name: 'Elsewhere' } })
    ).json();
    const [connectInbox, plainInbox, accountInbox] = [await receiver(), await receiver(), await receiver()];
    const connectHook = await endpoint(platform.testKey, { url: connectInbox.url, connect: true });
    await endpoint(platform.testKey, { url: plainInbox.url });
    const accountHook = await endpoint(platform.testKey, { url: accountInbox.url }, { 'invoice-account': account.id });
    const accountEvent = await emit(account.id);
    const platformEvent = await emit(platform.organizationId);
    await emit(stranger.id);
    await t.runJobs();
    const bodies = (inbox: Receiver) => inbox.received.map((request) => JSON.parse(request.body));
    assert.deepEqual(
      bodies(connectInbox)
        .map((body) => [body.id, body.account])
        .sort(),
      [
        [accountEvent.id, account.id],
        [platformEvent.id, null],
      ].sort(),
    );
    assert.deepEqual(
      bodies(plainInbox).map((body) => body.id),
      [platformEvent.id],
    );
    assert.deepEqual(
      bodies(accountInbox).map((body) => [body.id, body.account]),
      [[accountEvent.id, account.id]],
    );
    const fromAccount = connectInbox.received.find((request) => request.headers['webhook-id'] === accountEvent.id)!;
    assert.equal(verifyDelivery(connectHook.secret, fromAccount, t.clock.now()).account, account.id);
    verifyDelivery(accountHook.secret, accountInbox.received[0]!, t.clock.now());
  });

  test('payloads are rendered in the endpoint’s pinned version', async () => {
    const org = await t.bootstrap();
    const inbox = await receiver();
    const hook = await endpoint(org.testKey, { url: inbox.url }, { 'invoice-version': '2026-07-10' });
    await emit(org.organizationId);
    await t.runJobs();
    assert.equal(verifyDelivery(hook.secret, inbox.received[0]!, t.clock.now()).api_version, '2026-07-10');
  });

  test('resend delivers again with the same webhook-id, and the delivery shows it', async () => {
    const org = await t.bootstrap();
    const inbox = await receiver();
    const quiet = await receiver();
    const hook = await endpoint(org.testKey, { url: inbox.url });
    const other = await endpoint(org.testKey, { url: quiet.url, enabled_events: ['download.updated'] });
    const event = await emit(org.organizationId);
    await t.runJobs();
    const resent = await t.request({ method: 'POST', url: `/v1/events/${event.id}/resend`, key: org.testKey });
    assert.equal(resent.statusCode, 200);
    assert.deepEqual(
      resent.json().data.map((row: { endpoint_id: string; status: string; event_type: string }) => [row.endpoint_id, row.status, row.event_type]),
      [[hook.id, 'pending', event.type]],
    );
    await t.runJobs();
    assert.equal(inbox.received.length, 2);
    assert.equal(inbox.received[1]!.headers['webhook-id'], event.id);
    assert.equal(verifyDelivery(hook.secret, inbox.received[1]!, t.clock.now()).id, event.id);
    const [delivery] = (await t.request({ method: 'GET', url: `/v1/webhook_endpoints/${hook.id}/deliveries`, key: org.testKey })).json().data;
    assert.equal(delivery.status, 'succeeded');
    assert.equal(delivery.attempts, 2);
    assert.equal(delivery.event_type, event.type, 'a delivery names the type of the event it carries');
    const toOther = await t.request({ method: 'POST', url: `/v1/events/${event.id}/resend`, key: org.testKey, payload: { endpoint_id: other.id } });
    assert.deepEqual(
      toOther.json().data.map((row: { endpoint_id: string }) => row.endpoint_id),
      [other.id],
      'an explicit endpoint gets it even unsubscribed',
    );
    await t.runJobs();
    assert.equal(quiet.received.length, 1);
    const listed = (await t.request({ method: 'GET', url: `/v1/webhook_endpoints/${other.id}/deliveries?event_id=${event.id}`, key: org.testKey })).json();
    assert.equal(listed.data[0].status, 'succeeded');
  });

  test('resend refuses disabled, unknown and foreign endpoints and foreign events', async () => {
    const org = await t.bootstrap();
    const stranger = await t.bootstrap();
    const hook = await endpoint(org.testKey, { url: (await receiver()).url });
    const foreignHook = await endpoint(stranger.testKey, { url: (await receiver()).url });
    const event = await emit(org.organizationId);
    await t.request({ method: 'PATCH', url: `/v1/webhook_endpoints/${hook.id}`, key: org.testKey, payload: { enabled: false } });
    const resend = (payload: object | undefined, key = org.testKey) =>
      t.request({ method: 'POST', url: `/v1/events/${event.id}/resend`, key, ...(payload ? { payload } : {}) });
    const disabled = await resend({ endpoint_id: hook.id });
    assert.equal(disabled.statusCode, 409);
    assert.equal(disabled.json().code, 'webhook.endpoint_disabled');
    assert.equal((await resend({ endpoint_id: foreignHook.id })).statusCode, 404);
    assert.equal((await resend({ endpoint_id: 'we_missing' })).statusCode, 404);
    assert.equal((await resend({ endpoint_id: hook.id }, stranger.testKey)).statusCode, 404, 'another organization’s event');
    assert.equal((await resend({ endpoint_id: hook.id }, org.liveKey)).statusCode, 404, 'the other mode');
    assert.equal((await resend({ unknown: true })).statusCode, 422);
    assert.deepEqual((await resend(undefined)).json().data, [], 'no enabled endpoint: nothing to resend');
  });

  test("an event's deliveries to every endpoint are listed by event, with status filter; foreign events are not found", async () => {
    const org = await t.bootstrap();
    const stranger = await t.bootstrap();
    const first = await endpoint(org.testKey, { url: (await receiver()).url });
    const second = await endpoint(org.testKey, { url: (await receiver(() => ({ status: 500 }))).url });
    await endpoint(org.testKey, { url: (await receiver()).url, enabled_events: ['download.updated'] });
    const event = await emit(org.organizationId);
    const unrelated = await emit(org.organizationId);
    await t.runJobs();
    const list = (query: string, key = org.testKey) => t.request({ method: 'GET', url: `/v1/events/${event.id}/deliveries${query}`, key });
    const all = (await list('')).json();
    assert.equal(all.object, 'list');
    assert.deepEqual(
      all.data.map((row: { endpoint_id: string; event_id: string; event_type: string }) => [row.endpoint_id, row.event_id, row.event_type]).sort(),
      [
        [first.id, event.id, event.type],
        [second.id, event.id, event.type],
      ].sort(),
      'one delivery per subscribed endpoint, none of the unsubscribed one nor of another event',
    );
    assert.notEqual(unrelated.id, event.id);
    const succeeded = (await list('?status=succeeded')).json();
    assert.deepEqual(
      succeeded.data.map((row: { endpoint_id: string }) => row.endpoint_id),
      [first.id],
    );
    const paged = (await list('?limit=1')).json();
    assert.equal(paged.data.length, 1);
    assert.equal(paged.has_more, true);
    assert.equal((await list('', stranger.testKey)).statusCode, 404, 'another organization’s event');
    assert.equal((await list('', org.liveKey)).statusCode, 404, 'the other mode');
    assert.equal((await t.request({ method: 'GET', url: '/v1/events/evt_missing/deliveries', key: org.testKey })).statusCode, 404);
    assert.equal((await list('?status=lost')).statusCode, 422);
  });

  test('after rotate_secret both secrets verify for 24 hours, then only the new one', async () => {
    const org = await t.bootstrap();
    const inbox = await receiver();
    const hook = await endpoint(org.testKey, { url: inbox.url });
    const rotated = (await t.request({ method: 'POST', url: `/v1/webhook_endpoints/${hook.id}/rotate_secret`, key: org.testKey })).json();
    inbox.secrets = [rotated.secret];
    await emit(org.organizationId);
    await t.runJobs();
    const during = inbox.received[0]!;
    assert.equal(during.headers['webhook-signature']!.split(' ').length, 2);
    assert.ok(verifyDelivery(rotated.secret, during, t.clock.now()));
    assert.ok(verifyDelivery(hook.secret, during, t.clock.now()), 'receivers still holding the old secret accept it');
    t.clock.advance(24 * 60 * 60_000 + 1000);
    await emit(org.organizationId);
    await t.runJobs();
    const later = inbox.received[1]!;
    assert.equal(later.headers['webhook-signature']!.split(' ').length, 1);
    assert.ok(verifyDelivery(rotated.secret, later, t.clock.now()));
    assert.throws(() => verifyDelivery(hook.secret, later, t.clock.now()), /No matching signature/);
  });

  test('a paused endpoint gets no new events and holds its retries until enabled; a deleted one gets nothing', async () => {
    const org = await t.bootstrap();
    let status = 500;
    const inbox = await receiver(() => ({ status }));
    const hook = await endpoint(org.testKey, { url: inbox.url });
    const deliveries = async () => (await t.request({ method: 'GET', url: `/v1/webhook_endpoints/${hook.id}/deliveries`, key: org.testKey })).json().data;
    const retrying = await emit(org.organizationId);
    await t.runJobs();
    await t.request({ method: 'PATCH', url: `/v1/webhook_endpoints/${hook.id}`, key: org.testKey, payload: { enabled: false } });
    const [held] = await deliveries();
    assert.equal(held.status, 'pending');
    assert.equal(held.next_attempt_at, null, 'held while paused');
    await emit(org.organizationId);
    t.clock.advance(60 * 60_000);
    await t.runJobs();
    assert.equal(inbox.received.length, 1);
    assert.equal((await deliveries()).length, 1, 'events while paused are not queued for it');
    status = 200;
    await t.request({ method: 'PATCH', url: `/v1/webhook_endpoints/${hook.id}`, key: org.testKey, payload: { enabled: true } });
    await t.runJobs();
    assert.equal(inbox.received.length, 2);
    assert.equal(inbox.received[1]!.headers['webhook-id'], retrying.id);
    await t.request({ method: 'DELETE', url: `/v1/webhook_endpoints/${hook.id}`, key: org.testKey });
    await emit(org.organizationId);
    await t.runJobs();
    assert.equal(inbox.received.length, 2);
  });

  test('a delivery created in a race with pausing is held, not sent, until the endpoint is enabled', async () => {
    const org = await t.bootstrap();
    const inbox = await receiver();
    const hook = await endpoint(org.testKey, { url: inbox.url });
    await t.request({ method: 'PATCH', url: `/v1/webhook_endpoints/${hook.id}`, key: org.testKey, payload: { enabled: false } });
    const event = await emit(org.organizationId);
    const at = t.clock.now();
    // What an emit that read the endpoint as enabled, and committed after the pause, leaves behind.
    await t.app.services.db
      .insertInto('webhook_deliveries')
      .values({
        id: 'whd_01m7ybd58eghd4p5sg5m8n9dsm',
        event_id: event.id,
        endpoint_id: hook.id,
        status: 'pending',
        attempts: 0,
        round_attempts: 0,
        response_status: null,
        last_error: null,
        next_attempt_at: at,
        last_attempt_at: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
    await t.worker.dispatcher.run();
    assert.equal(inbox.received.length, 0);
    const [held] = (await t.request({ method: 'GET', url: `/v1/webhook_endpoints/${hook.id}/deliveries`, key: org.testKey })).json().data;
    assert.equal(held.attempts, 0);
    assert.equal(held.next_attempt_at, null);
    await t.request({ method: 'PATCH', url: `/v1/webhook_endpoints/${hook.id}`, key: org.testKey, payload: { enabled: true } });
    await t.runJobs();
    assert.deepEqual(
      inbox.received.map((request) => request.headers['webhook-id']),
      [event.id],
    );
  });

  test('standardwebhooks verified every delivery above with the endpoint’s secret', () => {
    assert.ok(receivers.all.some((receiver) => receiver.received.length > 0));
    assertAllVerified(receivers.all);
  });
});
