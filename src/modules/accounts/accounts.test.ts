import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../../test/support/app.ts';

describe('connected accounts', () => {
  let t: TestApp;
  let platform: Awaited<ReturnType<TestApp['bootstrap']>>;
  let other: Awaited<ReturnType<TestApp['bootstrap']>>;
  before(async () => {
    t = await createTestApp();
    platform = await t.bootstrap('Platform');
    other = await t.bootstrap('Other platform');
  });
  after(() => t.close());

  const create = (key: string, payload: object, headers: Record<string, string> = {}) =>
    t.request({ method: 'POST', url: '/v1/accounts', key, payload, headers });

  test('a platform creates, lists, retrieves and updates its accounts', async () => {
    const created = await create(platform.testKey, { name: 'Tienda Uno', metadata: { crm: '42' } });
    assert.equal(created.statusCode, 201);
    const account = created.json();
    assert.equal(account.object, 'account');
    assert.match(account.id, /^org_/);
    assert.equal(account.parent, platform.organizationId);
    assert.equal(account.disabled, false);
    assert.deepEqual(account.metadata, { crm: '42' });
    const second = (await create(platform.liveKey, { name: 'Tienda Dos' })).json();
    const list = (await t.request({ method: 'GET', url: '/v1/accounts', key: platform.testKey })).json();
    assert.deepEqual(
      list.data.slice(0, 2).map((row: { id: string }) => row.id),
      [second.id, account.id],
      'newest first, both modes',
    );
    const got = await t.request({ method: 'GET', url: `/v1/accounts/${account.id}`, key: platform.testKey });
    assert.equal(got.json().name, 'Tienda Uno');
    const patched = await t.request({ method: 'PATCH', url: `/v1/accounts/${account.id}`, key: platform.testKey, payload: { name: 'Tienda 1' } });
    assert.equal(patched.json().name, 'Tienda 1');
  });

  test("another platform's account is 404 and cannot be acted as (403 connect.account_not_authorized)", async () => {
    const account = (await create(platform.testKey, { name: 'Mine' })).json();
    const get = await t.request({ method: 'GET', url: `/v1/accounts/${account.id}`, key: other.testKey });
    assert.equal(get.statusCode, 404);
    assert.equal(get.json().code, 'resource.not_found');
    for (const header of [account.id, 'org_nope', 'acct_123', platform.organizationId]) {
      const acting = await t.request({ method: 'GET', url: '/v1/versions', key: other.testKey, headers: { 'invoice-account': header } });
      assert.equal(acting.statusCode, 200, 'public endpoints ignore connect headers');
      const response = await t.request({ method: 'GET', url: '/v1/accounts', key: other.testKey, headers: { 'invoice-account': header } });
      assert.equal(response.statusCode, 403, header);
      assert.equal(response.json().code, 'connect.account_not_authorized');
    }
  });

  test('a disabled account cannot be acted as (403 connect.account_disabled)', async () => {
    const account = (await create(platform.testKey, { name: 'Leaving' })).json();
    const disabled = await t.request({ method: 'PATCH', url: `/v1/accounts/${account.id}`, key: platform.testKey, payload: { disabled: true } });
    assert.equal(disabled.json().disabled, true);
    const response = await create(platform.testKey, { name: 'x' }, { 'invoice-account': account.id });
    assert.equal(response.statusCode, 403);
    assert.equal(response.json().code, 'connect.account_disabled');
  });

  test('acting as an account, managing accounts is 403 connect.nesting_not_allowed', async () => {
    const account = (await create(platform.testKey, { name: 'Parent?' })).json();
    const nested = await create(platform.testKey, { name: 'Child' }, { 'invoice-account': account.id });
    assert.equal(nested.statusCode, 403);
    assert.equal(nested.json().code, 'connect.nesting_not_allowed');
    const listed = await t.request({ method: 'GET', url: '/v1/accounts', key: platform.testKey, headers: { 'invoice-account': account.id } });
    assert.equal(listed.json().code, 'connect.nesting_not_allowed');
  });

  test('bad bodies are 422 with field paths; PATCH needs at least one field', async () => {
    const bad = await create(platform.testKey, { name: '', disabled: 'yes' });
    assert.equal(bad.statusCode, 422);
    const paths = bad.json().errors.map((error: { path: string }) => error.path);
    assert.ok(paths.includes('name') && paths.includes('disabled'), paths.join());
    const account = (await create(platform.testKey, { name: 'Empty patch' })).json();
    const empty = await t.request({ method: 'PATCH', url: `/v1/accounts/${account.id}`, key: platform.testKey, payload: {} });
    assert.equal(empty.statusCode, 422);
    const tooMuch = await create(platform.testKey, { name: 'm', metadata: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, 'v'])) });
    assert.equal(tooMuch.statusCode, 422);
  });
});
