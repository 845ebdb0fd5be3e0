import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { Mode } from '../../platform/context.ts';
import type { Db } from '../../platform/db/database.ts';

export type DisabledReason = 'gone' | 'failing';

export interface WebhookEndpointTable {
  id: string;
  organization_id: string;
  mode: Mode;
  url: string;
  enabled_events: string[];
  enabled: Generated<boolean>;
  /** Why the service (not the user) disabled the endpoint: a 410 answer, or days of failures. */
  disabled_reason: DisabledReason | null;
  connect: Generated<boolean>;
  /** The API version payloads are rendered in. */
  api_version: string;
  metadata: Generated<Record<string, string>>;
  /** Plaintext secrets of rows written before encryption; null once sealed (see secrets.ts). */
  secret: string | null;
  previous_secret: string | null;
  /** The endpoint's data key, wrapped under the master key. */
  data_key: Uint8Array | null;
  secret_encrypted: Uint8Array | null;
  previous_secret_encrypted: Uint8Array | null;
  previous_secret_expires_at: Date | null;
  /** When the current run of failed attempts began; null after any success. */
  failing_since: Date | null;
  created_at: Date;
  updated_at: Date;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    webhook_endpoints: WebhookEndpointTable;
  }
}

export type EndpointRow = Selectable<WebhookEndpointTable>;

export interface Owner {
  organizationId: string;
  mode: Mode;
}

/** Endpoints per organization and mode; bounds the fan-out of one event. */
export const MAX_ENDPOINTS = 16;

export async function insertEndpoint(db: Db, row: Insertable<WebhookEndpointTable>): Promise<EndpointRow> {
  return db.insertInto('webhook_endpoints').values(row).returningAll().executeTakeFirstOrThrow();
}

export function endpointsQuery(db: Db, owner: Owner) {
  return db.selectFrom('webhook_endpoints').selectAll().where('organization_id', '=', owner.organizationId).where('mode', '=', owner.mode);
}

export async function findEndpoint(db: Db, owner: Owner, id: string): Promise<EndpointRow | undefined> {
  return endpointsQuery(db, owner).where('id', '=', id).executeTakeFirst();
}

export async function countEndpoints(db: Db, owner: Owner): Promise<number> {
  const row = await db
    .selectFrom('webhook_endpoints')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('organization_id', '=', owner.organizationId)
    .where('mode', '=', owner.mode)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function updateEndpoint(db: Db, owner: Owner, id: string, changes: Updateable<WebhookEndpointTable>): Promise<EndpointRow | undefined> {
  return db
    .updateTable('webhook_endpoints')
    .set(changes)
    .where('organization_id', '=', owner.organizationId)
    .where('mode', '=', owner.mode)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteEndpoint(db: Db, owner: Owner, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('webhook_endpoints')
    .where('organization_id', '=', owner.organizationId)
    .where('mode', '=', owner.mode)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/**
 * Disables an endpoint on the service's initiative; returns the row only when this call did it
 * (an endpoint already disabled, or deleted meanwhile, returns undefined).
 */
export async function disableEndpoint(db: Db, id: string, reason: DisabledReason, at: Date): Promise<EndpointRow | undefined> {
  return db
    .updateTable('webhook_endpoints')
    .set({ enabled: false, disabled_reason: reason, updated_at: at })
    .where('id', '=', id)
    .where('enabled', '=', true)
    .returningAll()
    .executeTakeFirst();
}

/** Records the start of a run of failures (kept when one is already running); returns each endpoint's start. */
export async function markEndpointsFailing(db: Db, ids: string[], at: Date): Promise<{ id: string; failing_since: Date }[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .updateTable('webhook_endpoints')
    .set((eb) => ({ failing_since: eb.fn.coalesce('failing_since', eb.val(at)) }))
    .where('id', 'in', ids)
    .returning(['id', 'failing_since'])
    .execute();
  return rows.map((row) => ({ id: row.id, failing_since: row.failing_since! }));
}

export async function markEndpointsHealthy(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('webhook_endpoints').set({ failing_since: null }).where('id', 'in', ids).where('failing_since', 'is not', null).execute();
}

/**
 * The endpoints an event is for: the same-mode endpoints of its organization, and the `connect`
 * endpoints of that organization's platform. (Subscriptions and `enabled` are checked by callers.)
 */
export async function audienceEndpoints(
  db: Db,
  event: { organization_id: string; platform_organization_id: string | null; mode: Mode },
): Promise<EndpointRow[]> {
  const platform = event.platform_organization_id;
  return db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('mode', '=', event.mode)
    .where((eb) =>
      eb.or([
        eb('organization_id', '=', event.organization_id),
        ...(platform === null ? [] : [eb.and([eb('connect', '=', true), eb('organization_id', '=', platform)])]),
      ]),
    )
    .orderBy('id')
    .execute();
}
