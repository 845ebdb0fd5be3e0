import { setTimeout as sleep, setImmediate as yieldToLoop } from 'node:timers/promises';
import type { Db } from '../../platform/db/database.ts';
import { canonicalEntry, contentHashInSlices, searchTextOf } from './assemble.ts';
import type { CatalogEntry, CatalogSlug } from './lookup.ts';
import {
  activateVersions,
  activeCatalogs,
  activeEntries,
  BATCH_ROWS,
  countEntries,
  deleteIncompleteVersion,
  deleteVersions,
  incompleteVersions,
  insertEntryBatch,
  insertVersions,
  latestVersions,
  lockCatalogWrites,
  type ActiveCatalog,
  type CatalogOrigin,
} from './repository.ts';

/** The complete new content of one catalog. */
export interface CatalogContent {
  slug: CatalogSlug;
  entries: readonly CatalogEntry[];
  origin: CatalogOrigin;
  /** Where the rows came from: `builtin`, the imported file names, or the shipped file. */
  source: string;
  /** The shipped release (origin `shipped` only). */
  release?: string;
}

type Hashed = CatalogContent & { hash: string };

export interface CatalogChange {
  catalog: CatalogSlug;
  /** `kept`: a built-in or shipped load found a version an operator imported and left it alone. */
  status: 'created' | 'updated' | 'unchanged' | 'kept';
  version: number;
  previous_version: number | null;
  rows: number;
  added: number;
  removed: number;
  changed: number;
}

export interface LoadProgress {
  catalog: CatalogSlug;
  rows_written: number;
  rows: number;
}

export interface WriteOptions {
  at: Date;
  /**
   * `replace`: an import, which replaces any version. `seed` (built-in catalogs) and `shipped`
   * (the catalogs shipped with the service) never replace a version an operator imported.
   */
  policy: 'replace' | 'seed' | 'shipped';
  /** Work everything out, then write nothing. */
  dryRun?: boolean;
  /** Called after each batch of rows written. */
  onProgress?: (progress: LoadProgress) => void;
  /** Stops between two batches (the new versions are removed, the active ones stay). */
  signal?: AbortSignal;
}

/** Another process is writing the same catalog (a load younger than this is left alone). */
const LOAD_IN_PROGRESS_MS = 10 * 60_000;

export class CatalogLoadConflict extends Error {}

export interface OtherWriterWait<T> {
  /** Between attempts. */
  pollMs: number;
  /** Give up (the conflict is thrown) once this long has passed; without it, wait as long as it takes. */
  giveUpMs?: number;
  signal?: AbortSignal;
  /** After a wait: what the other writer's finished work makes of this one, or undefined to try again. */
  settled?: () => Promise<T | undefined>;
}

/**
 * Runs `attempt` until it meets no other load of the same catalogs (CatalogLoadConflict): when
 * several processes or nodes start together on one PostgreSQL database, one writes a catalog and
 * the others wait for it, then find it written (`settled`, or an attempt with nothing left to do).
 */
export async function waitingForOtherWriters<T>(attempt: () => Promise<T>, wait: OtherWriterWait<T>): Promise<T> {
  const giveUpAt = wait.giveUpMs === undefined ? Number.POSITIVE_INFINITY : Date.now() + wait.giveUpMs;
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof CatalogLoadConflict) || Date.now() > giveUpAt) throw error;
    }
    await sleep(wait.pollMs, undefined, wait.signal ? { signal: wait.signal } : {});
    const done = await wait.settled?.();
    if (done !== undefined) return done;
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

function replaces(policy: WriteOptions['policy'], current: ActiveCatalog | undefined, hash: string): boolean {
  if (!current) return true;
  if (current.content_hash === hash) return false;
  if (policy === 'replace') return true;
  if (policy === 'seed') return current.origin === 'builtin';
  return current.origin === 'shipped';
}

interface Planned {
  content: CatalogContent;
  hash: string;
  current: ActiveCatalog | undefined;
  version?: number;
}

/**
 * Step 1, one short transaction: decides what changes and reserves a new, incomplete version of
 * each changed catalog. A load of the same catalog younger than 10 minutes is another writer's
 * (a conflict); an older incomplete one was left by a crash and is removed.
 */
