import type { Ctx } from '../../platform/context.ts';
import { notFound } from '../../platform/errors/api-error.ts';
import { isId } from '../../platform/ids.ts';
import { paginate, type ListQuery, type Page } from '../../platform/http/pagination.ts';
import { findProfileView, profilesQuery, type FiscalProfileView } from './repository.ts';
import { scopeOf } from './rules.ts';

/** The caller's fiscal profiles, newest first. */
export function listFiscalProfiles(ctx: Ctx, query: ListQuery, url: string): Promise<Page<FiscalProfileView>> {
  return paginate(profilesQuery(ctx.db, scopeOf(ctx)), query, { prefix: 'fp', idColumn: 'id', url });
}

/** One of the caller's fiscal profiles; an unknown or foreign id is not found. */
export async function getFiscalProfile(ctx: Ctx, id: string): Promise<FiscalProfileView> {
  const view = isId('fp', id) ? await findProfileView(ctx.db, scopeOf(ctx), id) : undefined;
  if (!view) throw notFound('fiscal profile', id);
  return view;
}
