/**
 * Computes every amount of a CFDI 4.0 Comprobante from a draft (SAT attribute names):
 * Concepto Importe, taxes per Concepto, the grouped Impuestos node, SubTotal, Descuento, Total.
 *
 * Decimals (Anexo 20, cfdv40.xsd):
 * - Cantidad and ValorUnitario may carry up to six decimals (Cantidad is xs:decimal with six
 *   fraction digits and minimum 0.000001; ValorUnitario is t_Importe).
 * - Concepto Importe may carry up to six decimals, but the SAT accepts it when it lies between
 *   the limits computed from Cantidad and ValorUnitario, truncated / rounded up to the currency
 *   decimals. We write Cantidad × ValorUnitario rounded half-up to the currency decimals
 *   (c_Moneda.decimales): that value always lies inside those limits, and it lets SubTotal and
 *   the tax bases be exact sums with the currency's decimals.
 * - Concepto Descuento has at most the currency decimals, so it never has more decimals than Importe.
 * - Tax Importe = Base × TasaOCuota rounded half-up to the currency decimals at Concepto level;
 *   the Impuestos node sums the rounded Concepto amounts (docs/contract.md §2; Anexo 20: "redondeo de
 *   la suma de los importes ... registrados en los conceptos").
 * - Exento taxes carry Base only (no TasaOCuota, no Importe) and do not count in
 *   TotalImpuestosTrasladados; a Comprobante whose traslados are all Exento omits that attribute.
 */
import type { ConceptoImpuestos, Impuestos, Retencion, RetencionGlobal, Traslado } from './model.ts';
import { Decimal, decimalPlaces, formatAmount, IMPORTE_PATTERN, MAX_DECIMALS, roundHalfUp, sum } from './amounts.ts';
import { checkTaxLine, OBJETO_IMP_FORBIDS_TAXES, OBJETO_IMP_REQUIRES_TAXES, OBJETOS_IMP, trasladoKey } from './tax-specs.ts';
import type { FieldError, TaxKind } from './tax-specs.ts';

/** One tax of a Concepto. `Base` overrides Importe − Descuento (e.g. litres for an IEPS Cuota). */
export interface TaxSpec {
  Impuesto: '001' | '002' | '003' | string;
  TipoFactor: 'Tasa' | 'Cuota' | 'Exento' | string;
  TasaOCuota?: string;
  Base?: string;
}

export interface ConceptoDraft {
  Cantidad: string;
  ValorUnitario: string;
  Descuento?: string;
  ObjetoImp: string;
  Traslados?: readonly TaxSpec[];
  Retenciones?: readonly TaxSpec[];
}

export interface ComprobanteDraft {
  TipoDeComprobante: string;
  Conceptos: readonly ConceptoDraft[];
}

export interface TotalsOptions {
  /** c_Moneda.decimales of the Comprobante's Moneda (2 for MXN and USD, 0 for XXX). */
  currencyDecimals: number;
}

interface ConceptoAmounts {
  Importe: string;
  Descuento?: string;
  Impuestos?: ConceptoImpuestos;
}

export interface ComprobanteAmounts {
  SubTotal: string;
  Descuento?: string;
  Total: string;
  Impuestos?: Impuestos;
  /** Same order as the draft's Conceptos. */
  Conceptos: ConceptoAmounts[];
}

export type TotalsResult = { ok: true; amounts: ComprobanteAmounts } | { ok: false; errors: FieldError[] };

/** A computed tax line before formatting; `importe` is null for Exento. */
interface TaxLine {
  kind: TaxKind;
  impuesto: string;
  factor: string;
  rate: string | null;
  base: Decimal;
  baseText: string;
  importe: Decimal | null;
}

interface ConceptoResult {
  importe: Decimal;
  descuento: Decimal | undefined;
  taxes: TaxLine[];
}

/** Types whose SubTotal and Total are 0 and which carry no taxes (Anexo 20: T traslado, P pago). */
const ZERO_TOTAL_TYPES: ReadonlySet<string> = new Set(['T', 'P']);

