import type { Services } from '../../platform/context.ts';
import { listUrl, mapPage } from '../../platform/http/pagination.ts';
import { IdParam, ListOf } from '../../platform/http/schemas.ts';
import { ctxOf, type Server } from '../../platform/http/server.ts';
import { getEvent, listEvents } from './read-events.ts';
import { Event, ListEventsQuery } from './schemas.ts';
import { renderEvent } from './serialize.ts';

const tags = ['Events'];

export function registerEventRoutes(app: Server, services: Services): void {
  app.get(
    '/v1/events',
    {
      schema: {
        tags,
        summary: 'List events, newest first',
        operationId: 'listEvents',
        querystring: ListEventsQuery,
        response: { 200: ListOf(Event) },
      },
    },
    async (request) => {
      const ctx = ctxOf(request, services);
      const page = await listEvents(ctx, request.query, listUrl(request));
      return mapPage(page, (row) => renderEvent(row, ctx.version));
    },
  );

  app.get(
    '/v1/events/:id',
    {
      schema: { tags, summary: 'Retrieve an event', operationId: 'getEvent', params: IdParam('Event id'), response: { 200: Event } },
    },
    async (request) => {
      const ctx = ctxOf(request, services);
      return renderEvent(await getEvent(ctx, request.params.id), ctx.version);
    },
  );
}
