/** The stamped XML, the PDF and the cancellation acuse of an invoice. */
import type { Ctx } from '../../platform/context.ts';
import { ApiError, notFound } from '../../platform/errors/api-error.ts';
import { isId } from '../../platform/ids.ts';
import type { CatalogSlug } from '../catalogs/index.ts';
import { scopeOf } from './context.ts';
import { isPdfRenderError, renderInvoicePdf, type CatalogNames, type InvoicePdfInput } from './pdf/index.ts';
import type { InvoiceDeps } from './ports.ts';
import { findInvoice, type InvoiceRow } from './repository.ts';

export interface DocumentBody {
  body: Buffer;
  filename: string;
}

async function stampedInvoice(ctx: Ctx, id: string, code: 'invoice.xml_requires_stamp' | 'invoice.pdf_requires_stamp'): Promise<InvoiceRow & { xml: string; uuid: string }> {
  const row = isId('inv', id) ? await findInvoice(ctx.db, scopeOf(ctx), id) : undefined;
  if (!row) throw notFound('invoice', id);
  if (row.xml === null || row.uuid === null) {
    const what = code === 'invoice.xml_requires_stamp' ? 'XML' : 'PDF';
    throw new ApiError(code, `Invoice ${id} is ${row.status}; its ${what} exists once it is stamped (POST /v1/invoices/${id}/stamp).`);
  }
  return row as InvoiceRow & { xml: string; uuid: string };
}

/** The stamped CFDI exactly as the PAC returned it. */
export async function invoiceXml(ctx: Ctx, id: string): Promise<DocumentBody> {
  const row = await stampedInvoice(ctx, id, 'invoice.xml_requires_stamp');
  return { body: Buffer.from(row.xml, 'utf8'), filename: `${row.uuid}.xml` };
}

function catalogNames(deps: InvoiceDeps): CatalogNames {
  return (catalog, code) => deps.catalogs.index.get(catalog as CatalogSlug, code)?.description;
}

/** The representación impresa, with the profile's logo and colour; a test-mode PDF says it has no fiscal validity. */
export async function invoicePdf(ctx: Ctx, deps: InvoiceDeps, id: string): Promise<DocumentBody> {
  const row = await stampedInvoice(ctx, id, 'invoice.pdf_requires_stamp');
  const branding = await deps.fiscalProfiles.findProfileBranding(ctx, row.fiscal_profile_id);
  const render = deps.renderPdf ?? renderInvoicePdf;
  const input: InvoicePdfInput = {
    xml: row.xml,
    livemode: row.mode === 'live',
    catalogNames: catalogNames(deps),
    branding: { brandColor: branding.brandColor, ...(branding.logo ? { logo: branding.logo.content } : {}) },
  };
  try {
    return { body: await render(input), filename: `${row.uuid}.pdf` };
  } catch (error) {
    // A logo or colour the renderer cannot use must not cost the customer the document.
    if (!isPdfRenderError(error) || error.code === 'cfdi.pdf_requires_stamp') throw error;
    const { branding: _unusable, ...plain } = input;
    return { body: await render(plain), filename: `${row.uuid}.pdf` };
  }
}

/** The SAT's acuse of the cancellation request or of the finished cancellation. */
export async function invoiceAcuse(ctx: Ctx, id: string): Promise<DocumentBody> {
  const row = isId('inv', id) ? await findInvoice(ctx.db, scopeOf(ctx), id) : undefined;
  if (!row) throw notFound('invoice', id);
  if (row.acuse === null) {
    const state = row.status === 'cancelled' ? 'cancelled, but the PAC has not delivered its acuse yet' : `${row.status}, and its cancellation is ${row.cancellation_status}`;
    throw new ApiError('cancel.no_acuse', `Invoice ${id} has no acuse: it is ${state}.`);
  }
  return { body: Buffer.from(row.acuse, 'utf8'), filename: `${row.uuid ?? row.id}-acuse.xml` };
}