/** Anexo 20: ValorUnitario must be greater than 0 for Ingreso, Egreso and Nómina. */
const POSITIVE_PRICE_TYPES: ReadonlySet<string> = new Set(['I', 'E', 'N']);

export function computeTotals(draft: ComprobanteDraft, options: TotalsOptions): TotalsResult {
  const decimals = options.currencyDecimals;
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > MAX_DECIMALS) {
    throw new RangeError(`currencyDecimals must be an integer from 0 to ${MAX_DECIMALS}`);
  }
  const errors: FieldError[] = [];
  if (draft.Conceptos.length === 0) {
    errors.push({ code: 'cfdi.no_conceptos', path: 'Conceptos', message: 'A CFDI needs at least one Concepto.' });
  }
  const results = draft.Conceptos.map((concepto, index) => computeConcepto(concepto, `Conceptos.${index}`, draft.TipoDeComprobante, decimals, errors));
  if (errors.length > 0) return { ok: false, errors };
  const computed = results as ConceptoResult[];
  const amounts = summarize(computed, draft.TipoDeComprobante, decimals, errors);
  return errors.length > 0 ? { ok: false, errors } : { ok: true, amounts };
}

function computeConcepto(concepto: ConceptoDraft, path: string, tipo: string, decimals: number, errors: FieldError[]): ConceptoResult | undefined {
  const before = errors.length;
  const cantidad = readDecimal(concepto.Cantidad, `${path}.Cantidad`, MAX_DECIMALS, errors);
  if (cantidad?.isZero()) {
    errors.push({ code: 'cfdi.cantidad_not_positive', path: `${path}.Cantidad`, message: 'Cantidad must be greater than 0 (minimum 0.000001).' });
  }
  const valor = readDecimal(concepto.ValorUnitario, `${path}.ValorUnitario`, MAX_DECIMALS, errors);
  if (valor?.isZero() && POSITIVE_PRICE_TYPES.has(tipo)) {
    errors.push({
      code: 'cfdi.valor_unitario_not_positive',
      path: `${path}.ValorUnitario`,
      message: `ValorUnitario must be greater than 0 for a type ${tipo} CFDI.`,
    });
  }
  const descuento = concepto.Descuento === undefined ? undefined : readDecimal(concepto.Descuento, `${path}.Descuento`, decimals, errors);
  const importe = cantidad && valor ? roundHalfUp(cantidad.times(valor), decimals) : undefined;
  if (importe && descuento?.gt(importe)) {
    errors.push({
      code: 'cfdi.descuento_exceeds_importe',
      path: `${path}.Descuento`,
      message: `Descuento ${concepto.Descuento} is greater than the item's Importe ${importe.toFixed(decimals)}.`,
    });
  }
  checkObjetoImp(concepto, path, tipo, errors);
  const base = importe ? importe.minus(descuento ?? 0) : undefined;
  const taxes = [
    ...(concepto.Traslados ?? []).map((spec, index) => computeTax(spec, 'traslado', `${path}.Traslados.${index}`, base, decimals, errors)),
    ...(concepto.Retenciones ?? []).map((spec, index) => computeTax(spec, 'retencion', `${path}.Retenciones.${index}`, base, decimals, errors)),
  ];
  if (errors.length > before || importe === undefined) return undefined;
  return { importe, descuento, taxes: taxes as TaxLine[] };
}

