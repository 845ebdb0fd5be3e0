import { after, before, describe } from 'node:test';
import assert from 'node:assert/strict';
import { emitEvent } from '../support/events.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { describeEndpointContract } from '../support/endpoint-contract.ts';

// The shared endpoint contract over resources that exist in every organization without SAT
// material: webhook endpoints and events. Each module adds its own endpoints the same way.
describe('the endpoint contract over webhook endpoints and events', () => {
  let t: TestApp;
  let org: Awaited<ReturnType<TestApp['bootstrap']>>;
  let endpointId: string;
  let eventId: string;

  before(async () => {
    t = await createTestApp();
    org = await t.bootstrap('Contract');
    const created = await t.request({ method: 'POST', url: '/v1/webhook_endpoints', key: org.testKey, payload: { url: 'http://127.0.0.1:9/in' } });
    assert.equal(created.statusCode, 201, created.body);
    endpointId = created.json().id;
    const event = await emitEvent(
      t.app.services.db,
      { organizationId: org.organizationId, mode: 'test', type: 'download.updated', object: { object: 'download' } },
      t.app.services,
    );
    eventId = event.id;
  });
  after(() => t.close());

  describeEndpointContract(
    'POST /v1/webhook_endpoints',
    { resource: 'create', invalidBody: { payload: { url: 'http://127.0.0.1:9/x', colour: 'blue' } } },
    () => ({
      t,
      org,
      request: { method: 'POST', url: '/v1/webhook_endpoints', payload: { url: 'http://127.0.0.1:9/other' } },
    }),
  );
  describeEndpointContract('GET /v1/webhook_endpoints/{id}', { resource: 'by-id' }, () => ({
    t,
    org,
    request: { method: 'GET', url: `/v1/webhook_endpoints/${endpointId}` },
  }));
  describeEndpointContract('PATCH /v1/webhook_endpoints/{id}', { resource: 'by-id', invalidBody: { payload: { enabled: 'yes' } } }, () => ({
    t,
    org,
    request: { method: 'PATCH', url: `/v1/webhook_endpoints/${endpointId}`, payload: { metadata: { team: 'billing' } } },
  }));
  describeEndpointContract('GET /v1/webhook_endpoints', { resource: 'list' }, () => ({ t, org, request: { method: 'GET', url: '/v1/webhook_endpoints' } }));
  describeEndpointContract('GET /v1/events/{id}', { resource: 'by-id' }, () => ({ t, org, request: { method: 'GET', url: `/v1/events/${eventId}` } }));
  describeEndpointContract('GET /v1/events', { resource: 'list' }, () => ({ t, org, request: { method: 'GET', url: '/v1/events' } }));
});
