/**
 * Wall-clock times without an offset, as the CFDI writes Fecha and FechaTimbrado and the SAT its
 * metadata dates (`YYYY-MM-DDTHH:mm:ss`), and the instants they name in a time zone. The one home
 * of local time for the service, the engine and the simulator.
 *
 * Intl formatting is the costly part (building a formatter costs more than all the other date
 * work of a stamp), so each zone's offset is asked of Intl once per UTC hour and kept: zone
 * offsets change at most once in an hour, and an hour in which the offset changes is never
 * cached (each instant in it is formatted exactly), so every answer equals Intl's.
 */

/** Anexo 20: FechaTimbrado is written in the time of the centre zone; also the SAT's zone. */
export const MEXICO_CITY_TIME_ZONE = 'America/Mexico_City';

const HOUR_MS = 3_600_000;
const MAX_CACHED_HOURS = 100_000;
// Process-wide on purpose: memos of pure functions of the zone and the hour, the same for every caller.
const formatters = new Map<string, Intl.DateTimeFormat>();
const offsets = new Map<string, Map<number, number>>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Milliseconds the zone is ahead of UTC at a whole second, straight from Intl. */
function exactOffset(second: number, timeZone: string): number {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of formatterOf(timeZone).formatToParts(new Date(second))) parts[part.type] = part.value;
  const wall = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  // Years before 100 are read by Date.UTC as 19xx: shift by the difference.
  const year = Number(parts.year);
  const adjusted = year >= 0 && year < 100 ? new Date(wall).setUTCFullYear(year) : wall;
  return adjusted - second;
}

/** Milliseconds the zone is ahead of UTC at an instant (negative in Mexico). */
function offsetAt(instant: number, timeZone: string): number {
  let byHour = offsets.get(timeZone);
  if (!byHour) {
    byHour = new Map();
    offsets.set(timeZone, byHour);
  }
  const hour = Math.floor(instant / HOUR_MS);
  const cached = byHour.get(hour);
  if (cached !== undefined) return cached;
  const start = hour * HOUR_MS;
  const offset = exactOffset(start, timeZone);
  if (exactOffset(start + HOUR_MS - 1_000, timeZone) !== offset) return exactOffset(Math.floor(instant / 1000) * 1000, timeZone);
  if (byHour.size >= MAX_CACHED_HOURS) byHour.clear();
  byHour.set(hour, offset);
  return offset;
}

/** The wall-clock time of `instant` in `timeZone`, `YYYY-MM-DDTHH:mm:ss`. */
export function localDateTime(instant: Date, timeZone: string): string {
  const time = instant.getTime();
  const wall = new Date(Math.floor(time / 1000) * 1000 + offsetAt(time, timeZone)).toISOString();
  // toISOString writes years outside 0000–9999 with a sign and six digits.
  return wall.length === 24 ? wall.slice(0, 19) : wall.slice(0, wall.length - 5);
}

/** The date of `instant` in `timeZone`, `YYYY-MM-DD`. */
export function localDate(instant: Date, timeZone: string): string {
  return localDateTime(instant, timeZone).slice(0, 10);
}

/**
 * The instant a zone-less `YYYY-MM-DDTHH:mm:ss` names in `timeZone` (two passes settle DST
 * edges; in a repeated hour, the later instant).
 */
export function instantOf(local: string, timeZone: string): Date {
  const wall = Date.parse(`${local.slice(0, 19)}Z`);
  if (Number.isNaN(wall)) return new Date(Number.NaN);
  const first = wall - offsetAt(wall, timeZone);
  return new Date(wall - offsetAt(first, timeZone));
}
