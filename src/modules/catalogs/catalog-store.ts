import type { ChangeFeed } from '../../platform/db/changes.ts';
import type { Clock } from '../../platform/clock.ts';
import { systemClock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { contentHash } from './assemble.ts';
import { BUILTIN_CATALOGS } from './builtin/index.ts';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { CatalogIndex, CatalogSlug } from './lookup.ts';
import { ColumnarTable, indexOfTables, type CatalogTable } from './memory-lookup.ts';
import { CompactTable, type Projection } from './compact-table.ts';
import { LARGE_DEFINITIONS } from './definitions-large.ts';
import { SMALL_DEFINITIONS } from './definitions-small.ts';
import { cfdiLookupOf } from './cfdi-lookup.ts';
import type { CatalogLookup as CfdiCatalogLookup } from '../../cfdi/rules/index.ts';
import { activeCatalogs, entriesAfter, type ActiveCatalog } from './repository.ts';
import { waitingForOtherWriters, writeCatalogs, type CatalogChange } from './store.ts';

/**
 * Writes the built-in catalogs when the database lacks them or holds an older built-in version
 * (after an upgrade of the product). A catalog an operator imported is never replaced.
 */
export async function seedBuiltinCatalogs(db: Db, at: Date): Promise<CatalogChange[]> {
  // Processes starting together on one PostgreSQL database: one writes the built-ins, the others
  // wait for it and then find nothing left to write.
  return waitingForOtherWriters(() => seedOnce(db, at), { pollMs: SEED_RETRY_MS, giveUpMs: SEED_WAIT_MS });
}

/** How long a starting process waits for another one's seeding of the built-in catalogs. */
const SEED_WAIT_MS = 60_000;
const SEED_RETRY_MS = 250;

async function seedOnce(db: Db, at: Date): Promise<CatalogChange[]> {
  const active = new Map((await activeCatalogs(db)).map((row) => [row.slug, row]));
  const stale = [...BUILTIN_CATALOGS].filter(([slug, entries]) => {
    const current = active.get(slug);
    return !current || (current.origin === 'builtin' && current.content_hash !== contentHash(entries));
  });
  if (stale.length === 0) return [];
  return writeCatalogs(
    db,
    stale.map(([slug, entries]) => ({ slug, entries, origin: 'builtin' as const, source: 'builtin' })),
    { at, policy: 'seed' },
  );
}

/**
 * The catalogs in memory: the CFDI engine's CatalogLookup (by SAT name, e.g. `c_UsoCFDI`) at the
 * top level, so the store can be handed to the validator as is; the same catalogs by API slug,
 * with search and the cross-catalog rules, under `index`; and a way to pick up imports made by
 * other processes.
 */
export interface CatalogStore extends CfdiCatalogLookup {
  readonly index: CatalogIndex;
  /** Reloads the catalogs whose active version changed; true when something was reloaded. */
  refresh(): Promise<boolean>;
  /** The active version of each loaded catalog. */
  versions(): ReadonlyMap<CatalogSlug, number>;
  /**
   * Refreshes every `intervalMs` (default 60 s) so imports made by `invoicing catalogs import`
   * in another process reach this one, and at once when `changes` announces one (PostgreSQL);
   * returns a function that stops it. A failed refresh keeps the catalogs already loaded and is
   * retried at the next tick.
   */
  watch(intervalMs?: number, onError?: (error: unknown) => void, changes?: ChangeFeed): () => void;
}

export interface CatalogStoreOptions {
  clock?: Clock;
  /** Seed the built-in catalogs first (default true). */
  seed?: boolean;
  /**
   * Leave catalogs of more than 10,000 rows (c_ClaveProdServ, c_CodigoPostal) for the first
   * `refresh`, so that a server is ready without reading 150,000 rows first (default false).
   */
  deferLarge?: boolean;
}

/**
 * The catalogs held in memory: those the CFDI rules, the invoice builder and the PDF read
 * synchronously (the built-in ones, c_ClaveProdServ, c_ClaveUnidad, c_CodigoPostal, c_Estado,
 * c_NumPedimentoAduana for InformacionAduanera/@NumeroPedimento and c_ClaveProdServCP for Carta
 * Porte's Mercancia/@BienesTransp). The others (places, customs, the complementos' other catalogs)
 * stay in the database. Every one of them, in memory or not, is searched and read for people
 * (`/v1/catalogs/...`) in the database.
 */
const IN_MEMORY = new Set<CatalogSlug>([
  ...[...SMALL_DEFINITIONS, ...LARGE_DEFINITIONS].map((definition) => definition.slug),
  'num_pedimento_aduana',
  'clave_prod_serv_cp',
]);

/**
 * The large catalogs, held only for what is read of them synchronously (CompactTable): each
 * code's existence and validity (the rules), c_ClaveProdServ's description (the PDF), c_CodigoPostal's
 * time zone (Fecha's rules, the invoice builder) and c_NumPedimentoAduana's cantidad (the
 * pedimento's consecutive). The small ones keep every column: the rules read most of them.
 */
const PROJECTIONS: Partial<Record<CatalogSlug, Projection>> = {
  clave_prod_serv: { description: true, fields: [] },
  codigo_postal: { description: false, fields: ['time_zone'] },
  num_pedimento_aduana: { description: false, fields: ['cantidad'] },
  clave_prod_serv_cp: { description: false, fields: [] },
};

/** An empty table of the form the store holds `slug` in (rows are added, then the table sealed). */
export function emptyTableOf(slug: CatalogSlug): CatalogTable {
  const projection = PROJECTIONS[slug];
  return projection ? new CompactTable(projection) : new ColumnarTable();
}

/** Whether the store holds `slug` in memory. */
export function isHeldInMemory(slug: CatalogSlug): boolean {
  return IN_MEMORY.has(slug);
}

/** Rows read per statement while loading a catalog into memory. */
const SLICE_ROWS = 5_000;

class VersionGone extends Error {}

/**
 * One version of a catalog, read in slices of 5,000 rows (each a short statement; the loop yields
 * between them) into a columnar or, for the large ones, a compact table. A version that a newer import removed meanwhile is
 * reported as gone, so the caller reads the catalogs again.
 */
async function loadTable(db: Db, slug: CatalogSlug, version: number, rows: number): Promise<CatalogTable> {
  const table = emptyTableOf(slug);
  let after: string | null = null;
  for (;;) {
    const slice = await entriesAfter(db, slug, version, after, SLICE_ROWS);
    for (const entry of slice) table.add(entry);
    if (slice.length < SLICE_ROWS) break;
    after = slice.at(-1)!.code;
    await yieldToLoop();
  }
  if (table.size !== rows) throw new VersionGone(slug);
  return table.seal();
}

/** Catalogs larger than this are read into memory after the server listens (deferLarge). */
const LARGE_ROWS = 10_000;

async function activeVersions(db: Db, maxRows = Number.POSITIVE_INFINITY): Promise<Map<CatalogSlug, ActiveCatalog>> {
  return new Map(
    (await activeCatalogs(db))
      .filter((row) => IN_MEMORY.has(row.slug as CatalogSlug) && row.row_count <= maxRows)
      .map((row) => [row.slug as CatalogSlug, row] as const),
  );
}

/** The active versions and their tables, read again if an import replaced one meanwhile. */
async function loadCatalogs(
  db: Db,
  only?: ReadonlySet<CatalogSlug>,
  maxRows?: number,
): Promise<{ versions: Map<CatalogSlug, ActiveCatalog>; tables: Map<CatalogSlug, CatalogTable> }> {
  for (let attempt = 1; ; attempt++) {
    const versions = await activeVersions(db, maxRows);
    const tables = new Map<CatalogSlug, CatalogTable>();
    try {
      for (const [slug, active] of versions) {
        if (only && !only.has(slug)) continue;
        tables.set(slug, await loadTable(db, slug, active.version, active.row_count));
      }
      return { versions, tables };
    } catch (error) {
      if (!(error instanceof VersionGone) || attempt >= 3) throw error;
    }
  }
}

/**
 * Seeds the built-in catalogs, loads every active catalog into memory and returns the lookup.
 * Lookups never touch the database; `refresh` swaps in catalogs re-imported since.
 */
export async function createCatalogStore(db: Db, options: CatalogStoreOptions = {}): Promise<CatalogStore> {
  if (options.seed !== false) await seedBuiltinCatalogs(db, (options.clock ?? systemClock).now());
  const initial = await loadCatalogs(db, undefined, options.deferLarge ? LARGE_ROWS : undefined);
  let tables = initial.tables;
  let versions = new Map([...initial.versions].map(([slug, active]) => [slug, active.version]));
  let refreshing: Promise<boolean> = Promise.resolve(false);

  const reload = async (): Promise<boolean> => {
    const latest = await activeVersions(db);
    const changed = new Set([...latest].filter(([slug, active]) => versions.get(slug) !== active.version).map(([slug]) => slug));
    const removed = [...versions.keys()].filter((slug) => !latest.has(slug));
    if (changed.size === 0 && removed.length === 0) return false;
    const reloaded = await loadCatalogs(db, changed);
    const next = new Map(tables);
    const nextVersions = new Map(versions);
    for (const slug of removed) {
      next.delete(slug);
      nextVersions.delete(slug);
    }
    for (const [slug, table] of reloaded.tables) {
      next.set(slug, table);
      nextVersions.set(slug, reloaded.versions.get(slug)!.version);
    }
    // Swap only once everything is loaded: a lookup never sees half of a refresh.
    tables = next;
    versions = nextVersions;
    lookup = indexOfTables(tables);
    return true;
  };
  let lookup = indexOfTables(tables);

  // Every call goes through the current snapshot, which `refresh` swaps atomically.
  const index: CatalogIndex = {
    isLoaded: (catalog) => lookup.isLoaded(catalog),
    has: (catalog, code) => lookup.has(catalog, code),
    get: (catalog, code) => lookup.get(catalog, code),
    entries: (catalog) => lookup.entries(catalog),
    search: (catalog, query, limit) => lookup.search(catalog, query, limit),
    check: (catalog, code, date) => lookup.check(catalog, code, date),
    usoAllowedForRegimen: (uso, regimen) => lookup.usoAllowedForRegimen(uso, regimen),
    usoAllowedForPersona: (uso, person) => lookup.usoAllowedForPersona(uso, person),
    regimenAllowedForPersona: (regimen, person) => lookup.regimenAllowedForPersona(regimen, person),
    postalCodeTimeZone: (postalCode) => lookup.postalCodeTimeZone(postalCode),
    currencyDecimals: (currency) => lookup.currencyDecimals(currency),
    tasaOCuotaAllowed: (query) => lookup.tasaOCuotaAllowed(query),
  };
  const store: CatalogStore = {
    ...cfdiLookupOf(() => lookup),
    index,
    versions: () => versions,
    watch(intervalMs = 60_000, onError = () => {}, changes) {
      let running = false;
      let again = false;
      let stopped = false;
      const tick = () => {
        if (stopped) return;
        // An announcement during a refresh may name an import that refresh did not see: once more after it.
        if (running) {
          again = true;
          return;
        }
        running = true;
        store
          .refresh()
          .catch(onError)
          .finally(() => {
            running = false;
            if (again) {
              again = false;
              tick();
            }
          });
      };
      const timer = setInterval(tick, intervalMs);
      timer.unref();
      changes?.subscribe('catalogs', tick);
      changes?.onReset(tick);
      return () => {
        stopped = true;
        clearInterval(timer);
      };
    },
    refresh() {
      // One refresh at a time (the watch, the first load and each shipped catalog may ask at once).
      const run = refreshing.catch(() => false).then(reload);
      refreshing = run;
      return run;
    },
  };
  return store;
}
