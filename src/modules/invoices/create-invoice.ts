import type { Ctx } from '../../platform/context.ts';
import { newId } from '../../platform/ids.ts';
import { findFiscalProfile, serializeFiscalProfile } from '../fiscal-profiles/index.ts';
import { recordInvoiceEvents } from './context.ts';
import { validatedComprobante } from './draft/context.ts';
import { assignFolio, withFolioRetries } from './folios.ts';
import type { InvoiceDeps } from './ports.ts';
import { insertInvoice, type InvoiceRow } from './repository.ts';
import type { CreateInvoiceBody } from './request-schemas.ts';

/**
 * Creates a draft. The profile must exist in the caller's organization and mode (404 otherwise);
 * a draft needs no signed manifiesto, stamping does. The folio is assigned in the inserting
 * transaction, which also records `invoice.created`.
 */
export async function createInvoice({ ctx, deps, input }: { ctx: Ctx; deps: InvoiceDeps; input: CreateInvoiceBody }): Promise<{ row: InvoiceRow; profile: ReturnType<typeof serializeFiscalProfile> }> {
  const view = await findFiscalProfile(ctx, input.fiscal_profile_id);
  const comprobante = await validatedComprobante(ctx, deps.catalogs, view, input);
  const profile = serializeFiscalProfile(view, ctx.services.clock.now());
  const serie = input.serie ?? '';
  const explicit = input.folio === undefined ? undefined : { serie, folio: input.folio };
  const row = await withFolioRetries(() => ctx.db.transaction().execute(async (trx) => {
    const now = ctx.services.clock.now();
    const folio = await assignFolio(trx, view.id, serie, input.folio, { lockTimeoutMs: deps.folioLockTimeoutMs, waitsForLocks: ctx.services.database.kind === 'postgres' });
    const created: InvoiceRow = {
      id: newId('inv', now.getTime()),
      organization_id: ctx.organizationId,
      mode: ctx.mode,
      fiscal_profile_id: view.id,
      status: 'draft',
      type: comprobante.TipoDeComprobante,
      serie,
      folio,
      customer_rfc: comprobante.Receptor.Rfc,
      currency: comprobante.Moneda,
      subtotal: comprobante.SubTotal,
      total: comprobante.Total,
      input,
      comprobante: { ...comprobante, Folio: folio },
      sealed_xml: null, sealed_at: null, xml: null, uuid: null, stamped_at: null, sello_cfd: null, sello_sat: null, no_certificado_sat: null,
      error: null,
      cancellation_status: 'none', cancellation_reason: null, substitute_invoice_id: null,
      cancellation_requested_at: null, cancellation_resolved_at: null, acuse: null,
      metadata: input.metadata ?? {},
      created_at: now,
      updated_at: now,
    };
    await insertInvoice(trx, created);
    await recordInvoiceEvents(trx, ctx, ['invoice.created'], created, profile);
    return created;
  }), explicit);
  return { row, profile };
}
