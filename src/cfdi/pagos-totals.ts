/**
 * Computes the amounts of a Complemento para recepción de pagos 2.0 from a draft (SAT names):
 * ImpSaldoInsoluto, EquivalenciaDR, the DR taxes (BaseDR, ImporteDR), ImpuestosP, the Monto when
 * absent, and the Totales node. Rules from the Guía de llenado del complemento de pagos 2.0:
 * - ImpSaldoAnt, ImpPagado and ImpSaldoInsoluto carry the decimals of MonedaDR;
 *   ImpSaldoInsoluto = ImpSaldoAnt − ImpPagado and is never negative.
 * - EquivalenciaDR is "1" when MonedaDR equals MonedaP and is required otherwise.
 * - TipoCambioP is "1" for MXN and required for any other MonedaP (XXX is not allowed).
 * - Monto has the decimals of MonedaP and covers the sum of ImpPagado / EquivalenciaDR. When the
 *   draft omits it we round that sum UP, so the rule "suma de ImpPagado ≤ Monto" always holds.
 * - BaseDR defaults to the base implied by the payment: ImpPagado / (1 + Σ traslado rates −
 *   Σ retención rates), rounded half-up to the MonedaDR decimals. Pass BaseDR explicitly when the
 *   taxes of the document have different bases or use Cuota. ImporteDR = BaseDR × TasaOCuotaDR,
 *   rounded half-up to the MonedaDR decimals; Exento lines carry BaseDR only.
 */
import type { Concepto, DoctoRelacionado, ImpuestosDR, Pago, Pagos, RetencionDR, TrasladoDR } from './model.ts';
import { Decimal, decimalPlaces, formatAmount, MAX_DECIMALS, roundHalfUp, roundUp, sum } from './amounts.ts';
import { checkTaxLine, OBJETO_IMP_FORBIDS_TAXES, OBJETO_IMP_REQUIRES_TAXES, OBJETOS_IMP } from './tax-specs.ts';
import type { FieldError, TaxKind } from './tax-specs.ts';
import { equivalencia, impuestosP, pagosTotales } from './pagos-sums.ts';

/** Anexo 20 / Guía de pagos: the fixed amounts and single Concepto of a type P Comprobante. */
export const PAGO_COMPROBANTE = {
  SubTotal: '0',
  Total: '0',
  Moneda: 'XXX',
  Concepto: {
    ClaveProdServ: '84111506',
    Cantidad: '1',
    ClaveUnidad: 'ACT',
    Descripcion: 'Pago',
    ValorUnitario: '0',
    Importe: '0',
    ObjetoImp: '01',
  } satisfies Concepto,
} as const;

export interface PagoTaxSpec {
  ImpuestoDR: string;
  TipoFactorDR: string;
  TasaOCuotaDR?: string;
  BaseDR?: string;
}

export interface DoctoRelacionadoDraft extends Omit<DoctoRelacionado, 'EquivalenciaDR' | 'ImpSaldoInsoluto' | 'ImpuestosDR'> {
  EquivalenciaDR?: string;
  TrasladosDR?: readonly PagoTaxSpec[];
  RetencionesDR?: readonly PagoTaxSpec[];
}

export interface PagoDraft extends Omit<Pago, 'Monto' | 'TipoCambioP' | 'DoctoRelacionado' | 'ImpuestosP'> {
  Monto?: string;
  TipoCambioP?: string;
  DoctoRelacionado: readonly DoctoRelacionadoDraft[];
}

export interface PagosDraft {
  Pago: readonly PagoDraft[];
}

export interface PagosTotalsOptions {
  /** c_Moneda.decimales of a currency code, undefined when the code is not in c_Moneda. */
  currencyDecimals: (code: string) => number | undefined;
}

export type PagosTotalsResult = { ok: true; pagos: Pagos } | { ok: false; errors: FieldError[] };

/** EquivalenciaDR: t_TipoCambio-like decimal with up to ten decimals (Pagos20.xsd). */
const EQUIVALENCIA_PATTERN = /^[0-9]{1,18}(\.[0-9]{1,10})?$/;
const TIPO_CAMBIO_PATTERN = /^[0-9]{1,18}(\.[0-9]{1,6})?$/;

