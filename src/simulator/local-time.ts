/**
 * The engine's localDateTime behind a small memo. A stamp reads the same few wall-clock times
 * (now, several times per request, and its CSD's validity bounds) and Intl formatting is the
 * costly part; the text has a resolution of one second, so the second is the key.
 */
import { localDateTime } from '../cfdi/local-time.ts';

const MAX_ENTRIES = 4_096;
const memo = new Map<string, string>();

/** `YYYY-MM-DDTHH:mm:ss` of `instant` in `timeZone` (same text as localDateTime). */
export function localTime(instant: Date, timeZone: string): string {
  const second = Math.floor(instant.getTime() / 1000);
  const key = `${timeZone}|${second}`;
  let text = memo.get(key);
  if (text === undefined) {
    text = localDateTime(instant, timeZone);
    if (memo.size >= MAX_ENTRIES) memo.clear();
    memo.set(key, text);
  }
  return text;
}
