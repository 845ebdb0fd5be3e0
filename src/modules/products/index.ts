/** Products: saved invoice items, checked with the item rules, used by invoices through `items[].product_id`. */
export { registerProductRoutes } from './routes.ts';
export { productsForInvoice } from './manage-products.ts';
