import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../support/app.ts';

// Characters the database or a CFDI cannot carry: NUL (PostgreSQL text), a lone surrogate
// (jsonb), a C0 control and U+FFFF (XML 1.0).
const BAD = { nul: 'a\u0000b', surrogate: 'a\ud800b', control: 'a\u0001b', nonCharacter: 'a\uffffb' };

interface Operation {
  method: string;
  path: string;
  json: boolean;
  public: boolean;
}

describe('no endpoint stores a character the database or a CFDI cannot carry', () => {
  let t: TestApp;
  let key: string;
  let operations: Operation[];

  before(async () => {
    t = await createTestApp();
    ({ testKey: key } = await t.bootstrap('Text'));
    // Every operation the API documents, so that a new endpoint is covered without a new test.
    const document = (await t.request({ method: 'GET', url: '/openapi.json' })).json();
    operations = Object.entries(document.paths as Record<string, Record<string, { requestBody?: { content?: Record<string, unknown> }; security?: unknown[] }>>)
      .filter(([path]) => path.startsWith('/v1/'))
      .flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, operation]) => ({
          method: method.toUpperCase(),
          path,
          json: operation.requestBody?.content?.['application/json'] !== undefined,
          public: Array.isArray(operation.security) && operation.security.length === 0,
        })),
      );
  });
  after(() => t.close());

  const urlOf = (path: string, parameter = 'xyz_1') => path.replace(/\{[^}]+\}/g, parameter);
  const send = (operation: Operation, payload: unknown, url = urlOf(operation.path)) =>
    t.request({ method: operation.method as 'POST', url, ...(operation.public ? {} : { key }), payload: payload as Record<string, unknown> });

  test('every JSON body field, at any depth and in object keys, is refused with its path', async () => {
    const withBody = operations.filter((operation) => operation.json);
    assert.ok(withBody.length >= 12, `only ${withBody.length} operations take JSON`);
    for (const operation of withBody) {
      for (const [what, value] of Object.entries(BAD)) {
        const response = await send(operation, { name: value, metadata: { [`k${value}`]: 'v', nested: [value] } });
        const where = `${operation.method} ${operation.path} with ${what}`;
        assert.equal(response.statusCode, 422, `${where}: ${response.body}`);
        const problem = response.json();
        const invoice = operation.path === '/v1/invoices' || (operation.path === '/v1/invoices/{id}' && operation.method === 'PATCH');
        assert.equal(problem.code, invoice ? 'cfdi.invalid_input' : 'request.validation_failed', where);
        const paths = (problem.errors as { path: string; code: string }[]).filter((error) => error.code === 'invalid_character').map((error) => error.path);
        assert.deepEqual(paths, ['name', `metadata.k${value}`, 'metadata.nested.0'], where);
      }
    }
  });

  test('path and query parameters are refused too, before the route looks anything up', async () => {
    const byId = operations.filter((operation) => operation.method === 'GET' && /\{[^}]+\}$/.test(operation.path));
    assert.ok(byId.length >= 8);
    for (const operation of byId) {
      const response = await send(operation, undefined, urlOf(operation.path, 'inv_%00'));
      assert.equal(response.statusCode, 422, `${operation.path}: ${response.body}`);
      assert.equal(response.json().errors[0].code, 'invalid_character');
    }
    const query = await t.request({ method: 'GET', url: '/v1/events?type=invoice.%01', key });
    assert.equal(query.statusCode, 422, query.body);
    assert.deepEqual(
      query.json().errors.map((error: { path: string }) => error.path),
      ['type'],
    );
  });

  test('a multipart text field is refused by its field name', async () => {
    const boundary = 'x-boundary';
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="legal_name"\r\n\r\nACME\u0000 SA\r\n--${boundary}--\r\n`;
    const response = await t.request({
      method: 'POST',
      url: '/v1/fiscal_profiles',
      key,
      payload: body,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    assert.equal(response.statusCode, 422, response.body);
    assert.deepEqual(
      response
        .json()
        .errors.filter((error: { code: string }) => error.code === 'invalid_character')
        .map((error: { path: string }) => error.path),
      ['legal_name'],
    );
  });

  test('ordinary text passes: accents, ñ, emoji, tabs and new lines', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/v1/webhook_endpoints',
      key,
      payload: { url: 'http://127.0.0.1:9/in', metadata: { descripción: 'Niño 🦜\tlínea\nsegunda' } },
    });
    assert.equal(response.statusCode, 201, response.body);
    assert.equal(response.json().metadata['descripción'], 'Niño 🦜\tlínea\nsegunda');
  });
});
