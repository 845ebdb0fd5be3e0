/**
 * The one way the service keeps things in memory across requests: a least-recently-used cache
 * bounded by the bytes its entries hold (and by their count where entries are tiny), optionally
 * with a time to live, on the `lru-cache` package. Every cache has a name: its bound is documented
 * under that name (docs/guides/operations.md, "Caches") and its size appears in the metrics with
 * the label `cache="<name>"`. Caches belong to one app: they are made by its CacheRegistry
 * (services.caches), never kept in module variables, so two apps in one process share nothing.
 */
import { LRUCache } from 'lru-cache';

export interface CacheBound<V> {
  /** The cache's name in the docs and the metrics: lowercase words joined by `_`. */
  name: string;
  /** The most bytes its entries may hold together; an entry larger than this is not kept. */
  maxBytes: number;
  /** The most entries, for caches whose entries are small and many. */
  maxEntries?: number;
  /** How long an entry is served after it was stored. */
  ttlMs?: number;
  /** What one entry holds, in bytes (its key included): exact for buffers, an estimate for objects. */
  sizeOf(value: V, key: string): number;
  /** Called when an entry leaves: let go for room, deleted, or replaced (for indexes kept beside it). */
  onDrop?(value: V, key: string): void;
}

export interface CacheStats {
  name: string;
  bytes: number;
  entries: number;
  maxBytes: number;
  hits: number;
  misses: number;
}

export class BoundedCache<V extends NonNullable<unknown>> {
  readonly name: string;
  readonly maxBytes: number;
  private readonly entries: LRUCache<string, V>;
  private hits = 0;
  private misses = 0;

  constructor(bound: CacheBound<V>) {
    if (!(bound.maxBytes >= 1)) throw new Error(`cache ${bound.name}: maxBytes must be at least 1, got ${bound.maxBytes}`);
    this.name = bound.name;
    this.maxBytes = Math.floor(bound.maxBytes);
    this.entries = new LRUCache<string, V>({
      maxSize: this.maxBytes,
      sizeCalculation: (value, key) => Math.max(1, Math.ceil(bound.sizeOf(value, key))),
      ...(bound.maxEntries !== undefined ? { max: bound.maxEntries } : {}),
      ...(bound.ttlMs !== undefined ? { ttl: bound.ttlMs } : {}),
      ...(bound.onDrop ? { dispose: bound.onDrop } : {}),
    });
  }

  /** The entry (now the most recently used), counted as a hit or a miss. */
  get(key: string): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) this.misses += 1;
    else this.hits += 1;
    return value;
  }

  /** The entry without counting a read or making it recent. */
  peek(key: string): V | undefined {
    return this.entries.peek(key);
  }

  /** Keeps an entry, letting the least recently used ones go; false when it alone exceeds the bound. */
  set(key: string, value: V): boolean {
    this.entries.set(key, value);
    return this.entries.has(key);
  }

  /** The keys held, most recently used first (reading them changes no order). */
  keys(): IterableIterator<string> {
    return this.entries.keys();
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  /** Entries held. */
  get size(): number {
    return this.entries.size;
  }

  /** Bytes held, as the entries' sizeOf counted them. */
  get bytes(): number {
    return this.entries.calculatedSize;
  }

  stats(): CacheStats {
    return { name: this.name, bytes: this.bytes, entries: this.size, maxBytes: this.maxBytes, hits: this.hits, misses: this.misses };
  }
}

/** About what a string of this length holds in V8 (two bytes a character at worst, plus its header). */
export function stringBytes(text: string): number {
  return 16 + 2 * text.length;
}

/**
 * An estimate of what a plain value holds in memory: strings, numbers, buffers, arrays, maps, sets
 * and plain objects, walked to their leaves (each object once). For the sizes of cache entries:
 * within a small factor of the heap's own count, which is what a bound needs.
 */
export function approximateBytes(value: unknown, seen = new Set<object>()): number {
  if (value === null || value === undefined || typeof value === 'boolean') return 8;
  if (typeof value === 'number' || typeof value === 'bigint') return 8;
  if (typeof value === 'string') return stringBytes(value);
  if (typeof value !== 'object') return 16;
  if (seen.has(value)) return 8;
  seen.add(value);
  if (ArrayBuffer.isView(value)) return 64 + value.byteLength;
  if (value instanceof Date) return 32;
  let bytes = 32;
  if (Array.isArray(value)) {
    for (const item of value) bytes += 8 + approximateBytes(item, seen);
  } else if (value instanceof Map) {
    for (const [key, item] of value) bytes += 16 + approximateBytes(key, seen) + approximateBytes(item, seen);
  } else if (value instanceof Set) {
    for (const item of value) bytes += 16 + approximateBytes(item, seen);
  } else {
    // A property costs its slot: objects of one shape share their keys (V8's hidden classes).
    for (const item of Object.values(value)) bytes += 8 + approximateBytes(item, seen);
  }
  return bytes;
}
