import { Type, type Static } from 'typebox';
import { listQuery } from '../../platform/http/pagination.ts';
import { Metadata, Timestamp } from '../../platform/http/schemas.ts';
import { TaxInput } from '../invoices/index.ts';

const text = (description: string, maxLength: number, minLength = 0) => Type.String({ minLength, maxLength, description });

const ProductTax = Type.Omit(TaxInput, ['base'], { additionalProperties: false });
const Taxes = Type.Array(ProductTax, {
  maxItems: 10,
  description: 'Transferred (traslados) and withheld (`withholding: true`, retenciones) taxes, as in an invoice item.',
});

const fields = {
  description: text('What is sold, as printed on the invoice.', 1000, 1),
  product_key: text('SAT product or service key (c_ClaveProdServ, 8 digits), in force.', 8, 8),
  unit_key: text('SAT unit key (c_ClaveUnidad), e.g. E48 (service) or H87 (piece).', 3, 1),
  unit_name: Type.Optional(text('Your own unit name, printed beside the unit key.', 20, 1)),
  price: text('Price per unit before taxes, a decimal string with up to six decimals, e.g. "1500.00".', 40, 1),
  tax_object: Type.Optional(text('c_ObjetoImp: 01 not subject, 02 subject (needs taxes)… Default 02 with taxes, 01 without.', 2, 2)),
  taxes: Type.Optional(Taxes),
  sku: Type.Optional(text('Your product code (NoIdentificacion).', 100, 1)),
  metadata: Type.Optional(Metadata),
};

export const CreateProductBody = Type.Object(fields, { additionalProperties: false });

export const UpdateProductBody = Type.Object(
  {
    ...Type.Partial(Type.Object(fields)).properties,
    unit_name: Type.Optional(Type.Union([text('Unit name; null removes it.', 20, 1), Type.Null()])),
    tax_object: Type.Optional(Type.Union([text('c_ObjetoImp; null returns to the default.', 2, 2), Type.Null()])),
    sku: Type.Optional(Type.Union([text('Product code; null removes it.', 100, 1), Type.Null()])),
  },
  {
    additionalProperties: false,
    minProperties: 1,
    description: 'Fields to change; the others keep their values. `taxes` replaces the list. Metadata merges key by key; an empty string removes a key.',
  },
);

const nullable = (description: string) => Type.Union([Type.String(), Type.Null()], { description });

export const Product = Type.Object(
  {
    object: Type.Literal('product'),
    id: Type.String(),
    description: Type.String(),
    product_key: Type.String(),
    unit_key: Type.String(),
    unit_name: nullable('Your unit name, or null.'),
    price: Type.String({ description: 'Decimal string.' }),
    tax_object: nullable('c_ObjetoImp, or null for the default (02 with taxes, 01 without).'),
    taxes: Type.Array(ProductTax),
    sku: nullable('Your product code, or null.'),
    livemode: Type.Boolean(),
    metadata: Metadata,
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { description: 'A product or service: an invoice item saved once and used by `items[].product_id`.' },
);

export const DeletedProduct = Type.Object({ object: Type.Literal('product'), id: Type.String(), deleted: Type.Literal(true) });

export const ListProductsQuery = listQuery({
  search: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'Part of the description or the SKU, any case.' })),
  product_key: Type.Optional(Type.String({ minLength: 8, maxLength: 8, description: 'Only products with this c_ClaveProdServ.' })),
  sku: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'Exactly this SKU.' })),
});

export type CreateProductBody = Static<typeof CreateProductBody>;
export type UpdateProductBody = Static<typeof UpdateProductBody>;
export type ListProductsQuery = Static<typeof ListProductsQuery>;
export type ProductTax = Static<typeof ProductTax>;
