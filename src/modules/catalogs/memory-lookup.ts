import { Decimal } from 'decimal.js';
import { searchTextOf, termMatches } from './assemble.ts';
import { definitionOf } from './definitions.ts';
import type { CatalogEntry, CatalogIndex, CatalogSlug, CatalogValue, CodeCheck, PersonType, TasaOCuotaQuery } from './lookup.ts';
import { meaningfulTerms, searchTerms } from './normalize.ts';
import type { CompactTable } from './compact-table.ts';

/**
 * One catalog in memory, by column rather than as an object per row: the codes in (bytewise)
 * order, found by binary search, and each field in an array of its own, with repeated values
 * (dates, states, time zones) kept once. c_CodigoPostal and c_ClaveProdServ (about 150,000 rows)
 * take a fraction of the memory of 150,000 entry objects; an entry is built when asked for.
 */
export class ColumnarTable {
  private readonly codes: string[] = [];
  private readonly descriptions: string[] = [];
  private readonly validFrom: (string | null)[] = [];
  private readonly validTo: (string | null)[] = [];
  private readonly columns = new Map<string, CatalogValue[]>();
  private readonly interned = new Map<string, string>();
  private sorted = true;

  private intern<T extends CatalogValue>(value: T): T {
    if (typeof value !== 'string') return value;
    const known = this.interned.get(value);
    if (known !== undefined) return known as T;
    if (value.length <= 64) this.interned.set(value, value);
    return value;
  }

  /** Adds one row; rows added in code order need no sort. */
  add(entry: CatalogEntry): void {
    const index = this.codes.length;
    if (index > 0 && entry.code <= this.codes[index - 1]!) this.sorted = false;
    this.codes.push(entry.code);
    this.descriptions.push(this.intern(entry.description));
    this.validFrom.push(this.intern(entry.valid_from));
    this.validTo.push(this.intern(entry.valid_to));
    for (const [key, value] of Object.entries(entry.data)) {
      let column = this.columns.get(key);
      if (!column) {
        column = new Array<CatalogValue>(index).fill(null);
        this.columns.set(key, column);
      }
      column[index] = this.intern(value);
    }
    for (const [key, column] of this.columns) if (column.length <= index && !(key in entry.data)) column[index] = null;
  }

  /** Puts the rows in code order (once, after the last add, when they came unsorted). */
  seal(): this {
    // The interning map is only for adding: kept, it would hold every short value a second time.
    this.interned.clear();
    if (this.sorted) return this;
    const order = this.codes.map((_, index) => index).sort((left, right) => (this.codes[left]! < this.codes[right]! ? -1 : 1));
    const permute = <T>(values: T[]) => {
      const copy = order.map((index) => values[index]!);
      for (let index = 0; index < copy.length; index++) values[index] = copy[index]!;
    };
    permute(this.codes);
    permute(this.descriptions);
    permute(this.validFrom);
    permute(this.validTo);
    for (const column of this.columns.values()) permute(column);
    this.sorted = true;
    return this;
  }

  get size(): number {
    return this.codes.length;
  }

  /** The row's position, or -1. */
  indexOf(code: string): number {
    let low = 0;
    let high = this.codes.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const candidate = this.codes[middle]!;
      if (candidate === code) return middle;
      if (candidate < code) low = middle + 1;
      else high = middle - 1;
    }
    return -1;
  }

  entryAt(index: number): CatalogEntry {
    const data: Record<string, CatalogValue> = {};
    for (const [key, column] of this.columns) data[key] = column[index] ?? null;
    return { code: this.codes[index]!, description: this.descriptions[index]!, valid_from: this.validFrom[index]!, valid_to: this.validTo[index]!, data };
  }

  get(code: string): CatalogEntry | undefined {
    const index = this.indexOf(code);
    return index < 0 ? undefined : this.entryAt(index);
  }

  /** One field of a row without building the entry (the hot lookups: a time zone, decimals). */
  field(code: string, key: string): CatalogValue | undefined {
    const index = this.indexOf(code);
    return index < 0 ? undefined : this.columns.get(key)?.[index];
  }

  entries(): CatalogEntry[] {
    return this.codes.map((_, index) => this.entryAt(index));
  }
}

/** A table of `entries` (in any order). */
function columnarTable(entries: Iterable<CatalogEntry>): ColumnarTable {
  const table = new ColumnarTable();
  for (const entry of entries) table.add(entry);
  return table.seal();
}

function personFlag(person: PersonType): 'natural_person' | 'legal_person' {
  return person === 'natural' ? 'natural_person' : 'legal_person';
}

