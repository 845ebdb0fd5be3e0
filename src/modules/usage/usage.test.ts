import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../../test/support/app.ts';
import { ApiError } from '../../platform/errors/api-error.ts';
import { sql } from 'kysely';
import { assertCanStamp, grantCredits, GrantError, recordStamp, stampUsageCtes } from './index.ts';

describe('usage and balance', () => {
  let t: TestApp;
  let org: Awaited<ReturnType<TestApp['bootstrap']>>;
  before(async () => {
    t = await createTestApp();
    org = await t.bootstrap();
  });
  after(() => t.close());

  // As the invoices module does: the charge commits or rolls back with the stamp's transaction.
  const stamp = (mode: 'test' | 'live', resourceId: string, at = new Date('2026-11-20T10:00:00Z'), organizationId = org.organizationId) =>
    t.app.services.db.transaction().execute((trx) => recordStamp({ db: trx, organizationId, mode, resourceId, at }));

  test('test mode is unmetered: stamps are recorded and nothing is consumed', async () => {
    await stamp('test', 'inv_test1');
    await stamp('test', 'inv_test2');
    const balance = (await t.request({ method: 'GET', url: '/v1/balance', key: org.testKey })).json();
    assert.deepEqual(balance, { object: 'balance', livemode: false, stamp_credits: null, stamps_used: 2 });
  });

  test('a live stamp needs a credit: 402 balance.insufficient_credits when there is none', async () => {
    await assert.rejects(assertCanStamp({ db: t.app.services.db, organizationId: org.organizationId, mode: 'live' }), (error: unknown) => {
      assert.ok(error instanceof ApiError);
      assert.equal(error.code, 'balance.insufficient_credits');
      assert.equal(error.status, 402);
      return true;
    });
    await assert.rejects(stamp('live', 'inv_nocredit'), /no live stamp credits/);
  });

  test('granted credits are consumed once per stamped invoice, even when recorded twice', async () => {
    assert.equal(await grantCredits(t.app.services.db, org.organizationId, 2, new Date()), 2);
    await assertCanStamp({ db: t.app.services.db, organizationId: org.organizationId, mode: 'live' });
    await stamp('live', 'inv_live1');
    await stamp('live', 'inv_live1');
    let balance = (await t.request({ method: 'GET', url: '/v1/balance', key: org.liveKey })).json();
    assert.deepEqual(balance, { object: 'balance', livemode: true, stamp_credits: 1, stamps_used: 1 });
    await stamp('live', 'inv_live2', new Date('2026-11-21T10:00:00Z'));
    balance = (await t.request({ method: 'GET', url: '/v1/balance', key: org.liveKey })).json();
    assert.equal(balance.stamp_credits, 0);
    assert.equal(balance.stamps_used, 2);
  });

  test('the grant command refuses unknown organizations and bad amounts', async () => {
    await assert.rejects(grantCredits(t.app.services.db, 'org_01jz0000000000000000000000', 5, new Date()), GrantError);
    await assert.rejects(grantCredits(t.app.services.db, org.organizationId, 0, new Date()), GrantError);
  });

  test('usage lists are per mode and organization, filter by kind and inclusive dates', async () => {
    const live = (await t.request({ method: 'GET', url: '/v1/usage', key: org.liveKey })).json();
    assert.deepEqual(
      live.data.map((row: { resource_id: string }) => row.resource_id),
      ['inv_live2', 'inv_live1'],
    );
    assert.ok(
      live.data.every((row: { livemode: boolean; kind: string; object: string }) => row.livemode && row.kind === 'stamp' && row.object === 'usage_record'),
    );
    const test = (await t.request({ method: 'GET', url: '/v1/usage?kind=stamp', key: org.testKey })).json();
    assert.equal(test.data.length, 2);
    const day = (await t.request({ method: 'GET', url: '/v1/usage?created[gte]=2026-11-21&created[lte]=2026-11-21', key: org.liveKey })).json();
    assert.deepEqual(
      day.data.map((row: { resource_id: string }) => row.resource_id),
      ['inv_live2'],
    );
    const upTo = (await t.request({ method: 'GET', url: '/v1/usage?created[lte]=2026-11-20T10:00:00Z', key: org.liveKey })).json();
    assert.deepEqual(
      upTo.data.map((row: { resource_id: string }) => row.resource_id),
      ['inv_live1'],
    );
    const none = (await t.request({ method: 'GET', url: '/v1/usage?kind=download', key: org.liveKey })).json();
    assert.equal(none.data.length, 0);
    const other = await t.bootstrap('Other');
    const foreign = (await t.request({ method: 'GET', url: '/v1/usage', key: other.liveKey })).json();
    assert.equal(foreign.data.length, 0);
  });

  test("as CTEs of the stamp's statement: written only with the change, once per invoice, a live credit when there is one and no failure when not", async () => {
    const fresh = await t.bootstrap('Statement');
    const at = new Date('2026-11-22T10:00:00Z');
    const run = (mode: 'test' | 'live', resourceId: string, changed: boolean) => {
      const ctes = stampUsageCtes({ organizationId: fresh.organizationId, mode, resourceId, at }, changed ? sql`true` : sql`false`);
      return sql`WITH ${ctes} SELECT 1`.execute(t.app.services.db);
    };
    const balance = async (key: string) => (await t.request({ method: 'GET', url: '/v1/balance', key })).json();
    await run('test', 'inv_unchanged', false);
    await run('test', 'inv_changed', true);
    assert.equal((await balance(fresh.testKey)).stamps_used, 1);
    await run('live', 'inv_nocredit', true);
    assert.deepEqual(
      await balance(fresh.liveKey),
      { object: 'balance', livemode: true, stamp_credits: 0, stamps_used: 1 },
      'stored without a credit, as the stamp exists',
    );
    await grantCredits(t.app.services.db, fresh.organizationId, 1, at);
    await run('live', 'inv_paid', true);
    await run('live', 'inv_paid', true);
    assert.deepEqual(await balance(fresh.liveKey), { object: 'balance', livemode: true, stamp_credits: 0, stamps_used: 2 });
  });

  test('bad filters are 422 problems', async () => {
    for (const query of ['kind=', 'created[gte]=yesterday', 'created[lte]=2026-13-45', 'created[gte]=2026-02-30T25:00:00Z']) {
      const response = await t.request({ method: 'GET', url: `/v1/usage?${query}`, key: org.testKey });
      assert.equal(response.statusCode, 422, query);
    }
  });
});
