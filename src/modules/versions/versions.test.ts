import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../../test/support/app.ts';
import { API_VERSIONS, CURRENT_VERSION } from '../../platform/http/versions.ts';

describe('GET /v1/versions', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  test('is public and lists every version newest first with the current one and how to pin', async () => {
    const response = await t.request({ method: 'GET', url: '/v1/versions' });
    assert.equal(response.statusCode, 200);
    const body = response.json();
    assert.equal(body.object, 'list');
    assert.equal(body.current, CURRENT_VERSION);
    assert.equal(body.current, '2026-07-15');
    assert.equal(body.url, '/v1/versions');
    assert.equal(body.has_more, false);
    assert.deepEqual(
      body.data.map((entry: { version: string }) => entry.version),
      ['2026-07-15', '2026-07-10'],
    );
    assert.deepEqual(
      body.data,
      API_VERSIONS.map((entry) => ({ version: entry.version, summary: entry.summary, changes: entry.changes, sunset_at: null })),
    );
    assert.match(body.how_to_pin, /Invoice-Version/);
    assert.match(body.how_to_pin, /PATCH \/v1\/api_keys\/\{id\}/);
    assert.equal(response.headers['invoice-version'], CURRENT_VERSION);
    assert.equal(response.headers.deprecation, undefined);
    assert.equal(response.headers['ratelimit-limit'], undefined);
  });

  test('an invalid key is ignored: the endpoint never authenticates', async () => {
    const response = await t.request({ method: 'GET', url: '/v1/versions', key: 'sk_test_notarealkeynotarealkey00' });
    assert.equal(response.statusCode, 200);
  });

  test('pinned to 2026-07-10 with the header, the list envelope has no url', async () => {
    const response = await t.request({ method: 'GET', url: '/v1/versions', headers: { 'invoice-version': '2026-07-10' } });
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['invoice-version'], '2026-07-10');
    const body = response.json();
    assert.equal('url' in body, false);
    assert.equal(body.current, '2026-07-15');
    assert.equal(body.data.length, 2);
  });

  test('an unknown Invoice-Version is a 400 request.invalid_version problem', async () => {
    const response = await t.request({ method: 'GET', url: '/v1/versions', headers: { 'invoice-version': '2025-01-01' } });
    assert.equal(response.statusCode, 400);
    assert.equal(response.headers['content-type'], 'application/problem+json; charset=utf-8');
    assert.equal(response.json().code, 'request.invalid_version');
  });

  test("the pinned version shapes a failed authentication's problem too", async () => {
    for (const key of [undefined, 'sk_test_notarealkeynotarealkey00']) {
      const pinned = await t.request({ method: 'GET', url: '/v1/api_keys', ...(key ? { key } : {}), headers: { 'invoice-version': '2026-07-10' } });
      assert.equal(pinned.statusCode, 401);
      assert.equal(pinned.headers['invoice-version'], '2026-07-10');
      assert.equal('doc_url' in pinned.json(), false, 'the 2026-07-10 problem has no doc_url');
      const current = await t.request({ method: 'GET', url: '/v1/api_keys', ...(key ? { key } : {}) });
      assert.equal(current.statusCode, 401);
      assert.match(current.json().doc_url, /\/docs\/errors#auth-unauthorized$/);
    }
    // An unknown version with a bad key: authentication is still judged first.
    const unknown = await t.request({ method: 'GET', url: '/v1/api_keys', headers: { 'invoice-version': '2025-01-01' } });
    assert.equal(unknown.json().code, 'auth.unauthorized');
  });
});
