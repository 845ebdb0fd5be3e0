import type { Db } from '../../platform/db/database.ts';
import type { OrganizationRecord } from '../../platform/http/auth.ts';
import { findOrganization } from './repository.ts';

export { registerOrganizationRoutes } from './routes.ts';
export { insertOrganization, findOrganization, type OrganizationRow } from './repository.ts';
export { changeAccount, createAccount, getAccount, listAccounts } from './connected-accounts.ts';

export async function findOrganizationRecord(db: Db, id: string): Promise<OrganizationRecord | null> {
  const row = await findOrganization(db, id);
  return row ? { id: row.id, parentId: row.parent_id, disabled: row.disabled } : null;
}
