/**
 * Saved customers and products in an invoice request: `customer_id` fills `customer`, and an
 * item's `product_id` fills the item; what the request gives beside them overrides the saved
 * values. The invoice stores the result (and the ids, as references): it keeps its own copy of
 * what it was drafted and stamped with, whatever happens to the customer or product later.
 */
import type { Ctx } from '../../platform/context.ts';
import { ApiError, type FieldError } from '../../platform/errors/api-error.ts';
import type { InvoiceDeps, SavedParts } from './ports.ts';
import type { CreateInvoiceBody, CreateInvoiceRequest, ItemInput, UpdateInvoiceBody } from './request-schemas.ts';

type Customer = CreateInvoiceBody['customer'];

function partsOf(deps: InvoiceDeps): SavedParts {
  if (!deps.savedParts) throw new Error('Invoices were wired without saved customers and products');
  return deps.savedParts;
}

async function itemsWithProducts(ctx: Ctx, deps: InvoiceDeps, items: ItemInput[] | undefined): Promise<ItemInput[] | undefined> {
  if (!items?.some((item) => item.product_id !== undefined)) return items;
  const ids = [...new Set(items.flatMap((item) => (item.product_id === undefined ? [] : [item.product_id])))];
  const products = await partsOf(deps).products(ctx, ids);
  const errors: FieldError[] = [];
  const filled = items.map((item, index) => {
    if (item.product_id === undefined) return item;
    const product = products.get(item.product_id);
    if (!product) {
      errors.push({
        path: `items.${index}.product_id`,
        code: 'not_found',
        message: `No product with id '${item.product_id}' exists in this organization and mode.`,
      });
      return item;
    }
    return { ...product, ...item };
  });
  if (errors.length > 0)
    throw new ApiError(
      'request.validation_failed',
      { en: 'Some items name products that do not exist.', es: 'Algunos conceptos hacen referencia a productos que no existen.' },
      { errors },
    );
  return filled;
}

async function savedCustomer(ctx: Ctx, deps: InvoiceDeps, id: string): Promise<Customer> {
  const customer = await partsOf(deps).customer(ctx, id);
  if (!customer) {
    throw new ApiError(
      'request.validation_failed',
      {
        en: `No customer with id '${id}' exists in this organization and mode.`,
        es: `No existe ningún cliente con el id '${id}' en esta organización y modo.`,
      },
      {
        errors: [
          {
            path: 'customer_id',
            code: 'not_found',
            message: `'${id}' is not a customer of this organization and mode.`,
            messageEs: `'${id}' no es un cliente de esta organización y modo.`,
          },
        ],
      },
    );
  }
  return customer;
}

/** A create request with its saved customer and products filled in. */
export async function createInputOf(ctx: Ctx, deps: InvoiceDeps, request: CreateInvoiceRequest): Promise<CreateInvoiceBody> {
  const { customer, customer_id: customerId, items, ...rest } = request;
  let filled: Partial<Customer> = customer ?? {};
  if (customerId !== undefined) filled = { ...(await savedCustomer(ctx, deps, customerId)), ...customer };
  if (filled.rfc === undefined) {
    throw new ApiError(
      'request.validation_failed',
      {
        en: 'The invoice needs a customer: send `customer` with its `rfc`, or `customer_id`.',
        es: 'La factura necesita un cliente: envíe `customer` con su `rfc`, o `customer_id`.',
      },
      {
        errors: [
          {
            path: 'customer.rfc',
            code: 'required',
            message: 'is required unless customer_id names a saved customer.',
            messageEs: 'El RFC del cliente es obligatorio, salvo que customer_id indique un cliente guardado.',
          },
        ],
      },
    );
  }
  const filledItems = await itemsWithProducts(ctx, deps, items);
  return {
    ...rest,
    ...(customerId !== undefined ? { customer_id: customerId } : {}),
    customer: filled as Customer,
    ...(filledItems ? { items: filledItems } : {}),
  };
}

/** An update with its saved customer (which replaces the draft's customer) and products filled in. */
export async function updateChangesOf(
  ctx: Ctx,
  deps: InvoiceDeps,
  changes: UpdateInvoiceBody,
): Promise<{ changes: UpdateInvoiceBody; replacesCustomer: boolean }> {
  const items = await itemsWithProducts(ctx, deps, changes.items);
  const withItems = items ? { ...changes, items } : changes;
  if (changes.customer_id === undefined) return { changes: withItems, replacesCustomer: false };
  const customer = { ...(await savedCustomer(ctx, deps, changes.customer_id)), ...changes.customer };
  return { changes: { ...withItems, customer }, replacesCustomer: true };
}
