/**
 * How the API hands out documents (docs/decisions.md, "Served documents"). Every `/v1` answer
 * already carries the sandbox Content-Security-Policy and `nosniff` (server.ts); what differs is
 * the disposition: a document someone else wrote (a CFDI from the SAT, a SAT package) is always an
 * `attachment`, saved and never shown as a page of this origin; the service's own (an invoice's
 * XML, PDF and acuse, a branding preview) stays `inline`, shown by the browser under that sandbox.
 */
export type Disposition = 'attachment' | 'inline';

/** The header's value, its file name reduced to characters that need no quoting or encoding. */
export function contentDisposition(disposition: Disposition, filename: string): string {
  return `${disposition}; filename="${filename.replace(/[^A-Za-z0-9._-]/g, '_')}"`;
}
