/** The representación impresa (PDF) of a stamped CFDI 4.0: the renderer the invoices module serves. */
export { renderInvoicePdf, type InvoicePdfInput } from './render.ts';
export { PdfRenderError, isPdfRenderError, type PdfRenderErrorCode } from './errors.ts';
export { checkLogo, MAX_LOGO_PIXELS, type LogoInfo } from './logo.ts';
export { amountInWords, numberToSpanishWords } from './amount-in-words.ts';
export { DEFAULT_BRAND_COLOR, parseBrandColor } from './theme.ts';
export type { CatalogNames, PdfCatalog } from './format.ts';
