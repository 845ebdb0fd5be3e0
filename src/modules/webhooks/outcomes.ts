import type { Db } from '../../platform/db/database.ts';
import { emitEvent, type EmitDependencies } from '../events/index.ts';
import type { AttemptOutcome } from './attempt.ts';
import { failPendingDeliveries, recordAttempts } from './deliveries-repository.ts';
import { disableEndpoint, markEndpointsFailing, markEndpointsHealthy, type DisabledReason } from './repository.ts';
import { DISABLE_AFTER_FAILING_MS } from './schedule.ts';
import { serializeEndpoint } from './serialize.ts';

const DISABLED_MESSAGES: Record<DisabledReason, string> = {
  gone: 'Not attempted again: the endpoint answered 410 Gone and was disabled.',
  failing: 'Not attempted again: every attempt to the endpoint failed for 3 days, so it was disabled.',
};

/**
 * Switches an endpoint off on the service's initiative, ends its pending deliveries and emits
 * `webhook_endpoint.disabled`, all in one transaction. Does nothing when it was already disabled.
 */
async function disableEndpointFor(db: Db, endpointId: string, reason: DisabledReason, deps: EmitDependencies): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const now = deps.clock.now();
    const row = await disableEndpoint(trx, endpointId, reason, now);
    if (!row) return false;
    await failPendingDeliveries(trx, endpointId, DISABLED_MESSAGES[reason], now);
    await emitEvent(
      trx,
      {
        organizationId: row.organization_id,
        mode: row.mode,
        type: 'webhook_endpoint.disabled',
        object: serializeEndpoint(row),
      },
      deps,
    );
    return true;
  });
}

/**
 * Writes a batch of attempt outcomes back, then applies what they mean for their endpoints: a
 * success ends a run of failures; a failure starts one (or, three days into one, disables the
 * endpoint); a 410 disables it at once. Outcomes whose claim was overtaken (the lease ran out and
 * another worker took the delivery) are dropped by `recordAttempts` and change nothing.
 */
export async function recordOutcomes(db: Db, outcomes: AttemptOutcome[], deps: EmitDependencies): Promise<void> {
  if (outcomes.length === 0) return;
  const now = deps.clock.now();
  const recorded = new Set(
    await recordAttempts(
      db,
      outcomes.map((outcome) => ({
        id: outcome.delivery.id,
        attempts: outcome.delivery.attempts,
        status: outcome.status,
        responseStatus: outcome.responseStatus,
        lastError: outcome.lastError,
        nextAttemptAt: outcome.nextAttemptAt,
      })),
      now,
    ),
  );
  const kept = outcomes.filter((outcome) => recorded.has(outcome.delivery.id));
  const succeeded = new Set(kept.filter((outcome) => outcome.status === 'succeeded').map((outcome) => outcome.delivery.endpoint_id));
  const recovering = kept.filter((outcome) => outcome.status === 'succeeded' && outcome.delivery.failing_since !== null);
  await markEndpointsHealthy(db, [...new Set(recovering.map((outcome) => outcome.delivery.endpoint_id))]);
  const gone = new Set(kept.filter((outcome) => outcome.gone).map((outcome) => outcome.delivery.endpoint_id));
  const failing = new Set(kept.filter((outcome) => outcome.status !== 'succeeded' && !outcome.gone).map((outcome) => outcome.delivery.endpoint_id));
  for (const id of succeeded) failing.delete(id);
  for (const id of gone) await disableEndpointFor(db, id, 'gone', deps);
  const runs = await markEndpointsFailing(
    db,
    [...failing].filter((id) => !gone.has(id)),
    now,
  );
  for (const run of runs) {
    if (now.getTime() - new Date(run.failing_since).getTime() >= DISABLE_AFTER_FAILING_MS) {
      await disableEndpointFor(db, run.id, 'failing', deps);
    }
  }
}
