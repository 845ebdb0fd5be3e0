/**
 * Recording a cancellation's progress: requested (pending, waiting for the receptor), accepted
 * (the invoice is cancelled) or rejected, each with its events in the same transaction, and a
 * completed cancellation with its automatic notice when one is asked for (automatic-email.ts).
 */
import { Type } from 'typebox';
import type { Ctx } from '../../platform/context.ts';
import { defineJob } from '../../platform/jobs/kinds.ts';
import { planAutomaticEmail, queueAutomaticEmail } from './automatic-email.ts';
import { profileObject, recordInvoiceEvents, type InvoiceEventType } from './context.ts';
import type { InvoiceDeps } from './ports.ts';
import { findInvoiceById, updateInvoice, type InvoiceChanges, type InvoiceRow } from './repository.ts';

/** Job that follows a cancellation waiting for the receptor by polling the SAT status. */
export const CANCELLATION_STATUS_JOB = defineJob(
  'invoices.cancellation_status',
  Type.Object({ invoice_id: Type.String({ minLength: 1 }) }, { additionalProperties: false }),
);
/** Enough attempts for 72 business hours (a long weekend included) at the capped polling interval. */
const CANCELLATION_POLL_ATTEMPTS = 500;
const POLL_DELAYS_MS = [60_000, 120_000, 300_000, 600_000, 1_800_000];
const POLL_MAX_DELAY_MS = 3_600_000;

/** Polls soon after the request, then every hour at most (the receptor has 72 business hours). */
export function pollDelayMs(attempt: number): number {
  return POLL_DELAYS_MS[attempt - 1] ?? POLL_MAX_DELAY_MS;
}

export interface CancellationRequest {
  reason: string;
  substituteInvoiceId: string | null;
}

/** The acuse of a resolved cancellation, when the PAC has one (a missing acuse must not undo the cancellation). */
export async function fetchAcuse(deps: InvoiceDeps, row: InvoiceRow): Promise<string | null> {
  try {
    return await deps.pacFor(row.mode).acuse(row.uuid ?? '', row.comprobante.Emisor.Rfc);
  } catch {
    return null;
  }
}

async function transition(
  ctx: Ctx,
  row: InvoiceRow,
  changes: InvoiceChanges,
  events: InvoiceEventType[],
  options: { from: InvoiceRow['cancellation_status'][]; deps: Pick<InvoiceDeps, 'savedParts'>; enqueuePoll?: boolean },
): Promise<InvoiceRow> {
  const profile = await profileObject(ctx, row.fiscal_profile_id);
  // A completed cancellation brings the notice, when the invoice or its profile asks for it.
  const email = changes.status === 'cancelled' ? await planAutomaticEmail(ctx, options.deps, row, profile, 'cancellation') : undefined;
  const stored = await ctx.db.transaction().execute(async (trx) => {
    const updated = await updateInvoice(trx, row.id, ['stamped'], { ...changes, updated_at: ctx.services.clock.now() }, options.from);
    if (!updated) return undefined;
    await recordInvoiceEvents(trx, ctx, events, updated, profile);
    if (email) await queueAutomaticEmail(trx, ctx.services, row, email);
    if (options.enqueuePoll) {
      const runAt = new Date(ctx.services.clock.now().getTime() + pollDelayMs(1));
      await ctx.services.jobs.enqueue(
        trx,
        CANCELLATION_STATUS_JOB,
        { invoice_id: row.id },
        { runAt, dedupeKey: `${CANCELLATION_STATUS_JOB.kind}:${row.id}`, maxAttempts: CANCELLATION_POLL_ATTEMPTS },
      );
    }
    return updated;
  });
  return stored ?? (await findInvoiceById(ctx.db, row.id)) ?? row;
}

/** The SAT cancelled it at once (no acceptance needed): requested and cancelled together. */
export function recordCancelled(ctx: Ctx, deps: InvoiceDeps, row: InvoiceRow, request: CancellationRequest, acuse: string | null): Promise<InvoiceRow> {
  const now = ctx.services.clock.now();
  return transition(
    ctx,
    row,
    {
      status: 'cancelled',
      cancellation_status: 'accepted',
      cancellation_reason: request.reason,
      substitute_invoice_id: request.substituteInvoiceId,
      cancellation_requested_at: now,
      cancellation_resolved_at: now,
      acuse,
    },
    ['invoice.cancellation_requested', 'invoice.cancelled'],
    { from: ['none', 'rejected'], deps },
  );
}

/** The receptor must accept: pending until the poller sees the SAT's answer. */
export function recordPending(ctx: Ctx, deps: InvoiceDeps, row: InvoiceRow, request: CancellationRequest, acuse: string | null): Promise<InvoiceRow> {
  return transition(
    ctx,
    row,
    {
      cancellation_status: 'pending',
      cancellation_reason: request.reason,
      substitute_invoice_id: request.substituteInvoiceId,
      cancellation_requested_at: ctx.services.clock.now(),
      cancellation_resolved_at: null,
      acuse,
    },
    ['invoice.cancellation_requested'],
    { from: ['none', 'rejected'], deps, enqueuePoll: true },
  );
}

/** The pending cancellation was accepted (by the receptor, or by its silence for 72 business hours). */
export function recordAccepted(ctx: Ctx, deps: InvoiceDeps, row: InvoiceRow, acuse: string | null): Promise<InvoiceRow> {
  return transition(
    ctx,
    row,
    {
      status: 'cancelled',
      cancellation_status: 'accepted',
      cancellation_resolved_at: ctx.services.clock.now(),
      acuse: acuse ?? row.acuse,
    },
    ['invoice.cancelled'],
    { from: ['pending'], deps },
  );
}

export function recordRejected(ctx: Ctx, deps: InvoiceDeps, row: InvoiceRow): Promise<InvoiceRow> {
  return transition(ctx, row, { cancellation_status: 'rejected', cancellation_resolved_at: ctx.services.clock.now() }, ['invoice.cancellation_rejected'], {
    from: ['pending'],
    deps,
  });
}
