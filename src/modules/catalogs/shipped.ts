/**
 * The SAT catalogs shipped with the service (`sat-catalogs/`: gzipped CSV files and their
 * MANIFEST.json, with the source, version and date of each). A server loads them into its
 * database in the background after it starts listening: readiness never waits for them, every
 * catalog keeps its active version (or stays "not loaded") until its new version is complete, and
 * a catalog an operator imported is never replaced by shipped data.
 */
import fs from 'node:fs/promises';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { packagePath } from '../../platform/runtime/layout.ts';
import { assembleCatalog } from './assemble.ts';
import { parseCsv } from './csv.ts';
import { definitionForFileName, type CatalogDefinition } from './definitions.ts';
import type { CatalogEntry, CatalogSlug } from './lookup.ts';
import { CatalogImportError, parseTable } from './parse-table.ts';
import { activeCatalogs, tidyEntries } from './repository.ts';
import { waitingForOtherWriters, writeCatalogs, type LoadProgress } from './store.ts';

interface ManifestCatalog {
  catalog: string;
  file: string;
  rows: number;
  sha256: string;
}

interface Manifest {
  release: string;
  catalogs: ManifestCatalog[];
}

/** What GET /readyz and GET /v1/catalogs say about the shipped catalogs. */
interface ShippedLoadState {
  release: string | null;
  /** `loading` while catalogs are being written; `done` when every one is in force (or kept). */
  state: 'idle' | 'loading' | 'done' | 'failed';
  catalogs_total: number;
  catalogs_done: number;
  /** The catalog being written, with its progress. */
  current: LoadProgress | null;
  /** Catalogs still to be written (slugs). */
  pending: CatalogSlug[];
  error: string | null;
}

export interface ShippedLoader {
  /**
   * Starts the load in the background, after `first` (once; later calls start nothing). Resolves
   * when the load has settled (done, failed or stopped); it never rejects.
   */
  start(first?: () => Promise<unknown>): Promise<void>;
  state(): ShippedLoadState;
  /** Stops between two batches and waits for the load to settle (closing the service). */
  stop(): Promise<void>;
}

const gunzipAsync = promisify(gunzip);
/** How often a process that found another writing a shipped catalog looks whether it is done. */
const OTHER_WRITER_POLL_MS = 5_000;

/** Rows parsed per slice of a shipped file; the event loop runs between slices. */
const PARSE_SLICE = 2_000;

export async function readManifest(directory = packagePath('sat-catalogs')): Promise<Manifest> {
  return JSON.parse(await fs.readFile(`${directory}/MANIFEST.json`, 'utf8')) as Manifest;
}

/**
 * A shipped file's entries, parsed a slice of rows at a time. The files are written sorted and
 * without line breaks inside fields, so a slice of lines is a slice of records.
 */
export async function readShippedFile(path: string, definition: CatalogDefinition, source: string): Promise<CatalogEntry[]> {
  const text = new TextDecoder('utf-8', { fatal: true }).decode(await gunzipAsync(await fs.readFile(path)));
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  const header = lines[0]!;
  const entries: CatalogEntry[] = [];
  for (let start = 1; start < lines.length; start += PARSE_SLICE) {
    const rows = parseCsv([header, ...lines.slice(start, start + PARSE_SLICE)].join('\n'));
    for (const row of rows) row.line += start - 1;
    const table = parseTable(definition, { source, rows, headerSearch: false });
    for (const entry of assembleCatalog(definition, [table])) entries.push(entry);
    await yieldToLoop();
  }
  return entries;
}

export interface ShippedLoadOptions {
  clock: Clock;
  /** Called after each catalog is switched (the catalog store reloads what changed). */
  onCatalog?: (slug: CatalogSlug) => Promise<void>;
  directory?: string;
}

/**
 * Loads, once started, the shipped catalogs that the database lacks, or holds from an older shipped
 * release; smallest first, so the many small catalogs are in force within a second and the large
 * ones follow. Each catalog switches on its own when complete.
 */
export function shippedLoader(db: Db, options: ShippedLoadOptions): ShippedLoader {
  const status: ShippedLoadState = { release: null, state: 'idle', catalogs_total: 0, catalogs_done: 0, current: null, pending: [], error: null };
  const directory = options.directory ?? packagePath('sat-catalogs');
  const abort = new AbortController();
  let finished: Promise<void> | undefined;
  const run = async (first?: () => Promise<unknown>) => {
    await first?.();
    const manifest = await readManifest(directory);
    status.release = manifest.release;
    const active = new Map((await activeCatalogs(db)).map((row) => [row.slug, row]));
    const todo = manifest.catalogs
      .map((item) => ({ item, definition: definitionForFileName(item.file) }))
      .filter(({ item, definition }) => {
        if (!definition) throw new CatalogImportError(`sat-catalogs/${item.file}: not named after a catalog this service keeps.`);
        const current = active.get(definition.slug);
        return !current || (current.origin === 'shipped' && current.release !== manifest.release);
      })
      .sort((left, right) => left.item.rows - right.item.rows);
    status.catalogs_total = todo.length;
    status.pending = todo.map(({ definition }) => definition!.slug);
    if (todo.length === 0) {
      status.state = 'done';
      return;
    }
    status.state = 'loading';
    for (const { item, definition } of todo) {
      if (abort.signal.aborted) return;
      const source = `sat-catalogs/${item.file}`;
      const entries = await readShippedFile(`${directory}/${item.file}`, definition!, source);
      // Several processes or nodes start together on one PostgreSQL database: one writes a catalog,
      // the others wait until it is in force (the watch then brings it into their memory).
      const slug = definition!.slug;
      await waitingForOtherWriters(
        async () => {
          status.current = { catalog: slug, rows_written: 0, rows: entries.length };
          await writeCatalogs(db, [{ slug, entries, origin: 'shipped', source, release: manifest.release }], {
            at: options.clock.now(),
            policy: 'shipped',
            signal: abort.signal,
            onProgress: (progress) => {
              status.current = progress;
            },
          });
          return true;
        },
        {
          pollMs: OTHER_WRITER_POLL_MS,
          signal: abort.signal,
          settled: async () => {
            const current = (await activeCatalogs(db)).find((row) => row.slug === slug);
            return current?.origin === 'shipped' && current.release === manifest.release ? true : undefined;
          },
        },
      );
      status.catalogs_done++;
      status.pending = status.pending.filter((slug) => slug !== definition!.slug);
      status.current = null;
      await options.onCatalog?.(definition!.slug);
    }
    // Only an optimisation (the planner's statistics): the catalogs are in force already.
    await tidyEntries(db).catch(() => {});
    status.state = 'done';
  };
  return {
    start(first) {
      if (finished) return finished;
      status.state = 'loading';
      finished = run(first).catch((error: unknown) => {
        status.state = abort.signal.aborted ? 'idle' : 'failed';
        status.current = null;
        if (!abort.signal.aborted) status.error = error instanceof Error ? error.message : String(error);
      });
      return finished;
    },
    state: () => ({ ...status, pending: [...status.pending] }),
    async stop() {
      abort.abort();
      await finished;
    },
  };
}
