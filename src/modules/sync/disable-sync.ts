import type { Ctx } from '../../platform/context.ts';
import { deletePlannedChunks, lockSync, updateSync, type SyncRow } from './repository.ts';
import { inactive, renderSync, type RenderedSync } from './serialize.ts';
import { ownProfile, syncEvents } from './shared.ts';

/** DELETE: off; chunks not started are dropped, running ones finish into the store. */
export async function disableSync(ctx: Ctx, profileId: string): Promise<RenderedSync> {
  const profile = await ownProfile(ctx, profileId);
  const now = ctx.services.clock.now();
  const saved = await ctx.db.transaction().execute(async (trx) => {
    const current = await lockSync(trx, profile.id);
    if (!current || !current.enabled) return current;
    const next: SyncRow = { ...current, enabled: false, status: 'inactive', updated_at: now };
    await updateSync(trx, profile.id, next);
    await deletePlannedChunks(trx, profile.id);
    await syncEvents(ctx.services, trx, [next]);
    return next;
  });
  return saved ? renderSync(ctx.db, saved, now) : inactive(profile);
}
