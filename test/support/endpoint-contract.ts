/**
 * The guarantees every `/v1` endpoint owes, as one set of tests a module adds with one call:
 * authentication (no key, a malformed key, a revoked key), strict body validation, and isolation
 * (another organization's key and the other mode's key never see the resource).
 *
 *   describeEndpointContract('GET /v1/validations/{id}', { resource: 'by-id' }, () => ({ t, org, request: { method: 'GET', url: `/v1/validations/${id}` } }));
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { TestApp } from './app.ts';

type Organization = Awaited<ReturnType<TestApp['bootstrap']>>;

/** What the endpoint is, known when the tests are registered. */
export interface EndpointShape {
  /**
   * What the other organization and the other mode must get: `by-id` a 404 `resource.not_found`;
   * `list` a 200 list that holds none of the organization's items; `create` nothing checked (a
   * create in another scope is simply another resource).
   */
  resource: 'by-id' | 'list' | 'create';
  /** A body the schema refuses (422 `request.validation_failed` or the module's own code). */
  invalidBody?: { payload: unknown; code?: string };
  /** The success status of `request` with the owner's test key; default 200 (201 for POST creates). */
  okStatus?: number;
}

/** The live parts, made in the suite's `before` and read when each test runs. */
export interface EndpointContract {
  t: TestApp;
  /** The organization that owns the resource; `request` succeeds with its test key. */
  org: Organization;
  request: Pick<InjectOptions, 'method' | 'url' | 'payload' | 'headers'>;
}

function problemOf(response: LightMyRequestResponse): { code: string; status: number; errors?: unknown[] } {
  assert.match(String(response.headers['content-type']), /^application\/problem\+json/, response.body);
  return response.json();
}

/** Registers the contract's tests in a `describe`; `setup` runs in each test, after the suite's `before`. */
export function describeEndpointContract(name: string, shape: EndpointShape, setup: () => EndpointContract | Promise<EndpointContract>): void {
  describe(`endpoint contract: ${name}`, () => {
    const send = async (contract: EndpointContract, key: string | undefined, overrides: Partial<InjectOptions> = {}) =>
      contract.t.request({ ...contract.request, ...overrides, ...(key === undefined ? {} : { key }) } as InjectOptions & { key?: string });

    test("works with the owner's test key", async () => {
      const contract = await setup();
      const response = await send(contract, contract.org.testKey);
      const expected = shape.okStatus ?? (shape.resource === 'create' ? 201 : 200);
      assert.equal(response.statusCode, expected, response.body);
    });

    test('no key, a malformed key and a revoked key are 401 problems', async () => {
      const contract = await setup();
      for (const [key, code] of [
        [undefined, 'auth.unauthorized'],
        ['sk_test_not_a_real_key', 'auth.unauthorized'],
      ] as const) {
        const response = await send(contract, key);
        assert.equal(response.statusCode, 401, response.body);
        assert.equal(problemOf(response).code, code);
      }
      const created = await contract.t.request({
        method: 'POST',
        url: '/v1/api_keys',
        key: contract.org.testKey,
        payload: { name: 'to revoke', mode: 'test' },
      });
      assert.equal(created.statusCode, 201, created.body);
      const { id, key } = created.json();
      const revoked = await contract.t.request({ method: 'DELETE', url: `/v1/api_keys/${id}`, key: contract.org.testKey });
      assert.equal(revoked.statusCode, 200, revoked.body);
      const response = await send(contract, key);
      assert.equal(response.statusCode, 401, response.body);
      assert.equal(problemOf(response).code, 'auth.key_revoked');
    });

    if (shape.resource !== 'create')
      test('another organization and the other mode never see the resource', async () => {
        const contract = await setup();
        const stranger = await contract.t.bootstrap('Stranger');
        for (const key of [stranger.testKey, stranger.liveKey, contract.org.liveKey]) {
          const response = await send(contract, key);
          if (shape.resource === 'by-id') {
            assert.equal(response.statusCode, 404, response.body);
            assert.equal(problemOf(response).code, 'resource.not_found');
          } else {
            assert.equal(response.statusCode, 200, response.body);
            const own = await send(contract, contract.org.testKey);
            const ownIds = new Set((own.json().data as { id: string }[]).map((item) => item.id));
            for (const item of response.json().data as { id: string }[]) assert.ok(!ownIds.has(item.id), `${item.id} leaked`);
          }
        }
      });

    const invalidBody = shape.invalidBody;
    if (invalidBody)
      test('a body the schema refuses is a 422 problem listing the failures', async () => {
        const contract = await setup();
        const response = await send(contract, contract.org.testKey, { payload: invalidBody.payload as InjectOptions['payload'] });
        assert.equal(response.statusCode, 422, response.body);
        const problem = problemOf(response);
        assert.equal(problem.code, invalidBody.code ?? 'request.validation_failed');
        assert.ok(Array.isArray(problem.errors) && problem.errors.length > 0, 'the failures are listed');
      });
  });
}
