import { sql, type Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { hasNumericCodes } from './catalog-definition.ts';
import { definitionOf } from './definitions.ts';
import { meaningfulTerms, searchable, wordsOf } from './normalize.ts';
import type { CatalogEntry, CatalogSlug, CatalogValue } from './lookup.ts';

export interface CatalogVersionTable {
  slug: string;
  version: number;
  origin: 'builtin' | 'import' | 'shipped';
  source: string;
  content_hash: string;
  row_count: number;
  text_has_digits: boolean;
  created_at: Date;
  /** False while the version's rows are being written (it cannot be made active yet). */
  complete: boolean;
  /** The shipped release a `shipped` version came from (sat-catalogs/MANIFEST.json). */
  release: string | null;
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

interface CatalogWordTable {
  slug: string;
  version: number;
  word: string;
  code: string;
  /** The word's place among the description's indexed words, or 1000 (only in similar words). */
  position: number;
  name_words: number;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    catalog_versions: CatalogVersionTable;
    catalogs: CatalogTable;
    catalog_entries: CatalogEntryTable;
    catalog_words: CatalogWordTable;
  }
}

/** A database handle or an open transaction. */
export type Queryable = Kysely<Database>;

export type CatalogOrigin = 'builtin' | 'import' | 'shipped';

export interface ActiveCatalog {
  slug: string;
  version: number;
  origin: CatalogOrigin;
  release: string | null;
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
      'catalog_versions.release',
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

/** Up to `limit` rows of one version of a catalog after `afterCode`, in code order (a load in slices). */
export async function entriesAfter(db: Queryable, slug: CatalogSlug, version: number, afterCode: string | null, limit: number): Promise<CatalogEntry[]> {
  let query = db
    .selectFrom('catalog_entries')
    .select([...ENTRY_COLUMNS])
    .where('catalog_entries.slug', '=', slug)
    .where('catalog_entries.version', '=', version);
  if (afterCode !== null) query = query.where('catalog_entries.code', '>', afterCode);
  const rows = await query.orderBy('catalog_entries.code').limit(limit).execute();
  return rows.map(entryOfRow);
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

// Rows travel as one JSON parameter per batch, expanded by json_to_recordset: measured on PGlite,
// a third of the CPU time of multi-VALUES inserts with thousands of bound parameters. A batch of
// 500 c_ClaveProdServ rows (the rows, then their words) holds the embedded database for about
// 60 ms of CPU, against 230 ms for 2,000, for a few per cent more CPU in all.
export const BATCH_ROWS = 500;

/** The position of a word that is only in the similar words, not in the description. */
const NOT_IN_NAME = 1000;

/** One batch of rows and their words: two statements. */
export async function insertEntryBatch(db: Queryable, entries: readonly EntryRowInput[]): Promise<void> {
  if (entries.length === 0) return;
  const batch = entries.map((entry) => ({
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
  const words: { s: string; v: number; w: string; c: string; p: number; n: number }[] = [];
  for (const entry of entries) {
    const name = wordsOf(searchable(entry.description));
    for (const word of wordsOf(entry.search_text)) {
      const position = name.indexOf(word);
      words.push({ s: entry.slug, v: entry.version, w: word, c: entry.code, p: position < 0 ? NOT_IN_NAME : position, n: name.length });
    }
  }
  if (words.length === 0) return;
  await sql`INSERT INTO catalog_words (slug, version, word, code, position, name_words)
    SELECT r.s, r.v, r.w, r.c, r.p, r.n FROM json_to_recordset(${JSON.stringify(words)}::json) AS r(s text, v integer, w text, c text, p smallint, n smallint)`.execute(
    db,
  );
}

/** Points each catalog at its new version (its rows are already written). */
export async function activateVersions(db: Queryable, versions: ReadonlyMap<CatalogSlug, number>, at: Date): Promise<void> {
  if (versions.size === 0) return;
  await db
    .insertInto('catalogs')
    .values([...versions].map(([slug, version]) => ({ slug, active_version: version, updated_at: at })))
    .onConflict((conflict) =>
      conflict.column('slug').doUpdateSet((eb) => ({ active_version: eb.ref('excluded.active_version'), updated_at: eb.ref('excluded.updated_at') })),
    )
    .execute();
  await db
    .updateTable('catalog_versions')
    .set({ complete: true })
    .where((eb) => eb.or([...versions].map(([slug, version]) => eb.and([eb('slug', '=', slug), eb('version', '=', version)]))))
    .execute();
}

/** Rows of the given catalog written for `version` so far. */
export async function countEntries(db: Queryable, slug: CatalogSlug, version: number): Promise<number> {
  const row = await db
    .selectFrom('catalog_entries')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('slug', '=', slug)
    .where('version', '=', version)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Deletes, a batch per statement, the rows and words of every version of `slug` but `keep`
 * (superseded versions, or loads a crash left half-written), or of version `only` (a load that
 * failed). Returns the number of rows deleted.
 */
export async function deleteVersions(db: Queryable, slug: string, versions: { keep: readonly number[] } | { only: number }): Promise<number> {
  let deleted = 0;
  for (const table of ['catalog_words', 'catalog_entries'] as const) {
    const key = table === 'catalog_words' ? sql`(slug, version, word, code)` : sql`(slug, version, code)`;
    const columns = table === 'catalog_words' ? sql`slug, version, word, code` : sql`slug, version, code`;
    const keepList =
      'only' in versions ? sql`AND version = ${versions.only}` : versions.keep.length > 0 ? sql`AND version NOT IN (${sql.join([...versions.keep])})` : sql``;
    for (;;) {
      const result = await sql`DELETE FROM ${sql.table(table)} WHERE ${key} IN (
        SELECT ${columns} FROM ${sql.table(table)} WHERE slug = ${slug} ${keepList} LIMIT ${BATCH_ROWS * 5})`.execute(db);
      const count = Number(result.numAffectedRows ?? 0);
      if (table === 'catalog_entries') deleted += count;
      if (count < BATCH_ROWS * 5) break;
    }
  }
  return deleted;
}

/** Removes the history row of a version that never became complete. */
export async function deleteIncompleteVersion(db: Queryable, slug: string, version: number): Promise<void> {
  await db.deleteFrom('catalog_versions').where('slug', '=', slug).where('version', '=', version).where('complete', '=', false).execute();
}

/** Versions reserved and not complete: loads under way, or left by a crash. */
export async function incompleteVersions(db: Queryable): Promise<{ slug: string; version: number; created_at: Date }[]> {
  return db.selectFrom('catalog_versions').select(['slug', 'version', 'created_at']).where('complete', '=', false).execute();
}

/**
 * Refreshes the planner's statistics after a load, so that searches pick the word index. (No
 * VACUUM: on the embedded database it would hold the only connection for seconds.)
 */
export async function tidyEntries(db: Queryable): Promise<void> {
  await sql`ANALYZE catalog_entries`.execute(db);
  await sql`ANALYZE catalog_words`.execute(db);
}

// Any constant works: it serialises catalog writers (imports, built-in seeding) across processes.
const CATALOG_WRITE_LOCK = 7_305_118_205;

export async function lockCatalogWrites(db: Queryable): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${sql.lit(CATALOG_WRITE_LOCK)})`.execute(db);
}

export interface EntryPageQuery {
  slug: CatalogSlug;
  /** Normalised search terms; each must match the start of the code or of a word of the row. */
  terms: readonly string[];
  limit: number;
  startingAfter?: string | undefined;
  endingBefore?: string | undefined;
  /** jsonb containment filters on `data`, e.g. `{ tax_regimes: ['612'] }`. */
  contains?: Record<string, CatalogValue> | undefined;
  /** How often the caller's organization used each code: ranks those codes up. */
  usage?: ReadonlyMap<string, number> | undefined;
}

function activeVersionOf(db: Queryable, slug: CatalogSlug) {
  return db.selectFrom('catalogs').select('catalogs.active_version').where('catalogs.slug', '=', slug);
}

/** `6428` → `6429`: every string that starts with `prefix` sorts (bytewise) in [prefix, next). */
function nextPrefix(prefix: string): string {
  return prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
}

/**
 * The codes matching every term, ranked, from the word index alone. A term matches a word's start
 * (a range of catalog_words' key) or the code's start: a term without letters is a range of the
 * primary key; one with letters never starts a numeric key. Per code: whether each term matched a
 * word of the description (`named`), whether the terms are the description's first words in
 * order (`phrase`: the name starts with the query), and how many words the description has.
 */
function rankedMatches(query: EntryPageQuery, terms: readonly string[], phrase: string) {
  const { slug } = query;
  const numericCodes = hasNumericCodes(definitionOf(slug));
  const version = sql`(SELECT active_version FROM catalogs WHERE slug = ${slug})`;
  const branches = terms.flatMap((term, index) => {
    const next = nextPrefix(term);
    const words = sql`SELECT ${index}::int AS t, code, position, name_words FROM catalog_words
      WHERE slug = ${slug} AND version = ${version} AND word >= ${term} AND word < ${next}`;
    // A code match is not a name match: it ranks by the exact code alone.
    const codes = (column: string) => sql`SELECT ${index}::int AS t, code, ${NOT_IN_NAME + 1}::smallint AS position, 0::smallint AS name_words
      FROM catalog_entries WHERE slug = ${slug} AND version = ${version} AND ${sql.ref(column)} >= ${term} AND ${sql.ref(column)} < ${next}`;
    if (!/[a-z]/.test(term)) return [words, codes('code')];
    return numericCodes ? [words] : [words, codes('search_code')];
  });
  const all = sql.join(
    terms.map((_, index) => sql`bool_or(m.t = ${index})`),
    sql` AND `,
  );
  const named = sql.join(
    terms.map((_, index) => sql`(bool_or(m.t = ${index} AND m.position < ${NOT_IN_NAME}))::int`),
    sql` + `,
  );
  const starts = sql.join(
    terms.map((_, index) => sql`bool_or(m.t = ${index} AND m.position = ${index})`),
    sql` AND `,
  );
  const usage = JSON.stringify([...(query.usage ?? new Map<string, number>())].map(([code, uses]) => ({ code, uses })));
  const classes = slug === 'clave_prod_serv' ? sql`CASE WHEN right(g.code, 2) = '00' THEN 20 ELSE 0 END` : sql`0`;
  const matched = sql`SELECT m.code, ${named} AS named, ${starts} AS starts, max(m.name_words) AS name_words
    FROM (${sql.join(branches, sql` UNION ALL `)}) AS m GROUP BY m.code HAVING ${all}`;
  const score = sql`(CASE WHEN lower(g.code) = ${phrase.replace(/ /g, '')} THEN 1000 ELSE 0 END)
    + (CASE WHEN g.starts THEN (CASE WHEN g.name_words = ${terms.length} THEN 600 ELSE 100 END) ELSE 0 END)
    + (50 * g.named) / ${terms.length} + ${classes}
    + (CASE WHEN u.uses IS NULL THEN 0 ELSE 200 + least(u.uses, 99) END)`;
  return sql`SELECT g.code, ${score} AS score FROM (${matched}) AS g
    LEFT JOIN json_to_recordset(${usage}::json) AS u(code text, uses integer) ON u.code = g.code`;
}

const RANKED_COLUMNS = sql`e.code, e.description, e.valid_from, e.valid_to, e.data`;

/**
 * Entries matching the terms, best first: the exact code, then the exact name, then a name that
 * starts with the query, then entries whose own name (not only their similar words) holds the
 * terms; a class of c_ClaveProdServ (a key ending in 00) before its members; the codes the
 * organization uses most ranked up. Ties in code order. Only the page's rows are read.
 */
async function rankedEntries(db: Queryable, query: EntryPageQuery, terms: readonly string[], phrase: string) {
  const version = sql`(SELECT active_version FROM catalogs WHERE slug = ${query.slug})`;
  // A data filter (small catalogs only) needs the rows before the page is cut.
  const contains = query.contains
    ? sql`WHERE EXISTS (SELECT 1 FROM catalog_entries AS f WHERE f.slug = ${query.slug} AND f.version = ${version} AND f.code = r.code
        AND f.data::jsonb @> ${JSON.stringify(query.contains)}::jsonb)`
    : sql``;
  const result = await sql<EntryRow>`SELECT ${RANKED_COLUMNS} FROM (
      SELECT r.code, r.score FROM (${rankedMatches(query, terms, phrase)}) AS r ${contains}
      ORDER BY r.score DESC, r.code LIMIT ${query.limit + 1}
    ) AS page
    JOIN catalog_entries AS e ON e.slug = ${query.slug} AND e.version = ${version} AND e.code = page.code
    ORDER BY page.score DESC, page.code`.execute(db);
  return result.rows;
}

/** Entries matching the terms in code order, after or before a code. */
async function matchingEntriesByCode(db: Queryable, query: EntryPageQuery, terms: readonly string[], backwards: boolean) {
  const version = sql`(SELECT active_version FROM catalogs WHERE slug = ${query.slug})`;
  const contains = query.contains ? sql`AND e.data::jsonb @> ${JSON.stringify(query.contains)}::jsonb` : sql``;
  const after = query.startingAfter !== undefined ? sql`AND r.code > ${query.startingAfter}` : sql``;
  const before = backwards ? sql`AND r.code < ${query.endingBefore!}` : sql``;
  const result = await sql<EntryRow>`SELECT ${RANKED_COLUMNS} FROM (${rankedMatches(query, terms, terms.join(' '))}) AS r
    JOIN catalog_entries AS e ON e.slug = ${query.slug} AND e.version = ${version} AND e.code = r.code
    WHERE true ${contains} ${after} ${before}
    ORDER BY e.code ${backwards ? sql`DESC` : sql`ASC`}
    LIMIT ${query.limit + 1}`.execute(db);
  return result.rows;
}

/**
 * A page of active rows. Without search terms: in code order (bytewise), after `startingAfter` or
 * before `endingBefore`, read from the primary key's index. With terms: the matching rows best
 * first (see rankedEntries), or in code order when a cursor is given. Every statement names the
 * active version in a sub-select, so it sees one snapshot: a concurrent import's switch is seen
 * entirely or not at all.
 */
export async function searchEntries(db: Queryable, query: EntryPageQuery): Promise<{ rows: CatalogEntry[]; hasMore: boolean }> {
  const backwards = query.endingBefore !== undefined && query.startingAfter === undefined;
  const terms = meaningfulTerms(query.terms);
  let found: EntryRow[];
  if (terms.length > 0) {
    found =
      query.startingAfter === undefined && query.endingBefore === undefined
        ? await rankedEntries(db, query, terms, query.terms.join(' '))
        : await matchingEntriesByCode(db, query, terms, backwards);
  } else {
    let page = db
      .selectFrom('catalog_entries')
      .select('catalog_entries.code')
      .where('catalog_entries.slug', '=', query.slug)
      .where('catalog_entries.version', '=', activeVersionOf(db, query.slug));
    if (query.contains) page = page.where(sql<boolean>`catalog_entries.data::jsonb @> ${JSON.stringify(query.contains)}::jsonb`);
    if (query.startingAfter !== undefined) page = page.where('catalog_entries.code', '>', query.startingAfter);
    if (backwards) page = page.where('catalog_entries.code', '<', query.endingBefore!);
    const direction = backwards ? 'desc' : 'asc';
    found = await db
      .selectFrom('catalog_entries')
      .select([...ENTRY_COLUMNS])
      .where('catalog_entries.slug', '=', query.slug)
      .where('catalog_entries.version', '=', activeVersionOf(db, query.slug))
      .where('catalog_entries.code', 'in', page.orderBy('catalog_entries.code', direction).limit(query.limit + 1))
      .orderBy('catalog_entries.code', direction)
      .execute();
  }
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
