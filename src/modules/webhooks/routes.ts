import type { Services } from '../../platform/context.ts';
import { masterKeyringFor } from '../../platform/crypto/index.ts';
import { ListQuery, listUrl, mapPage } from '../../platform/http/pagination.ts';
import { IdParam, ListOf, Problem } from '../../platform/http/schemas.ts';
import { ctxOf, type Server } from '../../platform/http/server.ts';
import { changeEndpoint, createEndpoint, getEndpoint, rotateSecret } from './manage-endpoints.ts';
import { deliveryEventTypes, listDeliveries, listEndpoints, listEventDeliveries, removeEndpoint } from './read-endpoints.ts';
import { resendEvent } from './resend-event.ts';
import { sendTestEvent } from './send-test-event.ts';
import {
  CreateEndpointBody,
  DeletedEndpoint,
  ListDeliveriesQuery,
  ListEventDeliveriesQuery,
  ResendBody,
  UpdateEndpointBody,
  WebhookDelivery,
  WebhookEndpoint,
} from './schemas.ts';
import { policyFor, type WebhookRouteOptions } from './policy.ts';
import { serializeDelivery, serializeEndpoint } from './serialize.ts';

const tags = ['Webhook endpoints'];
const problem = (description: string) => ({ description, content: { 'application/problem+json': { schema: Problem } } });
// The secret is shown once: an idempotent replay of these responses leaves it out.
const secretConfig = { idempotencySealed: true };

