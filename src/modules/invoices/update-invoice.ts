import type { Ctx } from '../../platform/context.ts';
import { ApiError, notFound } from '../../platform/errors/api-error.ts';
import { isId } from '../../platform/ids.ts';
import { findFiscalProfile, serializeFiscalProfile, type SerializedFiscalProfile } from '../fiscal-profiles/index.ts';
import { scopeOf } from './context.ts';
import { validatedComprobante } from './draft/context.ts';
import { assignFolio, withFolioRetries } from './folios.ts';
import type { InvoiceDeps } from './ports.ts';
import { findInvoice, updateInvoice, type InvoiceRow } from './repository.ts';
import type { InvoiceInput, UpdateInvoiceBody } from './request-schemas.ts';
import { updateChangesOf } from './saved-parts.ts';
import { checkEmailInput } from './automatic-email.ts';

function notDraft(row: Pick<InvoiceRow, 'id' | 'status'>, action: string): ApiError {
  return new ApiError('invoice.not_stampable', {
    en: `Invoice ${row.id} is ${row.status}; only a draft can be ${action}.`,
    es: `La factura ${row.id} ya no es un borrador; solo un borrador se puede modificar, timbrar o eliminar.`,
  });
}

/** Metadata merges key by key (Stripe-style); an empty string removes a key. */
export function mergeMetadata(current: Record<string, string>, changes: Record<string, string> | undefined): Record<string, string> {
  if (changes === undefined) return current;
  const merged: Record<string, string> = { ...current };
  for (const [key, value] of Object.entries(changes)) {
    if (value === '') delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

/** `current` with each of `changes` given: a value replaces the stored one, null removes it. */
function withChanges<T extends object>(current: T, changes: Record<string, unknown>): T {
  const next = { ...current } as Record<string, unknown>;
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) delete next[key];
    else if (value !== undefined) next[key] = value;
  }
  return next as T;
}

/**
 * `customer` merges field by field, metadata key by key; the other fields given replace the stored
 * ones, and null removes a field, as if the create had left it out.
 */
export function mergeInput(current: InvoiceInput, changes: UpdateInvoiceBody): InvoiceInput {
  const { customer, metadata, ...rest } = changes;
  return {
    ...withChanges(current, rest),
    customer: withChanges(current.customer, customer ?? {}),
    metadata: mergeMetadata(current.metadata ?? {}, metadata),
  };
}

export async function findDraftForChange(ctx: Ctx, id: string, action: string): Promise<InvoiceRow> {
  const row = isId('inv', id) ? await findInvoice(ctx.db, scopeOf(ctx), id) : undefined;
  if (!row) throw notFound('invoice', id);
  if (row.status !== 'draft') throw notDraft(row, action);
  return row;
}

/** Updates a draft and recomputes it; a new serie (or folio) takes a new folio. */
export async function updateInvoiceDraft(
  ctx: Ctx,
  deps: InvoiceDeps,
  id: string,
  request: UpdateInvoiceBody,
): Promise<{ row: InvoiceRow; profile: SerializedFiscalProfile }> {
  checkEmailInput(request);
  const current = await findDraftForChange(ctx, id, 'updated');
  const filled = await updateChangesOf(ctx, deps, request);
  const changes = filled.changes;
  const merged = mergeInput(current.input, changes);
  // A newly named saved customer replaces the draft's customer instead of merging into it.
  const input = filled.replacesCustomer ? { ...merged, customer: withChanges({} as InvoiceInput['customer'], changes.customer ?? {}) } : merged;
  const view = await findFiscalProfile(ctx, current.fiscal_profile_id);
  const comprobante = await validatedComprobante(ctx, deps.catalogs, view, input);
  const profile = serializeFiscalProfile(view, ctx.services.clock.now());
  const serie = input.serie ?? '';
  const refolio = serie !== current.serie || (changes.folio !== undefined && changes.folio !== current.folio);
  const explicit = changes.folio === undefined ? undefined : { serie, folio: changes.folio };
  const row = await withFolioRetries(
    () =>
      ctx.db.transaction().execute(async (trx) => {
        const folio = refolio
          ? await assignFolio(trx, current.fiscal_profile_id, serie, changes.folio, {
              exceptId: id,
              lockTimeoutMs: deps.folioLockTimeoutMs,
              waitsForLocks: ctx.services.database.capabilities.waitsForLocks,
            })
          : current.folio;
        const updated = await updateInvoice(trx, id, ['draft'], {
          type: comprobante.TipoDeComprobante,
          serie,
          folio,
          customer_rfc: comprobante.Receptor.Rfc,
          currency: comprobante.Moneda,
          subtotal: comprobante.SubTotal,
          total: comprobante.Total,
          input: refolio && changes.folio === undefined ? { ...input, folio: undefined } : input,
          comprobante: { ...comprobante, Folio: folio },
          metadata: input.metadata ?? {},
          error: null,
          updated_at: ctx.services.clock.now(),
        });
        if (!updated)
          throw new ApiError('invoice.not_stampable', {
            en: `Invoice ${id} stopped being a draft while it was being updated.`,
            es: `La factura ${id} dejó de ser borrador mientras se modificaba.`,
          });
        return updated;
      }),
    explicit,
  );
  return { row, profile };
}