function checkObjetoImp(concepto: ConceptoDraft, path: string, tipo: string, errors: FieldError[]): void {
  const hasTaxes = (concepto.Traslados?.length ?? 0) + (concepto.Retenciones?.length ?? 0) > 0;
  const objeto = concepto.ObjetoImp;
  if (!(OBJETOS_IMP as readonly string[]).includes(objeto)) {
    errors.push({ code: 'cfdi.invalid_objeto_imp', path: `${path}.ObjetoImp`, message: `ObjetoImp "${objeto}" is not in c_ObjetoImp (01 to 08).` });
  } else if (OBJETO_IMP_REQUIRES_TAXES.has(objeto) && !hasTaxes) {
    errors.push({
      code: 'cfdi.objeto_imp_02_without_taxes',
      path: `${path}.ObjetoImp`,
      message: 'An item with ObjetoImp 02 must have at least one tax; use ObjetoImp 01 when it is not subject to tax.',
    });
  } else if (OBJETO_IMP_FORBIDS_TAXES.has(objeto) && hasTaxes) {
    errors.push({
      code: 'cfdi.objeto_imp_taxes_not_allowed',
      path: `${path}.ObjetoImp`,
      message: `An item with ObjetoImp ${objeto} cannot carry taxes; use ObjetoImp 02 or remove the taxes.`,
    });
  }
  if (ZERO_TOTAL_TYPES.has(tipo) && hasTaxes) {
    errors.push({ code: 'cfdi.taxes_not_allowed_for_tipo', path: `${path}`, message: `A type ${tipo} CFDI carries no taxes.` });
  }
}

function computeTax(spec: TaxSpec, kind: TaxKind, path: string, itemBase: Decimal | undefined, decimals: number, errors: FieldError[]): TaxLine | undefined {
  const rate = checkTaxLine(spec, kind, path, errors);
  const explicitBase = spec.Base === undefined ? undefined : readDecimal(spec.Base, `${path}.Base`, MAX_DECIMALS, errors);
  const base = explicitBase ?? itemBase;
  if (base === undefined || rate === undefined) return undefined;
  if (!base.isPositive() || base.isZero()) {
    errors.push({
      code: 'cfdi.tax_base_not_positive',
      path: `${path}.Base`,
      message: 'A tax Base must be greater than 0 (minimum 0.000001); an item fully discounted is not subject to tax (ObjetoImp 01).',
    });
    return undefined;
  }
  const baseText = spec.Base ?? formatAmount(base, decimals);
  const importe = rate === null ? null : roundHalfUp(base.times(rate), decimals);
  return { kind, impuesto: spec.Impuesto, factor: spec.TipoFactor, rate, base, baseText, importe };
}

/** Reads a non-negative decimal string with at most `places` decimals, pushing an error otherwise. */
function readDecimal(text: string, path: string, places: number, errors: FieldError[]): Decimal | undefined {
  if (typeof text !== 'string' || !IMPORTE_PATTERN.test(text) || decimalPlaces(text) > places) {
    const field = path.slice(path.lastIndexOf('.') + 1);
    errors.push({
      code: 'cfdi.invalid_amount',
      path,
      message: `${field} must be a non-negative decimal string with up to 18 integer digits and up to ${places} decimals; got "${String(text)}".`,
    });
    return undefined;
  }
  return new Decimal(text);
}

function summarize(conceptos: ConceptoResult[], tipo: string, decimals: number, errors: FieldError[]): ComprobanteAmounts {
  const lines = conceptos.flatMap((concepto) => concepto.taxes);
  const impuestos = groupTaxes(lines, decimals);
  const subTotal = sum(conceptos.map((concepto) => concepto.importe));
  const hasDescuento = conceptos.some((concepto) => concepto.descuento !== undefined);
  const descuento = sum(conceptos.map((concepto) => concepto.descuento ?? new Decimal(0)));
  const trasladados = new Decimal(impuestos?.TotalImpuestosTrasladados ?? 0);
  const retenidos = new Decimal(impuestos?.TotalImpuestosRetenidos ?? 0);
  const zero = ZERO_TOTAL_TYPES.has(tipo);
  const total = zero ? new Decimal(0) : subTotal.minus(descuento).plus(trasladados).minus(retenidos);
  if (total.isNegative() && !total.isZero()) {
    errors.push({ code: 'cfdi.negative_total', path: 'Conceptos', message: `The withholdings exceed the amount: Total would be ${total.toFixed(decimals)}.` });
  }
  for (const [field, value] of [
    ['SubTotal', subTotal],
    ['Total', total],
  ] as const) {
    if (!IMPORTE_PATTERN.test(value.abs().toFixed(decimals))) {
      errors.push({ code: 'cfdi.amount_out_of_range', path: 'Conceptos', message: `${field} exceeds 18 integer digits.` });
    }
  }
  const amounts: ComprobanteAmounts = {
    SubTotal: formatAmount(zero ? new Decimal(0) : subTotal, decimals),
    Total: formatAmount(total, decimals),
    Conceptos: conceptos.map((concepto) => conceptoAmounts(concepto, decimals)),
  };
  if (hasDescuento) amounts.Descuento = formatAmount(descuento, decimals);
  if (impuestos) amounts.Impuestos = impuestos;
  return amounts;
}

