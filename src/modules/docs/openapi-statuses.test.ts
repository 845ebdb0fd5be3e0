import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../../../test/support/app.ts';
import { MemoryRateLimiter } from '../../platform/http/rate-limit-memory.ts';
import type { LoadMonitor, ShedLevel } from '../../platform/http/load-shedding.ts';
import { operationsOf, resolveReference, type OpenApiDocument, type ResponseObject } from './openapi-types.ts';

// ajv-formats ships CommonJS; under NodeNext its default export is the module object.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

describe('the statuses the OpenAPI document lists for each operation', () => {
  let level: ShedLevel = 'none';
  const monitor: LoadMonitor = { level: () => level, close: () => {} };
  let t: TestApp;
  let key: string;
  let document: OpenApiDocument;
  before(async () => {
    t = await createTestApp({
      loadMonitor: monitor,
      rateLimiter: new MemoryRateLimiter(),
      env: { RATE_LIMIT_READ_BURST: '2', RATE_LIMIT_READ_PER_SECOND: '1' },
    });
    ({ testKey: key } = await t.bootstrap('Documented statuses'));
    document = JSON.parse((await t.request({ method: 'GET', url: '/openapi.json' })).body);
  });
  after(() => t.close());

  const documented = (method: string, path: string, status: string) => {
    const operation = document.paths[path]?.[method as 'get'];
    assert.ok(operation, `${method.toUpperCase()} ${path} is documented`);
    const response = operation.responses[status];
    assert.ok(response, `${method.toUpperCase()} ${path} documents ${status}`);
    return resolveReference<ResponseObject>(document, response);
  };

  /** The answer matches what the document says of its status: media type, headers, body schema. */
  function assertMatchesDocument(method: string, path: string, answer: LightMyRequestResponse): void {
    const response = documented(method, path, String(answer.statusCode));
    const mediaType = String(answer.headers['content-type']).split(';')[0]!;
    const media = response.content?.[mediaType];
    assert.ok(media?.schema, `${answer.statusCode} is documented as ${Object.keys(response.content ?? {}).join(', ')}, answered ${mediaType}`);
    const schema = resolveReference<Record<string, unknown>>(document, media.schema as never);
    const validate = addFormats(new Ajv({ strict: false })).compile(schema);
    assert.ok(validate(answer.json()), JSON.stringify(validate.errors));
    for (const header of Object.keys(response.headers ?? {})) {
      if (header.startsWith('RateLimit-') && answer.statusCode === 503) continue;
      assert.ok(answer.headers[header.toLowerCase()] !== undefined, `${answer.statusCode} documents ${header}, which it must send`);
    }
    assert.match(response.description, new RegExp(`\`${answer.json().code.replace('.', '\\.')}\``), 'the description names the code answered');
  }

  test('every authenticated /v1 operation lists 401, 429 and 503 (and 422 when it takes a body); every public write 503', () => {
    const missing: string[] = [];
    for (const { method, path, operation } of operationsOf(document)) {
      if (!path.startsWith('/v1/')) continue;
      const isPublic = operation.security?.length === 0;
      const expected = isPublic ? (method === 'get' ? [] : ['503']) : ['401', '429', '503', ...(operation.requestBody ? ['422'] : [])];
      for (const status of expected) if (!operation.responses[status]) missing.push(`${method.toUpperCase()} ${path} ${status}`);
    }
    assert.deepEqual(missing, []);
  });

  test('every 503 names the shared causes with Retry-After, a route-specific 503 included', () => {
    for (const { method, path, operation } of operationsOf(document)) {
      if (!operation.responses['503'] || !path.startsWith('/v1/')) continue;
      const response = resolveReference<ResponseObject>(document, operation.responses['503']);
      for (const code of ['service.overloaded', 'service.unavailable'])
        assert.ok(response.description.includes(`\`${code}\``), `${method.toUpperCase()} ${path}: 503 does not name ${code}`);
      assert.ok(response.headers?.['Retry-After'], `${method.toUpperCase()} ${path}: 503 without Retry-After`);
    }
    const download = resolveReference<ResponseObject>(document, document.paths['/v1/downloads']!.post!.responses['503']!);
    assert.match(download.description, /sat\.download_rejected.*service\.overloaded/s);
  });

  test('a shed cancel answers the 503 its operation documents', async () => {
    level = 'all';
    try {
      const answer = await t.request({ method: 'POST', url: '/v1/invoices/inv_0000000000000000000000/cancel', key, payload: { motive: '02' } });
      assert.equal(answer.statusCode, 503);
      assert.equal(answer.json().code, 'service.overloaded');
      assertMatchesDocument('post', '/v1/invoices/{id}/cancel', answer);
    } finally {
      level = 'none';
    }
  });

  test('a read past the rate limit answers the 429 its operation documents', async () => {
    let answer: LightMyRequestResponse | undefined;
    for (let attempt = 0; attempt < 5 && answer?.statusCode !== 429; attempt += 1) answer = await t.request({ method: 'GET', url: '/v1/accounts', key });
    assert.equal(answer?.statusCode, 429);
    assertMatchesDocument('get', '/v1/accounts', answer);
  });
});
