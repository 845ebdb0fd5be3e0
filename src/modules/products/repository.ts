import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Mode } from '../../platform/context.ts';
import type { Db } from '../../platform/db/database.ts';
import type { ProductTax } from './schemas.ts';

export interface ProductTable {
  id: string;
  organization_id: string;
  mode: Mode;
  description: string;
  product_key: string;
  unit_key: string;
  unit_name: string | null;
  price: string;
  tax_object: string | null;
  taxes: ProductTax[];
  sku: string | null;
  metadata: Record<string, string>;
  created_at: Date;
  updated_at: Date;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    products: ProductTable;
  }
}

export type ProductRow = Selectable<ProductTable>;

export interface Owner {
  organizationId: string;
  mode: Mode;
}

// A JavaScript array would be sent as a PostgreSQL array: `taxes` goes as JSON text.
const jsonb = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

export function productsQuery(db: Db, owner: Owner) {
  return db.selectFrom('products').selectAll().where('organization_id', '=', owner.organizationId).where('mode', '=', owner.mode);
}

export async function insertProduct(db: Db, row: Insertable<ProductTable>): Promise<ProductRow> {
  return db
    .insertInto('products')
    .values({ ...row, taxes: jsonb(row.taxes ?? []) } as never)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findProduct(db: Db, owner: Owner, id: string): Promise<ProductRow | undefined> {
  return productsQuery(db, owner).where('id', '=', id).executeTakeFirst();
}

/** Several products of the caller at once (an invoice's items). */
export async function findProducts(db: Db, owner: Owner, ids: string[]): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  return productsQuery(db, owner).where('id', 'in', ids).execute();
}

export async function updateProduct(db: Db, owner: Owner, id: string, changes: Updateable<ProductTable>): Promise<ProductRow | undefined> {
  const values = changes.taxes === undefined ? changes : { ...changes, taxes: jsonb(changes.taxes) };
  return db
    .updateTable('products')
    .set(values as never)
    .where('organization_id', '=', owner.organizationId)
    .where('mode', '=', owner.mode)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteProduct(db: Db, owner: Owner, id: string): Promise<ProductRow | undefined> {
  return db
    .deleteFrom('products')
    .where('organization_id', '=', owner.organizationId)
    .where('mode', '=', owner.mode)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}
