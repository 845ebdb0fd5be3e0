/**
 * What the sync verbs and the scheduler share: the caller's own profile, the first day asked of
 * the SAT, and the `fiscal_profile_sync.updated` events of changed syncs.
 */
import type { Ctx, Services } from '../../platform/context.ts';
import type { Db } from '../../platform/db/database.ts';
import { notFound } from '../../platform/errors/api-error.ts';
import { isId } from '../../platform/ids.ts';
import { satFirstDay } from '../downloads/index.ts';
import { emitEvents, type EmitEventInput } from '../events/index.ts';
import { findFiscalProfile } from '../fiscal-profiles/index.ts';
import { later } from './plan.ts';
import type { SyncRow } from './repository.ts';
import { renderSync } from './serialize.ts';

/**
 * The first day synchronization asks the SAT for: the stored `sync_from`, or 1 January five years
 * back when the SAT has stopped serving the year it was in (the row catches up at the next tick).
 */
export function firstRequested(syncFrom: string, now: Date): string {
  return later(syncFrom, satFirstDay(now));
}

export async function syncEvents(services: Services, db: Db, rows: SyncRow[]): Promise<void> {
  const now = services.clock.now();
  const inputs: EmitEventInput[] = [];
  for (const row of rows) {
    inputs.push({
      organizationId: row.organization_id,
      mode: row.mode,
      type: 'fiscal_profile_sync.updated',
      object: await renderSync(db, row, now),
    });
  }
  await emitEvents(db, inputs, services);
}

export async function ownProfile(ctx: Ctx, profileId: string) {
  if (!isId('fp', profileId)) throw notFound('fiscal profile', profileId);
  return findFiscalProfile(ctx, profileId);
}
