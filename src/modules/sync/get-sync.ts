import type { Ctx } from '../../platform/context.ts';
import { findSync } from './repository.ts';
import { inactive, renderSync, type RenderedSync } from './serialize.ts';
import { ownProfile } from './shared.ts';

/** GET /v1/fiscal_profiles/{id}/sync: the state, `inactive` for a profile never synchronized. */
export async function getSync(ctx: Ctx, profileId: string): Promise<RenderedSync> {
  const profile = await ownProfile(ctx, profileId);
  const row = await findSync(ctx.db, profile.id);
  return row ? renderSync(ctx.db, row, ctx.services.clock.now()) : inactive(profile);
}
