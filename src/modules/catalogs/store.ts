import type { Db } from '../../platform/db/database.ts';
import { canonicalEntry, contentHash, searchTextOf } from './assemble.ts';
import type { CatalogEntry, CatalogSlug } from './lookup.ts';
import {
  activateVersions,
  activeCatalogs,
  activeEntries,
  insertEntries,
  insertVersions,
  latestVersions,
  lockCatalogWrites,
  type ActiveCatalog,
  type Queryable,
} from './repository.ts';

/** The complete new content of one catalog. */
export interface CatalogContent {
  slug: CatalogSlug;
  entries: readonly CatalogEntry[];
  origin: 'builtin' | 'import';
  /** Where the rows came from: `builtin`, or the imported file names. */
  source: string;
}

export interface CatalogChange {
  catalog: CatalogSlug;
  /** `kept`: a built-in seed found an imported version active and left it alone. */
  status: 'created' | 'updated' | 'unchanged' | 'kept';
  version: number;
  previous_version: number | null;
  rows: number;
  added: number;
  removed: number;
  changed: number;
}

export interface WriteOptions {
  at: Date;
  /** `seed` (built-in catalogs at start-up) never replaces an imported version. */
  policy: 'replace' | 'seed';
  /** Work everything out, then roll back. */
  dryRun?: boolean;
}

class DryRun extends Error {
  constructor(readonly changes: CatalogChange[]) {
    super('dry run');
  }
}

function diff(previous: readonly CatalogEntry[], next: readonly CatalogEntry[]): Pick<CatalogChange, 'added' | 'removed' | 'changed'> {
  const before = new Map(previous.map((entry) => [entry.code, canonicalEntry(entry)]));
  let added = 0;
  let changed = 0;
  for (const entry of next) {
    const old = before.get(entry.code);
    if (old === undefined) added++;
    else if (old !== canonicalEntry(entry)) changed++;
    before.delete(entry.code);
  }
  return { added, removed: before.size, changed };
}

const unchangedChange = (content: CatalogContent, active: ActiveCatalog, status: 'unchanged' | 'kept'): CatalogChange => ({
  catalog: content.slug,
  status,
  version: active.version,
  previous_version: active.version,
  rows: active.row_count,
  added: 0,
  removed: 0,
  changed: 0,
});

/** Writes every changed catalog with a handful of statements, whatever the number of catalogs. */
async function writeChanged(
  trx: Queryable,
  contents: readonly CatalogContent[],
  active: ReadonlyMap<string, ActiveCatalog>,
  options: WriteOptions,
): Promise<CatalogChange[]> {
  const hashed = contents.map((content) => ({ content, hash: contentHash(content.entries), current: active.get(content.slug) }));
  const toWrite = hashed.filter(
    ({ hash, current }) => !current || (current.content_hash !== hash && !(options.policy === 'seed' && current.origin === 'import')),
  );
  const slugs = toWrite.map(({ content }) => content.slug);
  const previous = await activeEntries(
    trx,
    slugs.filter((slug) => active.has(slug)),
  );
  const latest = await latestVersions(trx, slugs);
  const versions = new Map(slugs.map((slug) => [slug, (latest.get(slug) ?? 0) + 1]));
  const prepared = toWrite.map(({ content, hash }) => {
    const version = versions.get(content.slug)!;
    const rows = content.entries.map((entry) => ({ ...entry, slug: content.slug, version, search_text: searchTextOf(content.slug, entry) }));
    return { content, hash, version, rows };
  });
  await insertVersions(
    trx,
    prepared.map(({ content, hash, version, rows }) => ({
      slug: content.slug,
      version,
      origin: content.origin,
      source: content.source,
      content_hash: hash,
      row_count: rows.length,
      text_has_digits: rows.some((row) => /\d/.test(row.search_text)),
      created_at: options.at,
    })),
  );
  await insertEntries(
    trx,
    prepared.flatMap(({ rows }) => rows),
  );
  await activateVersions(trx, versions, options.at);
  return hashed.map(({ content, hash, current }) => {
    if (!versions.has(content.slug)) return unchangedChange(content, current!, current!.content_hash === hash ? 'unchanged' : 'kept');
    const before = previous.filter((entry) => entry.slug === content.slug);
    return {
      catalog: content.slug,
      status: current ? 'updated' : 'created',
      version: versions.get(content.slug)!,
      previous_version: current?.version ?? null,
      rows: content.entries.length,
      ...diff(before, content.entries),
    };
  });
}

/**
 * Writes new versions of catalogs in one transaction: every catalog switches to its new version
 * at commit, or none does. Content equal to the active version's is left alone.
 */
export async function writeCatalogs(db: Db, contents: readonly CatalogContent[], options: WriteOptions): Promise<CatalogChange[]> {
  try {
    return await db.transaction().execute(async (trx) => {
      await lockCatalogWrites(trx);
      const active = new Map((await activeCatalogs(trx)).map((row) => [row.slug, row]));
      const changes = await writeChanged(trx, contents, active, options);
      if (options.dryRun) throw new DryRun(changes);
      return changes;
    });
  } catch (error) {
    if (error instanceof DryRun) return error.changes;
    throw error;
  }
}
