import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Mode } from '../../platform/context.ts';
import type { Db } from '../../platform/db/database.ts';
import type { CustomerAddress } from './schemas.ts';

export interface CustomerTable {
  id: string;
  organization_id: string;
  mode: Mode;
  rfc: string;
  legal_name: string;
  tax_regime: string;
  postal_code: string;
  cfdi_use: string | null;
  emails: string[];
  address: CustomerAddress | null;
  country: string | null;
  tax_id: string | null;
  /** When the RFC validation last found the RFC with this name and postal code; null when none was available. */
  rfc_verified_at: Date | null;
  metadata: Record<string, string>;
  created_at: Date;
  updated_at: Date;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    customers: CustomerTable;
  }
}

export type CustomerRow = Selectable<CustomerTable>;

export interface Owner {
  organizationId: string;
  mode: Mode;
}

export function customersQuery(db: Db, owner: Owner) {
  return db.selectFrom('customers').selectAll().where('organization_id', '=', owner.organizationId).where('mode', '=', owner.mode);
}

export async function insertCustomer(db: Db, row: Insertable<CustomerTable>): Promise<CustomerRow> {
  return db.insertInto('customers').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function findCustomer(db: Db, owner: Owner, id: string, options: { lock?: boolean } = {}): Promise<CustomerRow | undefined> {
  const query = customersQuery(db, owner).where('id', '=', id);
  return (options.lock ? query.forUpdate() : query).executeTakeFirst();
}

export async function updateCustomer(db: Db, owner: Owner, id: string, changes: Updateable<CustomerTable>): Promise<CustomerRow | undefined> {
  return db
    .updateTable('customers')
    .set(changes)
    .where('organization_id', '=', owner.organizationId)
    .where('mode', '=', owner.mode)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteCustomer(db: Db, owner: Owner, id: string): Promise<CustomerRow | undefined> {
  return db
    .deleteFrom('customers')
    .where('organization_id', '=', owner.organizationId)
    .where('mode', '=', owner.mode)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}
