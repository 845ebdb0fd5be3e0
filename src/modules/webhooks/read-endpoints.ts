import type { Static } from 'typebox';
import type { Ctx } from '../../platform/context.ts';
import { notFound } from '../../platform/errors/api-error.ts';
import { findEvent } from '../events/index.ts';
import { isId } from '../../platform/ids.ts';
import { paginate, type ListQuery, type Page } from '../../platform/http/pagination.ts';
import { deliveriesQuery, eventDeliveriesQuery, eventTypesOf, type DeliveryRow } from './deliveries-repository.ts';
import { ownerOf } from './manage-endpoints.ts';
import { deleteEndpoint, endpointsQuery, type EndpointRow } from './repository.ts';
import type { ListDeliveriesQuery, ListEventDeliveriesQuery } from './schemas.ts';

/** The caller's webhook endpoints, newest first. */
export function listEndpoints(ctx: Ctx, query: ListQuery, url: string): Promise<Page<EndpointRow>> {
  return paginate(endpointsQuery(ctx.db, ownerOf(ctx)), query, { prefix: 'we', idColumn: 'id', url });
}

/** Deletes one of the caller's endpoints; an unknown or foreign id is not found. */
export async function removeEndpoint(ctx: Ctx, id: string): Promise<void> {
  const deleted = isId('we', id) && (await deleteEndpoint(ctx.db, ownerOf(ctx), id));
  if (!deleted) throw notFound('webhook endpoint', id);
}

/** The deliveries to one endpoint, newest first, filtered by status and event. */
export function listDeliveries(ctx: Ctx, endpoint: EndpointRow, query: Static<typeof ListDeliveriesQuery>, url: string): Promise<Page<DeliveryRow>> {
  let rows = deliveriesQuery(ctx.db, endpoint.id);
  if (query.status !== undefined) rows = rows.where('status', '=', query.status);
  if (query.event_id !== undefined) rows = rows.where('event_id', '=', query.event_id);
  return paginate(rows, query, { prefix: 'whd', idColumn: 'id', url });
}

/**
 * The deliveries of one of the caller's events, to every endpoint that received it (its own and a
 * platform's `connect` endpoints), newest first: the webhook side of an object's timeline.
 */
export async function listEventDeliveries(ctx: Ctx, eventId: string, query: Static<typeof ListEventDeliveriesQuery>, url: string): Promise<Page<DeliveryRow>> {
  const event = isId('evt', eventId) ? await findEvent(ctx.db, ctx.organizationId, ctx.mode, eventId) : undefined;
  if (!event) throw notFound('event', eventId);
  let rows = eventDeliveriesQuery(ctx.db, event.id);
  if (query.status !== undefined) rows = rows.where('status', '=', query.status);
  return paginate(rows, query, { prefix: 'whd', idColumn: 'id', url });
}

/** The type of the event each delivery carries, by event id (for the deliveries' `event_type`). */
export function deliveryEventTypes(ctx: Ctx, rows: DeliveryRow[]): Promise<Map<string, string>> {
  return eventTypesOf(
    ctx.db,
    rows.map((row) => row.event_id),
  );
}