export function registerWebhookRoutes(app: Server, services: Services, options: WebhookRouteOptions = {}): void {
  const deps = { policy: policyFor(services.config, options.resolver), keyring: options.keyring ?? masterKeyringFor(services.config) };

  app.post(
    '/v1/webhook_endpoints',
    {
      config: secretConfig,
      schema: {
        tags,
        summary: 'Create a webhook endpoint',
        operationId: 'createWebhookEndpoint',
        body: CreateEndpointBody,
        response: { 201: WebhookEndpoint },
      },
    },
    async (request, reply) => {
      const { row, secret } = await createEndpoint(ctxOf(request, services), deps, request.body);
      return reply.code(201).send(serializeEndpoint(row, secret));
    },
  );

  app.get(
    '/v1/webhook_endpoints',
    {
      schema: {
        tags,
        summary: 'List webhook endpoints',
        operationId: 'listWebhookEndpoints',
        querystring: ListQuery,
        response: { 200: ListOf(WebhookEndpoint) },
      },
    },
    async (request) => {
      const page = await listEndpoints(ctxOf(request, services), request.query, listUrl(request));
      return mapPage(page, (row) => serializeEndpoint(row));
    },
  );

  app.get(
    '/v1/webhook_endpoints/:id',
    {
      schema: {
        tags,
        summary: 'Retrieve a webhook endpoint',
        operationId: 'getWebhookEndpoint',
        params: IdParam('Webhook endpoint id'),
        response: { 200: WebhookEndpoint },
      },
    },
    async (request) => serializeEndpoint(await getEndpoint(ctxOf(request, services), request.params.id)),
  );

  app.patch(
    '/v1/webhook_endpoints/:id',
    {
      schema: {
        tags,
        summary: 'Update, pause or resume a webhook endpoint',
        operationId: 'updateWebhookEndpoint',
        params: IdParam('Webhook endpoint id'),
        body: UpdateEndpointBody,
        response: { 200: WebhookEndpoint },
      },
    },
    async (request) => serializeEndpoint(await changeEndpoint(ctxOf(request, services), deps, request.params.id, request.body)),
  );

  app.delete(
    '/v1/webhook_endpoints/:id',
    {
      schema: {
        tags,
        summary: 'Delete a webhook endpoint',
        operationId: 'deleteWebhookEndpoint',
        params: IdParam('Webhook endpoint id'),
        response: { 200: DeletedEndpoint },
      },
    },
    async (request) => {
      await removeEndpoint(ctxOf(request, services), request.params.id);
      return { object: 'webhook_endpoint' as const, id: request.params.id, deleted: true as const };
    },
  );

  app.post(
    '/v1/webhook_endpoints/:id/rotate_secret',
    {
      config: secretConfig,
      schema: {
        tags,
        summary: 'Rotate the signing secret (the old one keeps signing for 24 hours)',
        operationId: 'rotateWebhookSecret',
        params: IdParam('Webhook endpoint id'),
        response: { 200: WebhookEndpoint },
      },
    },
    async (request) => {
      const { row, secret } = await rotateSecret(ctxOf(request, services), deps, request.params.id);
      return serializeEndpoint(row, secret);
    },
  );

  app.post(
    '/v1/webhook_endpoints/:id/test',
    {
      config: { rateLimitCost: 5 },
      schema: {
        tags,
        summary: 'Send a test event to this endpoint only',
        operationId: 'testWebhookEndpoint',
        description:
          "Sends a `webhook_endpoint.test` event, whose `data.object` is the endpoint (without its secret), to this endpoint and to no other, whatever the endpoints subscribe to. It goes the way every event goes: signed with the endpoint's secret (Standard Webhooks headers), attempted at once and retried on failure, listed in the endpoint's deliveries and in `GET /v1/events`. Each endpoint takes 5 test events a minute.",
        params: IdParam('Webhook endpoint id'),
        response: {
          202: WebhookDelivery,
          409: problem('The endpoint is disabled (`webhook.endpoint_disabled`): enable it first.'),
          429: problem('A sixth test event within a minute (`webhook.test_rate_limited`, Retry-After).'),
        },
      },
    },
    async (request, reply) => {
      const ctx = ctxOf(request, services);
      const { event, endpoint } = await sendTestEvent(ctx, request.params.id);
      const [delivery] = (await listDeliveries(ctx, endpoint, { limit: 1, event_id: event.id }, '')).data;
      const types = new Map([[event.id, event.type]]);
      return reply.code(202).send(serializeDelivery(delivery!, ctx.livemode, types));
    },
  );

  app.get(
    '/v1/webhook_endpoints/:id/deliveries',
    {
      schema: {
        tags,
        summary: 'List the deliveries to a webhook endpoint, newest first',
        operationId: 'listWebhookDeliveries',
        params: IdParam('Webhook endpoint id'),
        querystring: ListDeliveriesQuery,
        response: { 200: ListOf(WebhookDelivery) },
      },
    },
    async (request) => {
      const ctx = ctxOf(request, services);
      const endpoint = await getEndpoint(ctx, request.params.id);
      const page = await listDeliveries(ctx, endpoint, request.query, listUrl(request));
      const types = await deliveryEventTypes(ctx, page.data);
      return mapPage(page, (row) => serializeDelivery(row, endpoint.mode === 'live', types));
    },
  );

  app.get(
    '/v1/events/:id/deliveries',
    {
      schema: {
        tags: ['Events'],
        summary: "List an event's webhook deliveries to every endpoint, newest first",
        operationId: 'listEventDeliveries',
        params: IdParam('Event id'),
        querystring: ListEventDeliveriesQuery,
        response: { 200: ListOf(WebhookDelivery) },
      },
    },
    async (request) => {
      const ctx = ctxOf(request, services);
      const page = await listEventDeliveries(ctx, request.params.id, request.query, listUrl(request));
      const types = await deliveryEventTypes(ctx, page.data);
      return mapPage(page, (row) => serializeDelivery(row, ctx.livemode, types));
    },
  );

  app.post(
    '/v1/events/:id/resend',
    {
      // No body resends to every subscribed endpoint.
      preValidation: async (request) => {
        request.body ??= {};
      },
      schema: {
        tags: ['Events'],
        summary: 'Deliver an event again (same webhook-id)',
        operationId: 'resendEvent',
        params: IdParam('Event id'),
        body: ResendBody,
        response: { 200: ListOf(WebhookDelivery) },
      },
    },
    async (request) => {
      const ctx = ctxOf(request, services);
      const rows = await resendEvent(ctx, request.params.id, request.body.endpoint_id);
      const types = await deliveryEventTypes(ctx, rows);
      return { object: 'list' as const, url: listUrl(request), data: rows.map((row) => serializeDelivery(row, ctx.livemode, types)), has_more: false };
    },
  );
}
