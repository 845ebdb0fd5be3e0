import { sessionStore } from './session.ts';
import { languageStore } from './i18n.ts';

const DEFAULT_ZONE = 'America/Mexico_City';

function zone(): string {
  return sessionStore.get()?.organization.time_zone ?? DEFAULT_ZONE;
}

function locale(): string {
  return languageStore.get() === 'en' ? 'en-MX' : 'es-MX';
}

/** A timestamp in the organization's time zone, e.g. "14 jul 2026, 10:30". */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(locale(), { dateStyle: 'medium', timeStyle: 'short', timeZone: zone() }).format(date);
}

const money = new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN' });

/** Money arrives as decimal strings; they are shown, never computed with. */
export function formatMoney(value: string | null | undefined, currency = 'MXN'): string {
  if (value === null || value === undefined || value === '') return '—';
  const amount = Number(value);
  if (!Number.isFinite(amount)) return value;
  if (currency === 'MXN') return money.format(amount);
  return new Intl.NumberFormat('es-MX', { style: 'currency', currency }).format(amount);
}

/** A wall time with no offset ("2026-07-14T10:30:00") in formatDate's style, read as written: no time zone shift. */
export function formatWallTime(value: string): string {
  const date = new Date(`${value}Z`);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(locale(), { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(date);
}

/** The calendar day (YYYY-MM-DD) of an instant in the organization's time zone: the chart's buckets. */
export function dayOf(value: string | Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: zone() }).formatToParts(new Date(value));
  const part = (type: string) => parts.find((entry) => entry.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** A YYYY-MM-DD day as "14 jul" (or a given style), read as a calendar day with no time zone shift. */
export function formatDay(day: string | null | undefined, style: 'short' | 'medium' = 'medium'): string {
  if (!day) return '—';
  const date = new Date(`${day.slice(0, 10)}T12:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  const options: Intl.DateTimeFormatOptions =
    style === 'short' ? { day: 'numeric', month: 'short', timeZone: 'UTC' } : { dateStyle: 'medium', timeZone: 'UTC' };
  return new Intl.DateTimeFormat(locale(), options).format(date);
}
