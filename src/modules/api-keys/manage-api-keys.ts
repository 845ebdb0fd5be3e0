/**
 * The API-key verbs after creation: list, retrieve, rename or pin a version, revoke. Keys belong
 * to the organization that holds them (`ctx.caller.keyOrganizationId`), across both modes. With a
 * `cache` (see KeyCache), key rows are served from memory and every
 * change to a key drops its entries.
 */
import type { Ctx } from '../../platform/context.ts';
import { ApiError, notFound } from '../../platform/errors/api-error.ts';
import { isId } from '../../platform/ids.ts';
import { paginate, type ListQuery, type Page } from '../../platform/http/pagination.ts';
import { isKnownVersion } from '../../platform/http/versions.ts';
import { emitEvent } from '../events/index.ts';
import type { KeyCache } from './auth-cache.ts';
import { apiKeysQuery, countActiveKeys, findApiKey, updateApiKey, type ApiKeyRow } from './repository.ts';
import { serializeApiKey } from './serialize.ts';

/** What the key verbs that read or change one key need: the key cache, when there is one. */
interface ApiKeyDeps {
  cache?: KeyCache;
}

export async function listApiKeys(ctx: Ctx, query: ListQuery, url: string): Promise<Page<ApiKeyRow>> {
  return paginate(apiKeysQuery(ctx.db, ctx.caller.keyOrganizationId), query, { prefix: 'key', idColumn: 'id', url });
}

export async function getApiKey(ctx: Ctx, deps: ApiKeyDeps, id: string): Promise<ApiKeyRow> {
  const { cache } = deps;
  const organizationId = ctx.caller.keyOrganizationId;
  if (!isId('key', id)) throw notFound('API key', id);
  const cached = cache?.row(organizationId, id);
  if (cached) return cached;
  const readAt = cache?.mark() ?? 0;
  const row = await findApiKey(ctx.db, organizationId, id);
  if (!row) throw notFound('API key', id);
  cache?.setRow(row, readAt);
  return row;
}

export async function updateApiKeySettings(ctx: Ctx, deps: ApiKeyDeps, id: string, input: { name?: string; version?: string | null }): Promise<ApiKeyRow> {
  const { name, version } = input;
  if (typeof version === 'string' && !isKnownVersion(version)) {
    throw new ApiError('request.invalid_version', {
      en: `'${version}' is not a version of this API; see GET /v1/versions.`,
      es: `'${version}' no es una versión de esta API; consulte GET /v1/versions.`,
    });
  }
  const row = isId('key', id)
    ? await updateApiKey(ctx.db, ctx.caller.keyOrganizationId, id, {
        ...(name !== undefined ? { name } : {}),
        ...(version !== undefined ? { version } : {}),
      })
    : undefined;
  if (!row) throw notFound('API key', id);
  deps.cache?.forget(row.id);
  return row;
}

export interface RevokedApiKey {
  object: 'api_key';
  id: string;
  revoked: true;
  warning?: string;
}

export async function revokeApiKey(ctx: Ctx, deps: ApiKeyDeps, id: string): Promise<RevokedApiKey> {
  const { services } = ctx;
  const organizationId = ctx.caller.keyOrganizationId;
  const existing = isId('key', id) ? await findApiKey(ctx.db, organizationId, id) : undefined;
  if (!existing) throw notFound('API key', id);
  if (!existing.revoked_at) {
    // The revocation and its event commit together (docs/contract.md §5: api_key.revoked).
    await ctx.db.transaction().execute(async (trx) => {
      const row = (await updateApiKey(trx, organizationId, existing.id, { revoked_at: services.clock.now() }))!;
      await emitEvent(trx, { organizationId, mode: row.mode, type: 'api_key.revoked', object: serializeApiKey(row) }, services);
    });
  }
  deps.cache?.forget(existing.id);
  const remaining = await countActiveKeys(ctx.db, organizationId, existing.mode);
  return {
    object: 'api_key',
    id: existing.id,
    revoked: true,
    ...(remaining === 0
      ? { warning: `That was the last active ${existing.mode} key of this organization; create a new one before you need ${existing.mode} mode again.` }
      : {}),
  };
}
