import { sql, type RawBuilder, type Selectable } from 'kysely';
import type { Db } from '../../platform/db/database.ts';

type DeliveryStatus = 'pending' | 'succeeded' | 'failed';

interface WebhookDeliveryTable {
  id: string;
  event_id: string;
  endpoint_id: string;
  status: DeliveryStatus;
  attempts: number;
  round_attempts: number;
  response_status: number | null;
  last_error: string | null;
  next_attempt_at: Date | null;
  last_attempt_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    webhook_deliveries: WebhookDeliveryTable;
  }
}

export type DeliveryRow = Selectable<WebhookDeliveryTable>;

// A delivery's id is derived from its (event, endpoint) pair, as the emitter mints it: the event's
// time, then 64 bits of md5(event, endpoint).
const deliveryId = (eventId: RawBuilder<unknown>, endpointId: RawBuilder<unknown>) =>
  sql<string>`'whd_' || substr(${eventId}, 5, 10) || substr(md5(${eventId} || ':' || ${endpointId}), 1, 16)`;

/** A claimed delivery with what sending it needs. */
export interface ClaimedDelivery {
  id: string;
  attempts: number;
  round_attempts: number;
  endpoint_id: string;
  url: string;
  /** The endpoint's own organization (a connect endpoint's is the platform's), which its secrets' associated data names. */
  endpoint_organization_id: string;
  /** The secrets, sealed or (rows written before encryption) plaintext; opened only to sign. */
  data_key: Uint8Array | null;
  secret_encrypted: Uint8Array | null;
  previous_secret_encrypted: Uint8Array | null;
  secret: string | null;
  previous_secret: string | null;
  previous_secret_expires_at: Date | null;
  endpoint_version: string;
  /** False when the endpoint was paused in a race with this delivery's creation: it is held, not sent. */
  endpoint_enabled: boolean;
  failing_since: Date | null;
  event_id: string;
  organization_id: string;
  platform_organization_id: string | null;
  mode: 'test' | 'live';
  type: string;
  api_version: string;
  object: string;
  event_created_at: Date;
}

export interface ClaimRequest {
  now: Date;
  /** Until when the claim holds: a worker that dies mid-attempt leaves the delivery due then. */
  leaseUntil: Date;
  limit: number;
  /** Endpoints that already have as many attempts in flight as allowed. */
  excludeEndpoints: string[];
}

/**
 * Claims due deliveries in one statement: counts the attempt (before the request is made, so a
 * crash cannot lose it) and moves `next_attempt_at` to the lease's end. A due delivery of an
 * endpoint that is not enabled (paused in a race with the delivery's creation) is held instead,
 * as pausing holds the others, and comes back with `endpoint_enabled` false.
 */
export async function claimDueDeliveries(db: Db, request: ClaimRequest): Promise<ClaimedDelivery[]> {
  if (request.limit <= 0) return [];
  const excluded = request.excludeEndpoints.length > 0 ? sql`AND endpoint_id <> ALL(${request.excludeEndpoints}::text[])` : sql``;
  const sending = sql`CASE WHEN endpoint.enabled THEN 1 ELSE 0 END`;
  const result = await sql<ClaimedDelivery>`
    WITH due AS MATERIALIZED (
      SELECT id FROM webhook_deliveries
      WHERE status = 'pending' AND next_attempt_at <= ${request.now} ${excluded}
      ORDER BY next_attempt_at
      LIMIT ${request.limit}
      FOR UPDATE SKIP LOCKED
    )
    UPDATE webhook_deliveries delivery
    SET attempts = delivery.attempts + ${sending}, round_attempts = delivery.round_attempts + ${sending},
        next_attempt_at = CASE WHEN endpoint.enabled THEN ${request.leaseUntil}::timestamptz END,
        last_attempt_at = CASE WHEN endpoint.enabled THEN ${request.now}::timestamptz ELSE delivery.last_attempt_at END,
        updated_at = ${request.now}
    FROM due, webhook_endpoints endpoint, events event
    WHERE delivery.id = due.id AND endpoint.id = delivery.endpoint_id AND event.id = delivery.event_id
    RETURNING delivery.id, delivery.attempts, delivery.round_attempts, delivery.endpoint_id,
      endpoint.url, endpoint.organization_id AS endpoint_organization_id, endpoint.data_key, endpoint.secret_encrypted,
      endpoint.previous_secret_encrypted, endpoint.secret, endpoint.previous_secret, endpoint.previous_secret_expires_at,
      endpoint.api_version AS endpoint_version, endpoint.enabled AS endpoint_enabled, endpoint.failing_since,
      event.id AS event_id, event.organization_id, event.platform_organization_id, event.mode, event.type,
      event.api_version, event.object, event.created_at AS event_created_at`.execute(db);
  return result.rows;
}

export interface AttemptResult {
  id: string;
  /** The attempt count the claim produced: a result whose claim was overtaken is dropped. */
  attempts: number;
  status: DeliveryStatus;
  responseStatus: number | null;
  lastError: string | null;
  nextAttemptAt: Date | null;
}

