import type { Ctx } from '../../platform/context.ts';
import { ApiError, notFound, type Bilingual } from '../../platform/errors/api-error.ts';
import { isId } from '../../platform/ids.ts';
import type { CancelResult } from '../../providers/pac/index.ts';
import { ProviderError, providerProblem } from '../../platform/providers/errors.ts';
import { fetchAcuse, recordCancelled, recordPending, type CancellationRequest } from './cancellation.ts';
import { scopeOf } from './context.ts';
import type { InvoiceDeps } from './ports.ts';
import { findInvoice, type InvoiceRow } from './repository.ts';
import type { CancelInvoiceBody } from './request-schemas.ts';

/** Seconds before retrying a cancellation the SAT or the PAC could not process. */
const CANCEL_RETRY_AFTER_SECONDS = 10;
const MOTIVOS = new Set(['01', '02', '03', '04']);

function fieldError(
  code:
    | 'cancel.motivo_invalid'
    | 'invoice.substitute_required'
    | 'cancel.substitution_folio_not_required'
    | 'cancel.substitution_folio_invalid'
    | 'invoice.substitute_not_stamped',
  detail: Bilingual,
  path: string,
): ApiError {
  return new ApiError(code, detail, { errors: [{ path, code, message: detail.en, messageEs: detail.es }] });
}

/** SAT cancellation rules on motivo and substitute (Anexo 20, c_Motivo): 01 needs a stamped substitute, 02-04 take none. */
async function checkRequest(ctx: Ctx, row: InvoiceRow, input: CancelInvoiceBody): Promise<InvoiceRow | undefined> {
  if (!MOTIVOS.has(input.reason))
    throw fieldError(
      'cancel.motivo_invalid',
      {
        en: `Reason "${input.reason}" is not a SAT cancellation motivo; use 01, 02, 03 or 04.`,
        es: `"${input.reason}" no es un motivo de cancelación del SAT; use 01, 02, 03 o 04.`,
      },
      'reason',
    );
  const substituteId = input.substitute_invoice_id;
  if (input.reason === '01' && substituteId === undefined) {
    throw fieldError(
      'invoice.substitute_required',
      {
        en: 'Reason 01 (issued with errors, replaced) needs `substitute_invoice_id`: the stamped invoice that replaces this one.',
        es: 'El motivo 01 (comprobante emitido con errores con relación) requiere `substitute_invoice_id`: la factura timbrada que sustituye a esta.',
      },
      'substitute_invoice_id',
    );
  }
  if (input.reason !== '01' && substituteId !== undefined) {
    throw fieldError(
      'cancel.substitution_folio_not_required',
      {
        en: `Reason ${input.reason} takes no substitute: send \`substitute_invoice_id\` only with reason 01.`,
        es: `El motivo ${input.reason} no lleva factura sustituta: envíe \`substitute_invoice_id\` solo con el motivo 01.`,
      },
      'substitute_invoice_id',
    );
  }
  if (substituteId === undefined) return undefined;
  if (substituteId === row.id)
    throw fieldError(
      'cancel.substitution_folio_invalid',
      { en: 'An invoice cannot substitute itself.', es: 'Una factura no puede sustituirse a sí misma.' },
      'substitute_invoice_id',
    );
  const substitute = isId('inv', substituteId) ? await findInvoice(ctx.db, scopeOf(ctx), substituteId) : undefined;
  if (!substitute) throw notFound('invoice', substituteId);
  if (substitute.status !== 'stamped' || substitute.uuid === null) {
    throw fieldError(
      'invoice.substitute_not_stamped',
      {
        en: `The substitute invoice ${substituteId} is ${substitute.status}; stamp it first.`,
        es: `La factura sustituta ${substituteId} no está timbrada (estatus ${substitute.status}); tímbrela primero.`,
      },
      'substitute_invoice_id',
    );
  }
  return substitute;
}

function checkState(row: InvoiceRow): void {
  if (row.status === 'cancelled') {
    throw new ApiError('cancel.already_cancelled', { en: `Invoice ${row.id} is already cancelled.`, es: `La factura ${row.id} ya está cancelada.` });
  }
  if (row.status !== 'stamped') {
    throw new ApiError('invoice.not_stamped', {
      en: `Invoice ${row.id} is ${row.status}; only stamped invoices can be cancelled.`,
      es: `La factura ${row.id} no está timbrada; solo se cancelan facturas timbradas.`,
    });
  }
  if (row.cancellation_status === 'pending') {
    throw new ApiError('invoice.cancellation_in_progress', {
      en: `The cancellation of invoice ${row.id} requested at ${row.cancellation_requested_at?.toISOString() ?? 'an earlier time'} is waiting for the receptor.`,
      es: `La cancelación de la factura ${row.id}${row.cancellation_requested_at ? `, solicitada el ${row.cancellation_requested_at.toISOString()},` : ''} espera la respuesta del receptor.`,
    });
  }
}

async function requestAtPac(
  ctx: Ctx,
  deps: InvoiceDeps,
  row: InvoiceRow,
  motivo: string,
  substitute: InvoiceRow | undefined,
): Promise<CancelResult | 'already_cancelled'> {
  const credential = await deps.fiscalProfiles.loadSigningCredential(ctx, row.fiscal_profile_id);
  try {
    return await deps.pacFor(row.mode).cancel({
      uuid: row.uuid ?? '',
      rfcEmisor: row.comprobante.Emisor.Rfc,
      motivo,
      ...(substitute?.uuid ? { folioSustitucion: substitute.uuid } : {}),
      certificateDer: credential.certificate.der,
      privateKey: credential.privateKey,
    });
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    // A request whose answer was lost may have gone through: the SAT then reports it cancelled.
    if (error.code === 'cancel.already_cancelled') return 'already_cancelled';
    throw providerProblem(error, {
      retryAfterSeconds: CANCEL_RETRY_AFTER_SECONDS,
      code: (failure) => (failure.transient && failure.code !== 'cancel.sat_service_unavailable' ? 'pac.internal_error' : failure.code),
    });
  }
}

/**
 * POST /v1/invoices/{id}/cancel. The SAT decides through the PAC: cancelled at once (no
 * acceptance needed: up to $1,000, público en general, types E/T/P, next business day…) or
 * pending until the receptor answers within 72 business hours, which a job follows.
 */
export async function cancelInvoice(ctx: Ctx, deps: InvoiceDeps, id: string, input: CancelInvoiceBody): Promise<InvoiceRow> {
  const row = isId('inv', id) ? await findInvoice(ctx.db, scopeOf(ctx), id) : undefined;
  if (!row) throw notFound('invoice', id);
  checkState(row);
  const substitute = await checkRequest(ctx, row, input);
  const request: CancellationRequest = { reason: input.reason, substituteInvoiceId: substitute?.id ?? null };
  const result = await requestAtPac(ctx, deps, row, input.reason, substitute);
  if (result === 'already_cancelled' || result.status === 'cancelled') {
    const acuse = result !== 'already_cancelled' && result.acuse ? result.acuse : await fetchAcuse(deps, row);
    return recordCancelled(ctx, deps, row, request, acuse);
  }
  return recordPending(ctx, deps, row, request, result.acuse ?? null);
}
