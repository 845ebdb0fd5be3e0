import { sql, type Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { hasNumericCodes } from './catalog-definition.ts';
import { definitionOf } from './definitions.ts';
import type { CatalogEntry, CatalogSlug, CatalogValue } from './lookup.ts';

export interface CatalogVersionTable {
  slug: string;
  version: number;
  origin: 'builtin' | 'import';
  source: string;
  content_hash: string;
  row_count: number;
  text_has_digits: boolean;
  created_at: Date;
}

interface CatalogTable {
  slug: string;
  active_version: number;
  updated_at: Date;
}

interface CatalogEntryTable {
  slug: string;
  version: number;
  code: string;
  description: string;
  /** The code in lower case: search terms match it from its start. */
  search_code: string;
  search_text: string;
  valid_from: string | null;
  valid_to: string | null;
  /** The entry's data as JSON text (text, not jsonb: it halves the cost of a 95k-row import). */
  data: string;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    catalog_versions: CatalogVersionTable;
    catalogs: CatalogTable;
    catalog_entries: CatalogEntryTable;
  }
}

/** A database handle or an open transaction. */
export type Queryable = Kysely<Database>;

export interface ActiveCatalog {
  slug: string;
  version: number;
  origin: 'builtin' | 'import';
  source: string;
  content_hash: string;
  row_count: number;
  updated_at: Date;
}

export async function activeCatalogs(db: Queryable): Promise<ActiveCatalog[]> {
  return db
    .selectFrom('catalogs')
    .innerJoin('catalog_versions', (join) =>
      join.onRef('catalog_versions.slug', '=', 'catalogs.slug').onRef('catalog_versions.version', '=', 'catalogs.active_version'),
    )
    .select([
      'catalogs.slug',
      'catalogs.active_version as version',
      'catalog_versions.origin',
      'catalog_versions.source',
      'catalog_versions.content_hash',
      'catalog_versions.row_count',
      'catalogs.updated_at',
    ])
    .orderBy('catalogs.slug')
    .execute();
}

const ENTRY_COLUMNS = [
  'catalog_entries.code',
  'catalog_entries.description',
  'catalog_entries.valid_from',
  'catalog_entries.valid_to',
  'catalog_entries.data',
] as const;

interface EntryRow {
  code: string;
  description: string;
  valid_from: string | null;
  valid_to: string | null;
  data: string;
}

function entryOfRow(row: EntryRow): CatalogEntry {
  return {
    code: row.code,
    description: row.description,
    valid_from: row.valid_from,
    valid_to: row.valid_to,
    data: JSON.parse(row.data) as Record<string, CatalogValue>,
  };
}

/** The active rows of the given catalogs, read in one statement (one consistent snapshot). */
export async function activeEntries(db: Queryable, slugs: readonly string[]): Promise<(CatalogEntry & { slug: string })[]> {
  if (slugs.length === 0) return [];
  const rows = await db
    .selectFrom('catalog_entries')
    .innerJoin('catalogs', (join) => join.onRef('catalogs.slug', '=', 'catalog_entries.slug').onRef('catalogs.active_version', '=', 'catalog_entries.version'))
    .select(['catalog_entries.slug', ...ENTRY_COLUMNS])
    .where('catalog_entries.slug', 'in', slugs)
    .orderBy('catalog_entries.slug')
    .orderBy('catalog_entries.code')
    .execute();
  return rows.map((row) => ({ slug: row.slug, ...entryOfRow(row) }));
}

/** The latest version number of each catalog, including superseded versions (0 when none). */
export async function latestVersions(db: Queryable, slugs: readonly CatalogSlug[]): Promise<Map<string, number>> {
  if (slugs.length === 0) return new Map();
  const rows = await db
    .selectFrom('catalog_versions')
    .select(['slug', (eb) => eb.fn.max('version').as('version')])
    .where('slug', 'in', slugs)
    .groupBy('slug')
    .execute();
  return new Map(rows.map((row) => [row.slug, Number(row.version)]));
}

