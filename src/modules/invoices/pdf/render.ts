/**
 * renderInvoicePdf: the "representación impresa" of a stamped CFDI 4.0, in Spanish, Letter size,
 * built fully in memory. The same XML, branding and mode always give the same bytes: the PDF's
 * dates come from the timbre's FechaTimbrado, not from the clock.
 */
import PDFDocument from 'pdfkit';
import type { Comprobante, TimbreFiscalDigital } from '../../../cfdi/model.ts';
import { findTimbre } from '../../../cfdi/model.ts';
import { parseCfdi } from '../../../cfdi/parse.ts';
import { VERIFICATION_BASE_URL, formatVerificationRfc, formatVerificationSello, verificationExpressionFor } from '../../../cfdi/qr.ts';
import { findTimbreElement, tfdCadenaOriginal, timbreFieldsFromElement } from '../../../cfdi/tfd.ts';
import type { XmlElement } from '../../../cfdi/xml/tree.ts';
import type { RenderContext } from './context.ts';
import { PdfRenderError } from './errors.ts';
import { CatalogLabels, serieFolio } from './format.ts';
import type { CatalogNames } from './format.ts';
import { checkLogo } from './logo.ts';
import { drawConceptos } from './sections/conceptos.ts';
import { decoratePages } from './sections/decorations.ts';
import { continuationHeader, documentTitle, drawHeader } from './sections/header.ts';
import { drawPagos } from './sections/pagos.ts';
import { drawComprobanteData, drawGlobalAndRelated, drawParties } from './sections/parties.ts';
import { drawStamp } from './sections/stamp.ts';
import { drawTotals } from './sections/totals.ts';
import { Sheet } from './sheet.ts';
import { toWinAnsi } from './text.ts';
import { buildTheme } from './theme.ts';

export interface InvoicePdfInput {
  /** A stamped CFDI 4.0 (with its TimbreFiscalDigital); with `preview`, an unsealed sample. */
  xml: string;
  /**
   * A branding preview: the sample has no timbre and the document says on every page that it is
   * no CFDI and has no fiscal validity, in either mode. A stamped CFDI is never rendered this way.
   */
  preview?: boolean;
  branding?: {
    /** PNG or JPEG. */
    logo?: Buffer;
    /** `#RRGGBB`, the accent of the document. */
    brandColor?: string;
  };
  /** False for test mode: the PDF then says, on every page, that the CFDI has no fiscal validity. */
  livemode: boolean;
  /** Optional descriptions of catalog codes (UsoCFDI, RegimenFiscal, FormaPago, ClaveUnidad…). */
  catalogNames?: CatalogNames;
  /** The CFDI was cancelled at the SAT: every page says so, with this date (Mexico City wall time, `YYYY-MM-DDTHH:mm:ss`). */
  cancelledAt?: string;
}

/** FechaTimbrado is Mexico City local time without a zone (Anexo 20); the PDF stores an instant. */
export function timbreInstant(fechaTimbrado: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})/.exec(fechaTimbrado);
  if (!match) return new Date(0);
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [number, number, number, number, number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  let instant = wall - zoneOffset(wall);
  instant = wall - zoneOffset(instant);
  return new Date(instant);
}

const MEXICO_CITY = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/Mexico_City',
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** Milliseconds that Mexico City's wall clock is ahead of UTC at `instant` (negative). */
function zoneOffset(instant: number): number {
  const parts = Object.fromEntries(MEXICO_CITY.formatToParts(new Date(instant)).map((part) => [part.type, Number(part.value)]));
  const wall = Date.UTC(parts.year ?? 1970, (parts.month ?? 1) - 1, parts.day ?? 1, parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0);
  return wall - Math.floor(instant / 1000) * 1000;
}

interface Parts {
  comprobante: Comprobante;
  timbre: TimbreFiscalDigital | undefined;
  timbreElement: XmlElement | undefined;
}

function documentParts(xml: string, preview: boolean): Parts {
  const { comprobante, root } = parseCfdi(xml);
  if (preview) {
    if (findTimbre(comprobante) !== undefined) {
      throw new PdfRenderError('cfdi.pdf_requires_stamp', 'A preview is of an unstamped sample: a stamped CFDI has its own representación impresa.');
    }
    return { comprobante, timbre: undefined, timbreElement: undefined };
  }
  const timbre = findTimbre(comprobante);
  const timbreElement = findTimbreElement(root);
  if (timbre === undefined || timbreElement === undefined) {
    throw new PdfRenderError('cfdi.pdf_requires_stamp', 'The CFDI has no TimbreFiscalDigital: only a stamped CFDI has a representación impresa.');
  }
  return { comprobante, timbre, timbreElement };
}

