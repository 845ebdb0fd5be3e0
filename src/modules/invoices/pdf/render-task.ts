/**
 * The PDF renderer as a worker-pool task: plain data in (the stamped XML, branding bytes, the
 * catalog descriptions the document may print), plain data out (the PDF bytes, or the render
 * error as data, since errors lose their codes crossing threads). A logo or colour the renderer
 * cannot use must not cost the customer the document: it is rendered again without branding.
 */
import { isCfdiError } from '../../../cfdi/errors.ts';
import { isPdfRenderError } from './errors.ts';
import { renderInvoicePdf, type InvoicePdfInput } from './render.ts';

export interface PdfTaskInput {
  xml: string;
  livemode: boolean;
  /** A branding preview of an unstamped sample (InvoicePdfInput.preview). */
  preview?: boolean;
  cancelledAt?: string;
  branding?: { brandColor?: string; logo?: Uint8Array };
  /** catalog → code → description, for the codes this CFDI uses. */
  names: Record<string, Record<string, string>>;
}

export type PdfTaskOutput = { pdf: Uint8Array } | { error: { code: string; message: string } };

export default async function renderPdfTask(task: PdfTaskInput): Promise<PdfTaskOutput> {
  const input: InvoicePdfInput = {
    xml: task.xml,
    livemode: task.livemode,
    ...(task.preview ? { preview: true } : {}),
    ...(task.cancelledAt !== undefined ? { cancelledAt: task.cancelledAt } : {}),
    catalogNames: (catalog, code) => task.names[catalog]?.[code],
    ...(task.branding
      ? {
          branding: {
            ...(task.branding.brandColor ? { brandColor: task.branding.brandColor } : {}),
            ...(task.branding.logo ? { logo: Buffer.from(task.branding.logo) } : {}),
          },
        }
      : {}),
  };
  try {
    return { pdf: await renderInvoicePdf(input) };
  } catch (error) {
    if (isPdfRenderError(error) && error.code !== 'cfdi.pdf_requires_stamp' && input.branding) {
      const { branding: _unusable, ...plain } = input;
      return { pdf: await renderInvoicePdf(plain) };
    }
    if (isPdfRenderError(error) || isCfdiError(error)) return { error: { code: error.code, message: error.message } };
    throw error;
  }
}