export async function insertVersions(db: Queryable, rows: readonly CatalogVersionTable[]): Promise<void> {
  if (rows.length > 0)
    await db
      .insertInto('catalog_versions')
      .values([...rows])
      .execute();
}

export interface EntryRowInput extends CatalogEntry {
  slug: CatalogSlug;
  version: number;
  search_text: string;
}

// Rows travel as one JSON parameter per 5,000 rows, expanded by json_to_recordset: measured on
// PGlite, a third of the CPU time of 1,000-row multi-VALUES inserts with 8,000 bound parameters.
const BATCH_ROWS = 5_000;

export async function insertEntries(db: Queryable, entries: readonly EntryRowInput[]): Promise<void> {
  for (let start = 0; start < entries.length; start += BATCH_ROWS) {
    const batch = entries.slice(start, start + BATCH_ROWS).map((entry) => ({
      slug: entry.slug,
      version: entry.version,
      code: entry.code,
      description: entry.description,
      search_text: entry.search_text,
      valid_from: entry.valid_from,
      valid_to: entry.valid_to,
      data: JSON.stringify(entry.data),
    }));
    await sql`INSERT INTO catalog_entries (slug, version, code, description, search_code, search_text, valid_from, valid_to, data)
      SELECT r.slug, r.version, r.code, r.description, lower(r.code), r.search_text, r.valid_from, r.valid_to, r.data
      FROM json_to_recordset(${JSON.stringify(batch)}::json)
        AS r(slug text, version integer, code text, description text, search_text text, valid_from text, valid_to text, data text)`.execute(db);
  }
}

/** Points each catalog at its new version and drops the rows of every other version of them. */
export async function activateVersions(db: Queryable, versions: ReadonlyMap<CatalogSlug, number>, at: Date): Promise<void> {
  if (versions.size === 0) return;
  await db
    .insertInto('catalogs')
    .values([...versions].map(([slug, version]) => ({ slug, active_version: version, updated_at: at })))
    .onConflict((conflict) =>
      conflict.column('slug').doUpdateSet((eb) => ({ active_version: eb.ref('excluded.active_version'), updated_at: eb.ref('excluded.updated_at') })),
    )
    .execute();
  await sql`DELETE FROM catalog_entries AS e USING catalogs AS c
    WHERE e.slug = c.slug AND e.version <> c.active_version AND e.slug IN (${sql.join([...versions.keys()])})`.execute(db);
}

/**
 * Reclaims the superseded rows and refreshes the visibility map and statistics after an import,
 * so that searches read the index alone. Runs outside any transaction (VACUUM cannot run inside one).
 */
export async function tidyEntries(db: Queryable): Promise<void> {
  await sql`VACUUM ANALYZE catalog_entries`.execute(db);
}

// Any constant works: it serialises catalog writers (imports, built-in seeding) across processes.
const CATALOG_WRITE_LOCK = 7_305_118_205;

