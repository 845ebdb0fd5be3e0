/**
 * The API's taxes (`{type: 'IVA', factor, rate, withholding}`) as the engine's tax lines (SAT
 * names: Impuesto 002, TipoFactor, TasaOCuota). An item lists its taxes in one array; the CFDI
 * splits them into Traslados and Retenciones, so the split keeps each line's original index for
 * reporting errors and rendering amounts back in the caller's order.
 */
import type { TaxSpec } from '../../../cfdi/totals.ts';
import type { PagoTaxSpec } from '../../../cfdi/pagos-totals.ts';
import type { TaxInput } from '../request-schemas.ts';

/** c_Impuesto codes of the API's tax names. */
const TAX_CODES: Readonly<Record<TaxInput['type'], string>> = { ISR: '001', IVA: '002', IEPS: '003' };

export interface SplitTaxes {
  /** Original indexes of the transferred taxes, in CFDI order. */
  traslados: number[];
  /** Original indexes of the withheld taxes, in CFDI order. */
  retenciones: number[];
}

export function splitTaxes(taxes: readonly TaxInput[] | undefined): SplitTaxes {
  const split: SplitTaxes = { traslados: [], retenciones: [] };
  (taxes ?? []).forEach((tax, index) => (tax.withholding ? split.retenciones : split.traslados).push(index));
  return split;
}

function factorOf(tax: TaxInput): string {
  return tax.factor ?? 'Tasa';
}

function itemTax(tax: TaxInput): TaxSpec {
  const spec: TaxSpec = { Impuesto: TAX_CODES[tax.type], TipoFactor: factorOf(tax) };
  if (tax.rate !== undefined) spec.TasaOCuota = tax.rate;
  if (tax.base !== undefined) spec.Base = tax.base;
  return spec;
}

function documentTax(tax: TaxInput): PagoTaxSpec {
  const spec: PagoTaxSpec = { ImpuestoDR: TAX_CODES[tax.type], TipoFactorDR: factorOf(tax) };
  if (tax.rate !== undefined) spec.TasaOCuotaDR = tax.rate;
  if (tax.base !== undefined) spec.BaseDR = tax.base;
  return spec;
}

/** An item's taxes as Traslados and Retenciones. */
export function itemTaxSpecs(taxes: readonly TaxInput[] | undefined): { Traslados: TaxSpec[]; Retenciones: TaxSpec[] } {
  const list = taxes ?? [];
  const split = splitTaxes(list);
  return { Traslados: split.traslados.map((index) => itemTax(list[index]!)), Retenciones: split.retenciones.map((index) => itemTax(list[index]!)) };
}

/** A paid document's taxes as TrasladosDR and RetencionesDR. */
export function documentTaxSpecs(taxes: readonly TaxInput[] | undefined): { TrasladosDR: PagoTaxSpec[]; RetencionesDR: PagoTaxSpec[] } {
  const list = taxes ?? [];
  const split = splitTaxes(list);
  return { TrasladosDR: split.traslados.map((index) => documentTax(list[index]!)), RetencionesDR: split.retenciones.map((index) => documentTax(list[index]!)) };
}

/** Anexo 20 c_ObjetoImp: 02 (subject to tax) needs taxes; without any, 01 (not subject). */
export function defaultTaxObject(taxes: readonly TaxInput[] | undefined): string {
  return (taxes?.length ?? 0) > 0 ? '02' : '01';
}
