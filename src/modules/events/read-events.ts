import type { Ctx } from '../../platform/context.ts';
import { ApiError, notFound } from '../../platform/errors/api-error.ts';
import { isId } from '../../platform/ids.ts';
import { paginate, type ListQuery, type Page } from '../../platform/http/pagination.ts';
import { eventsQuery, findEvent, type EventRow } from './repository.ts';
import { isSubscriptionPattern } from './types.ts';

export interface EventListFilters extends ListQuery {
  type?: string;
  object_id?: string;
  'created[gte]'?: string;
  'created[gt]'?: string;
  'created[lte]'?: string;
  'created[lt]'?: string;
}

function bound(value: string | undefined): Date | undefined {
  return value === undefined ? undefined : new Date(value);
}

/** The event log of the caller's organization and mode, newest first. */
export async function listEvents(ctx: Ctx, query: EventListFilters, url: string): Promise<Page<EventRow>> {
  if (query.type !== undefined && !isSubscriptionPattern(query.type)) {
    throw new ApiError(
      'request.validation_failed',
      {
        en: `'${query.type}' is not an event type, a namespace wildcard or *.`,
        es: `'${query.type}' no es un tipo de evento, un comodín de espacio de nombres ni *.`,
      },
      {
        errors: [
          {
            path: 'type',
            code: 'invalid_value',
            message: 'must be an event type (see the Events guide), a namespace wildcard such as invoice.*, or *.',
            messageEs: 'Debe ser un tipo de evento (vea la guía de eventos), un comodín como invoice.* o *.',
          },
        ],
      },
    );
  }
  const filters = {
    type: query.type,
    objectId: query.object_id,
    createdFrom: bound(query['created[gte]']),
    createdAfter: bound(query['created[gt]']),
    createdThrough: bound(query['created[lte]']),
    createdBefore: bound(query['created[lt]']),
  };
  return paginate(eventsQuery(ctx.db, ctx.organizationId, ctx.mode, filters), query, { prefix: 'evt', idColumn: 'id', url });
}

export async function getEvent(ctx: Ctx, id: string): Promise<EventRow> {
  const row = isId('evt', id) ? await findEvent(ctx.db, ctx.organizationId, ctx.mode, id) : undefined;
  if (!row) throw notFound('event', id);
  return row;
}
