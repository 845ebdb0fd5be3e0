import type { Db } from '../../platform/db/database.ts';
import type { AuthBackend, KeyRecord } from '../../platform/http/auth.ts';
import type { KeyCache } from './auth-cache.ts';
import { findKeyForAuth, touchApiKey } from './repository.ts';

export { registerApiKeyRoutes } from './routes.ts';
export { createApiKey, type CreatedApiKey } from './create-api-key.ts';
export { serializeApiKey } from './serialize.ts';
export { ApiKey } from './schemas.ts';
export { KeyCache } from './auth-cache.ts';

/**
 * Authentication's view of storage: keys by hash, organizations by id. With a `cache`, known keys
 * are served from memory and the api-keys routes drop an entry whenever its key changes.
 */
export function createAuthBackend(db: Db, findOrganization: AuthBackend['findOrganization'], cache?: KeyCache): AuthBackend {
  return {
    async findKeyByHash(secretHash) {
      const cached = cache?.get(secretHash);
      if (cached) return cached;
      const readAt = cache?.mark();
      const row = await findKeyForAuth(db, secretHash);
      if (!row) return null;
      const record: KeyRecord = {
        id: row.id,
        organizationId: row.organization_id,
        organizationParentId: row.parent_id,
        mode: row.mode,
        version: row.version,
        revokedAt: row.revoked_at,
        lastUsedAt: row.last_used_at,
      };
      cache?.set(secretHash, record, readAt);
      return record;
    },
    ...(cache ? { cachedKey: (secretHash: string) => cache.get(secretHash) } : {}),
    findOrganization,
    async markKeyUsed(id, at) {
      await touchApiKey(db, id, at);
      cache?.forget(id);
    },
  };
}
