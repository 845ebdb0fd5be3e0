import { sql, type Selectable } from 'kysely';
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

export interface InsertedEvents {
  rows: EventRow[];
  /** How many webhook deliveries the events created. */
  deliveries: number;
  /** Whether a job holding `wakeKey` is already queued or running (then no other is needed). */
  wakePending: boolean;
}

/**
 * Inserts events and, in the same statement, their webhook deliveries: the transactional outbox.
 * It also tells whether the dispatcher's wake-up job for `wakeKey` already exists (the job
 * queue's dedupe key), so that a busy emitter skips the two statements of a no-op enqueue.
 * Each event gets one pending delivery, due at once, per enabled endpoint of the same mode that
 * subscribes to its type: its organization's own endpoints and its platform's `connect` ones. The
 * platform is read from the organizations table here, so an emitter cannot get connect routing
 * wrong; an event of an unknown organization is not inserted (the returned rows tell).
 *
 * This statement writes webhooks' tables because one round trip per emit, with no later fan-out
 * pass over the events, is what lets the embedded database deliver over 1,000 events a second
 * (bench/webhooks.ts); the webhooks module reads those rows and owns everything after.
 * A delivery's id is its event's time and 64 bits of md5(event, endpoint): minted in SQL, unique
 * per pair, sorted with its event.
 */
export async function insertEvents(db: Db, events: NewEvent[], wakeKey: string): Promise<InsertedEvents> {
  if (events.length === 0) return { rows: [], deliveries: 0, wakePending: false };
  const column = <K extends keyof NewEvent>(key: K) => events.map((event) => event[key]);
  const result = await sql<EventRow & { deliveries: number; wake_pending: boolean }>`
    WITH input AS (
      SELECT * FROM unnest(
        ${column('id')}::text[], ${column('organizationId')}::text[], ${column('mode')}::text[], ${column('type')}::text[],
        ${column('apiVersion')}::text[], ${column('object')}::text[], ${column('createdAt')}::timestamptz[]
      ) AS input (id, organization_id, mode, type, api_version, object, created_at)
    ),
    inserted AS (
      INSERT INTO events (id, organization_id, platform_organization_id, mode, type, api_version, object, created_at)
      SELECT input.id, organizations.id, organizations.parent_id, input.mode, input.type, input.api_version, input.object, input.created_at
      FROM input JOIN organizations ON organizations.id = input.organization_id
      RETURNING *
    ),
    outbox AS (
      INSERT INTO webhook_deliveries (id, event_id, endpoint_id, status, next_attempt_at, created_at, updated_at)
      SELECT 'whd_' || substr(inserted.id, 5, 10) || substr(md5(inserted.id || ':' || endpoint.id), 1, 16),
        inserted.id, endpoint.id, 'pending', inserted.created_at, inserted.created_at, inserted.created_at
      FROM inserted JOIN webhook_endpoints endpoint
        ON endpoint.mode = inserted.mode
       AND endpoint.enabled
       AND (endpoint.organization_id = inserted.organization_id
            OR (endpoint.connect AND endpoint.organization_id = inserted.platform_organization_id))
       AND endpoint.enabled_events && ARRAY[inserted.type, split_part(inserted.type, '.', 1) || '.*', '*']
      RETURNING 1
    )
    SELECT inserted.*, (SELECT count(*) FROM outbox)::int AS deliveries,
      EXISTS (SELECT 1 FROM jobs WHERE dedupe_key = ${wakeKey}) AS wake_pending
    FROM inserted`.execute(db);
  const rows = result.rows.map(({ deliveries: _deliveries, wake_pending: _wakePending, ...row }) => row);
  const first = result.rows[0];
  return { rows, deliveries: Number(first?.deliveries ?? 0), wakePending: first?.wake_pending === true };
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
