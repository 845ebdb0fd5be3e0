/**
 * The caches and the other in-memory state of one app (services.caches), made by the composition
 * root: a module names its cache once (`CacheBound`, a constant) and asks the app's registry for it
 * (`services.caches.cache(BOUND)`), so each app has its own and the metrics list them all.
 * State that is no cache but must be shared by the requests of one app (renderings in flight, a
 * per-organization count) is asked the same way with `state`.
 */
import { BoundedCache, type CacheBound, type CacheStats } from './bounded-cache.ts';

/** Per-app state of a module: its name and how to make it (from this app's caches, when it holds one). */
export interface AppState<T> {
  name: string;
  create(caches: CacheRegistry): T;
}

export class CacheRegistry {
  // Each cache under its name, of the value type its bound names.
  private readonly caches = new Map<string, unknown>();
  private readonly states = new Map<string, unknown>();

  /** @param maxBytes bounds set by the operator (config), by cache name, in place of the named defaults */
  constructor(private readonly maxBytes: Readonly<Record<string, number | undefined>> = {}) {}

  /** This app's cache of that name, made on first use with its bound (or the configured one). */
  cache<V extends NonNullable<unknown>>(bound: CacheBound<V>): BoundedCache<V> {
    let cache = this.caches.get(bound.name) as BoundedCache<V> | undefined;
    if (!cache) {
      cache = new BoundedCache<V>({ ...bound, maxBytes: this.maxBytes[bound.name] ?? bound.maxBytes });
      this.caches.set(bound.name, cache);
    }
    return cache;
  }

  /** This app's state of that name, made on first use. */
  state<T>(spec: AppState<T>): T {
    if (!this.states.has(spec.name)) this.states.set(spec.name, spec.create(this));
    return this.states.get(spec.name) as T;
  }

  /** Every cache made so far, for the metrics. */
  stats(): CacheStats[] {
    return [...this.caches.values()].map((cache) => (cache as BoundedCache<NonNullable<unknown>>).stats());
  }
}
