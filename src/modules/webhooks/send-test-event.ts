import { sql } from 'kysely';
import type { Ctx } from '../../platform/context.ts';
import { ApiError, notFound } from '../../platform/errors/api-error.ts';
import { isId } from '../../platform/ids.ts';
import { emitEvent, type EventRow } from '../events/index.ts';
import { ownerOf } from './manage-endpoints.ts';
import type { EndpointRow } from './repository.ts';
import { serializeEndpoint } from './serialize.ts';

/** Test events one endpoint may be sent in a window: enough to try a receiver, too few to flood it. */
const TEST_EVENTS_PER_WINDOW = 5;
const WINDOW_MS = 60_000;

/**
 * Sends a `webhook_endpoint.test` event to one endpoint and to no other, whatever the endpoints
 * subscribe to. It is an event like any other once written: signed, attempted and retried by the
 * dispatcher, in the endpoint's delivery log and in the event list, its `data.object` the endpoint
 * (without its secret). A disabled endpoint is refused (409), and so is a sixth test of one
 * endpoint within a minute (429 with Retry-After).
 */
export async function sendTestEvent(ctx: Ctx, endpointId: string): Promise<{ event: EventRow; endpoint: EndpointRow }> {
  if (!isId('we', endpointId)) throw notFound('webhook endpoint', endpointId);
  const owner = ownerOf(ctx);
  return ctx.db.transaction().execute(async (trx) => {
    // The row lock makes concurrent tests of one endpoint count each other.
    const endpoint = await trx
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('organization_id', '=', owner.organizationId)
      .where('mode', '=', owner.mode)
      .where('id', '=', endpointId)
      .forUpdate()
      .executeTakeFirst();
    if (!endpoint) throw notFound('webhook endpoint', endpointId);
    if (!endpoint.enabled) {
      throw new ApiError('webhook.endpoint_disabled', {
        en: `Webhook endpoint ${endpoint.id} is disabled${endpoint.disabled_reason ? ` (${endpoint.disabled_reason})` : ''}; enable it before sending it a test event.`,
        es: `El endpoint de webhook ${endpoint.id} está desactivado${endpoint.disabled_reason ? ` (${endpoint.disabled_reason})` : ''}; actívelo antes de enviarle un evento de prueba.`,
      });
    }
    const now = ctx.services.clock.now();
    const recent = await trx
      .selectFrom('webhook_deliveries as delivery')
      .innerJoin('events as event', 'event.id', 'delivery.event_id')
      .select(sql<Date>`min(event.created_at)`.as('oldest'))
      .select(sql<number>`count(*)::int`.as('count'))
      .where('delivery.endpoint_id', '=', endpoint.id)
      .where('event.type', '=', 'webhook_endpoint.test')
      .where('event.created_at', '>', new Date(now.getTime() - WINDOW_MS))
      .executeTakeFirstOrThrow();
    if (Number(recent.count) >= TEST_EVENTS_PER_WINDOW && recent.oldest) {
      const wait = Math.max(1, Math.ceil((new Date(recent.oldest).getTime() + WINDOW_MS - now.getTime()) / 1000));
      throw new ApiError(
        'webhook.test_rate_limited',
        {
          en: `Webhook endpoint ${endpoint.id} was sent ${TEST_EVENTS_PER_WINDOW} test events in the last minute; retry in ${wait} s.`,
          es: `El endpoint de webhook ${endpoint.id} ya recibió ${TEST_EVENTS_PER_WINDOW} eventos de prueba en el último minuto; intente de nuevo en ${wait} s.`,
        },
        { headers: { 'Retry-After': String(wait) } },
      );
    }
    const event = await emitEvent(
      trx,
      { organizationId: owner.organizationId, mode: owner.mode, type: 'webhook_endpoint.test', object: serializeEndpoint(endpoint) },
      ctx.services,
      { deliverTo: endpoint.id },
    );
    return { event, endpoint };
  });
}
