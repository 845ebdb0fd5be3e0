import type { CatalogValue } from './lookup.ts';

/**
 * How a column of a catalog file becomes a value: `flag` is the SAT's yes/no (`1`/empty in the
 * phpcfdi export, `Sí`/`No` in the workbook); `availability` is c_ClaveProdServ's
 * Sí/No/Opcional; `list` is a comma-separated list; `code` is a key that may have lost its
 * leading zeros in a spreadsheet (`1000` → `01000` for a width of 5).
 */
type FieldType = 'code' | 'text' | 'flag' | 'integer' | 'decimal' | 'date' | 'list' | 'availability';

export interface FieldSpec {
  /** `code`, `description`, `valid_from`, `valid_to`, or a key of the entry's `data`. */
  key: string;
  /** Accepted headers, compared after `headerKey` (accents, case and punctuation removed). */
  aliases: readonly string[];
  type: FieldType;
  required?: boolean;
  /** Digits of a numeric key, for restoring leading zeros. */
  width?: number;
  /** For a `flag` whose SAT workbook column may say `Opcional`: what that means here. */
  optional?: boolean;
}

export class FieldValueError extends Error {}

const YES = new Set(['1', 'si', 'sí', 'true', 'yes', 'x', 's']);
const NO = new Set(['', '0', 'no', 'false', 'n']);

function flag(raw: string, optional: boolean | undefined): boolean {
  const value = raw.toLowerCase();
  if (YES.has(value)) return true;
  if (NO.has(value)) return false;
  if (value === 'opcional' && optional !== undefined) return optional;
  throw new FieldValueError(`'${raw}' is not a yes/no value (1, Sí, or empty for no)`);
}

function availability(raw: string): string | null {
  const value = raw.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
  if (value === '') return null;
  if (value === 'si' || value === '1') return 'yes';
  if (value === 'no' || value === '0') return 'no';
  if (value === 'opcional' || value === 'optional') return 'optional';
  throw new FieldValueError(`'${raw}' is not Sí, No or Opcional`);
}

/** ISO dates, ISO date-times (spreadsheet exports) and the M/D/YY(YY) of US-locale CSV exports. */
export function parseDate(raw: string): string | null {
  if (raw === '') return null;
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[T ][\d:.]+Z?)?$/.exec(raw);
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/.exec(raw);
  let year: number;
  let month: number;
  let day: number;
  if (iso) {
    [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  } else if (us) {
    const shortYear = us[3]!.length === 2;
    [month, day, year] = [Number(us[1]), Number(us[2]), Number(us[3]) + (shortYear ? 2000 : 0)];
  } else {
    throw new FieldValueError(`'${raw}' is not a date (YYYY-MM-DD or M/D/YY)`);
  }
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    throw new FieldValueError(`'${raw}' is not a valid calendar date`);
  }
  return date.toISOString().slice(0, 10);
}

function code(raw: string, width: number | undefined): string {
  if (width !== undefined && /^\d+$/.test(raw) && raw.length < width) return raw.padStart(width, '0');
  return raw;
}

/** Parses one cell; the caller adds the file and line to any FieldValueError. */
export function parseField(spec: FieldSpec, cell: string): CatalogValue {
  const raw = cell.trim();
  if (raw === '' && spec.required) throw new FieldValueError('is required but empty');
  switch (spec.type) {
    case 'code':
      return raw === '' ? null : code(raw, spec.width);
    case 'text':
      return raw === '' ? null : raw;
    case 'flag':
      return flag(raw, spec.optional);
    case 'availability':
      return availability(raw);
    case 'date':
      return parseDate(raw);
    case 'integer':
      if (raw === '') return null;
      if (!/^-?\d+$/.test(raw)) throw new FieldValueError(`'${raw}' is not a whole number`);
      return Number(raw);
    case 'decimal':
      if (raw === '') return null;
      if (!/^-?\d+(\.\d+)?$/.test(raw)) throw new FieldValueError(`'${raw}' is not a decimal number`);
      return raw;
    case 'list':
      return raw === ''
        ? []
        : raw
            .split(',')
            .map((item) => code(item.trim(), spec.width))
            .filter((item) => item !== '');
  }
}
