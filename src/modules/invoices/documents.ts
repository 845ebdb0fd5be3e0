/** The stamped XML, the PDF and the cancellation acuse of an invoice. */
import { createHash } from 'node:crypto';
import { localDateTime, MEXICO_CITY_TIME_ZONE } from '../../cfdi/local-time.ts';
import { stringBytes, type CacheBound } from '../../platform/caches/bounded-cache.ts';
import type { AppState } from '../../platform/caches/registry.ts';
import type { Ctx } from '../../platform/context.ts';
import { ApiError, notFound } from '../../platform/errors/api-error.ts';
import { isId } from '../../platform/ids.ts';
import { scopeOf } from './context.ts';
import type { PdfTaskInput } from './pdf/render-task.ts';
import { findPdf, storePdf } from './pdf-blobs.ts';
import type { InvoiceDeps } from './ports.ts';
import { renderOnPool } from './render-pool.ts';
import { findInvoice, findInvoiceDocument, findInvoiceDocumentWithXml, findInvoiceXml, type InvoiceDocumentRow } from './repository.ts';

export interface DocumentBody {
  body: Buffer;
  filename: string;
}

function assertStamped<Row extends InvoiceDocumentRow>(
  row: Row | undefined,
  id: string,
  code: 'invoice.xml_requires_stamp' | 'invoice.pdf_requires_stamp',
): Row & { uuid: string } {
  if (!row) throw notFound('invoice', id);
  if (!row.stamped || row.uuid === null) {
    const what = code === 'invoice.xml_requires_stamp' ? 'XML' : 'PDF';
    throw new ApiError(code, {
      en: `Invoice ${id} is ${row.status}; its ${what} exists once it is stamped (POST /v1/invoices/${id}/stamp).`,
      es: `La factura ${id} aún no está timbrada; su ${what} existe cuando se timbra.`,
    });
  }
  return row as Row & { uuid: string };
}

/** The stamped XML (never changes once stamped). */
async function stampedXml(ctx: Ctx, row: StampedRow): Promise<string> {
  const xml = await findInvoiceXml(ctx.db, row.id);
  if (xml === undefined) throw notFound('invoice', row.id);
  return xml;
}

/** The stamped CFDI exactly as the PAC returned it. */
export async function invoiceXml(ctx: Ctx, id: string): Promise<DocumentBody> {
  const found = isId('inv', id) ? await findInvoiceDocumentWithXml(ctx.db, scopeOf(ctx), id) : undefined;
  const row = assertStamped(found, id, 'invoice.xml_requires_stamp');
  return { body: Buffer.from(row.xml ?? '', 'utf8'), filename: `${row.uuid}.xml` };
}

/** Bump when the layout changes: every cached PDF is then rendered again on its next download. */
const RENDERER_VERSION = '2';

/**
 * The PDFs served last, by invoice and fingerprint (PDF_CACHE_MB, 32 MiB by default, in all): a
 * PDF that is downloaded again and again is not read from the database each time (a large one
 * costs the event loop tens of milliseconds to decode there). A fingerprint never changes its bytes.
 */
const RECENT_PDFS: CacheBound<Buffer> = { name: 'pdfs', maxBytes: 32 * 1024 * 1024, sizeOf: (body, key) => body.length + stringBytes(key) };
/** Renderings in flight, by invoice and fingerprint: concurrent downloads share one. */
const RENDERS_IN_FLIGHT: AppState<Map<string, Promise<Buffer>>> = { name: 'invoices.pdf_renders_in_flight', create: () => new Map() };

/** Keeps a PDF unless it would take more than a quarter of the cache. */
function remember(ctx: Ctx, key: string, body: Buffer): Buffer {
  const recent = ctx.services.caches.cache(RECENT_PDFS);
  if (body.length <= recent.maxBytes / 4) recent.set(key, body);
  return body;
}

/** Renders on the pool (render-pool.ts), then keeps the PDF under its fingerprint. */
async function renderAndStore(ctx: Ctx, deps: InvoiceDeps, row: StampedRow, input: Omit<PdfTaskInput, 'names' | 'xml'>, fingerprint: string): Promise<Buffer> {
  const body = await renderOnPool(ctx, deps, row.organization_id, { ...input, xml: await stampedXml(ctx, row) });
  await storePdf(ctx.services.blobs, row.id, fingerprint, body);
  return body;
}

type StampedRow = InvoiceDocumentRow & { uuid: string };

/**
 * The representación impresa, with the profile's logo and colour; a test-mode PDF says it has no
 * fiscal validity and a cancelled one says CANCELADO. Rendered on a worker thread once per
 * fingerprint (renderer version, branding, cancellation) and kept, so downloads after the first
 * cost a read.
 */
export async function invoicePdf(ctx: Ctx, deps: InvoiceDeps, id: string): Promise<DocumentBody> {
  const row = assertStamped(isId('inv', id) ? await findInvoiceDocument(ctx.db, scopeOf(ctx), id) : undefined, id, 'invoice.pdf_requires_stamp');
  const filename = `${row.uuid}.pdf`;
  const branding = await deps.fiscalProfiles.findProfileBranding(ctx, row.fiscal_profile_id);
  const cancelledAt = row.status === 'cancelled' ? localDateTime(row.cancellation_resolved_at ?? row.updated_at, MEXICO_CITY_TIME_ZONE) : undefined;
  const logo = branding.logo?.content;
  const fingerprint = createHash('sha256')
    .update(`${RENDERER_VERSION}\n${row.mode}\n${cancelledAt ?? ''}\n${branding.brandColor}\n`)
    .update(logo ?? Buffer.alloc(0))
    .digest('hex');
  const key = `${row.id}:${fingerprint}`;
  const recent = ctx.services.caches.cache(RECENT_PDFS).get(key);
  if (recent) return { body: recent, filename };
  const cached = await findPdf(ctx.services.blobs, row.id, fingerprint);
  if (cached) return { body: remember(ctx, key, cached), filename };
  const inFlight = ctx.services.caches.state(RENDERS_IN_FLIGHT);
  let pending = inFlight.get(key);
  if (!pending) {
    const task = {
      livemode: row.mode === 'live',
      ...(cancelledAt !== undefined ? { cancelledAt } : {}),
      branding: { brandColor: branding.brandColor, ...(logo ? { logo } : {}) },
    };
    pending = renderAndStore(ctx, deps, row, task, fingerprint)
      .then((body) => remember(ctx, key, body))
      .finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  return { body: await pending, filename };
}

/** The SAT's acuse of the cancellation request or of the finished cancellation. */
export async function invoiceAcuse(ctx: Ctx, id: string): Promise<DocumentBody> {
  const row = isId('inv', id) ? await findInvoice(ctx.db, scopeOf(ctx), id) : undefined;
  if (!row) throw notFound('invoice', id);
  if (row.acuse === null) {
    const state =
      row.status === 'cancelled'
        ? { en: 'cancelled, but the PAC has not delivered its acuse yet', es: 'está cancelada, pero el PAC aún no entrega su acuse' }
        : {
            en: `${row.status}, and its cancellation is ${row.cancellation_status}`,
            es: `tiene estatus ${row.status} y su cancelación, ${row.cancellation_status ?? 'ninguna'}`,
          };
    throw new ApiError('cancel.no_acuse', {
      en: `Invoice ${id} has no acuse: it is ${state.en}.`,
      es: `La factura ${id} no tiene acuse de cancelación: ${state.es}.`,
    });
  }
  return { body: Buffer.from(row.acuse, 'utf8'), filename: `${row.uuid ?? row.id}-acuse.xml` };
}
