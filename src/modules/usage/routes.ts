import { Type } from 'typebox';
import type { Services } from '../../platform/context.ts';
import { ApiError } from '../../platform/errors/api-error.ts';
import { listQuery, listUrl, mapPage, paginate } from '../../platform/http/pagination.ts';
import { ListOf, Timestamp } from '../../platform/http/schemas.ts';
import { ctxOf, type Server } from '../../platform/http/server.ts';
import { countUsage, creditsOf, usageQuery, type UsageRecordRow } from './repository.ts';

const UsageRecord = Type.Object(
  {
    object: Type.Literal('usage_record'),
    id: Type.String(),
    kind: Type.String({ description: 'Metered kind; `stamp` is a CFDI stamp consumed.' }),
    quantity: Type.Integer(),
    resource_id: Type.String({ description: 'The resource that consumed it (an invoice id for stamps).' }),
    livemode: Type.Boolean(),
    created_at: Timestamp,
  },
  { description: 'One metered consumption.' },
);

const Balance = Type.Object(
  {
    object: Type.Literal('balance'),
    livemode: Type.Boolean(),
    stamp_credits: Type.Union([Type.Integer(), Type.Null()], { description: 'Live stamp credits left; null in test mode, which is unmetered.' }),
    stamps_used: Type.Integer({ description: 'Stamps consumed in this mode.' }),
  },
  { description: 'Remaining stamp credits and stamps used.' },
);

const DateBound = Type.String({
  minLength: 1,
  pattern: '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,6})?)?(Z|[+-]\\d{2}:\\d{2})?)?$',
  description: 'ISO date or date-time, inclusive. A bare date covers that whole UTC day.',
});

const UsageQuery = listQuery({
  kind: Type.Optional(Type.String({ minLength: 1, maxLength: 50 })),
  'created[gte]': Type.Optional(DateBound),
  'created[lte]': Type.Optional(DateBound),
});

/** Turns an inclusive bound into an instant: a bare date starts or ends its UTC day. */
export function dateBound(value: string, edge: 'start' | 'end', name: string): Date {
  const bare = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const text = bare ? `${value}T${edge === 'start' ? '00:00:00.000' : '23:59:59.999'}Z` : /[Z+-]\d{0,2}:?\d{0,2}$/.test(value.slice(10)) ? value : `${value}Z`;
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) {
    throw new ApiError('request.validation_failed', `${name} is not a valid date.`, { errors: [{ path: name, code: 'invalid_format', message: 'is not a valid date.' }] });
  }
  return date;
}

function serializeUsage(row: UsageRecordRow) {
  return {
    object: 'usage_record' as const,
    id: row.id,
    kind: row.kind,
    quantity: row.quantity,
    resource_id: row.resource_id,
    livemode: row.mode === 'live',
    created_at: row.created_at.toISOString(),
  };
}

export function registerUsageRoutes(app: Server, services: Services): void {
  app.get('/v1/usage', {
    schema: { tags: ['Usage'], summary: 'List usage records', operationId: 'listUsage', querystring: UsageQuery, response: { 200: ListOf(UsageRecord) } },
  }, async (request) => {
    const ctx = ctxOf(request, services);
    const query = request.query;
    let rows = usageQuery(ctx.db, ctx.organizationId, ctx.mode);
    if (query.kind !== undefined) rows = rows.where('kind', '=', query.kind);
    if (query['created[gte]'] !== undefined) rows = rows.where('created_at', '>=', dateBound(query['created[gte]'], 'start', 'created[gte]'));
    if (query['created[lte]'] !== undefined) rows = rows.where('created_at', '<=', dateBound(query['created[lte]'], 'end', 'created[lte]'));
    const page = await paginate(rows, query, { prefix: 'ur', idColumn: 'id', url: listUrl(request) });
    return mapPage(page, serializeUsage);
  });

  app.get('/v1/balance', {
    schema: { tags: ['Balance'], summary: 'Retrieve the stamp-credit balance', operationId: 'getBalance', response: { 200: Balance } },
  }, async (request) => {
    const ctx = ctxOf(request, services);
    return {
      object: 'balance' as const,
      livemode: ctx.livemode,
      stamp_credits: ctx.livemode ? await creditsOf(ctx.db, ctx.organizationId) : null,
      stamps_used: await countUsage(ctx.db, ctx.organizationId, ctx.mode, 'stamp'),
    };
  });
}
