/** Invoices: CFDI 4.0 drafts, stamping through a PAC, cancellation, XML/PDF/acuse, and their jobs. */
import type { Db } from '../../platform/db/database.ts';
import { profileHasStamped } from './repository.ts';

export { uuidsStampedHere } from './repository.ts';

export { registerInvoiceRoutes } from './routes.ts';
export { registerInvoiceJobs } from './jobs.ts';
export type { InvoiceDeps, StampCrashPoint } from './ports.ts';
export { codeUsage } from './code-usage.ts';

/** The fiscal-profiles port: true once the profile has an invoice that is not a draft. */
export function hasStampedInvoices(db: Db, profileId: string): Promise<boolean> {
  return profileHasStamped(db, profileId);
}
export { itemErrors, receptorErrors } from './draft/part-checks.ts';
export { TaxInput, type ItemInput } from './request-schemas.ts';
export type { InvoiceCatalogs } from './ports.ts';
export { invoiceExportSource, type InvoiceExportRow, type InvoiceExportSource, type InvoiceFilterQuery } from './export-source.ts';
export { InvoiceFilterProperties } from './schemas.ts';
