/**
 * Wall-clock times without an offset, as the CFDI writes Fecha and FechaTimbrado
 * (`YYYY-MM-DDTHH:mm:ss`), and the instants they name in a time zone. One formatter per zone is
 * kept: building an Intl.DateTimeFormat costs more than all the other date work of a stamp.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock time of `instant` in `timeZone`, `YYYY-MM-DDTHH:mm:ss`. */
export function localDateTime(instant: Date, timeZone: string): string {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of formatterOf(timeZone).formatToParts(instant)) parts[part.type] = part.value;
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
}

function offsetMs(instant: number, timeZone: string): number {
  return Date.parse(`${localDateTime(new Date(instant), timeZone)}Z`) - Math.floor(instant / 1000) * 1000;
}

/** The instant a zone-less `YYYY-MM-DDTHH:mm:ss` names in `timeZone` (two passes settle DST edges). */
export function instantOf(local: string, timeZone: string): Date {
  const wall = Date.parse(`${local.slice(0, 19)}Z`);
  if (Number.isNaN(wall)) return new Date(Number.NaN);
  const first = wall - offsetMs(wall, timeZone);
  return new Date(wall - offsetMs(first, timeZone));
}