/** Records many attempts' outcomes in one statement; returns the ids actually updated. */
export async function recordAttempts(db: Db, results: AttemptResult[], now: Date): Promise<string[]> {
  if (results.length === 0) return [];
  const column = <K extends keyof AttemptResult>(key: K) => results.map((result) => result[key]);
  const updated = await sql<{ id: string }>`
    UPDATE webhook_deliveries delivery
    SET status = input.status, response_status = input.response_status, last_error = input.last_error,
        next_attempt_at = input.next_attempt_at, updated_at = ${now}
    FROM unnest(
      ${column('id')}::text[], ${column('attempts')}::int[], ${column('status')}::text[],
      ${column('responseStatus')}::int[], ${column('lastError')}::text[], ${column('nextAttemptAt')}::timestamptz[]
    ) AS input (id, attempts, status, response_status, last_error, next_attempt_at)
    WHERE delivery.id = input.id AND delivery.attempts = input.attempts AND delivery.status = 'pending'
    RETURNING delivery.id`.execute(db);
  return updated.rows.map((row) => row.id);
}

/** The earliest future time a pending delivery is due (a retry, or a lease running out). */
export async function nextDueAt(db: Db, now: Date): Promise<Date | null> {
  const row = await db
    .selectFrom('webhook_deliveries')
    .select((eb) => eb.fn.min('next_attempt_at').as('next'))
    .where('status', '=', 'pending')
    .where('next_attempt_at', '>', now)
    .executeTakeFirst();
  return row?.next ? new Date(row.next) : null;
}

/**
 * Pending deliveries whose time has come and when the oldest was due, for metrics: the `limit`
 * longest-due (the webhook_deliveries_due index, read in order), so a scrape's cost is bounded.
 */
export async function dueDeliveries(db: Db, now: Date, limit: number): Promise<{ due: number; oldestDueAt: Date | null }> {
  const result = await sql<{ due: number; oldest_due_at: Date | null }>`
    SELECT count(*)::int AS due, min(next_attempt_at) AS oldest_due_at FROM (
      SELECT next_attempt_at FROM webhook_deliveries
      WHERE status = 'pending' AND next_attempt_at <= ${now}
      ORDER BY next_attempt_at
      LIMIT ${limit}
    ) due`.execute(db);
  const row = result.rows[0];
  return { due: Number(row?.due ?? 0), oldestDueAt: row?.oldest_due_at ? new Date(row.oldest_due_at) : null };
}

/**
 * Creates or resets the deliveries of one event to the given endpoints, due now: a resend starts
 * a fresh retry schedule but keeps the row (and its total `attempts`).
 */
export async function scheduleResend(db: Db, eventId: string, endpointIds: string[], now: Date): Promise<DeliveryRow[]> {
  if (endpointIds.length === 0) return [];
  const result = await sql<DeliveryRow>`
    INSERT INTO webhook_deliveries (id, event_id, endpoint_id, status, next_attempt_at, created_at, updated_at)
    SELECT ${deliveryId(sql`${eventId}::text`, sql.ref('endpoint.id'))}, ${eventId}, endpoint.id, 'pending', ${now}, ${now}, ${now}
    FROM webhook_endpoints endpoint WHERE endpoint.id = ANY(${endpointIds}::text[])
    ON CONFLICT (event_id, endpoint_id) DO UPDATE
      SET status = 'pending', round_attempts = 0, next_attempt_at = ${now}, updated_at = ${now}
    RETURNING *`.execute(db);
  return result.rows;
}

/** Ends every pending delivery of an endpoint the service disabled; they will not be attempted again. */
export async function failPendingDeliveries(db: Db, endpointId: string, reason: string, now: Date): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({ status: 'failed', next_attempt_at: null, last_error: reason, updated_at: now })
    .where('endpoint_id', '=', endpointId)
    .where('status', '=', 'pending')
    .execute();
}

/** Pausing an endpoint holds its pending deliveries (no next attempt); enabling it makes them due again. */
export async function holdPendingDeliveries(db: Db, endpointId: string, hold: boolean, now: Date): Promise<void> {
  const query = db.updateTable('webhook_deliveries').where('endpoint_id', '=', endpointId).where('status', '=', 'pending');
  if (hold) await query.set({ next_attempt_at: null, updated_at: now }).execute();
  else await query.set({ next_attempt_at: now, updated_at: now }).where('next_attempt_at', 'is', null).execute();
}

/** The type of each of these events, by id: a delivery names what it carries. */
export async function eventTypesOf(db: Db, eventIds: string[]): Promise<Map<string, string>> {
  if (eventIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('events')
    .select(['id', 'type'])
    .where('id', 'in', [...new Set(eventIds)])
    .execute();
  return new Map(rows.map((row) => [row.id, row.type]));
}

export function deliveriesQuery(db: Db, endpointId: string) {
  return db.selectFrom('webhook_deliveries').selectAll().where('endpoint_id', '=', endpointId);
}

export function eventDeliveriesQuery(db: Db, eventId: string) {
  return db.selectFrom('webhook_deliveries').selectAll().where('event_id', '=', eventId);
}
