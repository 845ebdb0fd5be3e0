import { randomBytes } from 'node:crypto';
import type { Comprobante } from '../../cfdi/model.ts';
import type { Ctx } from '../../platform/context.ts';
import type { Db } from '../../platform/db/database.ts';
import { newId } from '../../platform/ids.ts';
import type { EventStatementOutput } from '../events/index.ts';
import { findFiscalProfile, serializeFiscalProfile, type SerializedFiscalProfile } from '../fiscal-profiles/index.ts';
import { invoiceStatementEvents, recordInvoiceEvents } from './context.ts';
import { validatedComprobante } from './draft/context.ts';
import { assignFolio, limitLockWait, withFolioRetries, type FolioOptions } from './folios.ts';
import type { InvoiceDeps } from './ports.ts';
import { insertInvoice, type InvoiceRow } from './repository.ts';
import type { CreateInvoiceBody, CreateInvoiceRequest } from './request-schemas.ts';
import { createInputOf } from './saved-parts.ts';
import { IF_INSERTED, INSERTED_FOLIO, insertWithNextFolio } from './statements.ts';
import { checkEmailInput } from './automatic-email.ts';

interface Draft {
  ctx: Ctx;
  input: CreateInvoiceBody;
  comprobante: Comprobante;
  profileId: string;
  profile: SerializedFiscalProfile;
  folios: FolioOptions;
}

function draftRow({ ctx, input, comprobante, profileId }: Draft, folio: string): InvoiceRow {
  const now = ctx.services.clock.now();
  return {
    id: newId('inv', now.getTime()),
    organization_id: ctx.organizationId,
    mode: ctx.mode,
    fiscal_profile_id: profileId,
    status: 'draft',
    type: comprobante.TipoDeComprobante,
    serie: input.serie ?? '',
    folio,
    customer_rfc: comprobante.Receptor.Rfc,
    currency: comprobante.Moneda,
    subtotal: comprobante.SubTotal,
    total: comprobante.Total,
    input,
    comprobante: { ...comprobante, Folio: folio },
    sealed_xml: null,
    sealed_at: null,
    xml: null,
    uuid: null,
    stamped_at: null,
    sello_cfd: null,
    sello_sat: null,
    no_certificado_sat: null,
    error: null,
    cancellation_status: 'none',
    cancellation_reason: null,
    substitute_invoice_id: null,
    cancellation_requested_at: null,
    cancellation_resolved_at: null,
    acuse: null,
    metadata: input.metadata ?? {},
    created_at: now,
    updated_at: now,
  };
}

/** Inserts the draft with its folio and `invoice.created` in the caller's transaction, the general way. */
async function insertDraft(db: Db, draft: Draft, options: { pastTakenCounter?: boolean } = {}): Promise<InvoiceRow> {
  const serie = draft.input.serie ?? '';
  const folio = await assignFolio(db, draft.profileId, serie, draft.input.folio, { ...draft.folios, ...options });
  const created = draftRow(draft, folio);
  await insertInvoice(db, created);
  await recordInvoiceEvents(db, draft.ctx, ['invoice.created'], created, draft.profile);
  return created;
}

/**
 * The common case, the next folio of the serie, in one statement with its event (statements.ts).
 * The folio is known only inside the statement: a one-time token stands for it in the row and
 * the event until then. Undefined when the counter reached a number an invoice holds.
 */
async function insertWithNextFolioAndEvent(db: Db, draft: Draft): Promise<InvoiceRow | undefined> {
  const token = `folio-${randomBytes(12).toString('hex')}`;
  const pending = draftRow(draft, token);
  const events = invoiceStatementEvents(draft.ctx, ['invoice.created'], pending, draft.profile, {
    when: IF_INSERTED,
    replace: { token, value: INSERTED_FOLIO },
  });
  await limitLockWait(db, draft.folios);
  const { folio, inserted, output } = await insertWithNextFolio<EventStatementOutput>(db, pending, token, {
    ctes: [events.parts.ctes],
    columns: [events.parts.columns],
  });
  await events.settle(db, output, inserted);
  return inserted ? { ...pending, folio, comprobante: { ...pending.comprobante, Folio: folio } } : undefined;
}

/**
 * Creates a draft. The profile must exist in the caller's organization and mode (404 otherwise);
 * a draft needs no signed manifiesto, stamping does. The folio is assigned in the inserting
 * statement or transaction, which also records `invoice.created`.
 */
export async function createInvoice(
  ctx: Ctx,
  deps: InvoiceDeps,
  request: CreateInvoiceRequest,
): Promise<{ row: InvoiceRow; profile: SerializedFiscalProfile }> {
  checkEmailInput(request);
  const input = await createInputOf(ctx, deps, request);
  const view = await findFiscalProfile(ctx, input.fiscal_profile_id);
  const comprobante = await validatedComprobante(ctx, deps.catalogs, view, input);
  const profile = serializeFiscalProfile(view, ctx.services.clock.now());
  // On a single connection no other transaction can hold a lock, so none is waited for.
  const { waitsForLocks } = ctx.services.database.capabilities;
  const draft: Draft = { ctx, input, comprobante, profileId: view.id, profile, folios: { lockTimeoutMs: deps.folioLockTimeoutMs, waitsForLocks } };
  const explicit = input.folio === undefined ? undefined : { serie: input.serie ?? '', folio: input.folio };
  const row = await withFolioRetries(async () => {
    if (explicit) return ctx.db.transaction().execute((trx) => insertDraft(trx, draft));
    // A lock timeout is set per transaction, so only a server that waits for locks needs one here.
    const next = waitsForLocks
      ? await ctx.db.transaction().execute((trx) => insertWithNextFolioAndEvent(trx, draft))
      : await insertWithNextFolioAndEvent(ctx.db, draft);
    return next ?? ctx.db.transaction().execute((trx) => insertDraft(trx, draft, { pastTakenCounter: true }));
  }, explicit);
  return { row, profile };
}
