import type { Ctx } from '../../platform/context.ts';
import { createdRange } from '../../platform/http/date-bounds.ts';
import { paginate, type ListQuery, type Page } from '../../platform/http/pagination.ts';
import { countUsage, creditsOf, usageQuery, type UsageRecordRow } from './repository.ts';

export interface UsageFilters extends ListQuery {
  kind?: string;
  'created[gte]'?: string;
  'created[lte]'?: string;
}

/** The usage records of the caller's organization and mode, newest first. */
export async function listUsage(ctx: Ctx, query: UsageFilters, url: string): Promise<Page<UsageRecordRow>> {
  const { from, through } = createdRange(query);
  let rows = usageQuery(ctx.db, ctx.organizationId, ctx.mode);
  if (query.kind !== undefined) rows = rows.where('kind', '=', query.kind);
  if (from) rows = rows.where('created_at', '>=', from);
  if (through) rows = rows.where('created_at', '<=', through);
  return paginate(rows, query, { prefix: 'ur', idColumn: 'id', url });
}

/** Live stamp credits left (null in test mode, which is unmetered) and stamps used in the mode. */
export async function readBalance(ctx: Ctx): Promise<{ stampCredits: number | null; stampsUsed: number }> {
  return {
    stampCredits: ctx.livemode ? await creditsOf(ctx.db, ctx.organizationId) : null,
    stampsUsed: await countUsage(ctx.db, ctx.organizationId, ctx.mode, 'stamp'),
  };
}
