import type { Insertable, Selectable } from 'kysely';
import type { Mode } from '../../platform/context.ts';
import type { Db } from '../../platform/db/database.ts';

export interface ApiKeyTable {
  id: string;
  organization_id: string;
  name: string;
  mode: Mode;
  prefix: string;
  secret_hash: string;
  version: string | null;
  last_used_at: Date | null;
  revoked_at: Date | null;
  created_at: Date;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    api_keys: ApiKeyTable;
  }
}

export type ApiKeyRow = Selectable<ApiKeyTable>;

export async function insertApiKey(db: Db, row: Insertable<ApiKeyTable>): Promise<ApiKeyRow> {
  return db.insertInto('api_keys').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function findApiKey(db: Db, organizationId: string, id: string): Promise<ApiKeyRow | undefined> {
  return db.selectFrom('api_keys').selectAll().where('organization_id', '=', organizationId).where('id', '=', id).executeTakeFirst();
}

export function apiKeysQuery(db: Db, organizationId: string) {
  return db.selectFrom('api_keys').selectAll().where('organization_id', '=', organizationId);
}

export async function updateApiKey(
  db: Db,
  organizationId: string,
  id: string,
  changes: { name?: string; version?: string | null; revoked_at?: Date },
): Promise<ApiKeyRow | undefined> {
  return db.updateTable('api_keys').set(changes).where('organization_id', '=', organizationId).where('id', '=', id).returningAll().executeTakeFirst();
}

export async function countActiveKeys(db: Db, organizationId: string, mode: Mode): Promise<number> {
  const row = await db
    .selectFrom('api_keys')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('organization_id', '=', organizationId)
    .where('mode', '=', mode)
    .where('revoked_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * The row authentication needs, joined with the key's organization (read-only) so that every
 * authenticated request costs one round trip.
 */
export async function findKeyForAuth(db: Db, secretHash: string) {
  return db
    .selectFrom('api_keys')
    .innerJoin('organizations', 'organizations.id', 'api_keys.organization_id')
    .select([
      'api_keys.id',
      'api_keys.organization_id',
      'api_keys.mode',
      'api_keys.version',
      'api_keys.revoked_at',
      'api_keys.last_used_at',
      'organizations.parent_id',
    ])
    .where('api_keys.secret_hash', '=', secretHash)
    .executeTakeFirst();
}

export async function touchApiKey(db: Db, id: string, at: Date): Promise<void> {
  await db.updateTable('api_keys').set({ last_used_at: at }).where('id', '=', id).execute();
}
