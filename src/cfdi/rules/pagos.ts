/**
 * Rules of the Complemento para recepción de pagos 2.0 (Pagos20.xsd and the Guía de llenado):
 * payment currency and exchange rate, document balances, EquivalenciaDR, ObjetoImpDR versus
 * ImpuestosDR, the DR tax amounts within their limits, ImpuestosP as the converted sums of the
 * DR taxes, and Totales in MXN.
 */
import { Decimal, decimalPlaces, halfUnit, isImporte, sum } from '../amounts.ts';
import { findPagos } from '../model.ts';
import type { DoctoRelacionado, Pago, PagosTotales } from '../model.ts';
import { equivalencia, pagosTotales, sumImpuestosDR, toDecimal } from '../pagos-sums.ts';
import { OBJETO_IMP_FORBIDS_TAXES, OBJETO_IMP_REQUIRES_TAXES, trasladoKey } from '../tax-specs.ts';
import { checkTaxImporte } from './arithmetic.ts';
import { checkTaxLine } from './conceptos.ts';
import { attributePath, doctoPath, EQUIVALENCIA_PATTERN, ID_DOCUMENTO_PATTERN, isRealFecha, pagoPath, PAGOS_PATH, TIPO_CAMBIO_PATTERN } from './patterns.ts';
import { checkAmount, requireValue } from './structural.ts';
import type { RuleContext } from './types.ts';

/** Fallback decimals when a currency is unknown (its code is reported by the catalog rules). */
const FALLBACK_DECIMALS = 2;

export function checkPagos(context: RuleContext): void {
  const pagos = findPagos(context.comprobante);
  if (!pagos) return;
  if (pagos.Pago.length === 0) context.issues.error('cfdi.missing_attribute', `${PAGOS_PATH}/pago20:Pago`, 'The Pagos complement needs at least one Pago.');
  pagos.Pago.forEach((pago, index) => checkPago(context, pago, index));
  checkTotales(context, pagos.Pago, pagos.Totales);
}

function checkPago(context: RuleContext, pago: Pago, index: number): void {
  const base = pagoPath(index);
  const decimals = context.decimalsOf(pago.MonedaP) ?? FALLBACK_DECIMALS;
  if (requireValue(context, base, 'FechaPago', pago.FechaPago) && !isRealFecha(pago.FechaPago)) {
    context.issues.error('cfdi.invalid_fecha', attributePath(base, 'FechaPago'), `FechaPago "${pago.FechaPago}" is not YYYY-MM-DDTHH:mm:ss.`);
  }
  if (requireValue(context, base, 'FormaDePagoP', pago.FormaDePagoP) && pago.FormaDePagoP === '99') {
    context.issues.error('cfdi.invalid_value', attributePath(base, 'FormaDePagoP'), 'FormaDePagoP cannot be 99: a payment states how it was paid.');
  }
  if (pago.MonedaP === 'XXX') context.issues.error('cfdi.invalid_value', attributePath(base, 'MonedaP'), 'MonedaP cannot be XXX.');
  checkTipoCambioP(context, pago, base);
  pago.DoctoRelacionado.forEach((docto, doctoIndex) => checkDocto(context, pago, docto, doctoPath(index, doctoIndex)));
  if (requireValue(context, base, 'Monto', pago.Monto) && checkAmount(context, base, 'Monto', pago.Monto, decimals)) checkMonto(context, pago, base);
  checkImpuestosP(context, pago, base, decimals);
}

function checkTipoCambioP(context: RuleContext, pago: Pago, base: string): void {
  const value = pago.TipoCambioP;
  const path = attributePath(base, 'TipoCambioP');
  const valid = value !== undefined && TIPO_CAMBIO_PATTERN.test(value) && !new Decimal(value).isZero();
  if (pago.MonedaP === 'MXN') {
    if (value !== undefined && !(valid && new Decimal(value).eq(1)))
      context.issues.error('cfdi.pagos_tipo_cambio_invalid', path, `TipoCambioP must be 1 for MXN, not "${value}".`);
  } else if (!valid) {
    context.issues.error('cfdi.pagos_tipo_cambio_required', path, `TipoCambioP (MXN per ${pago.MonedaP}) is required and must be a decimal greater than 0.`);
  }
}

