import type { Services } from '../../platform/context.ts';
import { ListQuery, listUrl, mapPage } from '../../platform/http/pagination.ts';
import { IdParam, ListOf } from '../../platform/http/schemas.ts';
import { ctxOf, type Server } from '../../platform/http/server.ts';
import type { KeyCache } from './auth-cache.ts';
import { createApiKey } from './create-api-key.ts';
import { getApiKey, listApiKeys, revokeApiKey, updateApiKeySettings } from './manage-api-keys.ts';
import { ApiKey, CreateApiKeyBody, RevokedApiKey, UpdateApiKeyBody } from './schemas.ts';
import { serializeApiKey, serializeStoredApiKey } from './serialize.ts';

const tags = ['API keys'];
// API keys belong to the organization that holds them; Invoice-Account is refused here.
const config = { connect: false };

/**
 * With a `cache` (see KeyCache), key rows are served from memory and
 * every change to a key drops its entries.
 */
export function registerApiKeyRoutes(app: Server, services: Services, cache?: KeyCache): void {
  const deps = { cache };
  app.post(
    '/v1/api_keys',
    {
      // The plaintext secret is kept only sealed, in the idempotency record, for an exact replay.
      config: { ...config, idempotencySealed: true },
      schema: { tags, summary: 'Create an API key', operationId: 'createApiKey', body: CreateApiKeyBody, response: { 201: ApiKey } },
    },
    async (request, reply) => {
      const ctx = ctxOf(request, services);
      const { row, secret } = await createApiKey(ctx.db, ctx.caller.keyOrganizationId, {
        name: request.body.name,
        mode: request.body.mode,
        at: services.clock.now(),
      });
      return reply.code(201).send(serializeApiKey(row, secret));
    },
  );

  app.get(
    '/v1/api_keys',
    {
      config,
      schema: { tags, summary: 'List API keys (both modes)', operationId: 'listApiKeys', querystring: ListQuery, response: { 200: ListOf(ApiKey) } },
    },
    async (request) => {
      const page = await listApiKeys(ctxOf(request, services), request.query, listUrl(request));
      return mapPage(page, (row) => serializeApiKey(row));
    },
  );

  app.get(
    '/v1/api_keys/:id',
    {
      config,
      schema: { tags, summary: 'Retrieve an API key', operationId: 'getApiKey', params: IdParam('API key id'), response: { 200: ApiKey } },
    },
    async (request) => serializeStoredApiKey(await getApiKey(ctxOf(request, services), deps, request.params.id)),
  );

  app.patch(
    '/v1/api_keys/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Rename an API key or pin its API version',
        operationId: 'updateApiKey',
        params: IdParam('API key id'),
        body: UpdateApiKeyBody,
        response: { 200: ApiKey },
      },
    },
    async (request) => serializeApiKey(await updateApiKeySettings(ctxOf(request, services), deps, request.params.id, request.body)),
  );

  app.delete(
    '/v1/api_keys/:id',
    {
      config,
      schema: { tags, summary: 'Revoke an API key', operationId: 'revokeApiKey', params: IdParam('API key id'), response: { 200: RevokedApiKey } },
    },
    async (request) => revokeApiKey(ctxOf(request, services), deps, request.params.id),
  );
}
