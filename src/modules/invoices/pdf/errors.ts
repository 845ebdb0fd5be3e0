/**
 * Why a CFDI could not be rendered as a PDF: data with a stable code, mapped to HTTP at the edge.
 * XML that cannot be read at all surfaces as the engine's own CfdiError (`cfdi.parse_error`,
 * `cfdi.not_comprobante`, …) instead.
 */

export type PdfRenderErrorCode =
  /** The CFDI has no TimbreFiscalDigital: a representación impresa needs the folio fiscal and seals. */
  | 'cfdi.pdf_requires_stamp'
  /** The logo is not a PNG or JPEG this renderer can embed (corrupt, truncated, too large…). */
  | 'cfdi.pdf_invalid_logo'
  /** The brand colour is not `#RRGGBB`. */
  | 'cfdi.pdf_invalid_brand_color';

export class PdfRenderError extends Error {
  readonly code: PdfRenderErrorCode;

  constructor(code: PdfRenderErrorCode, message: string, options: { cause?: unknown } = {}) {
    super(message, options);
    this.name = 'PdfRenderError';
    this.code = code;
  }
}

export function isPdfRenderError(error: unknown): error is PdfRenderError {
  return error instanceof PdfRenderError;
}