function createDocument(comprobante: Comprobante, timbre: TimbreFiscalDigital | undefined): PDFKit.PDFDocument {
  // A preview's dates come from its sample's Fecha, so the same sample still gives the same bytes.
  const instant = timbreInstant(timbre?.FechaTimbrado ?? comprobante.Fecha);
  const folio = serieFolio(comprobante.Serie, comprobante.Folio);
  const name = `${documentTitle(comprobante.TipoDeComprobante)}${folio === '' ? '' : ` ${folio}`}`;
  const title = timbre ? `${name} - ${timbre.UUID}` : `Vista previa (sin validez fiscal) - ${name}`;
  return new PDFDocument({
    size: 'LETTER',
    margin: 0,
    bufferPages: true,
    lang: 'es-MX',
    displayTitle: true,
    info: {
      Title: toWinAnsi(title),
      Author: toWinAnsi(comprobante.Emisor.Nombre),
      Subject: timbre ? 'Representación impresa de un CFDI 4.0' : 'Vista previa del diseño; no es un CFDI',
      Keywords: timbre ? `CFDI, ${timbre.UUID}, ${comprobante.Emisor.Rfc}, ${comprobante.Receptor.Rfc}` : `vista previa, ${comprobante.Emisor.Rfc}`,
      Creator: 'invoicing',
      CreationDate: instant,
      ModDate: instant,
    },
  });
}

/**
 * The QR content. A Total that is not a plain decimal (a PAC would never stamp one) cannot be
 * normalised for `tt`, so it is then written as found rather than failing the whole document.
 */
function verificationUrl(comprobante: Comprobante, timbre: TimbreFiscalDigital): string {
  try {
    return verificationExpressionFor(comprobante) ?? '';
  } catch {
    const { Emisor, Receptor, Total, Sello } = comprobante;
    return (
      `${VERIFICATION_BASE_URL}?id=${timbre.UUID}&re=${formatVerificationRfc(Emisor.Rfc)}&rr=${formatVerificationRfc(Receptor.Rfc)}` +
      `&tt=${Total}&fe=${formatVerificationSello(Sello ?? '')}`
    );
  }
}

/** Collects the document's bytes; resolves once pdfkit has written its trailer. */
function collect(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

/** Names the complements that have no section of their own, so the reader knows to see the XML. */
function drawOtherComplements(context: RenderContext): void {
  const names = (context.comprobante.Complemento ?? []).flatMap((item) => ('Otro' in item ? [item.Otro.Xml.local] : []));
  if (names.length === 0) return;
  const { sheet } = context;
  const lines = sheet.wrap(`Este CFDI incluye además: ${names.join(', ')} (sus datos constan en el XML).`, { size: 7, color: sheet.theme.muted }, sheet.width);
  sheet.ensure(sheet.heightOf(lines));
  sheet.y += sheet.lines(lines, sheet.left, sheet.y) + 8;
}

/** Renders a stamped CFDI 4.0 as a PDF. Throws PdfRenderError, or CfdiError for unreadable XML. */
export async function renderInvoicePdf(input: InvoicePdfInput): Promise<Buffer> {
  const preview = input.preview === true;
  const { comprobante, timbre, timbreElement } = documentParts(input.xml, preview);
  const theme = buildTheme(input.branding?.brandColor);
  const logo = input.branding?.logo;
  if (logo !== undefined) checkLogo(logo);
  const doc = createDocument(comprobante, timbre);
  const bytes = collect(doc);
  const context: RenderContext = {
    sheet: new Sheet(doc, theme),
    comprobante,
    timbre,
    labels: new CatalogLabels(input.catalogNames),
    preview,
    livemode: input.livemode,
    cancelledAt: input.cancelledAt,
    logo,
    timbreCadena: timbreElement ? tfdCadenaOriginal(timbreFieldsFromElement(timbreElement)) : '',
    verificationUrl: timbre ? verificationUrl(comprobante, timbre) : '',
  };
  try {
    context.sheet.continuationHeader = continuationHeader(context);
    drawHeader(context);
    drawParties(context);
    drawComprobanteData(context);
    drawGlobalAndRelated(context);
    drawConceptos(context);
    drawTotals(context);
    drawPagos(context);
    drawOtherComplements(context);
    drawStamp(context);
    decoratePages(context);
  } catch (error) {
    doc.end();
    await bytes.catch(() => undefined);
    throw error;
  }
  doc.end();
  return bytes;
}
