import { Decimal } from 'decimal.js';
import { searchTextOf, termMatches } from './assemble.ts';
import { definitionOf } from './definitions.ts';
import type { CatalogEntry, CatalogIndex, CatalogSlug, CodeCheck, PersonType, TasaOCuotaQuery } from './lookup.ts';
import { searchTerms } from './normalize.ts';

interface Table {
  byCode: Map<string, CatalogEntry>;
  /** Entries in code order, with their search texts at the same index. */
  entries: readonly CatalogEntry[];
  searchTexts: readonly string[];
}

function tableOf(slug: CatalogSlug, entries: readonly CatalogEntry[]): Table {
  const sorted = [...entries].sort((left, right) => (left.code < right.code ? -1 : left.code > right.code ? 1 : 0));
  return {
    byCode: new Map(sorted.map((entry) => [entry.code, entry])),
    entries: sorted,
    searchTexts: sorted.map((entry) => searchTextOf(slug, entry)),
  };
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
  const tables = new Map<CatalogSlug, Table>();
  for (const [slug, entries] of catalogs) if (entries.length > 0) tables.set(slug, tableOf(slug, entries));
  const get = (catalog: CatalogSlug, code: string) => tables.get(catalog)?.byCode.get(code);

  const lookup: CatalogIndex = {
    isLoaded: (catalog) => tables.has(catalog),
    has: (catalog, code) => get(catalog, code) !== undefined,
    get,
    entries: (catalog) => tables.get(catalog)?.entries ?? [],
    search(catalog, query, limit = 20) {
      const table = tables.get(catalog);
      if (!table) return [];
      const terms = searchTerms(query);
      const found: CatalogEntry[] = [];
      for (let index = 0; index < table.entries.length && found.length < limit; index++) {
        const text = table.searchTexts[index]!;
        const entry = table.entries[index]!;
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
    usoAllowedForPersona: (uso, person) => get('uso_cfdi', uso)?.data[personFlag(person)] === true,
    regimenAllowedForPersona: (regimen, person) => get('regimen_fiscal', regimen)?.data[personFlag(person)] === true,
    postalCodeTimeZone(postalCode) {
      const zone = get('codigo_postal', postalCode)?.data.time_zone;
      return typeof zone === 'string' ? zone : undefined;
    },
    currencyDecimals(currency) {
      const decimals = get('moneda', currency)?.data.decimals;
      return typeof decimals === 'number' ? decimals : undefined;
    },
    tasaOCuotaAllowed(query: TasaOCuotaQuery) {
      if (!/^\d+(\.\d+)?$/.test(query.value)) return false;
      const value = new Decimal(query.value);
      const flag = query.kind === 'traslado' ? 'transfer' : 'withholding';
      return (tables.get('tasa_o_cuota')?.entries ?? []).some(
        (entry) => entry.data.tax_code === query.tax && entry.data.factor === query.factor && entry.data[flag] === true && rateMatches(entry, value),
      );
    },
  };
  return lookup;
}

function checkCode(table: Table | undefined, catalog: CatalogSlug, code: string, date: string | undefined): CodeCheck {
  const definition = definitionOf(catalog);
  const wellFormed = definition.codePattern.test(code);
  if (!table) {
    if (!wellFormed) return { status: 'malformed', message: `'${code}' does not have the format of a ${definition.satName} key.` };
    return {
      status: 'unverified',
      warning: `${definition.satName} has not been imported on this server, so only the format of '${code}' was checked (run \`invoicing catalogs import\`).`,
    };
  }
  const entry = table.byCode.get(code);
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