/**
 * Guía: the sum of ImpPagado converted to MonedaP must not exceed Monto beyond the rounding
 * margin: each ImpPagado may be off by half a unit of its decimals and each EquivalenciaDR by
 * half a unit of its own, so the smallest possible converted sum is compared.
 */
function checkMonto(context: RuleContext, pago: Pago, base: string): void {
  const monto = new Decimal(pago.Monto);
  if (monto.isZero()) {
    context.issues.error('cfdi.pagos_monto_not_positive', attributePath(base, 'Monto'), 'Monto must be greater than 0.');
    return;
  }
  const lowest = pago.DoctoRelacionado.map((docto) => {
    const pagado = toDecimal(docto.ImpPagado);
    if (!pagado) return new Decimal(0);
    const rate = equivalencia(docto);
    // A rate written without decimals ("1", same currency) is exact, as in the SAT's own checks.
    const places = docto.EquivalenciaDR === undefined ? 0 : decimalPlaces(docto.EquivalenciaDR);
    const rateMargin = places === 0 ? new Decimal(0) : halfUnit(places);
    return pagado.minus(halfUnit(decimalPlaces(docto.ImpPagado))).div(rate.plus(rateMargin));
  });
  const minimum = sum(lowest);
  if (monto.lt(minimum)) {
    context.issues.error(
      'cfdi.pagos_monto_insufficient',
      attributePath(base, 'Monto'),
      `Monto ${pago.Monto} is less than the related documents' ImpPagado in ${pago.MonedaP} (at least ${minimum.toDecimalPlaces(6).toString()}).`,
    );
  }
}

function checkDocto(context: RuleContext, pago: Pago, docto: DoctoRelacionado, base: string): void {
  const { issues } = context;
  const decimals = context.decimalsOf(docto.MonedaDR) ?? FALLBACK_DECIMALS;
  if (requireValue(context, base, 'IdDocumento', docto.IdDocumento) && !ID_DOCUMENTO_PATTERN.test(docto.IdDocumento)) {
    issues.error('cfdi.invalid_uuid', attributePath(base, 'IdDocumento'), `IdDocumento "${docto.IdDocumento}" is not the UUID of the paid CFDI.`);
  }
  if (!/^[1-9][0-9]{0,2}$/.test(docto.NumParcialidad ?? ''))
    issues.error('cfdi.invalid_value', attributePath(base, 'NumParcialidad'), 'NumParcialidad must be an integer from 1 to 999.');
  const amounts = (['ImpSaldoAnt', 'ImpPagado', 'ImpSaldoInsoluto'] as const).map((name) =>
    requireValue(context, base, name, docto[name]) && checkAmount(context, base, name, docto[name], decimals) ? new Decimal(docto[name]) : undefined,
  );
  const [saldo, pagado, insoluto] = amounts;
  if (saldo?.isZero()) issues.error('cfdi.pagos_saldo_not_positive', attributePath(base, 'ImpSaldoAnt'), 'ImpSaldoAnt must be greater than 0.');
  if (pagado?.isZero()) issues.error('cfdi.pagos_imp_pagado_not_positive', attributePath(base, 'ImpPagado'), 'ImpPagado must be greater than 0.');
  if (saldo && pagado && pagado.gt(saldo))
    issues.error(
      'cfdi.pagos_imp_pagado_exceeds_saldo',
      attributePath(base, 'ImpPagado'),
      `ImpPagado ${docto.ImpPagado} exceeds ImpSaldoAnt ${docto.ImpSaldoAnt}.`,
    );
  else if (saldo && pagado && insoluto && !insoluto.eq(saldo.minus(pagado))) {
    issues.error(
      'cfdi.pagos_saldo_insoluto_mismatch',
      attributePath(base, 'ImpSaldoInsoluto'),
      `ImpSaldoInsoluto ${docto.ImpSaldoInsoluto} differs from ImpSaldoAnt − ImpPagado = ${saldo.minus(pagado).toString()}.`,
    );
  }
  checkEquivalencia(context, pago, docto, base);
  checkImpuestosDR(context, docto, base, decimals);
}

