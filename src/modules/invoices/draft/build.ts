/**
 * The one mapper from the API's invoice request (English names) to the engine's CFDI 4.0 model
 * (SAT names). It computes every amount, and reports what it cannot map as field errors by request
 * path. Fecha, the folio, the seal and the certificate are added later (folio at creation, the rest
 * at stamp time).
 */
import type { CfdiRelacionados, Comprobante } from '../../../cfdi/model.ts';
import { PAGO_COMPROBANTE } from '../../../cfdi/pagos-totals.ts';
import type { FieldError } from '../../../platform/errors/api-error.ts';
import type { InvoiceInput } from '../request-schemas.ts';
import { conceptosOf } from './items.ts';
import { emisorOf, receptorOf, type Issuer } from './parties.ts';
import { pagosOf } from './payments.ts';
import type { References } from './references.ts';

export interface BuildContext {
  issuer: Issuer;
  /** c_Moneda decimals of a currency; undefined when the currency is unknown. */
  currencyDecimals(code: string): number | undefined;
  references: References;
}

export interface BuildResult {
  comprobante: Comprobante;
  errors: FieldError[];
  /** False when some amount could not be computed (the model then holds placeholders). */
  computed: boolean;
}

function relatedOf(input: InvoiceInput, references: References, errors: FieldError[]): CfdiRelacionados[] | undefined {
  if (input.related === undefined || input.related.length === 0) return undefined;
  return input.related.map((group, index) => {
    const fromInvoices = (group.invoices ?? []).map((id, position) => references.stamped(id, `related.${index}.invoices.${position}`, errors)?.uuid ?? '');
    const uuids = [...(group.uuids ?? []).map((uuid) => uuid.toUpperCase()), ...fromInvoices];
    if (uuids.length === 0)
      errors.push({ path: `related.${index}.uuids`, code: 'cfdi.missing_attribute', message: 'List at least one related CFDI in `uuids` or `invoices`.' });
    return { TipoRelacion: group.relationship, UUIDs: uuids };
  });
}

function currencyOf(input: InvoiceInput, errors: FieldError[]): string {
  if ((input.type ?? 'I') !== 'P') return input.currency ?? 'MXN';
  if (input.currency !== undefined && input.currency !== 'XXX') {
    errors.push({
      path: 'currency',
      code: 'cfdi.attribute_not_allowed',
      message: 'A payment (type P) is written in XXX: give the currency of each payment in `payments[].currency`.',
    });
  }
  return 'XXX';
}

/** Anexo 20: types I and E state how they are paid (PUE by default; PPD pays later, FormaPago 99). */
function paymentTerms(input: InvoiceInput): Pick<Comprobante, 'FormaPago' | 'MetodoPago' | 'CondicionesDePago'> {
  const type = input.type ?? 'I';
  const terms: Pick<Comprobante, 'FormaPago' | 'MetodoPago' | 'CondicionesDePago'> = {};
  const method = input.payment_method ?? (type === 'I' || type === 'E' ? 'PUE' : undefined);
  const form = input.payment_form ?? (method === 'PPD' ? '99' : undefined);
  if (form !== undefined) terms.FormaPago = form;
  if (method !== undefined) terms.MetodoPago = method;
  if (input.conditions !== undefined) terms.CondicionesDePago = input.conditions;
  return terms;
}

export function buildComprobante(input: InvoiceInput, context: BuildContext): BuildResult {
  const errors: FieldError[] = [];
  const type = input.type ?? 'I';
  const moneda = currencyOf(input, errors);
  let decimals = context.currencyDecimals(moneda);
  if (decimals === undefined) {
    errors.push({
      path: 'currency',
      code: 'cfdi.unknown_currency',
      message: `"${moneda}" is not a currency of the SAT c_Moneda catalog (ISO 4217), e.g. MXN or USD.`,
    });
    decimals = 2;
  }
  const receptor = receptorOf(input, context.issuer, errors);
  const items = conceptosOf(input, decimals, errors);
  const pagos = pagosOf(input, context.currencyDecimals, context.references, errors);
  const related = relatedOf(input, context.references, errors);
  const amounts = items.amounts;
  const comprobante: Comprobante = {
    Version: '4.0',
    Fecha: '',
    ...paymentTerms(input),
    SubTotal: type === 'P' ? PAGO_COMPROBANTE.SubTotal : (amounts?.SubTotal ?? '0'),
    Moneda: moneda,
    Total: type === 'P' ? PAGO_COMPROBANTE.Total : (amounts?.Total ?? '0'),
    TipoDeComprobante: type,
    Exportacion: input.export ?? '01',
    LugarExpedicion: context.issuer.zip,
    Emisor: emisorOf(context.issuer),
    Receptor: receptor,
    Conceptos: items.conceptos,
  };
  if (input.serie !== undefined) comprobante.Serie = input.serie;
  if (input.folio !== undefined) comprobante.Folio = input.folio;
  if (amounts?.Descuento !== undefined) comprobante.Descuento = amounts.Descuento;
  if (input.exchange_rate !== undefined) comprobante.TipoCambio = input.exchange_rate;
  if (amounts?.Impuestos) comprobante.Impuestos = amounts.Impuestos;
  if (related) comprobante.CfdiRelacionados = related;
  if (input.global) comprobante.InformacionGlobal = { Periodicidad: input.global.periodicity, Meses: input.global.months, Año: input.global.year };
  if (pagos.pagos) comprobante.Complemento = [{ Pagos: pagos.pagos }];
  const computed = type === 'P' ? pagos.computed : amounts !== undefined;
  return { comprobante, errors, computed };
}
