/**
 * Local wall-clock time of a time zone (the SAT writes Fecha, FechaTimbrado and the metadata
 * dates in Mexico City time, without an offset) and the instants of local month boundaries.
 */
import { localDateTime as exactLocalDateTime } from '../../cfdi/local-time.ts';

const HOUR_MS = 3_600_000;
// Zone offsets change on whole hours (DST and tzdata rules), so one Intl call per zone and UTC
// hour serves every instant in it: formatting 100,000 metadata dates takes milliseconds.
const offsets = new Map<string, Map<number, number>>();

/** Milliseconds the zone is ahead of UTC at an instant (negative in Mexico). */
function offsetAt(instant: number, timeZone: string): number {
  let byHour = offsets.get(timeZone);
  if (!byHour) {
    byHour = new Map();
    offsets.set(timeZone, byHour);
  }
  const hour = Math.floor(instant / HOUR_MS);
  let offset = byHour.get(hour);
  if (offset === undefined) {
    const start = hour * HOUR_MS;
    offset = Date.parse(`${exactLocalDateTime(new Date(start), timeZone)}Z`) - start;
    if (byHour.size > 100_000) byHour.clear();
    byHour.set(hour, offset);
  }
  return offset;
}

/** `YYYY-MM-DDTHH:mm:ss` of an instant in the zone. */
export function localDateTime(instant: Date, timeZone: string): string {
  const time = instant.getTime();
  return new Date(time + offsetAt(time, timeZone)).toISOString().slice(0, 19);
}

/** The instant a local `YYYY-MM-DDTHH:mm:ss` denotes in the zone (the later one in a DST overlap). */
export function instantOf(local: string, timeZone: string): Date {
  const asUtc = Date.parse(`${local}Z`);
  let instant = asUtc - offsetAt(asUtc, timeZone);
  instant = asUtc - offsetAt(instant, timeZone);
  return new Date(instant);
}

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
