/**
 * The request's `payments` (type P) as the Complemento para recepción de pagos 2.0, with the
 * engine computing balances, equivalences, DR taxes, ImpuestosP and Totales (computePagosTotals).
 * A paid document named by invoice id takes its UUID, serie, folio and currency from that invoice.
 */
import type { Pagos } from '../../../cfdi/model.ts';
import { computePagosTotals, type DoctoRelacionadoDraft, type PagoDraft } from '../../../cfdi/pagos-totals.ts';
import type { FieldError } from '../../../platform/errors/api-error.ts';
import type { InvoiceInput, PaymentDocumentInput, PaymentInput } from '../request-schemas.ts';
import { apiMessage, apiPath } from './paths.ts';
import type { References } from './references.ts';
import { defaultTaxObject, documentTaxSpecs } from './taxes.ts';

/** FechaPago is local time without a zone; a bare date means noon of that day. */
function paymentDate(date: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) ? `${date}T12:00:00` : date;
}

function documentDraft(
  document: PaymentDocumentInput,
  path: string,
  payment: PaymentInput,
  references: References,
  errors: FieldError[],
): DoctoRelacionadoDraft {
  const paid = document.invoice === undefined ? undefined : references.stamped(document.invoice, `${path}.invoice`, errors);
  if (document.uuid === undefined && document.invoice === undefined) {
    errors.push({
      path: `${path}.uuid`,
      code: 'cfdi.missing_attribute',
      message: 'is required: the UUID of the paid CFDI (or `invoice`, the id of the paid invoice).',
    });
  }
  for (const field of ['installment', 'previous_balance', 'amount_paid'] as const) {
    if (document[field] === undefined) errors.push({ path: `${path}.${field}`, code: 'cfdi.missing_attribute', message: 'is required.' });
  }
  const taxes = documentTaxSpecs(document.taxes);
  const draft: DoctoRelacionadoDraft = {
    IdDocumento: document.uuid ?? paid?.uuid ?? '',
    MonedaDR: document.currency ?? paid?.currency ?? payment.currency ?? 'MXN',
    NumParcialidad: String(document.installment ?? 1),
    ImpSaldoAnt: document.previous_balance ?? '',
    ImpPagado: document.amount_paid ?? '',
    ObjetoImpDR: document.tax_object ?? defaultTaxObject(document.taxes),
  };
  const serie = document.serie ?? (paid?.serie || undefined);
  const folio = document.folio ?? paid?.folio;
  if (serie !== undefined) draft.Serie = serie;
  if (folio !== undefined) draft.Folio = folio;
  if (document.equivalence !== undefined) draft.EquivalenciaDR = document.equivalence;
  if (taxes.TrasladosDR.length > 0) draft.TrasladosDR = taxes.TrasladosDR;
  if (taxes.RetencionesDR.length > 0) draft.RetencionesDR = taxes.RetencionesDR;
  return draft;
}

function pagoDraft(payment: PaymentInput, index: number, references: References, errors: FieldError[]): PagoDraft {
  const path = `payments.${index}`;
  const draft: PagoDraft = {
    FechaPago: paymentDate(payment.date),
    FormaDePagoP: payment.payment_form,
    MonedaP: payment.currency ?? 'MXN',
    DoctoRelacionado: payment.documents.map((document, position) => documentDraft(document, `${path}.documents.${position}`, payment, references, errors)),
  };
  if (payment.exchange_rate !== undefined) draft.TipoCambioP = payment.exchange_rate;
  if (payment.amount !== undefined) draft.Monto = payment.amount;
  if (payment.operation_number !== undefined) draft.NumOperacion = payment.operation_number;
  return draft;
}

/**
 * The drafts as a complement without computed amounts, so that the engine's other rules (payment
 * forms, currencies, installments…) still report on a request whose amounts failed.
 */
function uncomputed(drafts: readonly PagoDraft[]): Pagos {
  return {
    Version: '2.0',
    Totales: { MontoTotalPagos: '0' },
    Pago: drafts.map(({ DoctoRelacionado, Monto, TipoCambioP, ...pago }) => ({
      ...pago,
      Monto: Monto ?? '0',
      ...(TipoCambioP === undefined ? {} : { TipoCambioP }),
      DoctoRelacionado: DoctoRelacionado.map(({ TrasladosDR: _traslados, RetencionesDR: _retenciones, ...docto }) => ({ ...docto, ImpSaldoInsoluto: '0' })),
    })),
  };
}

export interface PagosResult {
  pagos: Pagos | undefined;
  /** False when the amounts failed (errors say why) and `pagos` carries placeholders. */
  computed: boolean;
}

/** The Pagos complement of a type P invoice. */
export function pagosOf(
  input: InvoiceInput,
  currencyDecimals: (code: string) => number | undefined,
  references: References,
  errors: FieldError[],
): PagosResult {
  const payments = input.payments ?? [];
  if ((input.type ?? 'I') !== 'P') {
    if (input.payments !== undefined) errors.push({ path: 'payments', code: 'cfdi.attribute_not_allowed', message: 'Only a payment (type P) lists payments.' });
    return { pagos: undefined, computed: true };
  }
  if (payments.length === 0) {
    errors.push({ path: 'payments', code: 'cfdi.pagos_missing', message: 'A payment (type P) needs at least one entry in `payments`.' });
    return { pagos: undefined, computed: false };
  }
  const before = errors.length;
  const drafts = payments.map((payment, index) => pagoDraft(payment, index, references, errors));
  const totals = computePagosTotals({ Pago: drafts }, { currencyDecimals });
  if (totals.ok && errors.length === before) return { pagos: totals.pagos, computed: true };
  if (!totals.ok) for (const error of totals.errors) errors.push({ path: apiPath(error.path, input), code: error.code, message: apiMessage(error.message) });
  return { pagos: uncomputed(drafts), computed: false };
}
