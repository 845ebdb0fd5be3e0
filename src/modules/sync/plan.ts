/**
 * Calendar arithmetic of synchronization (Mexico City days, `YYYY-MM-DD`): how far back the SAT
 * serves, which days are publishable, and the chunks a range becomes: per month (or per part of a
 * month when `max_monthly_documents` says it holds more than a request should), one chunk per
 * side and type — issued and received XML, and issued and received metadata, which carries the
 * SAT's status and the received CFDIs whose XML the SAT no longer serves.
 */
import { localDate, MEXICO_CITY_TIME_ZONE } from '../../cfdi/local-time.ts';
import { newId } from '../../platform/ids.ts';
import type { ChunkPurpose, ChunkRow } from './repository.ts';

/** The SAT's bulk download reaches this many months before the current one. */
const HISTORY_MONTHS = 71;
/** CFDIs a single request should carry at most: well under the SAT's 200,000 XML cap. */
const CHUNK_DOCUMENTS = 100_000;

export const KINDS = [
  { side: 'issued', type: 'cfdi' },
  { side: 'issued', type: 'metadata' },
  { side: 'received', type: 'cfdi' },
  { side: 'received', type: 'metadata' },
] as const;

const DAY_MS = 24 * 60 * 60_000;

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

function monthEnd(day: string): string {
  const date = new Date(`${day.slice(0, 7)}-01T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + 1);
  return addDays(date.toISOString().slice(0, 10), -1);
}

/** The earlier of two days (`YYYY-MM-DD` compares as written). */
function earlier(a: string, b: string): string {
  return a < b ? a : b;
}

/** The 1st of the month `months` before the month of `day`. */
export function monthStartBefore(day: string, months: number): string {
  const date = new Date(`${day.slice(0, 7)}-01T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() - months);
  return date.toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

export function today(now: Date): string {
  return localDate(now, MEXICO_CITY_TIME_ZONE);
}

/** The first day the SAT still serves: the 1st of the month 71 months before this one. */
export function earliestDay(now: Date): string {
  return monthStartBefore(today(now), HISTORY_MONTHS);
}

/** `sync_from` clamped to the SAT's history and floored to the 1st of its month. */
export function clampSyncFrom(requested: string | undefined, now: Date): string {
  const earliest = earliestDay(now);
  if (requested === undefined) return earliest;
  const floored = `${requested.slice(0, 7)}-01`;
  return floored < earliest ? earliest : floored;
}

/**
 * The last day whose CFDIs are all publishable: the SAT publishes a CFDI up to `lagHours` after
 * it is stamped, so a day is complete once its last second is that far behind.
 */
export function horizonDay(now: Date, lagHours: number): string {
  return addDays(localDate(new Date(now.getTime() - lagHours * 60 * 60_000), MEXICO_CITY_TIME_ZONE), -1);
}

/** The chunks of [from, through], each month cut in `parts` day ranges, four kinds each. */
export function planChunks(
  profileId: string,
  range: { from: string; through: string },
  purpose: ChunkPurpose,
  options: { maxMonthly: number | null; now: Date; kinds?: readonly (typeof KINDS)[number][] },
): ChunkRow[] {
  const rows: ChunkRow[] = [];
  const parts = Math.max(1, Math.ceil((options.maxMonthly ?? 0) / CHUNK_DOCUMENTS));
  for (let start = range.from; start <= range.through; start = addDays(monthEnd(start), 1)) {
    const end = earlier(monthEnd(start), range.through);
    const span = daysBetween(start, end) + 1;
    const size = Math.max(1, Math.ceil(span / parts));
    for (let first = start; first <= end; first = addDays(first, size)) {
      const last = earlier(addDays(first, size - 1), end);
      for (const kind of options.kinds ?? KINDS) {
        rows.push({
          id: newId('chk', options.now.getTime()),
          fiscal_profile_id: profileId,
          side: kind.side,
          type: kind.type,
          purpose,
          first_day: first,
          last_day: last,
          state: 'planned',
          sat_request_root: null,
          attempts: 0,
          next_run_at: options.now,
          started_at: null,
          done_at: null,
          created_at: options.now,
        });
      }
    }
  }
  return rows;
}

/**
 * The last day up to which every kind's done chunks cover the range from `from` without a gap;
 * null when some kind has not covered the first day yet.
 */
export function watermark(from: string, done: { side: string; type: string; first_day: string; last_day: string }[]): string | null {
  let through: string | null = null;
  for (const kind of KINDS) {
    let covered = addDays(from, -1);
    for (const chunk of done.filter((item) => item.side === kind.side && item.type === kind.type).sort((a, b) => a.first_day.localeCompare(b.first_day))) {
      if (chunk.first_day > addDays(covered, 1)) break;
      if (chunk.last_day > covered) covered = chunk.last_day;
    }
    if (covered < from) return null;
    if (through === null || covered < through) through = covered;
  }
  return through;
}
