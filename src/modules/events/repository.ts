import { sql, type RawBuilder, type Selectable } from 'kysely';
import type { Mode } from '../../platform/context.ts';
import type { Db } from '../../platform/db/database.ts';

interface EventTable {
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
 * An event insert as parts of a statement: `ctes` go in its WITH list and `columns` in its final
 * SELECT (which must return one row), so that a module can write its own change and the events
 * describing it in a single statement (atomic without a transaction: on the embedded database a
 * transaction costs two more round trips). CTE and column names start with `event_`.
 */
export interface EventStatementParts {
  ctes: RawBuilder<unknown>;
  columns: RawBuilder<unknown>;
}

/** What `columns` return. */
export interface EventStatementOutput {
  /** [id, platform_organization_id] of each inserted event. */
  event_rows: [string, string | null][];
  event_deliveries: number;
  event_wake_pending: boolean;
}

export interface EventStatementOptions {
  /** A condition (on the caller's CTEs) that must hold for the events to be inserted. */
  when?: RawBuilder<unknown>;
  /**
   * Replaces `token` in every object by the text of `value`, for a field only the statement
   * itself determines (such as a folio taken from a counter in the same statement).
   */
  replace?: { token: string; value: RawBuilder<unknown> };
  /**
   * Delivers the events to this one endpoint (of their organization and mode, enabled) whatever
   * it subscribes to, and to no other: a test event (`webhook_endpoint.test`).
   */
  deliverTo?: string;
}

// Up to this many events are sent as scalar parameters; more as one array per column (one
// parameter each), which costs more per event (array literals quote every JSON character).
const VALUES_LIMIT = 64;

function eventInput(events: NewEvent[]): RawBuilder<unknown> {
  if (events.length <= VALUES_LIMIT) {
    return sql`VALUES ${sql.join(events.map((event) => sql`(${event.id}::text, ${event.organizationId}::text, ${event.mode}::text, ${event.type}::text, ${event.apiVersion}::text, ${event.object}::text, ${event.createdAt}::timestamptz)`))}`;
  }
  const column = <K extends keyof NewEvent>(key: K) => events.map((event) => event[key]);
  return sql`SELECT * FROM unnest(
    ${column('id')}::text[], ${column('organizationId')}::text[], ${column('mode')}::text[], ${column('type')}::text[],
    ${column('apiVersion')}::text[], ${column('object')}::text[], ${column('createdAt')}::timestamptz[]
  )`;
}

/**
 * Inserts events and their webhook deliveries: the transactional outbox. It also tells whether the
 * dispatcher's wake-up job for `wakeKey` already exists (the job queue's dedupe key), so that a
 * busy emitter skips the two statements of a no-op enqueue.
 * Each event gets one pending delivery, due at once, per enabled endpoint of the same mode that
 * subscribes to its type: its organization's own endpoints and its platform's `connect` ones. The
 * platform is read from the organizations table here, so an emitter cannot get connect routing
 * wrong; an event of an unknown organization is not inserted (the output tells).
 *
 * This statement writes webhooks' tables because one round trip per emit, with no later fan-out
 * pass over the events, is what lets the embedded database deliver over 1,000 events a second
 * (bench/webhooks.ts); the webhooks module reads those rows and owns everything after.
 * A delivery's id is its event's time and 64 bits of md5(event, endpoint): minted in SQL, unique
 * per pair, sorted with its event.
 */
export function eventStatementParts(events: NewEvent[], wakeKey: string, options: EventStatementOptions = {}): EventStatementParts {
  const object = options.replace ? sql`replace(event_input.object, ${options.replace.token}::text, (${options.replace.value})::text)` : sql`event_input.object`;
  const when = options.when ? sql`WHERE ${options.when}` : sql``;
  const audience =
    options.deliverTo === undefined
      ? sql`(endpoint.organization_id = event_inserted.organization_id
            OR (endpoint.connect AND endpoint.organization_id = event_inserted.platform_organization_id))
       AND endpoint.enabled_events && ARRAY[event_inserted.type, split_part(event_inserted.type, '.', 1) || '.*', '*']`
      : sql`endpoint.organization_id = event_inserted.organization_id AND endpoint.id = ${options.deliverTo}::text`;
  const ctes = sql`event_input (id, organization_id, mode, type, api_version, object, created_at) AS (${eventInput(events)}),
    event_inserted AS (
      INSERT INTO events (id, organization_id, platform_organization_id, mode, type, api_version, object, created_at)
      SELECT event_input.id, organizations.id, organizations.parent_id, event_input.mode, event_input.type, event_input.api_version, ${object}, event_input.created_at
      FROM event_input JOIN organizations ON organizations.id = event_input.organization_id
      ${when}
      RETURNING id, organization_id, platform_organization_id, mode, type, created_at
    ),
    event_outbox AS (
      INSERT INTO webhook_deliveries (id, event_id, endpoint_id, status, next_attempt_at, created_at, updated_at)
      SELECT 'whd_' || substr(event_inserted.id, 5, 10) || substr(md5(event_inserted.id || ':' || endpoint.id), 1, 16),
        event_inserted.id, endpoint.id, 'pending', event_inserted.created_at, event_inserted.created_at, event_inserted.created_at
      FROM event_inserted JOIN webhook_endpoints endpoint
        ON endpoint.mode = event_inserted.mode
       AND endpoint.enabled
       AND ${audience}
      RETURNING 1
    )`;
  const columns = sql`(SELECT coalesce(json_agg(json_build_array(id, platform_organization_id)), '[]'::json) FROM event_inserted) AS event_rows,
    (SELECT count(*) FROM event_outbox)::int AS event_deliveries,
    EXISTS (SELECT 1 FROM jobs WHERE dedupe_key = ${wakeKey}) AS event_wake_pending`;
  return { ctes, columns };
}

/** The rows a statement inserted, from its output and the events it was given. */
export function insertedEvents(events: NewEvent[], output: EventStatementOutput): InsertedEvents {
  const platforms = new Map(output.event_rows.map(([id, platform]) => [id, platform]));
  const rows = events
    .filter((event) => platforms.has(event.id))
    .map((event) => ({
      id: event.id,
      organization_id: event.organizationId,
      platform_organization_id: platforms.get(event.id) ?? null,
      mode: event.mode,
      type: event.type,
      api_version: event.apiVersion,
      object: event.object,
      created_at: event.createdAt,
    }));
  return { rows, deliveries: Number(output.event_deliveries), wakePending: output.event_wake_pending === true };
}

/** Inserts events on their own; see `eventStatementParts`. */
export async function insertEvents(db: Db, events: NewEvent[], wakeKey: string, options: EventStatementOptions = {}): Promise<InsertedEvents> {
  if (events.length === 0) return { rows: [], deliveries: 0, wakePending: false };
  const { ctes, columns } = eventStatementParts(events, wakeKey, options);
  const result = await sql<EventStatementOutput>`WITH ${ctes} SELECT ${columns}`.execute(db);
  const output = result.rows[0];
  if (!output) throw new Error('The event insert returned no row');
  return insertedEvents(events, output);
}

export async function findEvent(db: Db, organizationId: string, mode: Mode, id: string): Promise<EventRow | undefined> {
  return eventsQuery(db, organizationId, mode).where('id', '=', id).executeTakeFirst();
}

export interface EventFilters {
  type?: string | undefined;
  objectId?: string | undefined;
  createdFrom?: Date | undefined;
  createdThrough?: Date | undefined;
  createdAfter?: Date | undefined;
  createdBefore?: Date | undefined;
}

/**
 * The id of the object an event is about: its `id`, or for a profile's sync (which has none of its
 * own) its `fiscal_profile_id`, so a profile's timeline holds its sync's events. Indexed as written.
 */
const OBJECT_ID = sql<string>`coalesce(object::jsonb ->> 'id', object::jsonb ->> 'fiscal_profile_id')`;

export function eventsQuery(db: Db, organizationId: string, mode: Mode, filters: EventFilters = {}) {
  let query = db.selectFrom('events').selectAll().where('organization_id', '=', organizationId).where('mode', '=', mode);
  if (filters.type?.endsWith('.*')) query = query.where('type', 'like', `${filters.type.slice(0, -1).replace(/[\\%_]/g, '\\$&')}%`);
  else if (filters.type !== undefined && filters.type !== '*') query = query.where('type', '=', filters.type);
  if (filters.objectId !== undefined) query = query.where(OBJECT_ID, '=', filters.objectId);
  if (filters.createdFrom) query = query.where('created_at', '>=', filters.createdFrom);
  if (filters.createdThrough) query = query.where('created_at', '<=', filters.createdThrough);
  if (filters.createdAfter) query = query.where('created_at', '>', filters.createdAfter);
  if (filters.createdBefore) query = query.where('created_at', '<', filters.createdBefore);
  return query;
}
