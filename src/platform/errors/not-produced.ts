/**
 * Codes of the catalog that this service never answers with, each with the reason. The
 * specification lists them (it was written from the PAC's and the SAT's vocabularies), so they
 * keep their rows in the catalog and in `/docs/errors`, where these reasons are shown; a client
 * that switches on them loses nothing. Every other code is raised somewhere in the service.
 */
import type { ErrorCode } from './catalog.ts';

export const NOT_PRODUCED: Readonly<Partial<Record<ErrorCode, string>>> = {
  'cfdi.pdf_dependencies_missing':
    'The PDF renderer is part of the service and draws with the PDF standard fonts: nothing it needs can be missing from a server.',
  'cfdi.sello_injection_failed':
    "The service writes the XML it seals from the invoice's own model; it never puts a sello into an XML from elsewhere, the step this code reports failing.",
  'invoice.no_xml': 'The database refuses a stamped invoice without its XML, and an invoice not yet stamped answers invoice.xml_requires_stamp.',
  'invoice.profile_missing_csd':
    'A fiscal profile cannot be without a CSD: one is required to create it, and PATCH replaces it but never removes it. A CSD that has expired, or is not yet valid, is cfdi.csd_expired.',
  'cancel.in_process':
    'A cancellation that waits for the receptor is not an error here: the invoice answers with `cancellation.status: pending`, and asking again while it waits is invoice.cancellation_in_progress.',
  'cancel.request_received':
    'As for cancel.in_process: a cancellation the SAT has received and not yet resolved is the invoice with `cancellation.status: pending`.',
  'cancel.outside_annual_declaration':
    "The PAC's cancellation service has no answer for this case; a cancellation refused for its date comes as cancel.date_after_declaration or cancel.global_invoice_deadline.",
  'manifiesto.signed': 'A carta manifiesto signed successfully is answered with the fiscal profile (200, `manifest_status: signed`), not with a problem.',
};
