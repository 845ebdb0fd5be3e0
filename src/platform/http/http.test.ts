import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../../test/support/app.ts';
import { API_VERSIONS, renderForVersion } from './versions.ts';
import { toApiError } from './problem.ts';

describe('request plumbing and problems', () => {
  let t: TestApp;
  let key: string;
  before(async () => {
    t = await createTestApp();
    key = (await t.bootstrap()).testKey;
  });
  after(() => t.close());

  test('every response carries Request-Id, Invoice-Version and traceparent; problems repeat the id', async () => {
    const response = await t.request({ method: 'GET', url: '/v1/nothing-here', key });
    assert.equal(response.statusCode, 404);
    assert.equal(response.headers['content-type'], 'application/problem+json; charset=utf-8');
    const body = response.json();
    assert.match(String(response.headers['request-id']), /^req_/);
    assert.equal(body.request_id, response.headers['request-id']);
    assert.equal(response.headers['invoice-version'], '2026-07-15');
    assert.match(String(response.headers.traceparent), /^00-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$/);
    assert.equal(body.code, 'request.route_not_found');
    assert.equal(body.type, 'http://invoicing.test/errors/request_route_not_found');
    assert.equal(body.doc_url, 'http://invoicing.test/docs/errors#request-route_not_found');
    assert.equal(body.status, 404);
    assert.ok(body.title && body.detail && body.remediation);
  });

  test('a valid traceparent keeps its trace id with a new span; a malformed one starts a new trace', async () => {
    const incoming = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    const kept = await t.request({ method: 'GET', url: '/v1/api_keys', key, headers: { traceparent: incoming } });
    const [, traceId, spanId, flags] = String(kept.headers.traceparent).split('-');
    assert.equal(traceId, '4bf92f3577b34da6a3ce929d0e0e4736');
    assert.notEqual(spanId, '00f067aa0ba902b7');
    assert.equal(flags, '01');
    for (const bad of ['garbage', '00-00000000000000000000000000000000-00f067aa0ba902b7-01', 'ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01']) {
      const replaced = await t.request({ method: 'GET', url: '/v1/api_keys', key, headers: { traceparent: bad } });
      assert.equal(replaced.statusCode, 200);
      assert.notEqual(String(replaced.headers.traceparent).split('-')[1], '4bf92f3577b34da6a3ce929d0e0e4736');
      assert.match(String(replaced.headers.traceparent), /^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    }
  });

  test('malformed JSON, empty JSON, wrong content type and oversized bodies are problems, never HTML', async () => {
    const cases = [
      { payload: '{"name": ', type: 'application/json', status: 400, code: 'request.invalid_json' },
      { payload: '', type: 'application/json', status: 400, code: 'request.invalid_json' },
      { payload: 'name=x', type: 'application/x-www-form-urlencoded', status: 415, code: 'request.unsupported_media_type' },
      { payload: 'hello', type: 'text/plain', status: 415, code: 'request.unsupported_media_type' },
      { payload: JSON.stringify({ name: 'x'.repeat(2_000_000), mode: 'test' }), type: 'application/json', status: 413, code: 'request.body_too_large' },
    ];
    for (const item of cases) {
      const response = await t.request({ method: 'POST', url: '/v1/api_keys', key, payload: item.payload, headers: { 'content-type': item.type } });
      assert.equal(response.statusCode, item.status, item.code);
      assert.equal(response.headers['content-type'], 'application/problem+json; charset=utf-8');
      assert.equal(response.json().code, item.code);
    }
  });

  test('an unknown Invoice-Version is 400; a known one is echoed and reshapes responses', async () => {
    const bad = await t.request({ method: 'GET', url: '/v1/api_keys', key, headers: { 'invoice-version': '2025-01-01' } });
    assert.equal(bad.statusCode, 400);
    assert.equal(bad.json().code, 'request.invalid_version');
    const old = await t.request({ method: 'GET', url: '/v1/api_keys', key, headers: { 'invoice-version': '2026-07-10' } });
    assert.equal(old.headers['invoice-version'], '2026-07-10');
    assert.equal(old.json().url, undefined);
    assert.equal(old.json().object, 'list');
    const oldProblem = await t.request({ method: 'GET', url: '/v1/api_keys/key_x', key, headers: { 'invoice-version': '2026-07-10' } });
    assert.equal(oldProblem.json().doc_url, undefined);
    assert.equal(oldProblem.json().code, 'resource.not_found');
    const current = await t.request({ method: 'GET', url: '/v1/api_keys/key_x', key });
    assert.equal(current.json().doc_url, 'http://invoicing.test/docs/errors#resource-not_found');
  });

  test('a version scheduled for removal answers with Deprecation and Sunset headers', async () => {
    const old = API_VERSIONS.find((entry) => entry.version === '2026-07-10')!;
    old.sunsetAt = new Date('2027-01-31T00:00:00Z');
    try {
      const response = await t.request({ method: 'GET', url: '/v1/api_keys', key, headers: { 'invoice-version': '2026-07-10' } });
      assert.equal(response.headers.deprecation, 'true');
      assert.equal(response.headers.sunset, 'Sun, 31 Jan 2027 00:00:00 GMT');
      const current = await t.request({ method: 'GET', url: '/v1/api_keys', key });
      assert.equal(current.headers.deprecation, undefined);
    } finally {
      delete old.sunsetAt;
    }
  });

  test('coded errors from the engine and providers become their catalog problem; unknown codes stay internal', () => {
    class ProviderLike extends Error {
      constructor(
        readonly code: string,
        readonly detail: string,
        readonly retryable: boolean,
      ) {
        super(`${code}: ${detail}`);
      }
    }
    const retryable = toApiError(new ProviderLike('pac.internal_error', 'PAC timed out', true));
    assert.equal(retryable.code, 'pac.internal_error');
    assert.equal(retryable.status, 502);
    assert.equal(retryable.detail, 'PAC timed out');
    assert.equal(retryable.headers['Retry-After'], '5');
    const final = toApiError(new ProviderLike('cfdi.sello_mismatch', 'seal does not verify', false));
    assert.equal(final.status, 422);
    assert.deepEqual(final.headers, {});
    assert.equal(toApiError(new ProviderLike('credential.wrong_password', 'x', false)).code, 'internal.error');
    assert.equal(toApiError(new Error('boom')).code, 'internal.error');
  });

  test('version transforms leave other objects untouched', () => {
    const resource = { object: 'api_key', url: 'kept', doc_url: 'kept' };
    assert.deepEqual(renderForVersion(resource, '2026-07-10'), resource);
  });
});

describe('cursor pagination', () => {
  let t: TestApp;
  let key: string;
  let ids: string[];
  before(async () => {
    t = await createTestApp();
    key = (await t.bootstrap()).testKey;
    for (let index = 0; index < 7; index++) {
      await t.request({ method: 'POST', url: '/v1/accounts', key, payload: { name: `Account ${index}` } });
    }
    ids = (await t.request({ method: 'GET', url: '/v1/accounts?limit=100', key })).json().data.map((row: { id: string }) => row.id);
  });
  after(() => t.close());

  test('pages walk newest first with starting_after and back with ending_before', async () => {
    assert.equal(ids.length, 7);
    assert.deepEqual([...ids].sort().reverse(), ids, 'newest first');
    const first = (await t.request({ method: 'GET', url: '/v1/accounts?limit=3', key })).json();
    assert.deepEqual(
      first.data.map((row: { id: string }) => row.id),
      ids.slice(0, 3),
    );
    assert.equal(first.has_more, true);
    const second = (await t.request({ method: 'GET', url: `/v1/accounts?limit=3&starting_after=${ids[2]}`, key })).json();
    assert.deepEqual(
      second.data.map((row: { id: string }) => row.id),
      ids.slice(3, 6),
    );
    const last = (await t.request({ method: 'GET', url: `/v1/accounts?limit=3&starting_after=${ids[5]}`, key })).json();
    assert.deepEqual(
      last.data.map((row: { id: string }) => row.id),
      ids.slice(6),
    );
    assert.equal(last.has_more, false);
    const back = (await t.request({ method: 'GET', url: `/v1/accounts?limit=2&ending_before=${ids[4]}`, key })).json();
    assert.deepEqual(
      back.data.map((row: { id: string }) => row.id),
      ids.slice(2, 4),
    );
    assert.equal(back.has_more, true);
  });

  test('bad limits and cursors are 422 problems naming the parameter', async () => {
    for (const query of [
      'limit=0',
      'limit=101',
      'limit=abc',
      'starting_after=',
      'starting_after=inv_123',
      'bogus=1',
      `starting_after=${ids[0]}&ending_before=${ids[1]}`,
    ]) {
      const response = await t.request({ method: 'GET', url: `/v1/accounts?${query}`, key });
      assert.equal(response.statusCode, 422, query);
      const body = response.json();
      assert.ok(['request.validation_failed', 'request.invalid_cursor'].includes(body.code), body.code);
      assert.ok(body.errors.length > 0, query);
    }
  });
});
