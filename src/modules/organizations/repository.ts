import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../platform/db/database.ts';

export interface OrganizationTable {
  id: string;
  name: string;
  email: string | null;
  /** Set for connected accounts: the platform organization that owns them. */
  parent_id: string | null;
  disabled: Generated<boolean>;
  metadata: Generated<Record<string, string>>;
  created_at: Date;
  updated_at: Date;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    organizations: OrganizationTable;
  }
}

export type OrganizationRow = Selectable<OrganizationTable>;

export async function insertOrganization(db: Db, row: Insertable<OrganizationTable>): Promise<OrganizationRow> {
  return db.insertInto('organizations').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function findOrganization(db: Db, id: string): Promise<OrganizationRow | undefined> {
  return db.selectFrom('organizations').selectAll().where('id', '=', id).executeTakeFirst();
}

export function accountsQuery(db: Db, parentId: string) {
  return db.selectFrom('organizations').selectAll().where('parent_id', '=', parentId);
}

export async function findAccount(db: Db, parentId: string, id: string): Promise<OrganizationRow | undefined> {
  return accountsQuery(db, parentId).where('id', '=', id).executeTakeFirst();
}

export async function updateAccount(db: Db, parentId: string, id: string, changes: Updateable<OrganizationTable>): Promise<OrganizationRow | undefined> {
  return db.updateTable('organizations').set(changes).where('parent_id', '=', parentId).where('id', '=', id).returningAll().executeTakeFirst();
}
