import type { ItemInput } from '../invoices/index.ts';
import type { ProductRow } from './repository.ts';

export function serializeProduct(row: ProductRow) {
  return {
    object: 'product' as const,
    id: row.id,
    description: row.description,
    product_key: row.product_key,
    unit_key: row.unit_key,
    unit_name: row.unit_name,
    price: row.price,
    tax_object: row.tax_object,
    taxes: row.taxes,
    sku: row.sku,
    livemode: row.mode === 'live',
    metadata: row.metadata,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

/** The invoice item a product stands for (the invoice request's field names). */
export function itemOfProduct(
  product: Pick<ProductRow, 'description' | 'product_key' | 'unit_key' | 'unit_name' | 'price' | 'tax_object' | 'taxes' | 'sku'>,
): ItemInput {
  return {
    description: product.description,
    product_key: product.product_key,
    unit_key: product.unit_key,
    unit_price: product.price,
    ...(product.unit_name !== null ? { unit: product.unit_name } : {}),
    ...(product.tax_object !== null ? { tax_object: product.tax_object } : {}),
    ...(product.taxes.length > 0 ? { taxes: product.taxes } : {}),
    ...(product.sku !== null ? { sku: product.sku } : {}),
  };
}

declare module '../events/index.ts' {
  interface EventObjects {
    'product.created': ReturnType<typeof serializeProduct>;
    'product.updated': ReturnType<typeof serializeProduct>;
    'product.deleted': ReturnType<typeof serializeProduct>;
  }
}
