import type { Answer } from '../../api/types.ts';

/** A saved customer as GET /v1/customers/{id} answers (docs/guides/customers-and-products.md). */
export type Customer = Answer<'getCustomer'>;
