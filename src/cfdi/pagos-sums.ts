/**
 * Pagos 2.0 sums over model values (Guía de llenado del complemento para recepción de pagos 2.0),
 * shared by the calculator (pagos-totals.ts) and the validator (rules/pagos.ts):
 * - ImpuestosP groups the taxes of the DoctoRelacionado nodes of one Pago, each converted to the
 *   payment currency by dividing by EquivalenciaDR: traslados by ImpuestoDR + TipoFactorDR +
 *   TasaOCuotaDR (summing BaseDR and ImporteDR), retenciones by ImpuestoDR (summing ImporteDR).
 *   The XSD allows six decimals there, so the sums are rounded half-up to six decimals.
 * - Totales converts every Pago to MXN with TipoCambioP and rounds to the MXN decimals.
 */
import type { DoctoRelacionado, Pago, PagosTotales, RetencionP, TrasladoP } from './model.ts';
import { Decimal, formatAmount, MAX_DECIMALS, roundHalfUp } from './amounts.ts';
import { trasladoKey } from './tax-specs.ts';

/** A decimal from a model string; undefined when the text is not a plain non-negative decimal. */
export function toDecimal(text: string | undefined): Decimal | undefined {
  return text !== undefined && /^[0-9]+(\.[0-9]+)?$/.test(text) ? new Decimal(text) : undefined;
}

/** EquivalenciaDR, 1 when absent (same currency as the payment). */
export function equivalencia(docto: DoctoRelacionado): Decimal {
  const value = toDecimal(docto.EquivalenciaDR);
  return value === undefined || value.isZero() ? new Decimal(1) : value;
}

/**
 * A payment-currency amount rounded half-up to six decimals, written with at least `minDecimals`
 * decimals and no trailing zeros beyond them ("12931.04", "34.482725").
 */
export function formatPagoAmount(value: Decimal, minDecimals: number): string {
  const rounded = roundHalfUp(value, MAX_DECIMALS);
  return formatAmount(rounded, Math.max(minDecimals, Math.min(MAX_DECIMALS, rounded.decimalPlaces())));
}

export interface ImpuestosPSums {
  traslados: { ImpuestoP: string; TipoFactorP: string; TasaOCuotaP?: string; base: Decimal; importe: Decimal | null }[];
  retenciones: { ImpuestoP: string; importe: Decimal }[];
}

/** Exact sums (before rounding) of the DR taxes of one Pago, converted to the payment currency. */
export function sumImpuestosDR(doctos: readonly DoctoRelacionado[]): ImpuestosPSums {
  const traslados = new Map<string, ImpuestosPSums['traslados'][number]>();
  const retenciones = new Map<string, ImpuestosPSums['retenciones'][number]>();
  for (const docto of doctos) {
    const rate = equivalencia(docto);
    for (const line of docto.ImpuestosDR?.TrasladosDR ?? []) {
      const key = trasladoKey(line.ImpuestoDR, line.TipoFactorDR, line.TasaOCuotaDR ?? null);
      const exento = line.TipoFactorDR === 'Exento';
      const group = traslados.get(key) ?? {
        ImpuestoP: line.ImpuestoDR,
        TipoFactorP: line.TipoFactorDR,
        ...(line.TasaOCuotaDR === undefined ? {} : { TasaOCuotaP: line.TasaOCuotaDR }),
        base: new Decimal(0),
        importe: exento ? null : new Decimal(0),
      };
      group.base = group.base.plus((toDecimal(line.BaseDR) ?? new Decimal(0)).div(rate));
      if (group.importe !== null) group.importe = group.importe.plus((toDecimal(line.ImporteDR) ?? new Decimal(0)).div(rate));
      traslados.set(key, group);
    }
    for (const line of docto.ImpuestosDR?.RetencionesDR ?? []) {
      const group = retenciones.get(line.ImpuestoDR) ?? { ImpuestoP: line.ImpuestoDR, importe: new Decimal(0) };
      group.importe = group.importe.plus((toDecimal(line.ImporteDR) ?? new Decimal(0)).div(rate));
      retenciones.set(line.ImpuestoDR, group);
    }
  }
  return { traslados: [...traslados.values()], retenciones: [...retenciones.values()] };
}

