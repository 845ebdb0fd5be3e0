import { Type } from 'typebox';
import type { Services } from '../../platform/context.ts';
import { ListQuery, listUrl, mapPage } from '../../platform/http/pagination.ts';
import { IdParam, ListOf, Metadata, Timestamp } from '../../platform/http/schemas.ts';
import { ctxOf, type Server } from '../../platform/http/server.ts';
import { changeAccount, createAccount, getAccount, listAccounts, type OrganizationRow } from '../organizations/index.ts';

const Account = Type.Object(
  {
    object: Type.Literal('account'),
    id: Type.String(),
    name: Type.String(),
    email: Type.Union([Type.String(), Type.Null()]),
    parent: Type.String({ description: 'The platform organization that owns this account.' }),
    disabled: Type.Boolean(),
    metadata: Metadata,
    created_at: Timestamp,
  },
  { description: 'A connected account.' },
);

const CreateAccountBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    email: Type.Optional(Type.String({ format: 'email', maxLength: 254 })),
    metadata: Type.Optional(Metadata),
  },
  { additionalProperties: false },
);

const UpdateAccountBody = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    email: Type.Optional(Type.Union([Type.String({ format: 'email', maxLength: 254 }), Type.Null()])),
    disabled: Type.Optional(Type.Boolean({ description: 'True offboards the account: acting as it is then refused.' })),
    metadata: Type.Optional(Metadata),
  },
  { additionalProperties: false, minProperties: 1 },
);

function serializeAccount(row: OrganizationRow) {
  return {
    object: 'account' as const,
    id: row.id,
    name: row.name,
    email: row.email,
    parent: row.parent_id!,
    disabled: row.disabled,
    metadata: row.metadata,
    created_at: row.created_at.toISOString(),
  };
}

const tags = ['Connected accounts'];

export function registerAccountRoutes(app: Server, services: Services): void {
  app.post(
    '/v1/accounts',
    {
      schema: { tags, summary: 'Create a connected account', operationId: 'createAccount', body: CreateAccountBody, response: { 201: Account } },
    },
    async (request, reply) => reply.code(201).send(serializeAccount(await createAccount(ctxOf(request, services), request.body))),
  );

  app.get(
    '/v1/accounts',
    {
      schema: { tags, summary: 'List connected accounts', operationId: 'listAccounts', querystring: ListQuery, response: { 200: ListOf(Account) } },
    },
    async (request) => mapPage(await listAccounts(ctxOf(request, services), request.query, listUrl(request)), serializeAccount),
  );

  app.get(
    '/v1/accounts/:id',
    {
      schema: { tags, summary: 'Retrieve a connected account', operationId: 'getAccount', params: IdParam('Account id'), response: { 200: Account } },
    },
    async (request) => serializeAccount(await getAccount(ctxOf(request, services), request.params.id)),
  );

  app.patch(
    '/v1/accounts/:id',
    {
      schema: {
        tags,
        summary: 'Update or disable a connected account',
        operationId: 'updateAccount',
        params: IdParam('Account id'),
        body: UpdateAccountBody,
        response: { 200: Account },
      },
    },
    async (request) => serializeAccount(await changeAccount(ctxOf(request, services), request.params.id, request.body)),
  );
}
