import { Type } from 'typebox';
import type { Ctx, Services } from '../../platform/context.ts';
import { ApiError, notFound } from '../../platform/errors/api-error.ts';
import { isId, newId } from '../../platform/ids.ts';
import { ListQuery, listUrl, mapPage, paginate } from '../../platform/http/pagination.ts';
import { IdParam, ListOf, Metadata, Timestamp } from '../../platform/http/schemas.ts';
import { ctxOf, type Server } from '../../platform/http/server.ts';
import { accountsQuery, findAccount, insertOrganization, updateAccount, type OrganizationRow } from '../organizations/repository.ts';

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

// Connected accounts are managed by their platform only: never through another account.
function platformCtx(ctx: Ctx): string {
  if (ctx.caller.platformOrganizationId !== null || ctx.caller.keyOrganizationIsAccount) {
    throw new ApiError('connect.nesting_not_allowed', 'Connected accounts cannot own connected accounts; call without Invoice-Account.');
  }
  return ctx.caller.keyOrganizationId;
}

const tags = ['Connected accounts'];

export function registerAccountRoutes(app: Server, services: Services): void {
  app.post('/v1/accounts', {
    schema: { tags, summary: 'Create a connected account', operationId: 'createAccount', body: CreateAccountBody, response: { 201: Account } },
  }, async (request, reply) => {
    const parentId = platformCtx(ctxOf(request, services));
    const at = services.clock.now();
    const row = await insertOrganization(services.db, {
      id: newId('org', at.getTime()),
      name: request.body.name,
      email: request.body.email ?? null,
      parent_id: parentId,
      metadata: request.body.metadata ?? {},
      created_at: at,
      updated_at: at,
    });
    return reply.code(201).send(serializeAccount(row));
  });

  app.get('/v1/accounts', {
    schema: { tags, summary: 'List connected accounts', operationId: 'listAccounts', querystring: ListQuery, response: { 200: ListOf(Account) } },
  }, async (request) => {
    const parentId = platformCtx(ctxOf(request, services));
    const page = await paginate(accountsQuery(services.db, parentId), request.query, { prefix: 'org', idColumn: 'id', url: listUrl(request) });
    return mapPage(page, serializeAccount);
  });

  app.get('/v1/accounts/:id', {
    schema: { tags, summary: 'Retrieve a connected account', operationId: 'getAccount', params: IdParam('Account id'), response: { 200: Account } },
  }, async (request) => {
    const parentId = platformCtx(ctxOf(request, services));
    const row = isId('org', request.params.id) ? await findAccount(services.db, parentId, request.params.id) : undefined;
    if (!row) throw notFound('account', request.params.id);
    return serializeAccount(row);
  });

  app.patch('/v1/accounts/:id', {
    schema: {
      tags, summary: 'Update or disable a connected account', operationId: 'updateAccount',
      params: IdParam('Account id'), body: UpdateAccountBody, response: { 200: Account },
    },
  }, async (request) => {
    const parentId = platformCtx(ctxOf(request, services));
    const row = isId('org', request.params.id)
      ? await updateAccount(services.db, parentId, request.params.id, { ...request.body, updated_at: services.clock.now() })
      : undefined;
    if (!row) throw notFound('account', request.params.id);
    return serializeAccount(row);
  });
}
