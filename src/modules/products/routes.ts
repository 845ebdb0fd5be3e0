import type { Services } from '../../platform/context.ts';
import { listUrl, mapPage } from '../../platform/http/pagination.ts';
import { IdParam, ListOf } from '../../platform/http/schemas.ts';
import { ctxOf, type Server } from '../../platform/http/server.ts';
import { changeProduct, createProduct, getProduct, listProducts, removeProduct, type ProductDeps } from './manage-products.ts';
import { CreateProductBody, DeletedProduct, ListProductsQuery, Product, UpdateProductBody } from './schemas.ts';
import { serializeProduct } from './serialize.ts';

const tags = ['Products'];
const Id = IdParam('Product id (`prod_…`)');
// A save runs the invoice item rules (catalog look-ups and tax checks) over the product.
const SAVE_COST = { rateLimitCost: 2 };

export function registerProductRoutes(app: Server, services: Services, deps: ProductDeps): void {
  app.post(
    '/v1/products',
    {
      config: SAVE_COST,
      schema: {
        tags,
        summary: 'Create a product',
        operationId: 'createProduct',
        description:
          'Checked with the rules of an invoice item: product and unit keys in force in the SAT catalogs, the price, and the taxes for the objeto de impuesto.',
        body: CreateProductBody,
        response: { 201: Product },
      },
    },
    async (request, reply) => reply.code(201).send(serializeProduct(await createProduct(ctxOf(request, services), deps, request.body))),
  );

  app.get(
    '/v1/products',
    {
      schema: {
        tags,
        summary: 'List products',
        operationId: 'listProducts',
        description: 'Newest first; `search` matches part of the description or the SKU.',
        querystring: ListProductsQuery,
        response: { 200: ListOf(Product) },
      },
    },
    async (request) => mapPage(await listProducts(ctxOf(request, services), request.query, listUrl(request)), serializeProduct),
  );

  app.get(
    '/v1/products/:id',
    { schema: { tags, summary: 'Retrieve a product', operationId: 'getProduct', params: Id, response: { 200: Product } } },
    async (request) => serializeProduct(await getProduct(ctxOf(request, services), request.params.id)),
  );

  app.patch(
    '/v1/products/:id',
    {
      config: SAVE_COST,
      schema: {
        tags,
        summary: 'Update a product',
        operationId: 'updateProduct',
        description: 'The product after the change is checked again. Invoices already made keep their own copy of the item.',
        params: Id,
        body: UpdateProductBody,
        response: { 200: Product },
      },
    },
    async (request) => serializeProduct(await changeProduct(ctxOf(request, services), deps, request.params.id, request.body)),
  );

  app.delete(
    '/v1/products/:id',
    {
      schema: {
        tags,
        summary: 'Delete a product',
        operationId: 'deleteProduct',
        description: 'Invoices that used the product keep their own copy of the item.',
        params: Id,
        response: { 200: DeletedProduct },
      },
    },
    async (request) => {
      await removeProduct(ctxOf(request, services), request.params.id);
      return { object: 'product' as const, id: request.params.id, deleted: true as const };
    },
  );
}
