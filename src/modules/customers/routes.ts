import type { Services } from '../../platform/context.ts';
import { listUrl, mapPage } from '../../platform/http/pagination.ts';
import { IdParam, ListOf } from '../../platform/http/schemas.ts';
import { ctxOf, type Server } from '../../platform/http/server.ts';
import { changeCustomer, createCustomer, getCustomer, listCustomers, removeCustomer } from './manage-customers.ts';
import type { CustomerDeps } from './ports.ts';
import { CreateCustomerBody, Customer, DeletedCustomer, ListCustomersQuery, UpdateCustomerBody } from './schemas.ts';
import { serializeCustomer } from './serialize.ts';

const tags = ['Customers'];
const Id = IdParam('Customer id (`cus_…`)');
// A save runs the invoice rules over the receptor and, in test mode, the RFC validation (a call to the simulator).
const SAVE_COST = { rateLimitCost: 2 };

export function registerCustomerRoutes(app: Server, services: Services, deps: CustomerDeps): void {
  app.post(
    '/v1/customers',
    {
      config: SAVE_COST,
      schema: {
        tags,
        summary: 'Create a customer',
        operationId: 'createCustomer',
        description:
          'Checks the receptor as the SAT does at stamping: the CFDI 4.0 receptor rules (RFC, régimen for the persona, postal code, uso CFDI for the régimen) and, in test mode, the RFC validation (the RFC registered with this name and postal code). Live mode has no RFC validation: the customer is saved with `tax_validation.status: unverified`.',
        body: CreateCustomerBody,
        response: { 201: Customer },
      },
    },
    async (request, reply) => reply.code(201).send(serializeCustomer(await createCustomer(ctxOf(request, services), deps, request.body))),
  );

  app.get(
    '/v1/customers',
    {
      schema: {
        tags,
        summary: 'List customers',
        operationId: 'listCustomers',
        description: 'Newest first; `search` matches part of the RFC or the legal name.',
        querystring: ListCustomersQuery,
        response: { 200: ListOf(Customer) },
      },
    },
    async (request) => mapPage(await listCustomers(ctxOf(request, services), request.query, listUrl(request)), serializeCustomer),
  );

  app.get(
    '/v1/customers/:id',
    { schema: { tags, summary: 'Retrieve a customer', operationId: 'getCustomer', params: Id, response: { 200: Customer } } },
    async (request) => serializeCustomer(await getCustomer(ctxOf(request, services), request.params.id)),
  );

  app.patch(
    '/v1/customers/:id',
    {
      config: SAVE_COST,
      schema: {
        tags,
        summary: 'Update a customer',
        operationId: 'updateCustomer',
        description:
          'A change to the RFC, name, régimen, postal code, uso CFDI or foreign data is checked again as on create. Invoices already made keep their own copy.',
        params: Id,
        body: UpdateCustomerBody,
        response: { 200: Customer },
      },
    },
    async (request) => serializeCustomer(await changeCustomer(ctxOf(request, services), deps, request.params.id, request.body)),
  );

  app.delete(
    '/v1/customers/:id',
    {
      schema: {
        tags,
        summary: 'Delete a customer',
        operationId: 'deleteCustomer',
        description: 'Invoices made for the customer keep their own copy of the receptor.',
        params: Id,
        response: { 200: DeletedCustomer },
      },
    },
    async (request) => {
      await removeCustomer(ctxOf(request, services), request.params.id);
      return { object: 'customer' as const, id: request.params.id, deleted: true as const };
    },
  );
}
