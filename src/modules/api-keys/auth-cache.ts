import { approximateBytes, stringBytes } from '../../platform/caches/bounded-cache.ts';
import type { BoundedCache } from '../../platform/caches/bounded-cache.ts';
import { CacheRegistry } from '../../platform/caches/registry.ts';
import type { ChangeFeed } from '../../platform/db/changes.ts';
import type { KeyRecord } from '../../platform/http/auth.ts';
import type { ApiKeyRow } from './repository.ts';

/**
 * API keys in memory: what authentication needs (by secret hash) and the key rows
 * `GET /v1/api_keys/{id}` serves (by id), so neither costs a query. Every change to a key made
 * through this process drops the key's entries in the same request; a change made anywhere else
 * (another process or node on the same PostgreSQL database) is heard on the database's change feed
 * (platform/db/changes.ts), which drops them as soon as the change commits. While the feed does
 * not listen (its connection lost, or not yet open) nothing is served from memory: a revocation
 * takes effect on every node's next request. On the embedded database this process is the only
 * writer and the feed is always live.
 */
export class KeyCache {
  /** What authentication needs, by secret hash (API_KEY_CACHE_MB; about half a kilobyte a key). */
  private readonly byHash: BoundedCache<KeyRecord>;
  /** The hash each key's record is kept under: only keys byHash holds. */
  private readonly hashById = new Map<string, string>();
  private readonly rows: BoundedCache<ApiKeyRow>;
  // Bumped on every change: a read that started before a change must not refill the cache
  // with what it read (the change may have landed after the read).
  private generation = 0;

  /** `caches`: the app's (services.caches); a registry of its own by default. */
  constructor(
    private readonly feed: ChangeFeed,
    caches = new CacheRegistry(),
  ) {
    this.byHash = caches.cache<KeyRecord>({
      name: 'api_keys',
      maxBytes: 8 * 1024 * 1024,
      sizeOf: (record, hash) => approximateBytes(record) + stringBytes(hash),
      onDrop: (record, hash) => {
        if (this.hashById.get(record.id) === hash) this.hashById.delete(record.id);
      },
    });
    this.rows = caches.cache<ApiKeyRow>({ name: 'api_key_rows', maxBytes: 8 * 1024 * 1024, sizeOf: (row, id) => approximateBytes(row) + stringBytes(id) });
    feed.subscribe('api_keys', (id) => this.forget(id));
    feed.onReset(() => this.clear());
  }

  get(secretHash: string): KeyRecord | undefined {
    return this.feed.live ? this.byHash.get(secretHash) : undefined;
  }

  set(secretHash: string, record: KeyRecord, readAt = this.generation): void {
    if (readAt !== this.generation) return;
    if (this.byHash.set(secretHash, record)) this.hashById.set(record.id, secretHash);
  }

  /** The generation to pass back to `set`/`setRow` with what a read returns (one never stored while the feed is down). */
  mark(): number {
    return this.feed.live ? this.generation : -1;
  }

  /** The key row with this id when it belongs to `organizationId`. */
  row(organizationId: string, id: string): ApiKeyRow | undefined {
    if (!this.feed.live) return undefined;
    const row = this.rows.get(id);
    return row?.organization_id === organizationId ? row : undefined;
  }

  setRow(row: ApiKeyRow, readAt: number): void {
    if (readAt !== this.generation) return;
    this.rows.set(row.id, row);
  }

  /** Drops a key after any change to it (revocation, version pin, rename, last use). */
  forget(keyId: string): void {
    this.generation += 1;
    this.rows.delete(keyId);
    const hash = this.hashById.get(keyId);
    if (hash !== undefined) this.byHash.delete(hash);
  }

  /** Drops everything: changes may have been missed. */
  private clear(): void {
    this.generation += 1;
    this.byHash.clear();
    this.hashById.clear();
    this.rows.clear();
  }
}
