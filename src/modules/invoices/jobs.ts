/**
 * The module's background work: following cancellations that wait for the receptor (polling the
 * SAT status with backoff until accepted or rejected), and finishing stamps a crash left
 * `stamping` (at start and then periodically).
 */
import type { Services } from '../../platform/context.ts';
import { RetryJobError } from '../../platform/jobs/queue.ts';
import { defineJob, NoPayload, type PayloadOf } from '../../platform/jobs/kinds.ts';
import type { JobRecord } from '../../platform/jobs/types.ts';
import { ProviderError } from '../../platform/providers/errors.ts';
import { authorityName } from '../../providers/sat/authority.ts';
import { CANCELLATION_STATUS_JOB, fetchAcuse, pollDelayMs, recordAccepted, recordRejected } from './cancellation.ts';
import { systemCtx } from './context.ts';
import type { InvoiceDeps } from './ports.ts';
import { findInvoiceById, stuckStamping } from './repository.ts';
import { deliverInvoiceEmail, SEND_INVOICE_EMAIL_JOB } from './send-email.ts';
import { resumeStamping } from './stamping.ts';

const RECOVER_STAMPING_JOB = defineJob('invoices.recover_stamping', NoPayload);
/** The same sweep once at start, without the grace period: a stamp cut short by a crash is finished at once. */
const RECOVER_STAMPING_AT_START_JOB = defineJob('invoices.recover_stamping_at_start', NoPayload);
const RECOVER_STAMPING_INTERVAL_MS = 60_000;
/** A stamp younger than this may still be in flight in a live request; the job leaves it alone. */
const STAMPING_GRACE_MS = 60_000;
const RECOVERY_BATCH = 50;

/** One poll of the SAT status of a pending cancellation; throws RetryJobError while undecided. */
async function pollCancellation(services: Services, deps: InvoiceDeps, job: JobRecord<PayloadOf<typeof CANCELLATION_STATUS_JOB>>): Promise<void> {
  const row = await findInvoiceById(services.db, job.payload.invoice_id);
  if (!row || row.cancellation_status !== 'pending' || row.uuid === null) return;
  const ctx = systemCtx(services, row.organization_id, row.mode);
  const retry = (why: string) => new RetryJobError(why, pollDelayMs(job.attempts + 1));
  let estado: string;
  let estatusCancelacion: string;
  let asked = 'the status service';
  try {
    const status = deps.satStatusFor(row.mode);
    asked = authorityName(status.authority);
    ({ estado, estatusCancelacion } = await status.query({
      uuid: row.uuid,
      rfcEmisor: row.comprobante.Emisor.Rfc,
      rfcReceptor: row.comprobante.Receptor.Rfc,
      total: row.comprobante.Total,
      sello: row.sello_cfd ?? '',
    }));
  } catch (error) {
    if (error instanceof ProviderError) throw retry(`No status from ${asked}: ${error.detail}`);
    throw error;
  }
  if (estado === 'Cancelado') {
    await recordAccepted(ctx, deps, row, await fetchAcuse(deps, row));
    return;
  }
  // EstatusCancelacion "Solicitud rechazada": the receptor said no; the CFDI stays vigente.
  if (/rechazad/i.test(estatusCancelacion)) {
    await recordRejected(ctx, deps, row);
    return;
  }
  throw retry(`Cancellation of ${row.id} still ${estatusCancelacion || estado}`);
}

/** Finishes every stamp left in flight since before the grace period; returns how many it looked at. */
export async function recoverStamping(services: Services, deps: InvoiceDeps, graceMs = STAMPING_GRACE_MS): Promise<number> {
  const before = new Date(services.clock.now().getTime() - graceMs);
  const rows = await stuckStamping(services.db, before, RECOVERY_BATCH);
  for (const row of rows) {
    try {
      await resumeStamping(systemCtx(services, row.organization_id, row.mode), deps, row);
    } catch {
      // The PAC is still unreachable or refused it (the invoice is back to draft with `error`); next run.
    }
  }
  return rows.length;
}

/**
 * Registers the jobs on the queue, with the dependencies the composition root gives (src/app.ts).
 */
export function registerInvoiceJobs(services: Services, deps: InvoiceDeps): void {
  services.jobs.register(CANCELLATION_STATUS_JOB, (job) => pollCancellation(services, deps, job));
  services.jobs.register(SEND_INVOICE_EMAIL_JOB, (job) => deliverInvoiceEmail(services, deps, job));
  services.jobs.schedule(RECOVER_STAMPING_JOB, RECOVER_STAMPING_INTERVAL_MS, async () => {
    await recoverStamping(services, deps);
  });
  services.jobs.register(RECOVER_STAMPING_AT_START_JOB, async () => {
    await recoverStamping(services, deps, 0);
  });
  services.jobs.enqueue(services.db, RECOVER_STAMPING_AT_START_JOB, {}).catch((error: unknown) => {
    console.error('invoices: could not schedule the recovery of interrupted stamps', error);
  });
}
