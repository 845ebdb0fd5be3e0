/**
 * Fecha rules. Fecha is the local wall-clock time at LugarExpedicion without a zone (Anexo 20;
 * docs/contract.md §2), so `now` is converted to that zone's wall clock before comparing:
 * - Fecha must not be in the future (a PAC rejects it; `cfdi.fecha_in_future`);
 * - when checking stampability, Fecha must be at most 72 hours old (`cfdi.fecha_too_old`).
 */
import { localDateTime, MEXICO_CITY_TIME_ZONE } from '../local-time.ts';
import { attributePath, isRealFecha, ROOT_PATH } from './patterns.ts';
import type { RuleContext } from './types.ts';

/** The SAT allows a PAC to stamp a CFDI up to 72 hours after its Fecha. */
export const STAMP_WINDOW_HOURS = 72;
export const DEFAULT_TIME_ZONE = MEXICO_CITY_TIME_ZONE;

const HOUR_MS = 3_600_000;

export { localDateTime };

/** Milliseconds of a zone-less local date-time, read on a common (UTC) axis for comparisons. */
export function wallClockMs(fecha: string): number {
  return Date.parse(`${fecha}Z`);
}

function isTimeZone(zone: string | undefined): zone is string {
  if (!zone) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The zone of LugarExpedicion: options.timeZone, else the IANA zone of the c_CodigoPostal row
 * (column huso_horario), else America/Mexico_City (docs/contract.md §2).
 */
function zoneOf(context: RuleContext): string {
  const { timeZone, catalogs } = context.options;
  if (isTimeZone(timeZone)) return timeZone;
  const fromCatalog = catalogs?.isLoaded('c_CodigoPostal')
    ? catalogs.get('c_CodigoPostal', context.comprobante.LugarExpedicion ?? '')?.['huso_horario']
    : undefined;
  return isTimeZone(fromCatalog) ? fromCatalog : DEFAULT_TIME_ZONE;
}

export function checkDates(context: RuleContext): void {
  const { now, stampWindowHours, futureToleranceSeconds } = context.options;
  const fecha = context.comprobante.Fecha;
  if (now === undefined || !isRealFecha(fecha ?? '')) return;
  const timeZone = zoneOf(context);
  const local = localDateTime(now, timeZone);
  const difference = wallClockMs(local) - wallClockMs(fecha);
  const path = attributePath(ROOT_PATH, 'Fecha');
  if (-difference > (futureToleranceSeconds ?? 0) * 1000) {
    context.issues.error('cfdi.fecha_in_future', path, `Fecha ${fecha} is later than the current local time ${local} (${timeZone}).`);
  } else if (stampWindowHours !== undefined && difference > stampWindowHours * HOUR_MS) {
    context.issues.error('cfdi.fecha_too_old', path, `Fecha ${fecha} is more than ${stampWindowHours} hours before the current local time ${local}.`);
  }
}