function checkEquivalencia(context: RuleContext, pago: Pago, docto: DoctoRelacionado, base: string): void {
  const value = docto.EquivalenciaDR;
  const path = attributePath(base, 'EquivalenciaDR');
  const valid = value !== undefined && EQUIVALENCIA_PATTERN.test(value) && !new Decimal(value).isZero();
  if (docto.MonedaDR === pago.MonedaP) {
    if (value !== undefined && !(valid && new Decimal(value).eq(1)))
      context.issues.error('cfdi.pagos_equivalencia_invalid', path, `EquivalenciaDR must be 1 when MonedaDR equals MonedaP, not "${value}".`);
  } else if (!valid) {
    context.issues.error(
      'cfdi.pagos_equivalencia_required',
      path,
      `EquivalenciaDR (${docto.MonedaDR} per ${pago.MonedaP}) is required and must be greater than 0.`,
    );
  }
}

function checkImpuestosDR(context: RuleContext, docto: DoctoRelacionado, base: string, decimals: number): void {
  const traslados = docto.ImpuestosDR?.TrasladosDR ?? [];
  const retenciones = docto.ImpuestosDR?.RetencionesDR ?? [];
  const path = attributePath(base, 'ObjetoImpDR');
  if (OBJETO_IMP_REQUIRES_TAXES.has(docto.ObjetoImpDR) && traslados.length + retenciones.length === 0) {
    context.issues.error('cfdi.objeto_imp_dr_02_without_taxes', path, 'The related document has ObjetoImpDR 02 but no ImpuestosDR.');
  } else if (OBJETO_IMP_FORBIDS_TAXES.has(docto.ObjetoImpDR) && docto.ImpuestosDR !== undefined) {
    context.issues.error('cfdi.objeto_imp_dr_taxes_not_allowed', path, `The related document has ObjetoImpDR ${docto.ObjetoImpDR}, which forbids ImpuestosDR.`);
  }
  const lines = [
    ...traslados.map((tax, index) => ({
      tax,
      kind: 'traslado' as const,
      path: `${base}/pago20:ImpuestosDR/pago20:TrasladosDR/pago20:TrasladoDR[${index + 1}]`,
    })),
    ...retenciones.map((tax, index) => ({
      tax,
      kind: 'retencion' as const,
      path: `${base}/pago20:ImpuestosDR/pago20:RetencionesDR/pago20:RetencionDR[${index + 1}]`,
    })),
  ];
  for (const { tax, kind, path: linePath } of lines) {
    const asTax = { Base: tax.BaseDR, Impuesto: tax.ImpuestoDR, TipoFactor: tax.TipoFactorDR, TasaOCuota: tax.TasaOCuotaDR, Importe: tax.ImporteDR };
    checkTaxLine(context, asTax, kind, linePath, true, 'DR');
    checkTaxImporte(context, asTax, linePath, decimals, 'DR');
  }
}

/** The tolerance of one converted sum: half a unit of the payment currency per document. */
function tolerance(documents: number, decimals: number): Decimal {
  return halfUnit(decimals).times(Math.max(1, documents));
}

