/** Invoices: CFDI 4.0 drafts, stamping through a PAC, cancellation, XML/PDF/acuse, and their jobs. */
import type { Db } from '../../platform/db/database.ts';
import { profileHasStamped } from './repository.ts';

export { uuidsStampedHere } from './repository.ts';

export { registerInvoiceRoutes } from './routes.ts';
export {
  registerInvoiceJobs, recoverStamping, pollCancellation,
  CANCELLATION_STATUS_JOB, RECOVER_STAMPING_JOB, RECOVER_STAMPING_AT_START_JOB,
} from './jobs.ts';
export type { InvoiceCatalogs, InvoiceDeps, SatStatusSource, StampCrashPoint } from './ports.ts';
export { Invoice } from './schemas.ts';
export { renderInvoicePdf } from './pdf/index.ts';
export { databasePdfStore, filePdfStore, type PdfStore } from './pdf-store.ts';

/** The fiscal-profiles port: true once the profile has an invoice that is not a draft. */
export function hasStampedInvoices(db: Db, profileId: string): Promise<boolean> {
  return profileHasStamped(db, profileId);
}
