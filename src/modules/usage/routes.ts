import { Type } from 'typebox';
import type { Services } from '../../platform/context.ts';
import { DateBound } from '../../platform/http/date-bounds.ts';
import { listQuery, listUrl, mapPage } from '../../platform/http/pagination.ts';
import { ListOf, Timestamp } from '../../platform/http/schemas.ts';
import { ctxOf, type Server } from '../../platform/http/server.ts';
import { listUsage, readBalance } from './read-usage.ts';
import type { UsageRecordRow } from './repository.ts';

const UsageRecord = Type.Object(
  {
    object: Type.Literal('usage_record'),
    id: Type.String(),
    kind: Type.String({
      description:
        'Metered kind: `stamp` (a CFDI stamped; live stamps consume a credit) or `validation` (a CFDI checked with POST /v1/validations; never charged against credits).',
    }),
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

const UsageQuery = listQuery({
  kind: Type.Optional(Type.String({ minLength: 1, maxLength: 50 })),
  'created[gte]': Type.Optional(DateBound),
  'created[lte]': Type.Optional(DateBound),
});

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
  app.get(
    '/v1/usage',
    {
      schema: { tags: ['Usage'], summary: 'List usage records', operationId: 'listUsage', querystring: UsageQuery, response: { 200: ListOf(UsageRecord) } },
    },
    async (request) => mapPage(await listUsage(ctxOf(request, services), request.query, listUrl(request)), serializeUsage),
  );

  app.get(
    '/v1/balance',
    {
      schema: { tags: ['Balance'], summary: 'Retrieve the stamp-credit balance', operationId: 'getBalance', response: { 200: Balance } },
    },
    async (request) => {
      const ctx = ctxOf(request, services);
      const { stampCredits, stampsUsed } = await readBalance(ctx);
      return { object: 'balance' as const, livemode: ctx.livemode, stamp_credits: stampCredits, stamps_used: stampsUsed };
    },
  );
}
