import type { Answer } from '../../api/types.ts';

/** A saved product as GET /v1/products/{id} answers (docs/guides/customers-and-products.md). */
export type Product = Answer<'getProduct'>;

/** One tax of a product, as the API takes and returns it (an invoice item's tax without `base`). */
export type ProductTax = Product['taxes'][number];

/** A tax as people read it: "IVA 16 %", "− ISR 10 %" (withheld), "IVA Exento". */
export function taxLabel(tax: ProductTax): string {
  const rate = tax.rate ? ` ${Number((Number(tax.rate) * (tax.factor === 'Cuota' ? 1 : 100)).toFixed(4))}${tax.factor === 'Cuota' ? '' : ' %'}` : '';
  const body = tax.factor === 'Exento' ? `${tax.type} Exento` : `${tax.type}${rate}`;
  return tax.withholding ? `− ${body}` : body;
}