function checkImpuestosP(context: RuleContext, pago: Pago, base: string, decimals: number): void {
  const sums = sumImpuestosDR(pago.DoctoRelacionado);
  const node = pago.ImpuestosP;
  const path = `${base}/pago20:ImpuestosP`;
  const margin = tolerance(pago.DoctoRelacionado.length, decimals);
  if (!node) {
    if (sums.traslados.length + sums.retenciones.length > 0)
      context.issues.error('cfdi.pagos_impuestos_p_mismatch', path, 'The related documents carry taxes but the Pago has no ImpuestosP.');
    return;
  }
  const expectedTraslados = new Map(sums.traslados.map((group) => [trasladoKey(group.ImpuestoP, group.TipoFactorP, group.TasaOCuotaP ?? null), group]));
  const expectedRetenciones = new Map(sums.retenciones.map((group) => [group.ImpuestoP, group]));
  const close = (value: string | undefined, expected: Decimal) => isImporte(value) && new Decimal(value).minus(expected).abs().lte(margin);
  (node.TrasladosP ?? []).forEach((line, index) => {
    const group = expectedTraslados.get(trasladoKey(line.ImpuestoP, line.TipoFactorP, line.TasaOCuotaP ?? null));
    expectedTraslados.delete(trasladoKey(line.ImpuestoP, line.TipoFactorP, line.TasaOCuotaP ?? null));
    const linePath = `${path}/pago20:TrasladosP/pago20:TrasladoP[${index + 1}]`;
    if (!group)
      context.issues.error(
        'cfdi.pagos_impuestos_p_mismatch',
        linePath,
        `No related document carries the traslado ${line.ImpuestoP} ${line.TipoFactorP} ${line.TasaOCuotaP ?? ''}, or it is repeated.`,
      );
    else if (!close(line.BaseP, group.base))
      context.issues.error(
        'cfdi.pagos_impuestos_p_mismatch',
        attributePath(linePath, 'BaseP'),
        `BaseP ${line.BaseP} differs from Σ BaseDR / EquivalenciaDR = ${group.base.toDecimalPlaces(6).toString()}.`,
      );
    else if (group.importe !== null && !close(line.ImporteP, group.importe))
      context.issues.error(
        'cfdi.pagos_impuestos_p_mismatch',
        attributePath(linePath, 'ImporteP'),
        `ImporteP ${line.ImporteP ?? '(absent)'} differs from Σ ImporteDR / EquivalenciaDR = ${group.importe.toDecimalPlaces(6).toString()}.`,
      );
  });
  (node.RetencionesP ?? []).forEach((line, index) => {
    const group = expectedRetenciones.get(line.ImpuestoP);
    expectedRetenciones.delete(line.ImpuestoP);
    const linePath = `${path}/pago20:RetencionesP/pago20:RetencionP[${index + 1}]`;
    if (!group)
      context.issues.error('cfdi.pagos_impuestos_p_mismatch', linePath, `No related document withholds Impuesto ${line.ImpuestoP}, or it is repeated.`);
    else if (!close(line.ImporteP, group.importe))
      context.issues.error(
        'cfdi.pagos_impuestos_p_mismatch',
        attributePath(linePath, 'ImporteP'),
        `ImporteP ${line.ImporteP} differs from Σ ImporteDR / EquivalenciaDR = ${group.importe.toDecimalPlaces(6).toString()}.`,
      );
  });
  for (const [key] of [...expectedTraslados, ...expectedRetenciones]) {
    context.issues.error(
      'cfdi.pagos_impuestos_p_mismatch',
      path,
      `ImpuestosP lacks the group ${key.replaceAll('|', ' ').trim()} carried by the related documents.`,
    );
  }
}

/** Totales from the declared ImpuestosP and Monto × TipoCambioP (one cent of tolerance for the taxes). */
function checkTotales(context: RuleContext, pagos: readonly Pago[], totales: PagosTotales): void {
  const mxn = context.decimalsOf('MXN') ?? FALLBACK_DECIMALS;
  const expected = pagosTotales(pagos, mxn);
  const path = `${PAGOS_PATH}/pago20:Totales`;
  const cent = new Decimal(10).pow(-mxn);
  const fields = new Set([...Object.keys(expected), ...Object.keys(totales)] as (keyof PagosTotales)[]);
  for (const field of fields) {
    const want = expected[field];
    const have = totales[field];
    if (want === undefined || have === undefined) {
      context.issues.error(
        'cfdi.pagos_totales_mismatch',
        attributePath(path, field),
        want === undefined ? `${field} must be absent: no Pago carries that tax.` : `${field} is required (${want}).`,
      );
      continue;
    }
    const margin = field === 'MontoTotalPagos' ? new Decimal(0) : cent;
    if (!isImporte(have) || new Decimal(have).minus(want).abs().gt(margin)) {
      context.issues.error('cfdi.pagos_totales_mismatch', attributePath(path, field), `${field} ${have} differs from the computed ${want}.`);
    }
  }
}
