import { sql, type Generated, type Selectable } from 'kysely';
import type { Mode } from '../../platform/context.ts';
import type { Db } from '../../platform/db/database.ts';

export interface EventTable {
  id: string;
  organization_id: string;
  /** The platform of a connected account's event, so its `connect` endpoints receive it. */
  platform_organization_id: string | null;
  mode: Mode;
  type: string;
  /** The version `object` is shaped in; older versions are rendered from it. */
  api_version: string;
  /** `data.object` as JSON text: written once, spliced into payloads without re-encoding. */
  object: string;
  /** True until the webhook dispatcher has created this event's delivery rows (the outbox). */
  fanout_pending: Generated<boolean>;
  created_at: Date;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    events: EventTable;
  }
}

export type EventRow = Selectable<EventTable>;

export interface NewEvent {
  id: string;
  organizationId: string;
  mode: Mode;
  type: string;
  apiVersion: string;
  object: string;
  createdAt: Date;
}

/**
 * Inserts events in one statement. The platform of each organization is read from the
 * organizations table in the same statement, so an emitter cannot get the connect routing wrong.
 * An event of an unknown organization is not inserted (the returned rows tell).
 */
export async function insertEvents(db: Db, events: NewEvent[]): Promise<EventRow[]> {
  if (events.length === 0) return [];
  const column = <K extends keyof NewEvent>(key: K) => events.map((event) => event[key]);
  const result = await sql<EventRow>`
    INSERT INTO events (id, organization_id, platform_organization_id, mode, type, api_version, object, created_at)
    SELECT input.id, organizations.id, organizations.parent_id, input.mode, input.type, input.api_version, input.object, input.created_at
    FROM unnest(
      ${column('id')}::text[], ${column('organizationId')}::text[], ${column('mode')}::text[], ${column('type')}::text[],
      ${column('apiVersion')}::text[], ${column('object')}::text[], ${column('createdAt')}::timestamptz[]
    ) AS input (id, organization_id, mode, type, api_version, object, created_at)
    JOIN organizations ON organizations.id = input.organization_id
    RETURNING *`.execute(db);
  return result.rows;
}

export async function findEvent(db: Db, organizationId: string, mode: Mode, id: string): Promise<EventRow | undefined> {
  return eventsQuery(db, organizationId, mode).where('id', '=', id).executeTakeFirst();
}

export interface EventFilters {
  type?: string | undefined;
  createdFrom?: Date | undefined;
  createdThrough?: Date | undefined;
  createdAfter?: Date | undefined;
  createdBefore?: Date | undefined;
}

export function eventsQuery(db: Db, organizationId: string, mode: Mode, filters: EventFilters = {}) {
  let query = db.selectFrom('events').selectAll().where('organization_id', '=', organizationId).where('mode', '=', mode);
  if (filters.type?.endsWith('.*')) query = query.where('type', 'like', `${filters.type.slice(0, -1).replace(/[\\%_]/g, '\\$&')}%`);
  else if (filters.type !== undefined && filters.type !== '*') query = query.where('type', '=', filters.type);
  if (filters.createdFrom) query = query.where('created_at', '>=', filters.createdFrom);
  if (filters.createdThrough) query = query.where('created_at', '<=', filters.createdThrough);
  if (filters.createdAfter) query = query.where('created_at', '>', filters.createdAfter);
  if (filters.createdBefore) query = query.where('created_at', '<', filters.createdBefore);
  return query;
}