/** The ImpuestosP node of a Pago from its DoctoRelacionado taxes; undefined when there are none. */
export function impuestosP(doctos: readonly DoctoRelacionado[], paymentDecimals: number): Pago['ImpuestosP'] {
  const sums = sumImpuestosDR(doctos);
  if (sums.traslados.length + sums.retenciones.length === 0) return undefined;
  const node: NonNullable<Pago['ImpuestosP']> = {};
  if (sums.retenciones.length > 0) {
    node.RetencionesP = sums.retenciones.map(
      (group): RetencionP => ({ ImpuestoP: group.ImpuestoP, ImporteP: formatPagoAmount(group.importe, paymentDecimals) }),
    );
  }
  if (sums.traslados.length > 0) {
    node.TrasladosP = sums.traslados.map((group): TrasladoP => {
      const traslado: TrasladoP = { BaseP: formatPagoAmount(group.base, paymentDecimals), ImpuestoP: group.ImpuestoP, TipoFactorP: group.TipoFactorP };
      if (group.TasaOCuotaP !== undefined) traslado.TasaOCuotaP = group.TasaOCuotaP;
      if (group.importe !== null) traslado.ImporteP = formatPagoAmount(group.importe, paymentDecimals);
      return traslado;
    });
  }
  return node;
}

/** Which Totales attribute receives a traslado (IVA at 16 %, 8 %, 0 % or exento). */
const TRASLADO_TOTALES: Readonly<Record<string, { base: keyof PagosTotales; importe?: keyof PagosTotales }>> = {
  [trasladoKey('002', 'Tasa', '0.160000')]: { base: 'TotalTrasladosBaseIVA16', importe: 'TotalTrasladosImpuestoIVA16' },
  [trasladoKey('002', 'Tasa', '0.080000')]: { base: 'TotalTrasladosBaseIVA8', importe: 'TotalTrasladosImpuestoIVA8' },
  [trasladoKey('002', 'Tasa', '0.000000')]: { base: 'TotalTrasladosBaseIVA0', importe: 'TotalTrasladosImpuestoIVA0' },
  [trasladoKey('002', 'Exento', null)]: { base: 'TotalTrasladosBaseIVAExento' },
};

const RETENCION_TOTALES: Readonly<Record<string, keyof PagosTotales>> = {
  '001': 'TotalRetencionesISR',
  '002': 'TotalRetencionesIVA',
  '003': 'TotalRetencionesIEPS',
};

/**
 * The Totales node: the ImpuestosP amounts and the Monto of every Pago times its TipoCambioP,
 * summed and rounded half-up to the MXN decimals. Attributes without taxes stay absent.
 */
export function pagosTotales(pagos: readonly Pago[], mxnDecimals = 2): PagosTotales {
  const sums = new Map<keyof PagosTotales, Decimal>();
  const add = (field: keyof PagosTotales, value: string | undefined, rate: Decimal): void => {
    sums.set(field, (sums.get(field) ?? new Decimal(0)).plus((toDecimal(value) ?? new Decimal(0)).times(rate)));
  };
  for (const pago of pagos) {
    const rate = toDecimal(pago.TipoCambioP) ?? new Decimal(1);
    add('MontoTotalPagos', pago.Monto, rate);
    for (const retencion of pago.ImpuestosP?.RetencionesP ?? []) {
      const field = RETENCION_TOTALES[retencion.ImpuestoP];
      if (field) add(field, retencion.ImporteP, rate);
    }
    for (const traslado of pago.ImpuestosP?.TrasladosP ?? []) {
      const fields = TRASLADO_TOTALES[trasladoKey(traslado.ImpuestoP, traslado.TipoFactorP, traslado.TasaOCuotaP ?? null)];
      if (!fields) continue;
      add(fields.base, traslado.BaseP, rate);
      if (fields.importe) add(fields.importe, traslado.ImporteP, rate);
    }
  }
  const totales: PagosTotales = { MontoTotalPagos: formatAmount(sums.get('MontoTotalPagos') ?? new Decimal(0), mxnDecimals) };
  for (const [field, value] of sums) totales[field] = formatAmount(value, mxnDecimals);
  return totales;
}
