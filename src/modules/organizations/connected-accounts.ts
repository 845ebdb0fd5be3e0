/**
 * Connected accounts: organizations with a parent, managed by their platform only, never through
 * another account (docs/guides/connect.md).
 */
import type { Ctx } from '../../platform/context.ts';
import { ApiError, notFound } from '../../platform/errors/api-error.ts';
import { isId, newId } from '../../platform/ids.ts';
import { paginate, type ListQuery, type Page } from '../../platform/http/pagination.ts';
import { accountsQuery, findAccount, insertOrganization, updateAccount, type OrganizationRow } from './repository.ts';

function platformOf(ctx: Ctx): string {
  if (ctx.caller.platformOrganizationId !== null || ctx.caller.keyOrganizationIsAccount) {
    throw new ApiError('connect.nesting_not_allowed', {
      en: 'Connected accounts cannot own connected accounts; call without Invoice-Account.',
      es: 'Una cuenta conectada no puede tener cuentas conectadas propias; envíe la solicitud sin Invoice-Account.',
    });
  }
  return ctx.caller.keyOrganizationId;
}

export async function createAccount(ctx: Ctx, input: { name: string; email?: string; metadata?: Record<string, string> }): Promise<OrganizationRow> {
  const parentId = platformOf(ctx);
  const at = ctx.services.clock.now();
  return insertOrganization(ctx.services.db, {
    id: newId('org', at.getTime()),
    name: input.name,
    email: input.email ?? null,
    parent_id: parentId,
    metadata: input.metadata ?? {},
    created_at: at,
    updated_at: at,
  });
}

export async function listAccounts(ctx: Ctx, query: ListQuery, url: string): Promise<Page<OrganizationRow>> {
  return paginate(accountsQuery(ctx.services.db, platformOf(ctx)), query, { prefix: 'org', idColumn: 'id', url });
}

export async function getAccount(ctx: Ctx, id: string): Promise<OrganizationRow> {
  const parentId = platformOf(ctx);
  const row = isId('org', id) ? await findAccount(ctx.services.db, parentId, id) : undefined;
  if (!row) throw notFound('account', id);
  return row;
}

export async function changeAccount(
  ctx: Ctx,
  id: string,
  changes: { name?: string; email?: string | null; disabled?: boolean; metadata?: Record<string, string> },
): Promise<OrganizationRow> {
  const parentId = platformOf(ctx);
  const row = isId('org', id) ? await updateAccount(ctx.services.db, parentId, id, { ...changes, updated_at: ctx.services.clock.now() }) : undefined;
  if (!row) throw notFound('account', id);
  return row;
}
