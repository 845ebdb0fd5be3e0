import type { Services } from '../../platform/context.ts';
import { ApiError, notFound } from '../../platform/errors/api-error.ts';
import { isId } from '../../platform/ids.ts';
import { ListQuery, listUrl, mapPage, paginate } from '../../platform/http/pagination.ts';
import { IdParam, ListOf } from '../../platform/http/schemas.ts';
import { ctxOf, type Server } from '../../platform/http/server.ts';
import { isKnownVersion } from '../../platform/http/versions.ts';
import { emitEvent } from '../events/index.ts';
import type { KeyCache } from './auth-cache.ts';
import { createApiKey } from './create-api-key.ts';
import { apiKeysQuery, countActiveKeys, findApiKey, updateApiKey } from './repository.ts';
import { ApiKey, CreateApiKeyBody, RevokedApiKey, UpdateApiKeyBody } from './schemas.ts';
import { serializeApiKey } from './serialize.ts';

const tags = ['API keys'];
// API keys belong to the organization that holds them; Invoice-Account is refused here.
const config = { connect: false };

/**
 * With a `cache` (embedded database only, see KeyCache), key rows are served from memory and
 * every change to a key drops its entries.
 */
export function registerApiKeyRoutes(app: Server, services: Services, cache?: KeyCache): void {
  const onKeyChanged = (keyId: string) => cache?.forget(keyId);
  app.post('/v1/api_keys', {
    // The plaintext secret must never be stored, not even in the idempotency record.
    config: { ...config, idempotencyRedact: ['key'] },
    schema: { tags, summary: 'Create an API key', operationId: 'createApiKey', body: CreateApiKeyBody, response: { 201: ApiKey } },
  }, async (request, reply) => {
    const ctx = ctxOf(request, services);
    const { row, secret } = await createApiKey({
      db: ctx.db,
      organizationId: ctx.caller.keyOrganizationId,
      name: request.body.name,
      mode: request.body.mode,
      at: services.clock.now(),
    });
    return reply.code(201).send(serializeApiKey(row, secret));
  });

  app.get('/v1/api_keys', {
    config,
    schema: { tags, summary: 'List API keys (both modes)', operationId: 'listApiKeys', querystring: ListQuery, response: { 200: ListOf(ApiKey) } },
  }, async (request) => {
    const ctx = ctxOf(request, services);
    const page = await paginate(apiKeysQuery(ctx.db, ctx.caller.keyOrganizationId), request.query, {
      prefix: 'key', idColumn: 'id', url: listUrl(request),
    });
    return mapPage(page, (row) => serializeApiKey(row));
  });

  app.get('/v1/api_keys/:id', {
    config,
    schema: { tags, summary: 'Retrieve an API key', operationId: 'getApiKey', params: IdParam('API key id'), response: { 200: ApiKey } },
  }, async (request) => {
    const ctx = ctxOf(request, services);
    const { id } = request.params;
    const organizationId = ctx.caller.keyOrganizationId;
    if (!isId('key', id)) throw notFound('API key', id);
    const cached = cache?.row(organizationId, id);
    if (cached) return serializeApiKey(cached);
    const readAt = cache?.mark() ?? 0;
    const row = await findApiKey(ctx.db, organizationId, id);
    if (!row) throw notFound('API key', id);
    cache?.setRow(row, readAt);
    return serializeApiKey(row);
  });

  app.patch('/v1/api_keys/:id', {
    config,
    schema: {
      tags, summary: 'Rename an API key or pin its API version', operationId: 'updateApiKey',
      params: IdParam('API key id'), body: UpdateApiKeyBody, response: { 200: ApiKey },
    },
  }, async (request) => {
    const ctx = ctxOf(request, services);
    const { name, version } = request.body;
    if (typeof version === 'string' && !isKnownVersion(version)) {
      throw new ApiError('request.invalid_version', `'${version}' is not a version of this API; see GET /v1/versions.`);
    }
    const row = isId('key', request.params.id)
      ? await updateApiKey(ctx.db, ctx.caller.keyOrganizationId, request.params.id, {
        ...(name !== undefined ? { name } : {}),
        ...(version !== undefined ? { version } : {}),
      })
      : undefined;
    if (!row) throw notFound('API key', request.params.id);
    onKeyChanged(row.id);
    return serializeApiKey(row);
  });

  app.delete('/v1/api_keys/:id', {
    config,
    schema: { tags, summary: 'Revoke an API key', operationId: 'revokeApiKey', params: IdParam('API key id'), response: { 200: RevokedApiKey } },
  }, async (request) => {
    const ctx = ctxOf(request, services);
    const organizationId = ctx.caller.keyOrganizationId;
    const existing = isId('key', request.params.id) ? await findApiKey(ctx.db, organizationId, request.params.id) : undefined;
    if (!existing) throw notFound('API key', request.params.id);
    if (!existing.revoked_at) {
      // The revocation and its event commit together (docs/contract.md §5: api_key.revoked).
      await ctx.db.transaction().execute(async (trx) => {
        const row = (await updateApiKey(trx, organizationId, existing.id, { revoked_at: services.clock.now() }))!;
        await emitEvent(trx, { organizationId, mode: row.mode, type: 'api_key.revoked', object: serializeApiKey(row) }, services);
      });
    }
    onKeyChanged(existing.id);
    const remaining = await countActiveKeys(ctx.db, organizationId, existing.mode);
    return {
      object: 'api_key' as const,
      id: existing.id,
      revoked: true as const,
      ...(remaining === 0
        ? { warning: `That was the last active ${existing.mode} key of this organization; create a new one before you need ${existing.mode} mode again.` }
        : {}),
    };
  });
}
