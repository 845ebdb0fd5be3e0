import type { ChangeFeed } from '../../platform/db/changes.ts';
import type { Clock } from '../../platform/clock.ts';
import { systemClock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { contentHash } from './assemble.ts';
import { BUILTIN_CATALOGS } from './builtin/index.ts';
import { CATALOG_SLUGS, type CatalogEntry, type CatalogIndex, type CatalogSlug } from './lookup.ts';
import { createIndex } from './memory-lookup.ts';
import { cfdiLookupOf } from './cfdi-lookup.ts';
import type { CatalogLookup as CfdiCatalogLookup } from '../../cfdi/rules/index.ts';
import { activeCatalogs, activeEntries } from './repository.ts';
import { writeCatalogs, type CatalogChange } from './store.ts';

/**
 * Writes the built-in catalogs when the database lacks them or holds an older built-in version
 * (after an upgrade of the product). A catalog an operator imported is never replaced.
 */
export async function seedBuiltinCatalogs(db: Db, at: Date): Promise<CatalogChange[]> {
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
}

async function loadCatalogs(db: Db, slugs: readonly CatalogSlug[]): Promise<Map<CatalogSlug, CatalogEntry[]>> {
  const tables = new Map<CatalogSlug, CatalogEntry[]>(slugs.map((slug) => [slug, []]));
  for (const row of await activeEntries(db, slugs)) {
    const { slug, ...entry } = row;
    tables.get(slug as CatalogSlug)?.push(entry);
  }
  return tables;
}

async function activeVersions(db: Db): Promise<Map<CatalogSlug, number>> {
  const known = new Set<string>(CATALOG_SLUGS);
  return new Map((await activeCatalogs(db)).filter((row) => known.has(row.slug)).map((row) => [row.slug as CatalogSlug, row.version]));
}

/**
 * Seeds the built-in catalogs, loads every active catalog into memory and returns the lookup.
 * Lookups never touch the database; `refresh` swaps in catalogs re-imported since.
 */
export async function createCatalogStore(db: Db, options: CatalogStoreOptions = {}): Promise<CatalogStore> {
  if (options.seed !== false) await seedBuiltinCatalogs(db, (options.clock ?? systemClock).now());
  let versions = await activeVersions(db);
  let tables = await loadCatalogs(db, [...versions.keys()]);
  let lookup = createIndex(tables);

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
    async refresh() {
      const latest = await activeVersions(db);
      const changed = [...latest].filter(([slug, version]) => versions.get(slug) !== version).map(([slug]) => slug);
      const removed = [...versions.keys()].filter((slug) => !latest.has(slug));
      if (changed.length === 0 && removed.length === 0) return false;
      const reloaded = await loadCatalogs(db, changed);
      const next = new Map(tables);
      for (const slug of removed) next.delete(slug);
      for (const [slug, entries] of reloaded) next.set(slug, entries);
      // Swap only once everything is loaded: a lookup never sees half of a refresh.
      tables = next;
      versions = latest;
      lookup = createIndex(tables);
      return true;
    },
  };
  return store;
}
