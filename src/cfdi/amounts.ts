/**
 * Decimal arithmetic for CFDI amounts. Every amount is a decimal string in and out and is
 * computed with decimal.js, never with binary floats.
 *
 * Rounding policy (Anexo 20, docs/contract.md §2): amounts are rounded half-up to the decimals of the
 * currency (c_Moneda.decimales); the SAT tolerance limits truncate the lower limit and round the
 * upper limit up.
 */
import { Decimal as DecimalBase } from 'decimal.js';

/**
 * A private Decimal constructor: 60 significant digits hold any product of two t_Importe values
 * (18 integer + 6 decimal digits each) exactly, and no exponent notation appears in strings.
 */
export const Decimal = DecimalBase.clone({
  precision: 60,
  rounding: DecimalBase.ROUND_HALF_UP,
  toExpNeg: -40,
  toExpPos: 60,
});
export type Decimal = InstanceType<typeof Decimal>;

/** cfdv40.xsd t_Importe: up to 18 integer digits and up to 6 decimals, no sign, no exponent. */
export const IMPORTE_PATTERN = /^[0-9]{1,18}(\.[0-9]{1,6})?$/;

/** The most decimals any CFDI amount, quantity or rate may carry (t_Importe, Cantidad, TasaOCuota). */
export const MAX_DECIMALS = 6;

/** Number of digits written after the decimal point. */
export function decimalPlaces(text: string): number {
  const point = text.indexOf('.');
  return point === -1 ? 0 : text.length - point - 1;
}

/** True when `text` is a t_Importe decimal string. */
export function isImporte(text: string | undefined): text is string {
  return text !== undefined && IMPORTE_PATTERN.test(text);
}

/** Half-up rounding to `places` decimals (docs/contract.md §2). */
export function roundHalfUp(value: Decimal, places: number): Decimal {
  return value.toDecimalPlaces(places, Decimal.ROUND_HALF_UP);
}

/** Truncation toward zero, as Anexo 20 does for the lower tolerance limit. */
function truncate(value: Decimal, places: number): Decimal {
  return value.toDecimalPlaces(places, Decimal.ROUND_DOWN);
}

/** Rounding toward +infinity, as Anexo 20 does for the upper tolerance limit. */
export function roundUp(value: Decimal, places: number): Decimal {
  return value.toDecimalPlaces(places, Decimal.ROUND_CEIL);
}

/** Fixed-point string with exactly `places` decimals (half-up); never "-0". */
export function formatAmount(value: Decimal, places: number): string {
  const rounded = roundHalfUp(value, places);
  return (rounded.isZero() ? new Decimal(0) : rounded).toFixed(places);
}

/** Sum of decimals (0 for an empty list). */
export function sum(values: Iterable<Decimal>): Decimal {
  let total = new Decimal(0);
  for (const value of values) total = total.plus(value);
  return total;
}

/** Half of one unit in the last written decimal place: 10^-places / 2. */
export function halfUnit(places: number): Decimal {
  return new Decimal(10).pow(-places).div(2);
}

/** An inclusive interval of acceptable values for a declared amount. */
export interface Limits {
  lower: Decimal;
  upper: Decimal;
}

/**
 * Anexo 20 tolerance for a product of two written factors (Concepto Importe = Cantidad ×
 * ValorUnitario; impuesto Importe = Base × TasaOCuota): each factor may be off by half a unit
 * of its last written decimal. The lower limit is truncated and the upper limit rounded up to
 * the currency decimals. A factor given as exact (rate) is passed with `exact` set.
 */
export function productLimits(first: { text: string; exact?: boolean }, second: { text: string; exact?: boolean }, currencyDecimals: number): Limits {
  const a = new Decimal(first.text);
  const b = new Decimal(second.text);
  const deltaA = first.exact ? new Decimal(0) : halfUnit(decimalPlaces(first.text));
  const deltaB = second.exact ? new Decimal(0) : halfUnit(decimalPlaces(second.text));
  return {
    lower: truncate(a.minus(deltaA).times(b.minus(deltaB)), currencyDecimals),
    upper: roundUp(a.plus(deltaA).times(b.plus(deltaB)), currencyDecimals),
  };
}

export function withinLimits(value: Decimal, limits: Limits): boolean {
  return value.gte(limits.lower) && value.lte(limits.upper);
}
