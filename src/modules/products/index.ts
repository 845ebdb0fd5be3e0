/** Products: saved invoice items, checked with the item rules, used by invoices through `items[].product_id`. */
export { registerProductRoutes } from './routes.ts';
export { findProducts } from './repository.ts';
export { itemOfProduct } from './serialize.ts';
