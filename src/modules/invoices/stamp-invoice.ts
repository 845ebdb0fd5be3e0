import type { Ctx } from '../../platform/context.ts';
import { ApiError, notFound } from '../../platform/errors/api-error.ts';
import { isId } from '../../platform/ids.ts';
import { assertCanStamp } from '../usage/index.ts';
import { scopeOf } from './context.ts';
import type { InvoiceDeps } from './ports.ts';
import { findInvoice, type InvoiceRow } from './repository.ts';
import { commitRecoveryPoint, resumeStamping, sealDraft, sendToPac, type StampOutcome } from './stamping.ts';

function alreadyStamped(row: InvoiceRow): ApiError {
  return new ApiError('invoice.already_stamped', {
    en: `Invoice ${row.id} is already stamped (UUID ${row.uuid ?? 'unknown'}); it is ${row.status}.`,
    es: `La factura ${row.id} ya está timbrada (folio fiscal ${row.uuid ?? 'desconocido'}).`,
  });
}

/**
 * POST /v1/invoices/{id}/stamp: seal now (Fecha in the issuer's local time) and stamp through the
 * mode's PAC. The profile must have signed the carta manifiesto and hold a CSD valid now; a live
 * stamp needs a credit, checked before the PAC is called and consumed when the stamp is stored.
 * An invoice left `stamping` by a timeout or a crash is finished instead (stamping.ts). `attempt`
 * counts the tries of this request: a draft that a concurrent request put back is tried once more.
 */
export async function stampInvoice(ctx: Ctx, deps: InvoiceDeps, id: string, attempt = 1): Promise<StampOutcome> {
  const row = isId('inv', id) ? await findInvoice(ctx.db, scopeOf(ctx), id) : undefined;
  if (!row) throw notFound('invoice', id);
  if (row.status === 'stamped' || row.status === 'cancelled') throw alreadyStamped(row);
  if (row.status === 'stamping') return resumeStamping(ctx, deps, row);
  const stamping = await deps.fiscalProfiles.findProfileForStamping(ctx, row.fiscal_profile_id);
  await assertCanStamp({ db: ctx.db, organizationId: ctx.organizationId, mode: ctx.mode });
  const sealed = await sealDraft(ctx, deps, row, stamping);
  deps.crashHook?.('after_seal', row);
  const recovery = await commitRecoveryPoint(ctx, row, sealed.xml, 'draft');
  if (!recovery) {
    // A concurrent request started (or finished) this stamp first.
    const current = await findInvoice(ctx.db, scopeOf(ctx), id);
    if (!current) throw notFound('invoice', id);
    // The other request failed and put it back to draft: try once more as if first.
    if (current.status === 'draft' && attempt < 2) return stampInvoice(ctx, deps, id, attempt + 1);
    if (current.status === 'draft')
      throw new ApiError(
        'pac.internal_error',
        { en: `Invoice ${id} is being stamped concurrently; retry.`, es: `La factura ${id} se está timbrando en otra solicitud; vuelva a intentarlo.` },
        { headers: { 'Retry-After': '1' } },
      );
    if (current.status !== 'stamping') throw alreadyStamped(current);
    return resumeStamping(ctx, deps, current);
  }
  deps.crashHook?.('after_recovery_point', row);
  return sendToPac(ctx, deps, recovery, sealed);
}