export function computePagosTotals(draft: PagosDraft, options: PagosTotalsOptions): PagosTotalsResult {
  const errors: FieldError[] = [];
  if (draft.Pago.length === 0) errors.push({ code: 'cfdi.pagos_without_pago', path: 'Pago', message: 'The Pagos complement needs at least one Pago.' });
  const pagos = draft.Pago.map((pago, index) => computePago(pago, `Pago.${index}`, options, errors));
  if (errors.length > 0) return { ok: false, errors };
  const computed = pagos as Pago[];
  return { ok: true, pagos: { Version: '2.0', Totales: pagosTotales(computed, options.currencyDecimals('MXN') ?? 2), Pago: computed } };
}

function computePago(draft: PagoDraft, path: string, options: PagosTotalsOptions, errors: FieldError[]): Pago | undefined {
  const before = errors.length;
  const decimals = currencyOf(draft.MonedaP, `${path}.MonedaP`, options, errors);
  const tipoCambio = decimals === undefined ? undefined : tipoCambioP(draft, path, errors);
  if (draft.DoctoRelacionado.length === 0) {
    errors.push({
      code: 'cfdi.pagos_without_documents',
      path: `${path}.DoctoRelacionado`,
      message: 'Each Pago must list at least one DoctoRelacionado it pays.',
    });
  }
  const doctos = draft.DoctoRelacionado.map((docto, index) => computeDocto(docto, `${path}.DoctoRelacionado.${index}`, draft.MonedaP, options, errors));
  if (errors.length > before || decimals === undefined || tipoCambio === undefined) return undefined;
  const computed = doctos as DoctoRelacionado[];
  const paid = sum(computed.map((docto) => new Decimal(docto.ImpPagado).div(equivalencia(docto))));
  const monto = montoOf(draft.Monto, paid, decimals, path, errors);
  if (monto === undefined) return undefined;
  const { DoctoRelacionado: _drafts, Monto: _monto, TipoCambioP: _tipoCambio, ...rest } = draft;
  const pago: Pago = { ...rest, TipoCambioP: tipoCambio, Monto: monto, DoctoRelacionado: computed };
  const node = impuestosP(computed, decimals);
  if (node) pago.ImpuestosP = node;
  return pago;
}

function currencyOf(code: string, path: string, options: PagosTotalsOptions, errors: FieldError[]): number | undefined {
  const decimals = code === 'XXX' ? undefined : options.currencyDecimals(code);
  if (decimals === undefined) {
    errors.push({ code: 'cfdi.unknown_currency', path, message: `Currency "${code}" is not a c_Moneda payment currency (XXX is not allowed in a Pago).` });
  }
  return decimals;
}

function tipoCambioP(draft: PagoDraft, path: string, errors: FieldError[]): string | undefined {
  const value = draft.TipoCambioP;
  if (draft.MonedaP === 'MXN') {
    if (value === undefined || (TIPO_CAMBIO_PATTERN.test(value) && new Decimal(value).eq(1))) return '1';
    errors.push({ code: 'cfdi.pagos_tipo_cambio_invalid', path: `${path}.TipoCambioP`, message: 'TipoCambioP must be "1" when MonedaP is MXN.' });
    return undefined;
  }
  if (value === undefined || !TIPO_CAMBIO_PATTERN.test(value) || new Decimal(value).isZero()) {
    errors.push({
      code: 'cfdi.pagos_tipo_cambio_required',
      path: `${path}.TipoCambioP`,
      message: `TipoCambioP (MXN per ${draft.MonedaP}, up to six decimals, greater than 0) is required when MonedaP is not MXN.`,
    });
    return undefined;
  }
  return value;
}

function montoOf(given: string | undefined, paid: Decimal, decimals: number, path: string, errors: FieldError[]): string | undefined {
  if (given === undefined) return formatAmount(roundUp(paid, decimals), decimals);
  const monto = readAmount(given, `${path}.Monto`, decimals, errors);
  if (monto === undefined) return undefined;
  if (monto.isZero()) {
    errors.push({ code: 'cfdi.pagos_monto_not_positive', path: `${path}.Monto`, message: 'Monto must be greater than 0.' });
    return undefined;
  }
  // Guía: the converted ImpPagado sum may exceed Monto only by the rounding margin.
  if (monto.lt(roundHalfUp(paid, decimals))) {
    errors.push({
      code: 'cfdi.pagos_monto_insufficient',
      path: `${path}.Monto`,
      message: `Monto ${given} is less than the sum of ImpPagado in the payment currency (${formatAmount(paid, decimals)}).`,
    });
    return undefined;
  }
  return given;
}

