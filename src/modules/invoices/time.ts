/** Local wall-clock times of the CFDI (no zone suffix) and the instants they name. */
import { localDateTime } from '../../cfdi/rules/index.ts';

/** Anexo 20: FechaTimbrado is written in the time of the centre zone (Mexico City). */
export const TIMBRE_TIME_ZONE = 'America/Mexico_City';

function offsetMs(instant: number, timeZone: string): number {
  return Date.parse(`${localDateTime(new Date(instant), timeZone)}Z`) - Math.floor(instant / 1000) * 1000;
}

/** The instant a zone-less `YYYY-MM-DDTHH:mm:ss` names in `timeZone` (two passes settle DST edges). */
export function zonedInstant(local: string, timeZone: string): Date {
  const wall = Date.parse(`${local.slice(0, 19)}Z`);
  if (Number.isNaN(wall)) return new Date(Number.NaN);
  const first = wall - offsetMs(wall, timeZone);
  return new Date(wall - offsetMs(first, timeZone));
}
