/** The representación impresa (PDF) of a stamped CFDI 4.0: the renderer the invoices module serves. */
export type { PdfCatalog } from './format.ts';
