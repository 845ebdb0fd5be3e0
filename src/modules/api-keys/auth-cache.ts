import type { KeyRecord } from '../../platform/http/auth.ts';
import type { ApiKeyRow } from './repository.ts';

/**
 * API keys in memory, for a process that is the database's only user (embedded PGlite): every
 * change to a key goes through this process, which drops the key's entries in the same request,
 * so a revocation still takes effect on the very next request. It holds what authentication
 * needs (by secret hash) and the key rows `GET /v1/api_keys/{id}` serves (by id), so neither
 * costs a query. With a PostgreSQL server, where other nodes may write, the service does not use it.
 */
export class KeyCache {
  private readonly byHash = new Map<string, KeyRecord>();
  private readonly hashById = new Map<string, string>();
  private readonly rows = new Map<string, ApiKeyRow>();
  // Bumped on every change: a read that started before a change must not refill the cache
  // with what it read (the change may have landed after the read).
  private generation = 0;

  constructor(private readonly capacity = 10_000) {}

  get(secretHash: string): KeyRecord | undefined {
    return this.byHash.get(secretHash);
  }

  set(secretHash: string, record: KeyRecord, readAt = this.generation): void {
    if (readAt !== this.generation) return;
    if (this.byHash.size >= this.capacity) {
      // Maps iterate in insertion order: drop the oldest entry.
      const oldest = this.byHash.keys().next().value as string;
      this.forgetHash(oldest);
    }
    this.byHash.set(secretHash, record);
    this.hashById.set(record.id, secretHash);
  }

  /** The generation to pass back to `set`/`setRow` with what a read returns. */
  mark(): number {
    return this.generation;
  }

  /** The key row with this id when it belongs to `organizationId`. */
  row(organizationId: string, id: string): ApiKeyRow | undefined {
    const row = this.rows.get(id);
    return row?.organization_id === organizationId ? row : undefined;
  }

  setRow(row: ApiKeyRow, readAt: number): void {
    if (readAt !== this.generation) return;
    if (this.rows.size >= this.capacity) this.rows.delete(this.rows.keys().next().value as string);
    this.rows.set(row.id, row);
  }

  /** Drops a key after any change to it (revocation, version pin, rename, last use). */
  forget(keyId: string): void {
    this.generation += 1;
    this.rows.delete(keyId);
    const hash = this.hashById.get(keyId);
    if (hash !== undefined) this.forgetHash(hash);
  }

  private forgetHash(hash: string): void {
    const record = this.byHash.get(hash);
    this.byHash.delete(hash);
    if (record) this.hashById.delete(record.id);
  }
}
