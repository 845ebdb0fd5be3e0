/**
 * The SAT's months and metadata dates, on the engine's local time (the SAT writes Fecha,
 * FechaTimbrado and the metadata dates in Mexico City time, without an offset).
 */
export { instantOf, localDateTime } from '../../cfdi/local-time.ts';

/** A month as a running number: year × 12 + (month − 1). */
export type MonthNumber = number;

export function monthNumberOf(local: string): MonthNumber {
  return Number(local.slice(0, 4)) * 12 + Number(local.slice(5, 7)) - 1;
}

/** `YYYY-MM-01T00:00:00` of a month number. */
export function monthStart(month: MonthNumber): string {
  const year = Math.floor(month / 12);
  return `${String(year).padStart(4, '0')}-${String((month % 12) + 1).padStart(2, '0')}-01T00:00:00`;
}

/** The SAT's metadata date form: `YYYY-MM-DD HH:mm:ss`. */
export function metadataDate(local: string): string {
  return local.replace('T', ' ');
}
