import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../../test/support/app.ts';

describe('API keys', () => {
  let t: TestApp;
  let org: Awaited<ReturnType<TestApp['bootstrap']>>;
  before(async () => {
    t = await createTestApp();
    org = await t.bootstrap('Acme');
  });
  after(() => t.close());

  test('bootstrap returns a test and a live key, each shown once with its prefix', async () => {
    assert.match(org.testKey, /^sk_test_[A-Za-z0-9]{32}$/);
    assert.match(org.liveKey, /^sk_live_[A-Za-z0-9]{32}$/);
    const list = await t.request({ method: 'GET', url: '/v1/api_keys', key: org.testKey });
    assert.equal(list.statusCode, 200);
    const body = list.json();
    assert.equal(body.object, 'list');
    assert.equal(body.url, '/v1/api_keys');
    assert.deepEqual(body.data.map((key: { mode: string }) => key.mode).sort(), ['live', 'test']);
    for (const key of body.data) {
      assert.equal(key.key, undefined, 'lists never show the secret');
      assert.equal(key.prefix, key.mode === 'test' ? org.testKey.slice(0, 12) : org.liveKey.slice(0, 12));
    }
  });

  test('a test key can mint a live key, whose secret is returned once and works', async () => {
    const created = await t.request({ method: 'POST', url: '/v1/api_keys', key: org.testKey, payload: { name: 'CI', mode: 'live' } });
    assert.equal(created.statusCode, 201);
    const key = created.json();
    assert.equal(key.object, 'api_key');
    assert.equal(key.mode, 'live');
    assert.equal(key.livemode, true);
    assert.match(key.key, /^sk_live_/);
    assert.equal(key.prefix, key.key.slice(0, 12));
    const fetched = await t.request({ method: 'GET', url: `/v1/api_keys/${key.id}`, key: key.key });
    assert.equal(fetched.statusCode, 200);
    assert.equal(fetched.json().key, undefined);
    assert.equal(fetched.json().name, 'CI');
    assert.notEqual(fetched.json().last_used_at, null, 'using a key records last_used_at');
  });

  test('PATCH renames and pins a version; an unknown version is 400 request.invalid_version', async () => {
    const created = (await t.request({ method: 'POST', url: '/v1/api_keys', key: org.testKey, payload: { name: 'Pinned', mode: 'test' } })).json();
    const patched = await t.request({
      method: 'PATCH',
      url: `/v1/api_keys/${created.id}`,
      key: org.testKey,
      payload: { name: 'Old clients', version: '2026-07-10' },
    });
    assert.equal(patched.statusCode, 200);
    assert.equal(patched.json().name, 'Old clients');
    assert.equal(patched.json().version, '2026-07-10');
    const pinned = await t.request({ method: 'GET', url: '/v1/api_keys', key: created.key });
    assert.equal(pinned.headers['invoice-version'], '2026-07-10');
    assert.equal(pinned.json().url, undefined, 'version 2026-07-10 lists carry no url');
    const bad = await t.request({ method: 'PATCH', url: `/v1/api_keys/${created.id}`, key: org.testKey, payload: { version: '2020-01-01' } });
    assert.equal(bad.statusCode, 400);
    assert.equal(bad.json().code, 'request.invalid_version');
    const unpinned = await t.request({ method: 'PATCH', url: `/v1/api_keys/${created.id}`, key: org.testKey, payload: { version: null } });
    assert.equal(unpinned.json().version, null);
  });

  test('revocation takes effect on the very next request, including for the key that revoked itself', async () => {
    const created = (await t.request({ method: 'POST', url: '/v1/api_keys', key: org.testKey, payload: { name: 'Temp', mode: 'test' } })).json();
    const revoked = await t.request({ method: 'DELETE', url: `/v1/api_keys/${created.id}`, key: created.key });
    assert.equal(revoked.statusCode, 200);
    assert.deepEqual(revoked.json(), { object: 'api_key', id: created.id, revoked: true });
    const next = await t.request({ method: 'GET', url: '/v1/api_keys', key: created.key });
    assert.equal(next.statusCode, 401);
    assert.equal(next.json().code, 'auth.key_revoked');
    const listed = (await t.request({ method: 'GET', url: `/v1/api_keys/${created.id}`, key: org.testKey })).json();
    assert.notEqual(listed.revoked_at, null);
    const events = (await t.request({ method: 'GET', url: '/v1/events?type=api_key.revoked', key: org.testKey })).json();
    assert.equal(events.data.length, 1);
    assert.equal(events.data[0].data.object.id, created.id);
    assert.notEqual(events.data[0].data.object.revoked_at, null);
    const again = await t.request({ method: 'DELETE', url: `/v1/api_keys/${created.id}`, key: org.testKey });
    assert.equal(again.statusCode, 200, 'revoking twice answers the same');
    const still = (await t.request({ method: 'GET', url: '/v1/events?type=api_key.revoked', key: org.testKey })).json();
    assert.equal(still.data.length, 1, 'and records one event');
  });

  test('a key read twice (served from memory on the embedded database) shows every later change', async () => {
    const created = (await t.request({ method: 'POST', url: '/v1/api_keys', key: org.testKey, payload: { name: 'Cached', mode: 'test' } })).json();
    const read = async () => (await t.request({ method: 'GET', url: `/v1/api_keys/${created.id}`, key: org.testKey })).json();
    assert.equal((await read()).name, 'Cached');
    assert.equal((await read()).name, 'Cached');
    await t.request({ method: 'PATCH', url: `/v1/api_keys/${created.id}`, key: org.testKey, payload: { name: 'Renamed', version: '2026-07-10' } });
    const renamed = await read();
    assert.equal(renamed.name, 'Renamed');
    assert.equal(renamed.version, '2026-07-10');
    assert.equal(renamed.last_used_at, null, 'never used yet');
    await t.request({ method: 'GET', url: '/v1/api_keys', key: created.key });
    assert.notEqual((await read()).last_used_at, null, 'its first use shows');
    await t.request({ method: 'DELETE', url: `/v1/api_keys/${created.id}`, key: org.testKey });
    assert.notEqual((await read()).revoked_at, null);
    const other = await t.bootstrap('Other');
    const foreign = await t.request({ method: 'GET', url: `/v1/api_keys/${created.id}`, key: other.testKey });
    assert.equal(foreign.statusCode, 404, 'a cached key is still invisible to another organization');
  });

  test('revoking the last active key of a mode warns', async () => {
    const other = await t.bootstrap('Solo');
    const keys = (await t.request({ method: 'GET', url: '/v1/api_keys', key: other.testKey })).json().data;
    const live = keys.find((key: { mode: string }) => key.mode === 'live');
    const response = await t.request({ method: 'DELETE', url: `/v1/api_keys/${live.id}`, key: other.testKey });
    assert.equal(response.statusCode, 200);
    assert.match(response.json().warning, /last active live key/);
  });

  test('missing, malformed and unknown keys are 401 auth.unauthorized problems', async () => {
    for (const authorization of [undefined, 'Basic abc', 'Bearer nope', `Bearer sk_test_${'x'.repeat(32)}`]) {
      const response = await t.request({ method: 'GET', url: '/v1/api_keys', headers: authorization ? { authorization } : {} });
      assert.equal(response.statusCode, 401, String(authorization));
      assert.equal(response.headers['content-type'], 'application/problem+json; charset=utf-8');
      assert.equal(response.json().code, 'auth.unauthorized');
    }
  });

  test('Invoice-Account is refused on /v1/api_keys with 400 connect.not_supported_here', async () => {
    const account = (await t.request({ method: 'POST', url: '/v1/accounts', key: org.testKey, payload: { name: 'Sub' } })).json();
    const response = await t.request({ method: 'GET', url: '/v1/api_keys', key: org.testKey, headers: { 'invoice-account': account.id } });
    assert.equal(response.statusCode, 400);
    assert.equal(response.json().code, 'connect.not_supported_here');
  });

  test("another organization's key id is not found, and so is a malformed id", async () => {
    const other = await t.bootstrap('Other');
    const mine = (await t.request({ method: 'GET', url: '/v1/api_keys', key: org.testKey })).json().data[0];
    for (const id of [mine.id, 'key_nothing', 'fp_01jabcdefghjkmnpqrstvwxyz0', '%00']) {
      const response = await t.request({ method: 'GET', url: `/v1/api_keys/${encodeURIComponent(id)}`, key: other.testKey });
      assert.equal(response.statusCode, 404, id);
      assert.equal(response.json().code, 'resource.not_found');
    }
    const revoke = await t.request({ method: 'DELETE', url: `/v1/api_keys/${mine.id}`, key: other.testKey });
    assert.equal(revoke.statusCode, 404);
  });

  test('create validates its body: unknown fields, wrong types and bad modes each name the field', async () => {
    const response = await t.request({ method: 'POST', url: '/v1/api_keys', key: org.testKey, payload: { name: 5, mode: 'prod', extra: true } });
    assert.equal(response.statusCode, 422);
    const body = response.json();
    assert.equal(body.code, 'request.validation_failed');
    const paths = body.errors.map((error: { path: string; code: string }) => `${error.path}:${error.code}`).sort();
    assert.ok(paths.includes('name:invalid_type'), paths.join());
    assert.ok(paths.includes('extra:unknown_field'), paths.join());
    assert.ok(
      paths.some((path: string) => path.startsWith('mode:')),
      paths.join(),
    );
  });
  test('a retried create with the same Idempotency-Key gets the same key back; the store holds it only encrypted', async () => {
    const create = () =>
      t.request({
        method: 'POST',
        url: '/v1/api_keys',
        key: org.testKey,
        payload: { name: 'lost answer', mode: 'test' },
        headers: { 'idempotency-key': 'create-key-once' },
      });
    const first = await create();
    assert.equal(first.statusCode, 201);
    const replay = await create();
    assert.equal(replay.headers['idempotent-replayed'], 'true');
    assert.equal(replay.body, first.body);
    const secret: string = first.json().key;
    assert.equal((await t.request({ method: 'GET', url: '/v1/api_keys?limit=1', key: secret })).statusCode, 200, 'the replayed key works');
    const stored = await t.app.services.db
      .selectFrom('idempotency_keys')
      .select('response_body')
      .where('key', '=', 'create-key-once')
      .executeTakeFirstOrThrow();
    assert.equal(stored.response_body?.includes(secret.slice(8)), false);
  });
});

describe('organization bootstrap', () => {
  test('is refused in production with 403 org.bootstrap_disabled', async () => {
    const t = await createTestApp({ env: { APP_ENV: 'production', MASTER_KEY: Buffer.alloc(32, 7).toString('base64') } });
    try {
      const response = await t.request({ method: 'POST', url: '/v1/organizations', payload: { name: 'Prod' } });
      assert.equal(response.statusCode, 403);
      assert.equal(response.json().code, 'org.bootstrap_disabled');
    } finally {
      await t.close();
    }
  });
});
