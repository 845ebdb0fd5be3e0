import { api, type Page } from '../../core/api.ts';
import { dayOf } from '../../core/format.ts';
import type { UsageRecord } from './types.ts';

export interface DayCount {
  day: string;
  count: number;
}

export interface Series {
  days: DayCount[];
  /** More records than the pages read: the older days may be short. */
  truncated: boolean;
}

const PAGE = 100;
const MAX_PAGES = 20;

/**
 * Stamps per day over the last `span` days. The API has no aggregate endpoint, so the records
 * are read page by page (at most 2,000) and counted here, by day in the organization's zone.
 */
export async function stampSeries(span: number, signal: AbortSignal): Promise<Series> {
  const today = new Date();
  const days: string[] = [];
  for (let back = span - 1; back >= 0; back -= 1) days.push(dayOf(new Date(today.getTime() - back * 86_400_000)));
  const counts = new Map(days.map((day) => [day, 0]));
  // One extra day before the first: the API's bare dates are UTC days, the buckets local ones.
  const from = new Date(`${days[0]}T00:00:00Z`);
  from.setUTCDate(from.getUTCDate() - 1);
  let after: string | undefined;
  let truncated = false;
  for (let page = 0; ; page += 1) {
    if (page === MAX_PAGES) {
      truncated = true;
      break;
    }
    const query = { kind: 'stamp', limit: PAGE, 'created[gte]': from.toISOString().slice(0, 10), starting_after: after };
    const answer = await api.get<Page<UsageRecord>>('/v1/usage', { query, signal });
    for (const record of answer.data) {
      const day = dayOf(record.created_at);
      if (counts.has(day)) counts.set(day, counts.get(day)! + record.quantity);
    }
    after = answer.data.at(-1)?.id;
    if (!answer.has_more || !after) break;
  }
  return { days: days.map((day) => ({ day, count: counts.get(day) ?? 0 })), truncated };
}
