import type { esExports } from './es-exports.ts';

/** English for es-exports.ts; the type fails on a missing key. */
export const enExports: Record<keyof typeof esExports, string> = {
  'nav.exports': 'Exports',
  'exports.title': 'Exports',
  'exports.subtitle':
    'Files of the CFDI store or of your invoices as CSV, Excel or a ZIP (XML, and PDF for invoices). Each file can be downloaded for 24 hours.',
  'exports.empty': 'No exports yet. Export from the CFDI list or the invoices list with its filters.',
  'exports.source': 'Source',
  'exports.source.cfdis': 'CFDI store',
  'exports.source.invoices': 'Invoices',
  'exports.allInvoices': 'All invoices',
  'exports.progressInvoiceRows': '{written} of {total} invoices',
  'exports.format': 'Format',
  'exports.filters': 'Filters',
  'exports.allCfdis': 'All CFDIs',
  'exports.progress': 'Progress',
  'exports.progressRows': '{written} of {total} CFDIs',
  'exports.expires': 'Expires',
  'exports.download': 'Download',
  'exports.exportAs': 'Export {format}',
  'exports.status.pending': 'Queued',
  'exports.status.running': 'Building',
  'exports.status.completed': 'Ready',
  'exports.status.failed': 'Failed',
  'exports.status.expired': 'Expired',
};
