import type { Static } from 'typebox';
import type { Ctx } from '../../platform/context.ts';
import { ApiError, notFound } from '../../platform/errors/api-error.ts';
import type { MasterKeyring } from '../../platform/crypto/index.ts';
import { isId, newId } from '../../platform/ids.ts';
import { holdPendingDeliveries } from './deliveries-repository.ts';
import { DISPATCH_JOB } from './dispatcher.ts';
import { checkConnectAllowed, checkedUrl, checkedVersion, enabledEventsOf } from './endpoint-input.ts';
import { countEndpoints, findEndpoint, insertEndpoint, MAX_ENDPOINTS, updateEndpoint, type EndpointRow, type Owner } from './repository.ts';
import type { CreateEndpointBody, UpdateEndpointBody } from './schemas.ts';
import { openSecrets, sealSecrets } from './secrets.ts';
import { newSigningSecret } from './signing.ts';
import type { UrlPolicy } from './url-guard.ts';

/** During a rotation the previous secret keeps signing (a second signature) this long. */
const ROTATION_GRACE_MS = 24 * 60 * 60_000;

/** What the endpoint verbs need beyond the request: the URL policy and the keyring that seals secrets. */
interface EndpointDeps {
  policy: UrlPolicy;
  keyring: MasterKeyring;
}

export function ownerOf(ctx: Ctx): Owner {
  return { organizationId: ctx.organizationId, mode: ctx.mode };
}

export async function getEndpoint(ctx: Ctx, id: string): Promise<EndpointRow> {
  const row = isId('we', id) ? await findEndpoint(ctx.db, ownerOf(ctx), id) : undefined;
  if (!row) throw notFound('webhook endpoint', id);
  return row;
}

export async function createEndpoint(ctx: Ctx, deps: EndpointDeps, input: Static<typeof CreateEndpointBody>): Promise<{ row: EndpointRow; secret: string }> {
  if (input.connect) checkConnectAllowed(ctx);
  const enabledEvents = enabledEventsOf(input.enabled_events ?? ['*']);
  const version = checkedVersion(input.api_version ?? ctx.version);
  const url = await checkedUrl(input.url, deps.policy);
  if ((await countEndpoints(ctx.db, ownerOf(ctx))) >= MAX_ENDPOINTS) {
    throw new ApiError('webhook.endpoint_limit_reached', {
      en: `This organization already has ${MAX_ENDPOINTS} ${ctx.mode} webhook endpoints.`,
      es: `Esta organización ya tiene ${MAX_ENDPOINTS} endpoints de webhook en modo ${ctx.mode === 'live' ? 'producción' : 'pruebas'}.`,
    });
  }
  const at = ctx.services.clock.now();
  const secret = newSigningSecret();
  const id = newId('we', at.getTime());
  const row = await insertEndpoint(ctx.db, {
    id,
    organization_id: ctx.organizationId,
    mode: ctx.mode,
    url,
    enabled_events: enabledEvents,
    connect: input.connect ?? false,
    api_version: version,
    metadata: input.metadata ?? {},
    ...sealSecrets(deps.keyring, { id, organization_id: ctx.organizationId }, secret, null),
    previous_secret_expires_at: null,
    disabled_reason: null,
    failing_since: null,
    created_at: at,
    updated_at: at,
  });
  return { row, secret };
}

/**
 * Updates an endpoint. Pausing (`enabled: false`) holds its pending deliveries; enabling it again
 * makes them due at once and forgets why the service had disabled it.
 */
export async function changeEndpoint(ctx: Ctx, deps: Pick<EndpointDeps, 'policy'>, id: string, input: Static<typeof UpdateEndpointBody>): Promise<EndpointRow> {
  const existing = await getEndpoint(ctx, id);
  const at = ctx.services.clock.now();
  const changes = {
    ...(input.url !== undefined ? { url: await checkedUrl(input.url, deps.policy) } : {}),
    ...(input.enabled_events !== undefined ? { enabled_events: enabledEventsOf(input.enabled_events) } : {}),
    ...(input.metadata !== undefined ? { metadata: input.metadata } : {}),
    ...(input.api_version !== undefined ? { api_version: checkedVersion(input.api_version) } : {}),
    ...(input.enabled === true ? { enabled: true, disabled_reason: null, failing_since: null } : {}),
    ...(input.enabled === false ? { enabled: false } : {}),
    updated_at: at,
  };
  return ctx.db.transaction().execute(async (trx) => {
    const row = await updateEndpoint(trx, ownerOf(ctx), existing.id, changes);
    if (!row) throw notFound('webhook endpoint', id);
    if (input.enabled !== undefined && input.enabled !== existing.enabled) {
      await holdPendingDeliveries(trx, row.id, !input.enabled, at);
      if (input.enabled) await ctx.services.jobs.enqueue(trx, DISPATCH_JOB, {}, { dedupeKey: `${DISPATCH_JOB.kind}:${at.getTime()}` });
    }
    return row;
  });
}

/**
 * A new secret; the old one keeps signing alongside it for ROTATION_GRACE_MS. The current secret
 * is opened here, in memory only, to be sealed again as the previous one (its associated data
 * names the column).
 */
export async function rotateSecret(ctx: Ctx, deps: Pick<EndpointDeps, 'keyring'>, id: string): Promise<{ row: EndpointRow; secret: string }> {
  const existing = await getEndpoint(ctx, id);
  const at = ctx.services.clock.now();
  const secret = newSigningSecret();
  const current = openSecrets(deps.keyring, existing, existing).secret;
  const row = await updateEndpoint(ctx.db, ownerOf(ctx), existing.id, {
    ...sealSecrets(deps.keyring, existing, secret, current),
    previous_secret_expires_at: new Date(at.getTime() + ROTATION_GRACE_MS),
    updated_at: at,
  });
  if (!row) throw notFound('webhook endpoint', id);
  return { row, secret };
}