function computeDocto(
  draft: DoctoRelacionadoDraft,
  path: string,
  monedaP: string,
  options: PagosTotalsOptions,
  errors: FieldError[],
): DoctoRelacionado | undefined {
  const before = errors.length;
  const decimals = currencyOf(draft.MonedaDR, `${path}.MonedaDR`, options, errors);
  const places = decimals ?? MAX_DECIMALS;
  const saldo = readAmount(draft.ImpSaldoAnt, `${path}.ImpSaldoAnt`, places, errors);
  const pagado = readAmount(draft.ImpPagado, `${path}.ImpPagado`, places, errors);
  if (saldo?.isZero()) errors.push({ code: 'cfdi.pagos_saldo_not_positive', path: `${path}.ImpSaldoAnt`, message: 'ImpSaldoAnt must be greater than 0.' });
  if (pagado?.isZero()) errors.push({ code: 'cfdi.pagos_imp_pagado_not_positive', path: `${path}.ImpPagado`, message: 'ImpPagado must be greater than 0.' });
  if (saldo && pagado?.gt(saldo)) {
    errors.push({
      code: 'cfdi.pagos_imp_pagado_exceeds_saldo',
      path: `${path}.ImpPagado`,
      message: `ImpPagado ${draft.ImpPagado} exceeds the previous balance ImpSaldoAnt ${draft.ImpSaldoAnt}.`,
    });
  }
  const equivalenciaDR = equivalenciaOf(draft, path, monedaP, errors);
  checkObjetoImpDR(draft, path, errors);
  const impuestos = pagado ? impuestosDR(draft, path, pagado, places, errors) : undefined;
  if (errors.length > before || !saldo || !pagado || decimals === undefined || equivalenciaDR === undefined) return undefined;
  const { TrasladosDR: _traslados, RetencionesDR: _retenciones, EquivalenciaDR: _equivalencia, ...rest } = draft;
  const docto: DoctoRelacionado = { ...rest, EquivalenciaDR: equivalenciaDR, ImpSaldoInsoluto: formatAmount(saldo.minus(pagado), decimals) };
  if (impuestos) docto.ImpuestosDR = impuestos;
  return docto;
}

function equivalenciaOf(draft: DoctoRelacionadoDraft, path: string, monedaP: string, errors: FieldError[]): string | undefined {
  const value = draft.EquivalenciaDR;
  const valid = value !== undefined && EQUIVALENCIA_PATTERN.test(value) && !new Decimal(value).isZero();
  if (draft.MonedaDR === monedaP) {
    if (value === undefined || (valid && new Decimal(value).eq(1))) return '1';
    errors.push({
      code: 'cfdi.pagos_equivalencia_invalid',
      path: `${path}.EquivalenciaDR`,
      message: 'EquivalenciaDR must be "1" when MonedaDR equals MonedaP.',
    });
    return undefined;
  }
  if (!valid) {
    errors.push({
      code: 'cfdi.pagos_equivalencia_required',
      path: `${path}.EquivalenciaDR`,
      message: `EquivalenciaDR (${draft.MonedaDR} per ${monedaP}, up to ten decimals, greater than 0) is required when MonedaDR differs from MonedaP.`,
    });
    return undefined;
  }
  return value;
}

function checkObjetoImpDR(draft: DoctoRelacionadoDraft, path: string, errors: FieldError[]): void {
  const hasTaxes = (draft.TrasladosDR?.length ?? 0) + (draft.RetencionesDR?.length ?? 0) > 0;
  if (!(OBJETOS_IMP as readonly string[]).includes(draft.ObjetoImpDR)) {
    errors.push({
      code: 'cfdi.invalid_objeto_imp',
      path: `${path}.ObjetoImpDR`,
      message: `ObjetoImpDR "${draft.ObjetoImpDR}" is not in c_ObjetoImp (01 to 08).`,
    });
  } else if (OBJETO_IMP_REQUIRES_TAXES.has(draft.ObjetoImpDR) && !hasTaxes) {
    errors.push({
      code: 'cfdi.objeto_imp_dr_02_without_taxes',
      path: `${path}.ObjetoImpDR`,
      message: 'A related document with ObjetoImpDR 02 must list its taxes (TrasladosDR or RetencionesDR).',
    });
  } else if (OBJETO_IMP_FORBIDS_TAXES.has(draft.ObjetoImpDR) && hasTaxes) {
    errors.push({
      code: 'cfdi.objeto_imp_dr_taxes_not_allowed',
      path: `${path}.ObjetoImpDR`,
      message: `A related document with ObjetoImpDR ${draft.ObjetoImpDR} cannot carry taxes.`,
    });
  }
}

