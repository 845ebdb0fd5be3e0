import type { Ctx } from '../../platform/context.ts';
import { notFound } from '../../platform/errors/api-error.ts';
import { isId } from '../../platform/ids.ts';
import { createdRange } from '../../platform/http/date-bounds.ts';
import { paginate, type ListQuery, type Page } from '../../platform/http/pagination.ts';
import { findValidation, validationsQuery, type ValidationRow } from './repository.ts';

export interface ValidationListQuery extends ListQuery {
  valid?: boolean;
  uuid?: string;
  emisor?: string;
  receptor?: string;
  'created[gte]'?: string;
  'created[lte]'?: string;
}

/** The validations of the caller's organization and mode, newest first. */
export async function listValidations(ctx: Ctx, query: ValidationListQuery, url: string): Promise<Page<ValidationRow>> {
  const { from, through } = createdRange(query);
  const filters = {
    valid: query.valid,
    uuid: query.uuid?.toUpperCase(),
    emisor: query.emisor?.toUpperCase(),
    receptor: query.receptor?.toUpperCase(),
    createdFrom: from,
    createdThrough: through,
  };
  return paginate(validationsQuery(ctx.db, ctx.organizationId, ctx.mode, filters), query, { prefix: 'val', idColumn: 'id', url });
}

export async function getValidation(ctx: Ctx, id: string): Promise<ValidationRow> {
  const row = isId('val', id) ? await findValidation(ctx.db, ctx.organizationId, ctx.mode, id) : undefined;
  if (!row) throw notFound('validation', id);
  return row;
}
