/**
 * The invoice form's running total, computed in the browser by the service's own pure functions:
 * `conceptoDraft` (an item as the engine's Concepto draft) and `computeTotals` (Importe, taxes,
 * Impuestos, SubTotal, Descuento and Total with Anexo 20's rounding to the currency's decimals).
 * What the form shows is therefore what the stamped CFDI says. No JSX, so node tests import it.
 */
import { computeTotals } from '../../../../src/cfdi/totals.ts';
import { conceptoDraft } from '../../../../src/modules/invoices/draft/concepto-draft.ts';
import { invoiceBody, type TaxInput } from './invoice-body.ts';

type Values = Record<string, string>;
type Item = Parameters<typeof conceptoDraft>[0];

/** c_Impuesto codes as the form names them. */
const TAX_NAMES: Record<string, string> = { '001': 'ISR', '002': 'IVA', '003': 'IEPS' };

export interface FormTotals {
  subtotal: string;
  /** Absent when no item has a discount (the CFDI then has no Descuento). */
  discount?: string;
  /** Transferred taxes grouped as the CFDI groups them (tax, factor and rate); Exento has no amount. */
  transferred: { tax: string; factor: string; rate: string | null; amount: string | null }[];
  /** Withheld taxes, one line per tax. */
  withheld: { tax: string; amount: string }[];
  total: string;
}

/**
 * The totals of the form's type I invoice in a currency with `decimals` decimals, or undefined
 * while an item lacks what the engine needs (a price, a valid rate…). Items left to a saved
 * product's taxes use those taxes, kept by the form in `items.N.product_taxes`.
 */
export function formTotals(values: Values, itemCount: number, decimals: number): FormTotals | undefined {
  const body = invoiceBody(values, itemCount);
  const items = (body.items as (Item & { product_id?: string })[]).map((item, index) => {
    const { product_id: _saved, ...rest } = item;
    const kept = values[`items.${index}.product_taxes`];
    if (values[`items.${index}.iva`] === 'product' && kept) return { ...rest, taxes: JSON.parse(kept) as TaxInput[] };
    return rest;
  });
  const result = computeTotals({ TipoDeComprobante: 'I', Conceptos: items.map((item) => conceptoDraft(item as Item)) }, { currencyDecimals: decimals });
  if (!result.ok) return undefined;
  const { amounts } = result;
  const totals: FormTotals = {
    subtotal: amounts.SubTotal,
    transferred: (amounts.Impuestos?.Traslados ?? []).map((line) => ({
      tax: TAX_NAMES[line.Impuesto] ?? line.Impuesto,
      factor: line.TipoFactor,
      rate: line.TasaOCuota ?? null,
      amount: line.Importe ?? null,
    })),
    withheld: (amounts.Impuestos?.Retenciones ?? []).map((line) => ({ tax: TAX_NAMES[line.Impuesto] ?? line.Impuesto, amount: line.Importe })),
    total: amounts.Total,
  };
  if (amounts.Descuento !== undefined) totals.discount = amounts.Descuento;
  return totals;
}