function rateMatches(entry: CatalogEntry, value: Decimal): boolean {
  const { kind, minimum, maximum } = entry.data;
  if (kind === 'fixed') return value.equals(new Decimal(String(entry.data.value)));
  return value.greaterThanOrEqualTo(new Decimal(String(minimum ?? '0'))) && value.lessThanOrEqualTo(new Decimal(String(maximum)));
}

/** A CatalogIndex over catalogs held in memory; catalogs absent from `catalogs` are not loaded. */
export function createIndex(catalogs: ReadonlyMap<CatalogSlug, readonly CatalogEntry[]>): CatalogIndex {
  const tables = new Map<CatalogSlug, ColumnarTable>();
  for (const [slug, entries] of catalogs) if (entries.length > 0) tables.set(slug, columnarTable(entries));
  return indexOfTables(tables);
}

/** A catalog in memory: every column of each row, or only what is read synchronously (compact-table.ts). */
export type CatalogTable = ColumnarTable | CompactTable;

/** A CatalogIndex over tables in memory (catalogs absent from `tables` are not loaded). */
export function indexOfTables(tables: ReadonlyMap<CatalogSlug, CatalogTable>): CatalogIndex {
  const get = (catalog: CatalogSlug, code: string) => tables.get(catalog)?.get(code);
  const field = (catalog: CatalogSlug, code: string, key: string) => tables.get(catalog)?.field(code, key);

  const lookup: CatalogIndex = {
    isLoaded: (catalog) => (tables.get(catalog)?.size ?? 0) > 0,
    has: (catalog, code) => (tables.get(catalog)?.indexOf(code) ?? -1) >= 0,
    get,
    entries: (catalog) => tables.get(catalog)?.entries() ?? [],
    search(catalog, query, limit = 20) {
      const table = tables.get(catalog);
      if (!table) return [];
      const terms = meaningfulTerms(searchTerms(query));
      const found: CatalogEntry[] = [];
      for (let index = 0; index < table.size && found.length < limit; index++) {
        const entry = table.entryAt(index);
        const text = searchTextOf(catalog, entry);
        if (terms.every((term) => termMatches(term, entry.code, text))) found.push(entry);
      }
      return found;
    },
    check(catalog, code, date) {
      return checkCode(tables.get(catalog), catalog, code, date);
    },
    usoAllowedForRegimen(uso, regimen) {
      const regimes = get('uso_cfdi', uso)?.data.tax_regimes;
      return Array.isArray(regimes) && regimes.includes(regimen);
    },
    usoAllowedForPersona: (uso, person) => field('uso_cfdi', uso, personFlag(person)) === true,
    regimenAllowedForPersona: (regimen, person) => field('regimen_fiscal', regimen, personFlag(person)) === true,
    postalCodeTimeZone(postalCode) {
      const zone = field('codigo_postal', postalCode, 'time_zone');
      return typeof zone === 'string' ? zone : undefined;
    },
    currencyDecimals(currency) {
      const decimals = field('moneda', currency, 'decimals');
      return typeof decimals === 'number' ? decimals : undefined;
    },
    tasaOCuotaAllowed(query: TasaOCuotaQuery) {
      if (!/^\d+(\.\d+)?$/.test(query.value)) return false;
      const value = new Decimal(query.value);
      const flag = query.kind === 'traslado' ? 'transfer' : 'withholding';
      return (tables.get('tasa_o_cuota')?.entries() ?? []).some(
        (entry) => entry.data.tax_code === query.tax && entry.data.factor === query.factor && entry.data[flag] === true && rateMatches(entry, value),
      );
    },
  };
  return lookup;
}

function checkCode(table: CatalogTable | undefined, catalog: CatalogSlug, code: string, date: string | undefined): CodeCheck {
  const definition = definitionOf(catalog);
  const wellFormed = definition.codePattern.test(code);
  if (!table || table.size === 0) {
    if (!wellFormed) return { status: 'malformed', message: `'${code}' does not have the format of a ${definition.satName} key.` };
    return {
      status: 'unverified',
      warning: `${definition.satName} has not been imported on this server, so only the format of '${code}' was checked (run \`invoicing catalogs import\`).`,
    };
  }
  const entry = table.get(code);
  if (!entry) {
    if (!wellFormed) return { status: 'malformed', message: `'${code}' does not have the format of a ${definition.satName} key.` };
    return { status: 'not_found', message: `'${code}' is not a key of ${definition.satName}.` };
  }
  if (date !== undefined && ((entry.valid_from !== null && date < entry.valid_from) || (entry.valid_to !== null && date > entry.valid_to))) {
    const range = `${entry.valid_from ?? 'the start'} to ${entry.valid_to ?? 'today'}`;
    return { status: 'not_in_force', entry, message: `${definition.satName} key '${code}' is in force from ${range}, not on ${date}.` };
  }
  return { status: 'found', entry };
}