async function reserve(
  db: Db,
  contents: readonly Hashed[],
  options: WriteOptions,
): Promise<{ planned: Planned[]; stale: { slug: string; version: number }[] }> {
  return db.transaction().execute(async (trx) => {
    await lockCatalogWrites(trx);
    const active = new Map((await activeCatalogs(trx)).map((row) => [row.slug, row]));
    const planned: Planned[] = contents.map((content) => ({ content, hash: content.hash, current: active.get(content.slug) }));
    const toWrite = planned.filter(({ content, hash, current }) => content.entries.length > 0 && replaces(options.policy, current, hash));
    const slugs = new Set(toWrite.map(({ content }) => content.slug));
    const now = options.at.getTime();
    const incomplete = (await incompleteVersions(trx)).filter((row) => slugs.has(row.slug as CatalogSlug));
    const busy = incomplete.filter((row) => now - row.created_at.getTime() < LOAD_IN_PROGRESS_MS);
    if (busy.length > 0) {
      throw new CatalogLoadConflict(`${busy.map((row) => row.slug).join(', ')}: another load of this catalog is under way; try again when it has finished.`);
    }
    if (options.dryRun || toWrite.length === 0) return { planned, stale: incomplete };
    const latest = await latestVersions(trx, [...slugs]);
    for (const item of toWrite) item.version = (latest.get(item.content.slug) ?? 0) + 1;
    await insertVersions(
      trx,
      toWrite.map(({ content, hash, version }) => ({
        slug: content.slug,
        version: version!,
        origin: content.origin,
        source: content.source,
        content_hash: hash,
        row_count: content.entries.length,
        text_has_digits: true,
        created_at: options.at,
        complete: false,
        release: content.release ?? null,
      })),
    );
    return { planned, stale: incomplete };
  });
}

/** Step 2, outside any transaction: the rows, a batch per statement, yielding between batches. */
async function writeRows(db: Db, item: Planned, options: WriteOptions): Promise<void> {
  const { slug, entries } = item.content;
  for (let start = 0; start < entries.length; start += BATCH_ROWS) {
    const batch = entries.slice(start, start + BATCH_ROWS).map((entry) => ({ ...entry, slug, version: item.version!, search_text: searchTextOf(slug, entry) }));
    options.signal?.throwIfAborted();
    await insertEntryBatch(db, batch);
    options.onProgress?.({ catalog: slug, rows_written: Math.min(start + BATCH_ROWS, entries.length), rows: entries.length });
    await yieldToLoop();
  }
}

/** Step 3, one short transaction: every written version becomes active at once. */
async function activate(db: Db, written: readonly Planned[], at: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockCatalogWrites(trx);
    for (const item of written) {
      const rows = await countEntries(trx, item.content.slug, item.version!);
      if (rows !== item.content.entries.length) {
        throw new CatalogLoadConflict(`${item.content.slug}: the new version lost rows while being written (another load removed it); nothing was switched.`);
      }
    }
    await activateVersions(trx, new Map(written.map((item) => [item.content.slug, item.version!])), at);
  });
}

/**
 * Writes new versions of catalogs without holding the database: each changed catalog gets a new
 * version whose rows are written in batches while the active version keeps answering, then all
 * of them become active in one short transaction (every catalog switches, or none does), and the
 * superseded rows are deleted in batches. Content equal to the active version's is left alone.
 */
export async function writeCatalogs(db: Db, contents: readonly CatalogContent[], options: WriteOptions): Promise<CatalogChange[]> {
  const withDiff = options.policy === 'replace';
  const previous = withDiff
    ? await activeEntries(
        db,
        contents.map((content) => content.slug),
      )
    : [];
  const hashed: Hashed[] = [];
  for (const content of contents) hashed.push({ ...content, hash: await contentHashInSlices(content.entries) });
  const { planned, stale } = await reserve(db, hashed, options);
  for (const row of stale) {
    if (options.dryRun) break;
    await deleteVersions(db, row.slug, { only: row.version });
    await deleteIncompleteVersion(db, row.slug, row.version);
  }
  const written = planned.filter((item) => item.version !== undefined);
  try {
    for (const item of written) await writeRows(db, item, options);
    if (written.length > 0) await activate(db, written, options.at);
  } catch (error) {
    for (const item of written) {
      await deleteVersions(db, item.content.slug, { only: item.version! }).catch(() => {});
      await deleteIncompleteVersion(db, item.content.slug, item.version!).catch(() => {});
    }
    throw error;
  }
  for (const item of written) await deleteVersions(db, item.content.slug, { keep: [item.version!] });
  return planned.map(({ content, hash, current, version }) => {
    const wouldWrite = version !== undefined || (options.dryRun && content.entries.length > 0 && replaces(options.policy, current, hash));
    if (!wouldWrite) return unchangedChange(content, current!, current!.content_hash === hash ? 'unchanged' : 'kept');
    const before = previous.filter((entry) => entry.slug === content.slug);
    return {
      catalog: content.slug,
      status: current ? 'updated' : 'created',
      version: version ?? (current?.version ?? 0) + 1,
      previous_version: current?.version ?? null,
      rows: content.entries.length,
      ...(withDiff ? diff(before, content.entries) : { added: content.entries.length - (current?.row_count ?? 0), removed: 0, changed: 0 }),
    };
  });
}
