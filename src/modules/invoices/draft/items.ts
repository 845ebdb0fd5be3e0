/**
 * The request's `items` as CFDI Conceptos, with every amount computed by the engine
 * (computeTotals: Importe, taxes, the Impuestos node, SubTotal, Descuento and Total, rounded as
 * Anexo 20 says for the currency's decimals).
 */
import type { Concepto } from '../../../cfdi/model.ts';
import { PAGO_COMPROBANTE } from '../../../cfdi/pagos-totals.ts';
import { computeTotals, type ComprobanteAmounts, type ConceptoDraft } from '../../../cfdi/totals.ts';
import type { FieldError } from '../../../platform/errors/api-error.ts';
import type { InvoiceInput, ItemInput } from '../request-schemas.ts';
import { apiMessage, apiPath } from './paths.ts';
import { conceptoDraft } from './concepto-draft.ts';

const REQUIRED_ITEM_FIELDS = ['product_key', 'unit_key', 'description', 'unit_price'] as const;

/** Missing fields of each item, named by request path (the engine would name SAT attributes). */
function missingFields(items: readonly ItemInput[], errors: FieldError[]): void {
  items.forEach((item, index) => {
    for (const field of REQUIRED_ITEM_FIELDS) {
      if (item[field] === undefined || item[field] === '')
        errors.push({ path: `items.${index}.${field}`, code: 'cfdi.missing_attribute', message: 'is required.' });
    }
  });
}

function concepto(item: ItemInput, draft: ConceptoDraft, amounts: ComprobanteAmounts['Conceptos'][number] | undefined): Concepto {
  const result: Concepto = {
    ClaveProdServ: item.product_key ?? '',
    Cantidad: draft.Cantidad,
    ClaveUnidad: item.unit_key ?? '',
    Descripcion: item.description ?? '',
    ValorUnitario: draft.ValorUnitario,
    Importe: amounts?.Importe ?? '0',
    ObjetoImp: draft.ObjetoImp,
  };
  if (item.sku !== undefined) result.NoIdentificacion = item.sku;
  if (item.unit !== undefined) result.Unidad = item.unit;
  const descuento = amounts?.Descuento ?? draft.Descuento;
  if (descuento !== undefined) result.Descuento = descuento;
  if (amounts?.Impuestos) result.Impuestos = amounts.Impuestos;
  return result;
}

export interface ItemsResult {
  conceptos: Concepto[];
  /** Undefined when an amount could not be computed (errors say why). */
  amounts: ComprobanteAmounts | undefined;
}

/** Conceptos and amounts of a type I, E or T invoice; the single fixed Concepto of a payment (P). */
export function conceptosOf(input: InvoiceInput, currencyDecimals: number, errors: FieldError[]): ItemsResult {
  const type = input.type ?? 'I';
  const items = input.items ?? [];
  if (type === 'P') {
    if (input.items !== undefined)
      errors.push({ path: 'items', code: 'cfdi.attribute_not_allowed', message: 'A payment (type P) has no items: list what was paid in `payments`.' });
    return { conceptos: [{ ...PAGO_COMPROBANTE.Concepto }], amounts: undefined };
  }
  if (items.length === 0) {
    errors.push({ path: 'items', code: 'cfdi.missing_attribute', message: `A type ${type} invoice needs at least one item.` });
    return { conceptos: [], amounts: undefined };
  }
  missingFields(items, errors);
  const drafts = items.map(conceptoDraft);
  const totals = computeTotals({ TipoDeComprobante: type, Conceptos: drafts }, { currencyDecimals });
  if (!totals.ok) {
    for (const error of totals.errors) errors.push({ path: apiPath(error.path, input), code: error.code, message: apiMessage(error.message) });
  }
  const amounts = totals.ok ? totals.amounts : undefined;
  return { conceptos: items.map((item, index) => concepto(item, drafts[index]!, amounts?.Conceptos[index])), amounts };
}
