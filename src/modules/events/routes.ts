import type { Services } from '../../platform/context.ts';
import { ApiError, notFound } from '../../platform/errors/api-error.ts';
import { isId } from '../../platform/ids.ts';
import { listUrl, mapPage, paginate } from '../../platform/http/pagination.ts';
import { IdParam, ListOf } from '../../platform/http/schemas.ts';
import { ctxOf, type Server } from '../../platform/http/server.ts';
import { eventsQuery, findEvent } from './repository.ts';
import { Event, ListEventsQuery } from './schemas.ts';
import { renderEvent } from './serialize.ts';
import { isSubscriptionPattern } from './types.ts';

const tags = ['Events'];

function bound(value: string | undefined): Date | undefined {
  return value === undefined ? undefined : new Date(value);
}

export function registerEventRoutes(app: Server, services: Services): void {
  app.get('/v1/events', {
    schema: {
      tags, summary: 'List events, newest first', operationId: 'listEvents',
      querystring: ListEventsQuery, response: { 200: ListOf(Event) },
    },
  }, async (request) => {
    const ctx = ctxOf(request, services);
    const query = request.query;
    if (query.type !== undefined && !isSubscriptionPattern(query.type)) {
      throw new ApiError('request.validation_failed', `'${query.type}' is not an event type, a namespace wildcard or *.`, {
        errors: [{ path: 'type', code: 'invalid_value', message: 'must be an event type (see the Events guide), a namespace wildcard such as invoice.*, or *.' }],
      });
    }
    const filters = {
      type: query.type,
      createdFrom: bound(query['created[gte]']),
      createdAfter: bound(query['created[gt]']),
      createdThrough: bound(query['created[lte]']),
      createdBefore: bound(query['created[lt]']),
    };
    const page = await paginate(eventsQuery(ctx.db, ctx.organizationId, ctx.mode, filters), query, {
      prefix: 'evt', idColumn: 'id', url: listUrl(request),
    });
    return mapPage(page, (row) => renderEvent(row, ctx.version));
  });

  app.get('/v1/events/:id', {
    schema: { tags, summary: 'Retrieve an event', operationId: 'getEvent', params: IdParam('Event id'), response: { 200: Event } },
  }, async (request) => {
    const ctx = ctxOf(request, services);
    const row = isId('evt', request.params.id) ? await findEvent(ctx.db, ctx.organizationId, ctx.mode, request.params.id) : undefined;
    if (!row) throw notFound('event', request.params.id);
    return renderEvent(row, ctx.version);
  });
}
