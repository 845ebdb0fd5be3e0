/** Scopes, the context of work done outside a request (jobs), and the module's events. */
import type { Ctx, Mode, Services } from '../../platform/context.ts';
import type { Db } from '../../platform/db/database.ts';
import { newId } from '../../platform/ids.ts';
import { CURRENT_VERSION } from '../../platform/http/versions.ts';
import { emitEvents, statementEvents, type EventStatementOptions, type EventType, type StatementEvents } from '../events/index.ts';

/** The events whose object is the invoice itself (the e-mail events carry the e-mail). */
export type InvoiceEventType = Extract<
  EventType,
  'invoice.created' | 'invoice.stamped' | 'invoice.cancellation_requested' | 'invoice.cancellation_rejected' | 'invoice.cancelled'
>;
import { findFiscalProfile, serializeFiscalProfile, type SerializedFiscalProfile } from '../fiscal-profiles/index.ts';
import type { InvoiceRow, InvoiceScope } from './repository.ts';
import { serializeInvoice } from './serialize.ts';

export function scopeOf(ctx: Pick<Ctx, 'organizationId' | 'mode'>): InvoiceScope {
  return { organizationId: ctx.organizationId, mode: ctx.mode };
}

/**
 * The context a job acts in: the invoice's own organization and mode, as if its owner asked.
 * Nothing in it is taken from a request.
 */
export function systemCtx(services: Services, organizationId: string, mode: Mode): Ctx {
  return {
    services,
    db: services.db,
    caller: {
      apiKeyId: 'system',
      keyOrganizationId: organizationId,
      organizationId,
      platformOrganizationId: null,
      keyOrganizationIsAccount: false,
      mode,
      keyVersion: null,
    },
    organizationId,
    mode,
    livemode: mode === 'live',
    requestId: newId('req'),
    version: CURRENT_VERSION,
    traceparent: '',
  };
}

/** The embedded fiscal_profile of an invoice; read before a transaction opens (PGlite has one connection). */
export async function profileObject(ctx: Ctx, profileId: string): Promise<SerializedFiscalProfile> {
  return serializeFiscalProfile(await findFiscalProfile(ctx, profileId), ctx.services.clock.now());
}

/**
 * Writes the invoice events in the caller's transaction, each carrying the invoice as of the
 * change (docs/contract.md §5; ARCHITECTURE rule 5: nothing is sent before commit).
 */
export async function recordInvoiceEvents(
  db: Db,
  ctx: Ctx,
  types: readonly InvoiceEventType[],
  row: InvoiceRow,
  profile: SerializedFiscalProfile,
): Promise<void> {
  await emitEvents(db, eventInputs(ctx, types, row, profile), ctx.services);
}

function eventInputs(ctx: Ctx, types: readonly InvoiceEventType[], row: InvoiceRow, profile: SerializedFiscalProfile) {
  const object = serializeInvoice(row, profile, ctx.services.config.baseUrl);
  return types.map((type) => ({ organizationId: row.organization_id, mode: row.mode, type, object }));
}

/** The invoice events as companions of the statement that makes the change (statements.ts). */
export function invoiceStatementEvents(
  ctx: Ctx,
  types: readonly InvoiceEventType[],
  row: InvoiceRow,
  profile: SerializedFiscalProfile,
  options: EventStatementOptions,
): StatementEvents {
  return statementEvents(eventInputs(ctx, types, row, profile), ctx.services, options);
}
