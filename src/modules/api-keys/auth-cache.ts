import type { KeyRecord } from '../../platform/http/auth.ts';

/**
 * Authenticated keys by secret hash, for a process that is the database's only user (embedded
 * PGlite): every change to a key goes through this process, which drops the entry in the same
 * request, so a revocation still takes effect on the very next request. With a PostgreSQL
 * server, where other nodes may revoke, the service does not use it.
 */
export class KeyCache {
  private readonly byHash = new Map<string, KeyRecord>();
  private readonly hashById = new Map<string, string>();

  constructor(private readonly capacity = 10_000) {}

  get(secretHash: string): KeyRecord | undefined {
    return this.byHash.get(secretHash);
  }

  set(secretHash: string, record: KeyRecord): void {
    if (this.byHash.size >= this.capacity) {
      // Maps iterate in insertion order: drop the oldest entry.
      const oldest = this.byHash.keys().next().value as string;
      this.forgetHash(oldest);
    }
    this.byHash.set(secretHash, record);
    this.hashById.set(record.id, secretHash);
  }

  /** Drops a key after any change to it (revocation, version pin, rename). */
  forget(keyId: string): void {
    const hash = this.hashById.get(keyId);
    if (hash !== undefined) this.forgetHash(hash);
  }

  private forgetHash(hash: string): void {
    const record = this.byHash.get(hash);
    this.byHash.delete(hash);
    if (record) this.hashById.delete(record.id);
  }
}
