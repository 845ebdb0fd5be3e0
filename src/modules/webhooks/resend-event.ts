import type { Ctx } from '../../platform/context.ts';
import { ApiError, notFound } from '../../platform/errors/api-error.ts';
import { isId } from '../../platform/ids.ts';
import { findEvent, subscribes } from '../events/index.ts';
import { scheduleResend, type DeliveryRow } from './deliveries-repository.ts';
import { DISPATCH_JOB } from './dispatcher.ts';
import { audienceEndpoints } from './repository.ts';

/**
 * Delivers an event again, with the same `webhook-id`: to one endpoint of its audience, or to
 * every enabled endpoint of its audience subscribed to its type. Each (event, endpoint) keeps one
 * delivery row, reset to pending with a fresh retry schedule, so the resend shows in that
 * endpoint's deliveries.
 */
export async function resendEvent(ctx: Ctx, eventId: string, endpointId: string | undefined): Promise<DeliveryRow[]> {
  const event = isId('evt', eventId) ? await findEvent(ctx.db, ctx.organizationId, ctx.mode, eventId) : undefined;
  if (!event) throw notFound('event', eventId);
  const audience = await audienceEndpoints(ctx.db, event);
  let targets = audience.filter((endpoint) => endpoint.enabled && subscribes(endpoint.enabled_events, event.type));
  if (endpointId !== undefined) {
    const endpoint = audience.find((candidate) => candidate.id === endpointId);
    if (!endpoint) throw notFound('webhook endpoint', endpointId);
    if (!endpoint.enabled) {
      throw new ApiError('webhook.endpoint_disabled', {
        en: `Webhook endpoint ${endpoint.id} is disabled${endpoint.disabled_reason ? ` (${endpoint.disabled_reason})` : ''}; enable it before resending to it.`,
        es: `El endpoint de webhook ${endpoint.id} está desactivado${endpoint.disabled_reason ? ` (${endpoint.disabled_reason})` : ''}; actívelo antes de reenviarle eventos.`,
      });
    }
    targets = [endpoint];
  }
  const now = ctx.services.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    const rows = await scheduleResend(
      trx,
      event.id,
      targets.map((endpoint) => endpoint.id),
      now,
    );
    if (rows.length > 0) {
      await ctx.services.jobs.enqueue(trx, DISPATCH_JOB, {}, { dedupeKey: `${DISPATCH_JOB.kind}:${now.getTime()}` });
    }
    return rows;
  });
}