function conceptoAmounts(concepto: ConceptoResult, decimals: number): ConceptoAmounts {
  const amounts: ConceptoAmounts = { Importe: formatAmount(concepto.importe, decimals) };
  if (concepto.descuento !== undefined) amounts.Descuento = formatAmount(concepto.descuento, decimals);
  const traslados: Traslado[] = [];
  const retenciones: Retencion[] = [];
  for (const line of concepto.taxes) {
    const importe = line.importe === null ? undefined : formatAmount(line.importe, decimals);
    if (line.kind === 'traslado') {
      const traslado: Traslado = { Base: line.baseText, Impuesto: line.impuesto, TipoFactor: line.factor };
      if (line.rate !== null) traslado.TasaOCuota = line.rate;
      if (importe !== undefined) traslado.Importe = importe;
      traslados.push(traslado);
    } else {
      retenciones.push({ Base: line.baseText, Impuesto: line.impuesto, TipoFactor: line.factor, TasaOCuota: line.rate ?? '', Importe: importe ?? '' });
    }
  }
  if (traslados.length + retenciones.length > 0) {
    amounts.Impuestos = {};
    if (traslados.length > 0) amounts.Impuestos.Traslados = traslados;
    if (retenciones.length > 0) amounts.Impuestos.Retenciones = retenciones;
  }
  return amounts;
}

/**
 * The Comprobante's Impuestos node: traslados grouped by Impuesto + TipoFactor + TasaOCuota with
 * summed Base and Importe, retenciones grouped by Impuesto; undefined when there are no taxes.
 */
function groupTaxes(lines: readonly TaxLine[], decimals: number): Impuestos | undefined {
  if (lines.length === 0) return undefined;
  const traslados = new Map<string, { line: TaxLine; base: Decimal; importe: Decimal | null }>();
  const retenciones = new Map<string, Decimal>();
  for (const line of lines) {
    if (line.kind === 'retencion') {
      retenciones.set(line.impuesto, (retenciones.get(line.impuesto) ?? new Decimal(0)).plus(line.importe ?? 0));
      continue;
    }
    const key = trasladoKey(line.impuesto, line.factor, line.rate);
    const group = traslados.get(key) ?? { line, base: new Decimal(0), importe: line.importe === null ? null : new Decimal(0) };
    group.base = group.base.plus(line.base);
    if (group.importe !== null && line.importe !== null) group.importe = group.importe.plus(line.importe);
    traslados.set(key, group);
  }
  const impuestos: Impuestos = {};
  if (retenciones.size > 0) {
    const grouped: RetencionGlobal[] = [...retenciones].map(([impuesto, importe]) => ({ Impuesto: impuesto, Importe: formatAmount(importe, decimals) }));
    impuestos.TotalImpuestosRetenidos = formatAmount(sum(retenciones.values()), decimals);
    impuestos.Retenciones = grouped;
  }
  if (traslados.size > 0) {
    const taxed = [...traslados.values()].filter((group) => group.importe !== null);
    if (taxed.length > 0) impuestos.TotalImpuestosTrasladados = formatAmount(sum(taxed.map((group) => group.importe as Decimal)), decimals);
    impuestos.Traslados = [...traslados.values()].map(({ line, base, importe }) => {
      const traslado: Traslado = { Base: formatAmount(base, decimals), Impuesto: line.impuesto, TipoFactor: line.factor };
      if (line.rate !== null) traslado.TasaOCuota = line.rate;
      if (importe !== null) traslado.Importe = formatAmount(importe, decimals);
      return traslado;
    });
  }
  return impuestos;
}
