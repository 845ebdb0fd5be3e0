import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_NESTING_DEPTH } from '../../src/platform/http/text-rule.ts';
import { createTestApp, type TestApp } from '../support/app.ts';

// Characters the database or a CFDI cannot carry: NUL (PostgreSQL text), a lone surrogate
// (jsonb), a C0 control and U+FFFF (XML 1.0).
const BAD = { nul: 'a\u0000b', surrogate: 'a\ud800b', control: 'a\u0001b', nonCharacter: 'a\uffffb' };

/** `levels` arrays, one inside the other. */
const nestedArrays = (levels: number): unknown => Array.from({ length: levels - 1 }).reduce<unknown[]>((inner) => [inner], []);

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
        const invoice =
          ['/v1/invoices', '/v1/invoices/preview'].includes(operation.path) || (operation.path === '/v1/invoices/{id}' && operation.method === 'PATCH');
        assert.equal(problem.code, invoice ? 'cfdi.invalid_input' : 'request.validation_failed', where);
        const paths = (problem.errors as { path: string; code: string }[]).filter((error) => error.code === 'invalid_character').map((error) => error.path);
        assert.deepEqual(paths, ['name', `metadata.k${value}`, 'metadata.nested.0'], where);
      }
    }
  });

  test('a query parameter is refused too, with its name', async () => {
    const query = await t.request({ method: 'GET', url: '/v1/events?type=invoice.%01', key });
    assert.equal(query.statusCode, 422, query.body);
    assert.deepEqual(
      query.json().errors.map((error: { path: string }) => error.path),
      ['type'],
    );
  });

  // docs/contract.md §2: an id that names nothing is a 404, whatever makes it so.
  test('a path id holding a NUL, too long for the router or badly %-encoded is a 404 problem with the usual headers', async () => {
    const byId = operations.filter((operation) => /\{[^}]+\}$/.test(operation.path) || /\{[^}]+\}\/[a-z_]+$/.test(operation.path));
    assert.ok(byId.length >= 15, `only ${byId.length} operations take an id`);
    const ids = { nul: 'inv_%00', control: 'inv_a%01b', long: `inv_${'a'.repeat(300)}`, badEscape: 'inv_%zz' };
    for (const operation of byId) {
      for (const [what, id] of Object.entries(ids)) {
        const where = `${operation.method} ${operation.path} with ${what}`;
        const response = await send(operation, operation.json ? {} : undefined, urlOf(operation.path, id));
        assert.equal(response.statusCode, 404, `${where}: ${response.body}`);
        assert.equal(response.headers['content-type'], 'application/problem+json; charset=utf-8', where);
        const problem = response.json();
        assert.equal(problem.code, 'resource.not_found', where);
        assert.match(String(response.headers['request-id']), /^req_/, where);
        assert.equal(problem.request_id, response.headers['request-id'], where);
        assert.equal(response.headers['invoice-version'], '2026-07-15', where);
        assert.equal(response.headers['x-content-type-options'], 'nosniff', where);
      }
    }
    // A pinned version shapes these answers like any other.
    const pinned = await t.request({ method: 'GET', url: `/v1/invoices/${ids.long}`, key, headers: { 'invoice-version': '2026-07-10' } });
    assert.equal(pinned.statusCode, 404);
    assert.equal(pinned.headers['invoice-version'], '2026-07-10');
    assert.equal(pinned.json().doc_url, undefined);
  });

  test('a body nested 5,000 or 100,000 levels deep is a 422 on every JSON endpoint, public ones and the dashboard sign-in included', async () => {
    const withBody = operations.filter((operation) => operation.json);
    const dashboard = ['/dashboard/api/sign_up', '/dashboard/api/sign_in'].map((path) => ({ method: 'POST', path, json: true, public: true }));
    assert.ok(withBody.some((operation) => operation.public));
    for (const depth of [5_000, 100_000]) {
      const bodies = { arrays: `${'['.repeat(depth)}${']'.repeat(depth)}`, objects: `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}` };
      for (const operation of [...withBody, ...dashboard]) {
        for (const [shape, body] of Object.entries(bodies)) {
          const where = `${operation.method} ${operation.path}, ${shape} ${depth} deep`;
          const response = await t.request({
            method: operation.method as 'POST',
            url: urlOf(operation.path),
            ...(operation.public ? {} : { key }),
            payload: body,
            headers: { 'content-type': 'application/json' },
          });
          assert.equal(response.statusCode, 422, `${where}: ${response.body.slice(0, 300)}`);
          const problem = response.json();
          assert.equal(problem.code, 'request.validation_failed', where);
          assert.equal(problem.errors[0].code, 'too_deep', where);
        }
      }
    }
    // The limit itself passes on to the schema, which names what is wrong instead.
    const within = await t.request({ method: 'POST', url: '/v1/webhook_endpoints', key, payload: { url: nestedArrays(MAX_NESTING_DEPTH - 1) } });
    assert.equal(within.statusCode, 422);
    assert.deepEqual(
      within.json().errors.map((error: { path: string; code: string }) => [error.path, error.code === 'too_deep']),
      [['url', false]],
    );
    const beyond = await t.request({ method: 'POST', url: '/v1/webhook_endpoints', key, payload: { url: nestedArrays(MAX_NESTING_DEPTH) } });
    assert.equal(beyond.json().errors[0].code, 'too_deep');
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
