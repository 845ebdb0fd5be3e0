import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createWebhookTestApp, type WebhookTestApp } from '../webhooks/webhooks.test-support.ts';
import { sql } from 'kysely';
import { emitEvent, emitEvents, statementEvents, type LooseEventInput } from '../../../test/support/events.ts';
import { UnknownEventOrganizationError, type EmitEventInput, type EventStatementOutput } from './index.ts';

describe('event log', () => {
  let t: WebhookTestApp;
  let org: Awaited<ReturnType<WebhookTestApp['bootstrap']>>;
  let other: Awaited<ReturnType<WebhookTestApp['bootstrap']>>;
  before(async () => {
    t = await createWebhookTestApp();
    org = await t.bootstrap('Events org');
    other = await t.bootstrap('Other org');
  });
  after(() => t.close());

  const emit = (input: Partial<LooseEventInput> & Pick<LooseEventInput, 'type'>) =>
    emitEvent(t.app.services.db, { organizationId: org.organizationId, mode: 'test', object: { object: 'invoice', id: 'inv_x' }, ...input }, t.app.services);
  const list = async (query = '', key = org.testKey) => {
    const response = await t.request({ method: 'GET', url: `/v1/events${query}`, key });
    assert.equal(response.statusCode, 200, response.body);
    return response.json();
  };

  test('an emitted event is listed newest first and retrievable, with the decided shape', async () => {
    const first = await emit({ type: 'invoice.created', object: { object: 'invoice', id: 'inv_1', total: '116.00' } });
    t.clock.advance(1000);
    const second = await emit({ type: 'invoice.stamped', object: { object: 'invoice', id: 'inv_1', status: 'stamped' } });
    const page = await list();
    assert.deepEqual(
      page.data.slice(0, 2).map((event: { id: string }) => event.id),
      [second.id, first.id],
    );
    const got = (await t.request({ method: 'GET', url: `/v1/events/${first.id}`, key: org.testKey })).json();
    assert.deepEqual(got, {
      object: 'event',
      id: first.id,
      type: 'invoice.created',
      api_version: '2026-07-15',
      created_at: first.created_at.toISOString(),
      livemode: false,
      account: null,
      data: { object: { object: 'invoice', id: 'inv_1', total: '116.00' } },
    });
  });

  test('filters: exact type, namespace wildcard, created bounds; unknown types are 422', async () => {
    const fresh = await t.bootstrap('Filters');
    const at = (offsetMs: number) => new Date(t.clock.now().getTime() + offsetMs).toISOString();
    const start = at(0);
    const events = [];
    for (const type of ['invoice.created', 'download.updated', 'invoice.cancelled', 'fiscal_profile.updated', 'fiscal_profile_sync.updated'] as const) {
      events.push(await emitEvent(t.app.services.db, { organizationId: fresh.organizationId, mode: 'test', type, object: { object: 'x' } }, t.app.services));
      t.clock.advance(60_000);
    }
    const ids = (page: { data: { id: string }[] }) => page.data.map((event) => event.id);
    assert.deepEqual(ids(await list('?type=invoice.cancelled', fresh.testKey)), [events[2]!.id]);
    assert.deepEqual(ids(await list('?type=invoice.*', fresh.testKey)), [events[2]!.id, events[0]!.id]);
    assert.deepEqual(ids(await list('?type=fiscal_profile.*', fresh.testKey)), [events[3]!.id], 'fiscal_profile.* is not fiscal_profile_sync');
    assert.equal((await list('?type=*', fresh.testKey)).data.length, 5);
    const from = encodeURIComponent(new Date(Date.parse(start) + 60_000).toISOString());
    const through = encodeURIComponent(new Date(Date.parse(start) + 120_000).toISOString());
    assert.deepEqual(ids(await list(`?created[gte]=${from}&created[lte]=${through}`, fresh.testKey)), [events[2]!.id, events[1]!.id]);
    assert.deepEqual(ids(await list(`?created[gt]=${from}&created[lt]=${encodeURIComponent(at(0))}`, fresh.testKey)), [
      events[4]!.id,
      events[3]!.id,
      events[2]!.id,
    ]);
    for (const query of ['?type=invoice.paid', '?type=nope.*', '?created[gte]=yesterday', '?color=red']) {
      const response = await t.request({ method: 'GET', url: `/v1/events${query}`, key: fresh.testKey });
      assert.equal(response.statusCode, 422, query);
      assert.equal(response.json().code, 'request.validation_failed');
    }
  });

  test('object_id lists the events about one object, newest first (a timeline)', async () => {
    const fresh = await t.bootstrap('Timeline');
    const emitFor = async (type: EmitEventInput['type'], object: Record<string, unknown>) => {
      const event = await emitEvent(t.app.services.db, { organizationId: fresh.organizationId, mode: 'test', type, object }, t.app.services);
      t.clock.advance(1000);
      return event;
    };
    const created = await emitFor('invoice.created', { object: 'invoice', id: 'inv_timeline' });
    await emitFor('invoice.created', { object: 'invoice', id: 'inv_other' });
    await emitFor('download.updated', { object: 'download', id: 'dl_1', invoice: 'inv_timeline' });
    const stamped = await emitFor('invoice.stamped', { object: 'invoice', id: 'inv_timeline' });
    const ids = (page: { data: { id: string }[] }) => page.data.map((event) => event.id);
    assert.deepEqual(ids(await list('?object_id=inv_timeline', fresh.testKey)), [stamped.id, created.id]);
    assert.deepEqual(ids(await list('?object_id=inv_timeline&type=invoice.stamped', fresh.testKey)), [stamped.id]);
    assert.deepEqual(ids(await list('?object_id=inv_timeline', other.testKey)), [], 'another organization sees none');
    assert.deepEqual(ids(await list('?object_id=inv_none', fresh.testKey)), []);
    const profile = await emitFor('fiscal_profile.updated', { object: 'fiscal_profile', id: 'fp_timeline' });
    const sync = await emitFor('fiscal_profile_sync.updated', { object: 'fiscal_profile_sync', fiscal_profile_id: 'fp_timeline', status: 'pending' });
    assert.deepEqual(
      ids(await list('?object_id=fp_timeline', fresh.testKey)),
      [sync.id, profile.id],
      "a profile's timeline holds its sync, which has no id of its own",
    );
    const empty = await t.request({ method: 'GET', url: '/v1/events?object_id=', key: fresh.testKey });
    assert.equal(empty.statusCode, 422);
  });

  test('pagination walks the log with cursors', async () => {
    const fresh = await t.bootstrap('Pages');
    const inputs = Array.from({ length: 7 }, () => ({
      organizationId: fresh.organizationId,
      mode: 'test' as const,
      type: 'cfdi.received' as const,
      object: { object: 'cfdi' },
    }));
    const rows = await emitEvents(t.app.services.db, inputs, t.app.services);
    const newest = [...rows].reverse().map((row) => row.id);
    const first = await list('?limit=3', fresh.testKey);
    assert.deepEqual(
      first.data.map((event: { id: string }) => event.id),
      newest.slice(0, 3),
    );
    assert.equal(first.has_more, true);
    const second = await list(`?limit=3&starting_after=${first.data[2].id}`, fresh.testKey);
    assert.deepEqual(
      second.data.map((event: { id: string }) => event.id),
      newest.slice(3, 6),
    );
    const back = await list(`?limit=3&ending_before=${second.data[0].id}`, fresh.testKey);
    assert.deepEqual(
      back.data.map((event: { id: string }) => event.id),
      newest.slice(0, 3),
    );
  });

  test('events are partitioned by organization and mode: everything else is 404', async () => {
    const live = await emit({ type: 'invoice.stamped', mode: 'live' });
    const test_ = await emit({ type: 'invoice.stamped' });
    assert.equal((await t.request({ method: 'GET', url: `/v1/events/${live.id}`, key: org.testKey })).statusCode, 404);
    assert.equal((await t.request({ method: 'GET', url: `/v1/events/${live.id}`, key: org.liveKey })).json().livemode, true);
    for (const key of [other.testKey, org.liveKey]) {
      const response = await t.request({ method: 'GET', url: `/v1/events/${test_.id}`, key });
      assert.equal(response.statusCode, 404);
      assert.equal(response.json().code, 'resource.not_found');
      assert.ok((await list('', key)).data.every((event: { id: string }) => event.id !== test_.id));
    }
    for (const id of ['evt_123', 'we_01m7ybd58eghd4p5sg5m8n9dsm', 'x']) {
      assert.equal((await t.request({ method: 'GET', url: `/v1/events/${id}`, key: org.testKey })).statusCode, 404, id);
    }
    assert.equal((await t.request({ method: 'GET', url: '/v1/events' })).statusCode, 401);
  });

  test('a connected account’s events carry its id in account and are read through Invoice-Account', async () => {
    const account = (await t.request({ method: 'POST', url: '/v1/accounts', key: org.testKey, payload: { name: 'Shop' } })).json();
    const event = await emit({ organizationId: account.id, type: 'invoice.stamped' });
    const asAccount = await t.request({ method: 'GET', url: `/v1/events/${event.id}`, key: org.testKey, headers: { 'invoice-account': account.id } });
    assert.equal(asAccount.json().account, account.id);
    assert.equal((await t.request({ method: 'GET', url: `/v1/events/${event.id}`, key: org.testKey })).statusCode, 404, 'not in the platform’s own log');
  });

  test('the event is rendered in the caller’s version', async () => {
    const event = await emit({ type: 'api_key.revoked', object: { object: 'api_key', id: 'key_1' } });
    const old = await t.request({ method: 'GET', url: `/v1/events/${event.id}`, key: org.testKey, headers: { 'invoice-version': '2026-07-10' } });
    assert.equal(old.json().api_version, '2026-07-10');
    assert.equal(
      'url' in (await t.request({ method: 'GET', url: '/v1/events', key: org.testKey, headers: { 'invoice-version': '2026-07-10' } })).json(),
      false,
    );
  });

  test('an event commits or rolls back with the transaction that emitted it', async () => {
    const fresh = await t.bootstrap('Rollback');
    await assert.rejects(
      t.app.services.db.transaction().execute(async (trx) => {
        await emitEvent(trx, { organizationId: fresh.organizationId, mode: 'test', type: 'invoice.created', object: { object: 'invoice' } }, t.app.services);
        throw new Error('the state change failed');
      }),
      /state change failed/,
    );
    assert.equal((await list('', fresh.testKey)).data.length, 0);
    await t.app.services.db.transaction().execute(async (trx) => {
      await emitEvent(trx, { organizationId: fresh.organizationId, mode: 'test', type: 'invoice.created', object: { object: 'invoice' } }, t.app.services);
    });
    assert.equal((await list('', fresh.testKey)).data.length, 1);
  });

  test("as CTEs of the change's own statement: written only with the change, with a value the statement determines", async () => {
    const fresh = await t.bootstrap('Statement');
    const emitWith = async (changed: boolean, organizationId = fresh.organizationId) => {
      const events = statementEvents(
        [{ organizationId, mode: 'test', type: 'invoice.created', object: { object: 'invoice', folio: 'TOKEN-1' } }],
        t.app.services,
        {
          when: changed ? sql`true` : sql`false`,
          replace: { token: 'TOKEN-1', value: sql`(SELECT '42')` },
        },
      );
      const { rows } = await sql<EventStatementOutput>`WITH ${events.parts.ctes} SELECT ${events.parts.columns}`.execute(t.app.services.db);
      await events.settle(t.app.services.db, rows[0]!, changed);
    };
    await emitWith(false);
    assert.equal((await list('', fresh.testKey)).data.length, 0);
    await emitWith(true);
    const page = await list('', fresh.testKey);
    assert.equal(page.data.length, 1);
    assert.deepEqual(page.data[0].data.object, { object: 'invoice', folio: '42' });
    await assert.rejects(emitWith(true, 'org_01m7ybd58eghd4p5sg5m8n9dsm'), UnknownEventOrganizationError);
  });

  test('emitting for an unknown organization, an unknown type or an unknown version throws', async () => {
    await assert.rejects(emit({ organizationId: 'org_01m7ybd58eghd4p5sg5m8n9dsm', type: 'invoice.created' }), UnknownEventOrganizationError);
    await assert.rejects(emit({ type: 'invoice.paid' as never }), /Unknown event type/);
    await assert.rejects(emit({ type: 'invoice.created', version: '1999-01-01' }), /Unknown API version/);
  });
});
