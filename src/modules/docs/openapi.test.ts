import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../../test/support/app.ts';
import { CURRENT_VERSION } from '../../platform/http/versions.ts';
import { isReference, operationsOf, resolveReference, type OpenApiDocument, type ParameterObject, type ResponseObject } from './openapi-types.ts';
import { tagDescription } from './tags.ts';

/** Every (method, path) the server routes, read from Fastify's route tree; HEAD twins left out. */
function registeredRoutes(tree: string): Array<{ method: string; path: string }> {
  const parents: string[] = [];
  const routes: Array<{ method: string; path: string }> = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:│ {3}| {4})*)[├└]── (\S+)(?: \(([^)]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = (parents[depth - 1] ?? '') + match[2]!;
    parents[depth] = path;
    for (const method of (match[3] ?? '').split(', ').filter((item) => item && item !== 'HEAD')) {
      routes.push({ method: method.toLowerCase(), path: path.replace(/:([A-Za-z0-9_]+)/g, '{$1}') });
    }
  }
  return routes;
}

function collectReferences(node: unknown, found: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((item) => collectReferences(item, found));
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') found.push(value);
      else collectReferences(value, found);
    }
  }
  return found;
}

describe('the OpenAPI document', () => {
  let t: TestApp;
  let document: OpenApiDocument;
  before(async () => {
    t = await createTestApp();
    const response = await t.request({ method: 'GET', url: '/openapi.json' });
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['content-type'], 'application/json; charset=utf-8');
    document = JSON.parse(response.body);
  });
  after(() => t.close());

  test('is OpenAPI 3.1 with the current version, this server, bearer keys and global security', () => {
    assert.equal(document.openapi, '3.1.0');
    assert.equal(document.info.title, 'Invoicing API');
    assert.equal(document.info.version, CURRENT_VERSION);
    assert.match(document.info.description ?? '', /sk_test_/);
    assert.deepEqual(
      document.servers?.map((server) => server.url),
      ['http://invoicing.test'],
    );
    assert.deepEqual(document.components.securitySchemes?.apiKey, {
      type: 'http',
      scheme: 'bearer',
      description: 'A secret API key: `sk_test_…` for test mode, `sk_live_…` for live mode.',
    });
    assert.deepEqual(document.security, [{ apiKey: [] }]);
  });

  test('every registered route appears, and every documented operation is a registered route', async () => {
    // The dashboard's own endpoints and pages are left out on purpose (docs/decisions.md,
    // "Dashboard accounts and sessions"): they are registered, and never documented.
    const all = registeredRoutes(t.app.server.printRoutes({ commonPrefix: false }));
    assert.ok(
      all.some(({ path }) => path.startsWith('/dashboard/api/')),
      'the dashboard routes are registered',
    );
    assert.deepEqual(
      Object.keys(document.paths).filter((path) => path.startsWith('/dashboard')),
      [],
    );
    const routes = all.filter(({ path }) => !path.startsWith('/dashboard'));
    assert.ok(routes.length >= 20, `parsed ${routes.length} routes`);
    for (const { method, path } of routes) assert.ok(document.paths[path]?.[method as 'get'], `${method.toUpperCase()} ${path} is missing`);
    const operations = operationsOf(document);
    assert.equal(operations.length, routes.length);
    for (const path of [
      '/healthz',
      '/readyz',
      '/v1/versions',
      '/openapi.json',
      '/docs',
      '/docs/errors',
      '/errors/{slug}',
      '/docs/guides',
      '/docs/guides/{slug}',
      '/llms-full.txt',
      '/v1/api_keys/{id}',
    ]) {
      assert.ok(document.paths[path], path);
    }
  });

  test('every operation has a unique operationId, a summary, tags with descriptions, and a 2xx (or a redirect)', () => {
    const ids = new Set<string>();
    for (const { method, path, operation } of operationsOf(document)) {
      const name = `${method.toUpperCase()} ${path}`;
      assert.match(operation.operationId ?? '', /^[a-z][A-Za-z]+$/, name);
      assert.ok(!ids.has(operation.operationId!), `${name}: duplicate operationId`);
      ids.add(operation.operationId!);
      assert.ok(operation.summary, `${name}: summary`);
      assert.ok(operation.tags?.length, `${name}: tags`);
      for (const tag of operation.tags!) assert.ok(tagDescription(tag), `${name}: tag '${tag}' needs a description in tags.ts`);
      const statuses = Object.keys(operation.responses);
      assert.ok(statuses.some((status) => /^2/.test(status)) || path === '/errors/{slug}', `${name}: no 2xx response`);
    }
    const documented = new Set(document.tags?.map((tag) => tag.name));
    for (const { operation } of operationsOf(document)) for (const tag of operation.tags!) assert.ok(documented.has(tag));
    assert.ok(document.tags?.every((tag) => tag.description));
  });

  test('public routes have security [] and protected /v1 routes inherit the bearer requirement', () => {
    for (const { method, path, operation } of operationsOf(document)) {
      // Operator endpoints take ADMIN_TOKEN, not an API key (their description says so).
      const isPublic = !path.startsWith('/v1/') || ['/v1/versions', '/v1/organizations'].includes(path) || path.startsWith('/v1/admin/');
      if (isPublic) assert.deepEqual(operation.security, [], `${method} ${path}`);
      else assert.equal(operation.security, undefined, `${method} ${path}`);
    }
  });

  test('/v1 operations take the common headers: Invoice-Version always, Invoice-Account where allowed, Idempotency-Key on POST and DELETE', () => {
    const headerNames = (method: string, path: string) =>
      (document.paths[path]![method as 'get']!.parameters ?? [])
        .map((parameter) => resolveReference<ParameterObject>(document, parameter))
        .filter((parameter) => parameter.in === 'header')
        .map((parameter) => parameter.name);
    assert.deepEqual(headerNames('get', '/v1/accounts'), ['Invoice-Version', 'Invoice-Account']);
    assert.deepEqual(headerNames('post', '/v1/accounts'), ['Invoice-Version', 'Invoice-Account', 'Idempotency-Key']);
    assert.deepEqual(headerNames('post', '/v1/api_keys'), ['Invoice-Version', 'Idempotency-Key']);
    assert.deepEqual(headerNames('delete', '/v1/api_keys/{id}'), ['Invoice-Version', 'Idempotency-Key']);
    assert.deepEqual(headerNames('patch', '/v1/api_keys/{id}'), ['Invoice-Version']);
    assert.deepEqual(headerNames('get', '/v1/versions'), ['Invoice-Version']);
    assert.deepEqual(headerNames('get', '/docs'), []);
    for (const { method, path } of operationsOf(document).filter(({ path }) => path.startsWith('/v1/'))) {
      assert.ok(headerNames(method, path).includes('Invoice-Version'), `${method} ${path}`);
    }
  });

  test('every authenticated /v1 operation answers 400, 401, 404, 422, 429 and 500 as application/problem+json', () => {
    for (const { method, path, operation } of operationsOf(document)) {
      if (!path.startsWith('/v1/') || operation.security?.length === 0) continue;
      const expected = ['400', '401', '404', '422', '429', '500', ...(['post', 'delete'].includes(method) ? ['409'] : [])];
      for (const status of expected) {
        const response = resolveReference<ResponseObject>(document, operation.responses[status]!);
        assert.ok(response?.content?.['application/problem+json'], `${method} ${path} ${status}`);
        assert.deepEqual(response.content['application/problem+json']!.schema, { $ref: '#/components/schemas/Problem' });
      }
    }
    const problem = document.components.schemas?.Problem as { required: string[] };
    assert.deepEqual(problem.required, ['type', 'title', 'status', 'code', 'detail', 'remediation', 'request_id']);
  });

  test('responses carry Request-Id and Invoice-Version; authenticated ones the rate-limit headers; 429 Retry-After', () => {
    const created = document.paths['/v1/api_keys']!.post!.responses['201'] as ResponseObject;
    assert.deepEqual(Object.keys(created.headers ?? {}).sort(), ['Invoice-Version', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'Request-Id']);
    const health = document.paths['/healthz']!.get!.responses['200'] as ResponseObject;
    assert.deepEqual(Object.keys(health.headers ?? {}).sort(), ['Invoice-Version', 'Request-Id']);
    assert.ok(document.components.responses?.TooManyRequests?.headers?.['Retry-After']);
  });

  test('every $ref resolves and no shared component is left unused', () => {
    const references = collectReferences(document);
    for (const reference of references) {
      assert.ok(reference.startsWith('#/components/'), reference);
      assert.ok(!isReference(resolveReference(document, { $ref: reference })), `${reference} does not resolve`);
    }
    for (const kind of ['parameters', 'headers', 'responses', 'schemas'] as const) {
      for (const name of Object.keys(document.components[kind] ?? {})) {
        assert.ok(references.includes(`#/components/${kind}/${name}`), `#/components/${kind}/${name} is unused`);
      }
    }
  });

  test('path parameters are declared for every {name} in a path', () => {
    for (const { path, operation, method } of operationsOf(document)) {
      const names = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
      const declared = (operation.parameters ?? [])
        .map((parameter) => resolveReference<ParameterObject>(document, parameter))
        .filter((parameter) => parameter.in === 'path');
      assert.deepEqual(declared.map((parameter) => parameter.name).sort(), names.sort(), `${method} ${path}`);
      assert.ok(declared.every((parameter) => parameter.required === true));
    }
  });
});
