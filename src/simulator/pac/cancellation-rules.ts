/**
 * The SAT's CFDI 4.0 cancellation rules that decide whether the receptor must accept.
 *
 * RMF regla 2.7.1.35 ("Cancelación de CFDI sin aceptación del receptor") lists when no acceptance
 * is needed; the simulator applies the cases it can tell from the CFDI itself:
 *   I.    total of up to $1,000.00 MXN (Total × TipoCambio), except a Pagos (P) CFDI;
 *   II.   nómina (N);  III. egresos (E);  IV. traslado (T);
 *   VII.  operations with the general public (receptor XAXX010101000, regla 2.7.1.21);
 *   VIII. foreign residents (receptor XEXX010101000, regla 2.7.1.23);
 *   IX.   cancellation within the business day after the one it was issued ("dentro del día
 *         hábil siguiente a su expedición").
 * Cases it cannot tell (RIF, retenciones, primary sector, financial system, the Federation) are
 * treated as needing acceptance. CFF art. 29-A: the receptor has three business days (72 business
 * hours) to answer; silence counts as acceptance ("Plazo vencido"). Business days are Monday to
 * Friday in the simulator's time zone; public holidays are not modelled.
 */
import { Decimal } from 'decimal.js';
import type { Comprobante } from '../../cfdi/model.ts';
import { localDateTime } from '../../cfdi/local-time.ts';

const PUBLICO_EN_GENERAL = 'XAXX010101000';
const EXTRANJERO = 'XEXX010101000';
const LIMIT_WITHOUT_ACCEPTANCE_MXN = new Decimal(1000);
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export interface AcceptanceDecision {
  needed: boolean;
  /** The rule that applied, for messages and docs. */
  reason: string;
}

function isWeekend(localDate: string): boolean {
  const day = new Date(`${localDate.slice(0, 10)}T00:00:00Z`).getUTCDay();
  return day === 0 || day === 6;
}

/** The first business day after `localDate` (YYYY-MM-DD...), as YYYY-MM-DD. */
export function nextBusinessDay(localDate: string): string {
  let day = Date.parse(`${localDate.slice(0, 10)}T00:00:00Z`) + DAY_MS;
  while (isWeekend(new Date(day).toISOString())) day += DAY_MS;
  return new Date(day).toISOString().slice(0, 10);
}

export function needsAcceptance(comprobante: Comprobante, requestedAt: Date, timeZone: string): AcceptanceDecision {
  const tipo = comprobante.TipoDeComprobante;
  if (tipo === 'N') return { needed: false, reason: 'RMF 2.7.1.35 II: nómina' };
  if (tipo === 'E') return { needed: false, reason: 'RMF 2.7.1.35 III: egreso' };
  if (tipo === 'T') return { needed: false, reason: 'RMF 2.7.1.35 IV: traslado' };
  const receptor = comprobante.Receptor.Rfc;
  if (receptor === PUBLICO_EN_GENERAL) return { needed: false, reason: 'RMF 2.7.1.35 VII: público en general' };
  if (receptor === EXTRANJERO) return { needed: false, reason: 'RMF 2.7.1.35 VIII: residente en el extranjero' };
  let totalMxn: Decimal | undefined;
  try {
    totalMxn = new Decimal(comprobante.Total).times(comprobante.TipoCambio ?? '1');
  } catch {
    totalMxn = undefined;
  }
  if (tipo !== 'P' && totalMxn !== undefined && totalMxn.lte(LIMIT_WITHOUT_ACCEPTANCE_MXN)) {
    return { needed: false, reason: 'RMF 2.7.1.35 I: total de hasta $1,000.00' };
  }
  const requestedLocal = localDateTime(requestedAt, timeZone);
  if (requestedLocal <= `${nextBusinessDay(comprobante.Fecha)}T23:59:59`) {
    return { needed: false, reason: 'RMF 2.7.1.35 IX: dentro del día hábil siguiente a su expedición' };
  }
  return { needed: true, reason: 'requiere la aceptación del receptor (CFF art. 29-A)' };
}

/** `start` plus `hours` counted only on business days (Monday to Friday) of `timeZone`. */
export function addBusinessHours(start: Date, hours: number, timeZone: string): Date {
  let remaining = hours * HOUR_MS;
  let cursor = start.getTime();
  while (remaining > 0) {
    const localMs = Date.parse(`${localDateTime(new Date(cursor), timeZone)}Z`);
    const offset = localMs - cursor;
    const nextMidnight = Math.floor(localMs / DAY_MS) * DAY_MS + DAY_MS - offset;
    if (!isWeekend(new Date(localMs).toISOString())) {
      const step = Math.min(remaining, nextMidnight - cursor);
      remaining -= step;
      cursor += step;
      if (remaining === 0) break;
    }
    cursor = Math.max(cursor, nextMidnight);
  }
  return new Date(cursor);
}
