/**
 * Calendar arithmetic of synchronization (Mexico City days, `YYYY-MM-DD`): how far back the SAT
 * serves, which days are asked and asked again as the SAT publishes them, and the chunks a range
 * becomes: groups of months within a calendar year, or parts of a month, sized from
 * `max_monthly_documents` so that no request nears the SAT's cap; one chunk per side and type —
 * issued and received XML, and issued and received metadata, which carries the SAT's status and
 * the received CFDIs whose XML the SAT no longer serves.
 */
import { localDate, MEXICO_CITY_TIME_ZONE } from '../../cfdi/local-time.ts';
import { newId } from '../../platform/ids.ts';
import type { ChunkPurpose, ChunkRow } from './repository.ts';

/** The SAT's bulk download reaches this many months before the current one (the API's limit). */
const HISTORY_MONTHS = 71;
/** CFDIs a single request should carry at most: well under the SAT's 200,000 XML cap. */
const CHUNK_DOCUMENTS = 100_000;
/**
 * Month groups a request may cover, each dividing the year: a chunk never crosses 1 January, the
 * day the SAT stops serving a whole year.
 */
const MONTH_GROUPS = [12, 6, 4, 3, 2, 1] as const;

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

/** Whether `YYYY-MM-DD` names a day of the calendar (not 2026-02-30, not 2026-13-01). */
export function isCalendarDay(day: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
}

/** The last day of the month `months` after the month of `day` (0: its own month). */
function monthEndAfter(day: string, months: number): string {
  const date = new Date(`${day.slice(0, 7)}-01T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + months + 1);
  return addDays(date.toISOString().slice(0, 10), -1);
}

/** The earlier of two days (`YYYY-MM-DD` compares as written). */
export function earlier(a: string, b: string): string {
  return a < b ? a : b;
}

/** The later of two days. */
export function later(a: string, b: string): string {
  return a > b ? a : b;
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

/** The first day the API's 71 months reach: the 1st of the month 71 months before this one. */
export function earliestDay(now: Date): string {
  return monthStartBefore(today(now), HISTORY_MONTHS);
}

/**
 * Where the backfill starts: `sync_from` floored to the 1st of its month (all the history when
 * absent), no earlier than 71 months back nor than `satFirstDay`, the first day the SAT still
 * serves. That is the `sync_from` the resource shows.
 */
export function effectiveSyncFrom(requested: string | undefined, now: Date, satFirstDay: string): string {
  const floored = requested === undefined ? earliestDay(now) : `${requested.slice(0, 7)}-01`;
  return later(later(floored, earliestDay(now)), satFirstDay);
}

/** The last day that has ended: its CFDIs can be published from now on. */
export function lastEndedDay(now: Date): string {
  return addDays(today(now), -1);
}

/** How many looks after the first a day gets: one a day until its last second is `lagHours` behind. */
export function relooks(lagHours: number): number {
  return Math.ceil(lagHours / 24);
}

/**
 * The days to ask the SAT for once `through` has ended, when the days through `plannedThrough`
 * were asked before: the new ones, and those asked before whose publication window (`lagHours`
 * after their last second) had not closed at the previous look. Each day is thus asked on each
 * of the days after it until the window closes (72 hours: four looks), always within a window
 * that differs from the previous day's, so the SAT never sees the same request twice.
 */
export function lookWindow(plannedThrough: string, through: string, lagHours: number, from: string): { from: string; through: string } | undefined {
  const first = later(addDays(plannedThrough, 1 - relooks(lagHours)), from);
  return first <= through && plannedThrough < through ? { from: first, through } : undefined;
}

/**
 * Months one request covers: the largest group dividing the year whose CFDIs stay under the
 * chunk size. Without `max_monthly_documents` a year (up to about 8,000 CFDIs a month); the SAT's
 * cap answer (5003) splits a request that holds more.
 */
export function monthsPerChunk(maxMonthly: number | null): number {
  const months = Math.floor(CHUNK_DOCUMENTS / Math.max(1, maxMonthly ?? 0));
  return MONTH_GROUPS.find((group) => group <= months) ?? 1;
}

/** The last day of the month group (aligned on 1 January) that `day` falls in. */
function groupEnd(day: string, months: number): string {
  const month = Number(day.slice(5, 7)) - 1;
  return monthEndAfter(day, months - 1 - (month % months));
}

/**
 * The chunks of [from, through], four kinds each: month groups within a year, or each month cut
 * in parts when it holds more than a chunk.
 */
export function planChunks(
  profileId: string,
  range: { from: string; through: string },
  purpose: ChunkPurpose,
  options: { maxMonthly: number | null; now: Date; kinds?: readonly (typeof KINDS)[number][] },
): ChunkRow[] {
  const rows: ChunkRow[] = [];
  const months = monthsPerChunk(options.maxMonthly);
  const parts = Math.max(1, Math.ceil((options.maxMonthly ?? 0) / CHUNK_DOCUMENTS));
  for (let start = range.from; start <= range.through; ) {
    const end = earlier(groupEnd(start, months), range.through);
    const size = parts === 1 ? daysBetween(start, end) + 1 : Math.max(1, Math.ceil((daysBetween(start, end) + 1) / parts));
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
    start = addDays(end, 1);
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
