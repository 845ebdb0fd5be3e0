import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createWebhookTestApp, type WebhookTestApp } from './webhooks.test-support.ts';

// Registration resolves names with the system's DNS here (the app may wire the routes itself), so
// these tests use address literals, `localhost` and the never-resolving `.invalid` TLD (RFC 2606).
const PUBLIC = 'https://93.184.216.34';

describe('webhook endpoints API', () => {
  let t: WebhookTestApp;
  let org: Awaited<ReturnType<WebhookTestApp['bootstrap']>>;
  let other: Awaited<ReturnType<WebhookTestApp['bootstrap']>>;
  before(async () => {
    t = await createWebhookTestApp();
    org = await t.bootstrap('Webhooks org');
    other = await t.bootstrap('Other org');
  });
  after(() => t.close());

  const create = (key: string, payload: object, headers: Record<string, string> = {}) =>
    t.request({ method: 'POST', url: '/v1/webhook_endpoints', key, payload, headers });

  test('create returns the secret once; list and retrieve never show it', async () => {
    const response = await create(org.testKey, { url: `${PUBLIC}/in`, metadata: { team: 'billing' } });
    assert.equal(response.statusCode, 201);
    const endpoint = response.json();
    assert.equal(endpoint.object, 'webhook_endpoint');
    assert.match(endpoint.id, /^we_[0-9a-z]{26}$/);
    assert.match(endpoint.secret, /^whsec_/);
    assert.deepEqual(endpoint.enabled_events, ['*'], 'all events by default');
    assert.equal(endpoint.enabled, true);
    assert.equal(endpoint.connect, false);
    assert.equal(endpoint.livemode, false);
    assert.equal(endpoint.api_version, '2026-07-15', 'pinned to the creating request’s version');
    assert.deepEqual(endpoint.metadata, { team: 'billing' });
    const list = (await t.request({ method: 'GET', url: '/v1/webhook_endpoints', key: org.testKey })).json();
    assert.equal(list.data[0].id, endpoint.id);
    assert.ok(list.data.every((row: object) => !('secret' in row)));
    const got = (await t.request({ method: 'GET', url: `/v1/webhook_endpoints/${endpoint.id}`, key: org.testKey })).json();
    assert.equal(got.url, `${PUBLIC}/in`);
    assert.equal('secret' in got, false);
  });

  test('the payload version is the request’s (header or key pin) unless api_version names one', async () => {
    const old = (await create(org.testKey, { url: `${PUBLIC}/old` }, { 'invoice-version': '2026-07-10' })).json();
    assert.equal(old.api_version, '2026-07-10');
    const named = (await create(org.testKey, { url: `${PUBLIC}/named`, api_version: '2026-07-10' })).json();
    assert.equal(named.api_version, '2026-07-10');
    const unknown = await create(org.testKey, { url: `${PUBLIC}/x`, api_version: '2020-01-01' });
    assert.equal(unknown.statusCode, 400);
    assert.equal(unknown.json().code, 'request.invalid_version');
  });

  test('enabled_events takes exact types, namespace wildcards and *, and names unknown entries', async () => {
    const ok = (await create(org.testKey, { url: `${PUBLIC}/a`, enabled_events: ['invoice.stamped', 'download.*', 'invoice.stamped'] })).json();
    assert.deepEqual(ok.enabled_events, ['invoice.stamped', 'download.*']);
    const bad = await create(org.testKey, { url: `${PUBLIC}/b`, enabled_events: ['invoice.stamped', 'invoice.paid', 'nope.*'] });
    assert.equal(bad.statusCode, 422);
    assert.equal(bad.json().code, 'request.validation_failed');
    assert.deepEqual(
      bad.json().errors.map((error: { path: string }) => error.path),
      ['enabled_events.1', 'enabled_events.2'],
    );
    const empty = await create(org.testKey, { url: `${PUBLIC}/c`, enabled_events: [] });
    assert.equal(empty.statusCode, 422);
  });

  test('bad bodies are 422 with field paths: missing url, unknown field, 51 metadata keys', async () => {
    const missing = await create(org.testKey, { enabled_events: ['*'] });
    assert.equal(missing.statusCode, 422);
    assert.deepEqual(
      missing.json().errors.map((error: { path: string }) => error.path),
      ['url'],
    );
    const unknown = await create(org.testKey, { url: `${PUBLIC}/`, secret: 'whsec_mine' });
    assert.equal(unknown.statusCode, 422);
    const metadata = Object.fromEntries(Array.from({ length: 51 }, (_, index) => [`k${index}`, 'v']));
    const tooMany = await create(org.testKey, { url: `${PUBLIC}/`, metadata });
    assert.equal(tooMany.statusCode, 422);
    assert.equal(tooMany.json().errors[0].path, 'metadata');
    const fifty = await create(org.testKey, { url: `${PUBLIC}/`, metadata: Object.fromEntries(Object.entries(metadata).slice(0, 50)) });
    assert.equal(fifty.statusCode, 201);
    assert.equal(Object.keys(fifty.json().metadata).length, 50);
  });

  test('URLs that are not http(s), carry credentials or reach private addresses are refused', async () => {
    const cases: [string, string][] = [
      ['ftp://93.184.216.34/', 'webhook.invalid_url'],
      ['https://user:pw@93.184.216.34/', 'webhook.invalid_url'],
      ['https://hooks.invalid/', 'webhook.invalid_url'],
      ['https://10.0.0.1/', 'webhook.url_not_allowed'],
      ['https://[::ffff:10.1.2.3]/', 'webhook.url_not_allowed'],
      ['http://169.254.169.254/latest/meta-data/', 'webhook.url_not_allowed'],
    ];
    for (const [url, code] of cases) {
      const response = await create(org.testKey, { url });
      assert.equal(response.statusCode, 422, url);
      assert.equal(response.json().code, code, url);
      assert.equal(response.json().errors[0].path, 'url');
    }
    const local = await create(org.testKey, { url: 'http://localhost:9/hook' });
    assert.equal(local.statusCode, 201, 'loopback http is fine outside production');
  });

  test('update changes url, events, metadata and version; pausing and resuming flips enabled', async () => {
    const endpoint = (await create(org.testKey, { url: `${PUBLIC}/u` })).json();
    const url = `/v1/webhook_endpoints/${endpoint.id}`;
    const patched = await t.request({
      method: 'PATCH',
      url,
      key: org.testKey,
      payload: { url: `${PUBLIC}/v2`, enabled_events: ['invoice.*'], metadata: { a: 'b' }, api_version: '2026-07-10' },
    });
    assert.equal(patched.statusCode, 200);
    assert.equal(patched.json().url, `${PUBLIC}/v2`);
    assert.deepEqual(patched.json().enabled_events, ['invoice.*']);
    assert.deepEqual(patched.json().metadata, { a: 'b' });
    assert.equal(patched.json().api_version, '2026-07-10');
    assert.equal((await t.request({ method: 'PATCH', url, key: org.testKey, payload: { enabled: false } })).json().enabled, false);
    assert.equal((await t.request({ method: 'PATCH', url, key: org.testKey, payload: { enabled: true } })).json().enabled, true);
    const refused = await t.request({ method: 'PATCH', url, key: org.testKey, payload: { url: 'https://10.0.0.1/' } });
    assert.equal(refused.json().code, 'webhook.url_not_allowed');
    assert.equal((await t.request({ method: 'PATCH', url, key: org.testKey, payload: {} })).statusCode, 422);
  });

  test('rotate_secret returns a new secret; an idempotent replay returns the same answer, secret included', async () => {
    const endpoint = (await create(org.testKey, { url: `${PUBLIC}/r` })).json();
    const rotate = () =>
      t.request({
        method: 'POST',
        url: `/v1/webhook_endpoints/${endpoint.id}/rotate_secret`,
        key: org.testKey,
        headers: { 'idempotency-key': `rotate-${endpoint.id}` },
      });
    const rotated = await rotate();
    assert.equal(rotated.statusCode, 200);
    assert.match(rotated.json().secret, /^whsec_/);
    assert.notEqual(rotated.json().secret, endpoint.secret);
    const replay = await rotate();
    assert.equal(replay.headers['idempotent-replayed'], 'true');
    assert.equal(replay.body, rotated.body);
    assert.equal(replay.json().secret, rotated.json().secret);
  });

  test('delete removes the endpoint; then it is 404 everywhere', async () => {
    const endpoint = (await create(org.testKey, { url: `${PUBLIC}/d` })).json();
    const url = `/v1/webhook_endpoints/${endpoint.id}`;
    const deleted = await t.request({ method: 'DELETE', url, key: org.testKey });
    assert.deepEqual(deleted.json(), { object: 'webhook_endpoint', id: endpoint.id, deleted: true });
    for (const [method, path] of [
      ['GET', url],
      ['DELETE', url],
      ['GET', `${url}/deliveries`],
      ['POST', `${url}/rotate_secret`],
    ] as const) {
      const response = await t.request({ method, url: path, key: org.testKey });
      assert.equal(response.statusCode, 404, `${method} ${path}`);
      assert.equal(response.json().code, 'resource.not_found');
    }
  });

  test('another organization, the other mode and malformed ids see 404; no key is 401', async () => {
    const endpoint = (await create(org.testKey, { url: `${PUBLIC}/iso` })).json();
    for (const key of [other.testKey, org.liveKey]) {
      for (const [method, path] of [
        ['GET', ''],
        ['PATCH', ''],
        ['DELETE', ''],
        ['GET', '/deliveries'],
        ['POST', '/rotate_secret'],
      ] as const) {
        const response = await t.request({
          method,
          url: `/v1/webhook_endpoints/${endpoint.id}${path}`,
          key,
          ...(method === 'PATCH' ? { payload: { enabled: false } } : {}),
        });
        assert.equal(response.statusCode, 404, `${method} ${path}`);
      }
      const list = (await t.request({ method: 'GET', url: '/v1/webhook_endpoints', key })).json();
      assert.ok(list.data.every((row: { id: string }) => row.id !== endpoint.id));
    }
    for (const id of ['we_nope', 'evt_01m7ybd58eghd4p5sg5m8n9dsm', '../x']) {
      assert.equal((await t.request({ method: 'GET', url: `/v1/webhook_endpoints/${encodeURIComponent(id)}`, key: org.testKey })).statusCode, 404);
    }
    assert.equal((await t.request({ method: 'GET', url: '/v1/webhook_endpoints' })).statusCode, 401);
    assert.equal((await create('', { url: `${PUBLIC}/` })).statusCode, 401);
  });

  test('connect endpoints belong to platforms acting as themselves', async () => {
    const platform = await t.bootstrap('Connect platform');
    const account = (await t.request({ method: 'POST', url: '/v1/accounts', key: platform.testKey, payload: { name: 'Shop' } })).json();
    const own = await create(platform.testKey, { url: `${PUBLIC}/connect`, connect: true });
    assert.equal(own.statusCode, 201);
    assert.equal(own.json().connect, true);
    const acting = await create(platform.testKey, { url: `${PUBLIC}/connect`, connect: true }, { 'invoice-account': account.id });
    assert.equal(acting.statusCode, 403);
    assert.equal(acting.json().code, 'connect.nesting_not_allowed');
    const forAccount = await create(platform.testKey, { url: `${PUBLIC}/acct` }, { 'invoice-account': account.id });
    assert.equal(forAccount.statusCode, 201, 'a platform may manage an account’s own endpoints');
    const platformList = (await t.request({ method: 'GET', url: '/v1/webhook_endpoints', key: platform.testKey })).json();
    assert.ok(
      platformList.data.every((row: { id: string }) => row.id !== forAccount.json().id),
      'the account’s endpoint is the account’s',
    );
  });

  test('each organization has at most 16 endpoints per mode', async () => {
    const crowded = await t.bootstrap('Crowded');
    for (let index = 0; index < 16; index++) assert.equal((await create(crowded.testKey, { url: `${PUBLIC}/${index}` })).statusCode, 201);
    const refused = await create(crowded.testKey, { url: `${PUBLIC}/17` });
    assert.equal(refused.statusCode, 422);
    assert.equal(refused.json().code, 'webhook.endpoint_limit_reached');
    assert.equal((await create(crowded.liveKey, { url: `${PUBLIC}/live` })).statusCode, 201, 'live mode counts apart');
  });
});
