import type { Ctx } from '../../platform/context.ts';
import { ApiError, notFound } from '../../platform/errors/api-error.ts';
import type { FiscalProfileDeps } from './ports.ts';
import { deleteProfile, findProfileRow } from './repository.ts';
import { scopeOf } from './rules.ts';
import { signingCredentials } from './signing-credential.ts';

/**
 * DELETE: removes the profile and its encrypted keys, unless it has stamped invoices, which keep
 * it for the record (docs/contract.md §3: 409 fiscal_profile.in_use; rotate the CSD instead).
 */
export async function deleteFiscalProfile(ctx: Ctx, deps: FiscalProfileDeps, id: string): Promise<{ object: 'fiscal_profile'; id: string; deleted: true }> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await findProfileRow(trx, scopeOf(ctx), id, { lock: true });
    if (!row) throw notFound('fiscal profile', id);
    if (deps.hasStampedInvoices && (await deps.hasStampedInvoices(trx, id))) {
      throw new ApiError('fiscal_profile.in_use', {
        en: `Fiscal profile ${id} has stamped invoices and is kept for the record.`,
        es: `El perfil fiscal ${id} tiene facturas timbradas y se conserva como registro.`,
      });
    }
    await deleteProfile(trx, ctx.services.caches, scopeOf(ctx), id);
  });
  signingCredentials(ctx.services.caches).forget(id);
  return { object: 'fiscal_profile', id, deleted: true };
}
