import type { Ctx } from '../../platform/context.ts';
import { ApiError } from '../../platform/errors/api-error.ts';
import { scopeOf } from './context.ts';
import { deleteDraft } from './repository.ts';
import { findDraftForChange } from './update-invoice.ts';

/** Deletes a draft; its folio is not reused (the SAT does not require consecutive folios). */
export async function deleteInvoice(ctx: Ctx, id: string): Promise<void> {
  await findDraftForChange(ctx, id, 'deleted');
  if (!(await deleteDraft(ctx.db, scopeOf(ctx), id))) {
    throw new ApiError('invoice.not_stampable', {
      en: `Invoice ${id} stopped being a draft while it was being deleted.`,
      es: `La factura ${id} dejó de ser borrador mientras se eliminaba.`,
    });
  }
}
