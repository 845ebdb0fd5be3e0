import type { Db } from '../../platform/db/database.ts';
import type { AuthBackend } from '../../platform/http/auth.ts';
import { findKeyForAuth, touchApiKey } from './repository.ts';

export { registerApiKeyRoutes } from './routes.ts';
export { createApiKey } from './create-api-key.ts';
export { serializeApiKey } from './serialize.ts';
export { ApiKey } from './schemas.ts';

/** Authentication's view of storage: keys by hash, organizations by id. */
export function createAuthBackend(db: Db, findOrganization: AuthBackend['findOrganization']): AuthBackend {
  return {
    async findKeyByHash(secretHash) {
      const row = await findKeyForAuth(db, secretHash);
      if (!row) return null;
      return {
        id: row.id,
        organizationId: row.organization_id,
        organizationParentId: row.parent_id,
        mode: row.mode,
        version: row.version,
        revokedAt: row.revoked_at,
        lastUsedAt: row.last_used_at,
      };
    },
    findOrganization,
    markKeyUsed: (id, at) => touchApiKey(db, id, at),
  };
}