const DR_NAMES = { impuesto: 'ImpuestoDR', factor: 'TipoFactorDR', rate: 'TasaOCuotaDR' };

function impuestosDR(draft: DoctoRelacionadoDraft, path: string, pagado: Decimal, decimals: number, errors: FieldError[]): ImpuestosDR | undefined {
  const specs = [
    ...(draft.TrasladosDR ?? []).map((spec, index) => ({ spec, kind: 'traslado' as TaxKind, path: `${path}.TrasladosDR.${index}` })),
    ...(draft.RetencionesDR ?? []).map((spec, index) => ({ spec, kind: 'retencion' as TaxKind, path: `${path}.RetencionesDR.${index}` })),
  ];
  if (specs.length === 0) return undefined;
  const rates = specs.map(({ spec, kind, path: linePath }) =>
    checkTaxLine({ Impuesto: spec.ImpuestoDR, TipoFactor: spec.TipoFactorDR, TasaOCuota: spec.TasaOCuotaDR }, kind, linePath, errors, DR_NAMES),
  );
  if (rates.some((rate) => rate === undefined)) return undefined;
  const factor = specs.reduce((total, { spec, kind }, index) => {
    const rate = spec.TipoFactorDR === 'Tasa' ? new Decimal(rates[index] as string) : new Decimal(0);
    return kind === 'traslado' ? total.plus(rate) : total.minus(rate);
  }, new Decimal(1));
  const node: ImpuestosDR = {};
  specs.forEach(({ spec, kind, path: linePath }, index) => {
    const base = baseDR(spec, linePath, pagado, factor, decimals, errors);
    if (base === undefined) return;
    const rate = rates[index] as string | null;
    const importe = rate === null ? undefined : formatAmount(new Decimal(base).times(rate), decimals);
    if (kind === 'retencion') {
      (node.RetencionesDR ??= []).push({
        BaseDR: base,
        ImpuestoDR: spec.ImpuestoDR,
        TipoFactorDR: spec.TipoFactorDR,
        TasaOCuotaDR: rate ?? '',
        ImporteDR: importe ?? '',
      } satisfies RetencionDR);
      return;
    }
    const traslado: TrasladoDR = { BaseDR: base, ImpuestoDR: spec.ImpuestoDR, TipoFactorDR: spec.TipoFactorDR };
    if (rate !== null) traslado.TasaOCuotaDR = rate;
    if (importe !== undefined) traslado.ImporteDR = importe;
    (node.TrasladosDR ??= []).push(traslado);
  });
  return node;
}

function baseDR(spec: PagoTaxSpec, path: string, pagado: Decimal, factor: Decimal, decimals: number, errors: FieldError[]): string | undefined {
  if (spec.BaseDR !== undefined) {
    const base = readAmount(spec.BaseDR, `${path}.BaseDR`, MAX_DECIMALS, errors);
    if (base?.isZero()) errors.push({ code: 'cfdi.tax_base_not_positive', path: `${path}.BaseDR`, message: 'BaseDR must be greater than 0.' });
    return base && !base.isZero() ? spec.BaseDR : undefined;
  }
  if (spec.TipoFactorDR === 'Cuota' || !factor.isPositive() || factor.isZero()) {
    errors.push({
      code: 'cfdi.pagos_base_dr_required',
      path: `${path}.BaseDR`,
      message: 'BaseDR cannot be derived from ImpPagado for this tax (Cuota, or withholdings at least as large as the amount); pass it explicitly.',
    });
    return undefined;
  }
  return formatAmount(pagado.div(factor), decimals);
}

function readAmount(text: string, path: string, places: number, errors: FieldError[]): Decimal | undefined {
  if (typeof text !== 'string' || !/^[0-9]{1,18}(\.[0-9]+)?$/.test(text) || decimalPlaces(text) > places) {
    const field = path.slice(path.lastIndexOf('.') + 1);
    errors.push({
      code: 'cfdi.invalid_amount',
      path,
      message: `${field} must be a non-negative decimal string with up to ${places} decimals; got "${String(text)}".`,
    });
    return undefined;
  }
  return new Decimal(text);
}
