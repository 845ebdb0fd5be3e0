import type { Comprobante } from '../../cfdi/model.ts';
import { findPagos } from '../../cfdi/model.ts';
import type { Ctx } from '../../platform/context.ts';
import { ApiError, type FieldError } from '../../platform/errors/api-error.ts';
import { findFiscalProfile } from '../fiscal-profiles/index.ts';
import { comprobanteFindings } from './draft/context.ts';
import type { InvoiceDeps } from './ports.ts';
import type { CreateInvoiceRequest } from './request-schemas.ts';
import { createInputOf } from './saved-parts.ts';
import { checkEmailInput } from './automatic-email.ts';
import type { InvoicePreviewObject } from './schemas.ts';

/** c_Impuesto codes as the API names them. */
const TAX_NAMES: Record<string, string> = { '001': 'ISR', '002': 'IVA', '003': 'IEPS' };
const taxName = (code: string) => TAX_NAMES[code] ?? code;

function taxesOf(comprobante: Comprobante): InvoicePreviewObject['taxes'] {
  const impuestos = comprobante.Impuestos;
  const transferred = (impuestos?.Traslados ?? []).map((line) => ({
    type: taxName(line.Impuesto),
    factor: line.TipoFactor,
    rate: line.TasaOCuota ?? null,
    withholding: false,
    base: line.Base,
    amount: line.Importe ?? null,
  }));
  const withheld = (impuestos?.Retenciones ?? []).map((line) => ({
    type: taxName(line.Impuesto),
    factor: null,
    rate: null,
    withholding: true,
    base: null,
    amount: line.Importe,
  }));
  return [...transferred, ...withheld];
}

const MISSING_CUSTOMER: FieldError = {
  path: 'customer.rfc',
  code: 'required',
  message: 'is required unless customer_id names a saved customer.',
  messageEs: 'El RFC del cliente es obligatorio, salvo que customer_id indique un cliente guardado.',
};

/** A request's computed amounts, or none, with `errors` (English; the route words them in the caller's language). */
function previewOf(ctx: Ctx, type: string, comprobante: Comprobante | undefined, computed: boolean, errors: FieldError[]): InvoicePreviewObject {
  const amounts = computed && comprobante !== undefined;
  const impuestos = amounts ? comprobante.Impuestos : undefined;
  return {
    object: 'invoice_preview',
    livemode: ctx.mode === 'live',
    valid: errors.length === 0,
    type: comprobante?.TipoDeComprobante ?? type,
    currency: comprobante?.Moneda ?? (type === 'P' ? 'XXX' : 'MXN'),
    subtotal: amounts ? comprobante.SubTotal : null,
    discount: amounts ? (comprobante.Descuento ?? null) : null,
    taxes: amounts ? taxesOf(comprobante) : [],
    total_taxes_transferred: impuestos?.TotalImpuestosTrasladados ?? null,
    total_taxes_withheld: impuestos?.TotalImpuestosRetenidos ?? null,
    total: amounts ? comprobante.Total : null,
    payments_total: amounts ? (findPagos(comprobante)?.Totales.MontoTotalPagos ?? null) : null,
    errors,
  };
}

/**
 * What `POST /v1/invoices` would make of a request, without storing it or counting a folio: the
 * amounts computed by the same mapper and engine, and every failing field. A saved customer or
 * product that does not exist is a failing field here too (a create answers it with a 422).
 */
export async function previewInvoice(ctx: Ctx, deps: InvoiceDeps, request: CreateInvoiceRequest): Promise<InvoicePreviewObject> {
  const type = request.type ?? 'I';
  // The amounts do not depend on the customer: a body without one (a form not filled in yet) is
  // computed with an empty receptor, and the missing customer is its failing field.
  const customerless = request.customer === undefined && request.customer_id === undefined;
  let input;
  try {
    checkEmailInput(request);
    input = await createInputOf(ctx, deps, customerless ? { ...request, customer: { rfc: '' } } : request);
  } catch (error) {
    if (error instanceof ApiError && error.errors && (error.code === 'request.validation_failed' || error.code === 'invoice.email_duplicate_recipient'))
      return previewOf(ctx, type, undefined, false, error.errors);
    throw error;
  }
  const profile = await findFiscalProfile(ctx, input.fiscal_profile_id);
  const findings = await comprobanteFindings(ctx, deps.catalogs, profile, input);
  const errors = customerless ? [MISSING_CUSTOMER, ...findings.errors.filter((error) => error.path !== 'customer.rfc')] : findings.errors;
  return previewOf(ctx, type, findings.comprobante, findings.computed, errors);
}
