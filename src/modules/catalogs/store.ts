import type { Db } from '../../platform/db/database.ts';
import { canonicalEntry, contentHash, searchTextOf } from './assemble.ts';
import type { CatalogEntry, CatalogSlug } from './lookup.ts';
import {
  activateVersion,
  activeCatalogs,
  activeEntries,
  insertEntries,
  insertVersion,
  lockCatalogWrites,
  nextVersion,
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

async function writeOne(trx: Queryable, content: CatalogContent, active: ActiveCatalog | undefined, options: WriteOptions): Promise<CatalogChange> {
  const hash = contentHash(content.entries);
  const base = { catalog: content.slug, rows: content.entries.length, previous_version: active?.version ?? null };
  if (active && active.content_hash === hash) {
    return { ...base, status: 'unchanged', version: active.version, rows: active.row_count, added: 0, removed: 0, changed: 0 };
  }
  if (active && options.policy === 'seed' && active.origin === 'import') {
    return { ...base, status: 'kept', version: active.version, rows: active.row_count, added: 0, removed: 0, changed: 0 };
  }
  const previous = active ? await activeEntries(trx, [content.slug]) : [];
  const version = await nextVersion(trx, content.slug);
  const rows = content.entries.map((entry) => ({ ...entry, search_text: searchTextOf(content.slug, entry) }));
  await insertVersion(trx, {
    slug: content.slug, version, origin: content.origin, source: content.source, content_hash: hash,
    row_count: content.entries.length, text_has_digits: rows.some((row) => /\d/.test(row.search_text)), created_at: options.at,
  });
  await insertEntries(trx, content.slug, version, rows);
  await activateVersion(trx, content.slug, version, options.at);
  return { ...base, status: active ? 'updated' : 'created', version, ...diff(previous, content.entries) };
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
      const changes: CatalogChange[] = [];
      for (const content of contents) changes.push(await writeOne(trx, content, active.get(content.slug), options));
      if (options.dryRun) throw new DryRun(changes);
      return changes;
    });
  } catch (error) {
    if (error instanceof DryRun) return error.changes;
    throw error;
  }
}