export async function lockCatalogWrites(db: Queryable): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${sql.lit(CATALOG_WRITE_LOCK)})`.execute(db);
}

export interface EntryPageQuery {
  slug: CatalogSlug;
  /** Normalised search terms; each must occur in the row's search text. */
  terms: readonly string[];
  limit: number;
  startingAfter?: string | undefined;
  endingBefore?: string | undefined;
  /** jsonb containment filters on `data`, e.g. `{ tax_regimes: ['612'] }`. */
  contains?: Record<string, CatalogValue> | undefined;
}

function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (char) => `\\${char}`);
}

function activeVersionOf(db: Queryable, slug: CatalogSlug) {
  return db.selectFrom('catalogs').select('catalogs.active_version').where('catalogs.slug', '=', slug);
}

/** `6428` → `6429`: every code that starts with `prefix` sorts (bytewise) in [prefix, next). */
function nextPrefix(prefix: string): string {
  return prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
}

async function textHasDigits(db: Queryable, slug: CatalogSlug): Promise<boolean> {
  const row = await db
    .selectFrom('catalogs')
    .innerJoin('catalog_versions', (join) =>
      join.onRef('catalog_versions.slug', '=', 'catalogs.slug').onRef('catalog_versions.version', '=', 'catalogs.active_version'),
    )
    .select('catalog_versions.text_has_digits')
    .where('catalogs.slug', '=', slug)
    .executeTakeFirst();
  return row?.text_has_digits ?? true;
}

/**
 * A page of active rows in code order (bytewise), after `startingAfter` or before `endingBefore`.
 * The page's codes come from the primary key's index alone (it carries the search columns), then
 * their rows are read; the active version is a sub-select, so the statement sees one snapshot and
 * a concurrent import's switch is seen entirely or not at all.
 */
export async function searchEntries(db: Queryable, query: EntryPageQuery): Promise<{ rows: CatalogEntry[]; hasMore: boolean }> {
  const backwards = query.endingBefore !== undefined && query.startingAfter === undefined;
  const direction = backwards ? 'desc' : 'asc';
  const digitsOnlyMatchCodes = query.terms.some((term) => /^\d+$/.test(term)) && !(await textHasDigits(db, query.slug));
  const numericCodes = hasNumericCodes(definitionOf(query.slug));
  let page = db
    .selectFrom('catalog_entries')
    .select('catalog_entries.code')
    .where('catalog_entries.slug', '=', query.slug)
    .where('catalog_entries.version', '=', activeVersionOf(db, query.slug));
  // The same rule as termMatches: a prefix of the code, or anywhere in the search text.
  for (const term of query.terms) {
    if (digitsOnlyMatchCodes && /^\d+$/.test(term)) {
      // Digits have no case, so the prefix is a range of the code itself: an index range scan.
      page = page.where('catalog_entries.code', '>=', term).where('catalog_entries.code', '<', nextPrefix(term));
      continue;
    }
    const escaped = escapeLike(term);
    if (numericCodes && !/^\d+$/.test(term)) {
      // A term with a letter never starts a numeric key: one LIKE per row instead of two.
      page = page.where('catalog_entries.search_text', 'like', `%${escaped}%`);
      continue;
    }
    page = page.where((eb) => eb.or([eb('catalog_entries.search_code', 'like', `${escaped}%`), eb('catalog_entries.search_text', 'like', `%${escaped}%`)]));
  }
  if (query.contains) page = page.where(sql<boolean>`catalog_entries.data::jsonb @> ${JSON.stringify(query.contains)}::jsonb`);
  if (query.startingAfter !== undefined) page = page.where('catalog_entries.code', '>', query.startingAfter);
  if (backwards) page = page.where('catalog_entries.code', '<', query.endingBefore!);
  const found = await db
    .selectFrom('catalog_entries')
    .select([...ENTRY_COLUMNS])
    .where('catalog_entries.slug', '=', query.slug)
    .where('catalog_entries.version', '=', activeVersionOf(db, query.slug))
    .where('catalog_entries.code', 'in', page.orderBy('catalog_entries.code', direction).limit(query.limit + 1))
    .orderBy('catalog_entries.code', direction)
    .execute();
  const rows = found.slice(0, query.limit).map(entryOfRow);
  return { rows: backwards ? rows.reverse() : rows, hasMore: found.length > query.limit };
}

export async function findEntry(db: Queryable, slug: CatalogSlug, code: string): Promise<CatalogEntry | undefined> {
  const row = await db
    .selectFrom('catalog_entries')
    .select([...ENTRY_COLUMNS])
    .where('catalog_entries.slug', '=', slug)
    .where('catalog_entries.version', '=', activeVersionOf(db, slug))
    .where('catalog_entries.code', '=', code)
    .executeTakeFirst();
  return row ? entryOfRow(row) : undefined;
}
