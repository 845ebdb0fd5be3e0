import type { Ctx } from '../../platform/context.ts';
import type { Db } from '../../platform/db/database.ts';
import { ApiError, notFound } from '../../platform/errors/api-error.ts';
import { isId, newId } from '../../platform/ids.ts';
import { paginate, type Page } from '../../platform/http/pagination.ts';
import { emitEvent, type EventType } from '../events/index.ts';
import { itemErrors, type InvoiceCatalogs, type ItemInput } from '../invoices/index.ts';
import { deleteProduct, findProduct, findProducts, insertProduct, productsQuery, updateProduct, type Owner, type ProductRow } from './repository.ts';
import type { CreateProductBody, ListProductsQuery, UpdateProductBody } from './schemas.ts';
import { itemOfProduct, serializeProduct } from './serialize.ts';

export interface ProductDeps {
  catalogs: InvoiceCatalogs;
}

function ownerOf(ctx: Ctx): Owner {
  return { organizationId: ctx.organizationId, mode: ctx.mode };
}

async function recordEvent(db: Db, ctx: Ctx, type: Extract<EventType, `product.${string}`>, row: ProductRow): Promise<void> {
  await emitEvent(db, { organizationId: ctx.organizationId, mode: ctx.mode, type, object: serializeProduct(row) }, ctx.services);
}

function mergeMetadata(current: Record<string, string>, changes: Record<string, string>): Record<string, string> {
  const merged = { ...current };
  for (const [key, value] of Object.entries(changes)) {
    if (value === '') delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

// The invoice item's names back to the product's.
const PRODUCT_FIELDS: Readonly<Record<string, string>> = { unit_price: 'price', unit: 'unit_name' };
const productPath = (path: string) => {
  const [head, ...rest] = path.split('.');
  return [PRODUCT_FIELDS[head!] ?? head, ...rest].join('.');
};

/** The invoice item rules (catalog keys in force, price, taxes for the objeto de impuesto) over the product. */
function checkProduct(ctx: Ctx, deps: ProductDeps, product: Parameters<typeof itemOfProduct>[0]): void {
  const errors = itemErrors(deps.catalogs, itemOfProduct(product), ctx.services.clock.now()).map((error) => ({ ...error, path: productPath(error.path) }));
  if (errors.length > 0) {
    throw new ApiError(
      'product.invalid_item',
      {
        en: `The product is not a valid CFDI 4.0 item (${errors.map((error) => error.path).join(', ')}).`,
        es: `El producto no es un concepto válido de CFDI 4.0 (${errors.map((error) => error.path).join(', ')}).`,
      },
      { errors },
    );
  }
}

export async function getProduct(ctx: Ctx, id: string): Promise<ProductRow> {
  const row = isId('prod', id) ? await findProduct(ctx.db, ownerOf(ctx), id) : undefined;
  if (!row) throw notFound('product', id);
  return row;
}

export async function createProduct(ctx: Ctx, deps: ProductDeps, input: CreateProductBody): Promise<ProductRow> {
  const fields = {
    description: input.description,
    product_key: input.product_key,
    unit_key: input.unit_key,
    unit_name: input.unit_name ?? null,
    price: input.price,
    tax_object: input.tax_object ?? null,
    taxes: input.taxes ?? [],
    sku: input.sku ?? null,
  };
  checkProduct(ctx, deps, fields);
  const at = ctx.services.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    const row = await insertProduct(trx, {
      id: newId('prod', at.getTime()),
      organization_id: ctx.organizationId,
      mode: ctx.mode,
      ...fields,
      metadata: input.metadata ?? {},
      created_at: at,
      updated_at: at,
    });
    await recordEvent(trx, ctx, 'product.created', row);
    return row;
  });
}

export async function changeProduct(ctx: Ctx, deps: ProductDeps, id: string, input: UpdateProductBody): Promise<ProductRow> {
  const existing = await getProduct(ctx, id);
  const fields = {
    description: input.description ?? existing.description,
    product_key: input.product_key ?? existing.product_key,
    unit_key: input.unit_key ?? existing.unit_key,
    unit_name: input.unit_name !== undefined ? input.unit_name : existing.unit_name,
    price: input.price ?? existing.price,
    tax_object: input.tax_object !== undefined ? input.tax_object : existing.tax_object,
    taxes: input.taxes ?? existing.taxes,
    sku: input.sku !== undefined ? input.sku : existing.sku,
  };
  checkProduct(ctx, deps, fields);
  return ctx.db.transaction().execute(async (trx) => {
    const row = await updateProduct(trx, ownerOf(ctx), existing.id, {
      ...fields,
      ...(input.metadata !== undefined ? { metadata: mergeMetadata(existing.metadata, input.metadata) } : {}),
      updated_at: ctx.services.clock.now(),
    });
    if (!row) throw notFound('product', id);
    await recordEvent(trx, ctx, 'product.updated', row);
    return row;
  });
}

/** Deletes a product; invoices that used it keep their own copy of the item. */
export async function removeProduct(ctx: Ctx, id: string): Promise<void> {
  if (!isId('prod', id)) throw notFound('product', id);
  await ctx.db.transaction().execute(async (trx) => {
    const row = await deleteProduct(trx, ownerOf(ctx), id);
    if (!row) throw notFound('product', id);
    await recordEvent(trx, ctx, 'product.deleted', row);
  });
}

const likePattern = (value: string) => `%${value.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** The caller's products, newest first, filtered by search text, product key and SKU. */
export function listProducts(ctx: Ctx, query: ListProductsQuery, url: string): Promise<Page<ProductRow>> {
  let rows = productsQuery(ctx.db, ownerOf(ctx));
  if (query.product_key !== undefined) rows = rows.where('product_key', '=', query.product_key);
  if (query.sku !== undefined) rows = rows.where('sku', '=', query.sku);
  if (query.search !== undefined) {
    const pattern = likePattern(query.search.trim());
    rows = rows.where((eb) => eb.or([eb('description', 'ilike', pattern), eb('sku', 'ilike', pattern)]));
  }
  return paginate(rows, query, { prefix: 'prod', idColumn: 'id', url });
}

/** The caller's products among `ids`, each as an invoice item (the invoices module's port). */
export async function productsForInvoice(ctx: Ctx, ids: string[]): Promise<Map<string, ItemInput>> {
  const rows = await findProducts(
    ctx.db,
    ownerOf(ctx),
    ids.filter((id) => isId('prod', id)),
  );
  return new Map(rows.map((row) => [row.id, itemOfProduct(row)]));
}
