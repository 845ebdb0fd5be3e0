import { createHash } from 'node:crypto';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { definitionOf, entryOf, type CatalogDefinition } from './definitions.ts';
import { parseField } from './fields.ts';
import type { CatalogEntry, CatalogSlug, CatalogValue } from './lookup.ts';
import { searchable, wordsOf } from './normalize.ts';
import { CatalogImportError, type ParsedRecord, type ParsedTable } from './parse-table.ts';

function isEmpty(value: CatalogValue | undefined): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

/**
 * Joins the tables of one catalog read in one import (the workbook's c_CodigoPostal_Parte_1 and
 * _Parte_2, or a full CSV plus a file with more columns for some keys). A key's value for a
 * column is the first non-empty one, in file order.
 */
function mergeRecords(tables: readonly ParsedTable[]): Map<string, ParsedRecord> {
  if (tables.length === 1) return tables[0]!.records;
  const merged = new Map<string, ParsedRecord>();
  for (const table of tables) {
    for (const [code, record] of table.records) {
      const existing = merged.get(code);
      if (!existing) {
        merged.set(code, record);
        continue;
      }
      const fields = { ...existing.fields };
      for (const [key, value] of Object.entries(record.fields)) {
        if (isEmpty(fields[key]) && !isEmpty(value)) fields[key] = value;
      }
      merged.set(code, { ...existing, fields });
    }
  }
  return merged;
}

/** The catalog's entries in code order, built from every table read for it. */
export function assembleCatalog(definition: CatalogDefinition, tables: readonly ParsedTable[]): CatalogEntry[] {
  const merged = mergeRecords(tables);
  const codes = [...merged.keys()].sort();
  // A column no file had gets the value an empty cell would give (false, [], null).
  const defaults = Object.fromEntries(definition.fields.map((spec) => [spec.key, parseField({ ...spec, required: false }, '')]));
  return codes.map((code) => {
    const record = merged.get(code)!;
    const fields = { ...defaults, ...record.fields };
    try {
      return entryOf(definition, code, fields);
    } catch (error) {
      throw new CatalogImportError(`${record.source}, line ${record.line}: ${(error as Error).message}.`);
    }
  });
}

/**
 * The text whose words a search term may start: the description and the catalog's searched data,
 * normalised. (A term matches the key only from its start: `6428` finds 64280, not 06428.)
 */
export function searchTextOf(slug: CatalogSlug, entry: CatalogEntry): string {
  const extra = (definitionOf(slug).searchData ?? []).map((key) => entry.data[key]).filter((value) => typeof value === 'string');
  return searchable([entry.description, ...extra].join(' '));
}

/** Whether a normalised search term matches an entry: the start of its key, or of a word of its text. */
export function termMatches(term: string, code: string, searchText: string): boolean {
  return code.toLowerCase().startsWith(term) || wordsOf(searchText).some((word) => word.startsWith(term));
}

/**
 * An entry as text that does not depend on key order (the database's jsonb reorders keys):
 * equal content gives equal text. `data` is flat, so sorting its keys is enough.
 */
export function canonicalEntry(entry: CatalogEntry): string {
  const data = Object.keys(entry.data)
    .sort()
    .map((key) => [key, entry.data[key]]);
  return JSON.stringify([entry.code, entry.description, entry.valid_from, entry.valid_to, data]);
}

/** Identifies a catalog's content: re-importing the same rows is recognised as no change. */
export function contentHash(entries: readonly CatalogEntry[]): string {
  const hash = createHash('sha256');
  for (const entry of entries) hash.update(canonicalEntry(entry)).update('\n');
  return hash.digest('hex');
}

/** contentHash, yielding to the event loop every 5,000 entries (for catalogs of 100,000 rows). */
export async function contentHashInSlices(entries: readonly CatalogEntry[]): Promise<string> {
  const hash = createHash('sha256');
  for (let start = 0; start < entries.length; start += 5_000) {
    for (const entry of entries.slice(start, start + 5_000)) hash.update(canonicalEntry(entry)).update('\n');
    await yieldToLoop();
  }
  return hash.digest('hex');
}
