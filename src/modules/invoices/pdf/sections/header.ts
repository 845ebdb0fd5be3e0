/**
 * The top of the first page (logo or issuer name, document title, serie and folio), the running
 * header of continuation pages, and the test-mode notice.
 */
import type { RenderContext } from '../context.ts';
import { serieFolio } from '../format.ts';
import type { Sheet } from '../sheet.ts';

const LOGO_BOX = { width: 170, height: 58 };

/** Title of the document by TipoDeComprobante (Anexo 20, c_TipoDeComprobante). */
export function documentTitle(tipo: string): string {
  switch (tipo) {
    case 'I':
      return 'Factura';
    case 'E':
      return 'Nota de crédito';
    case 'P':
      return 'Recibo electrónico de pago';
    case 'T':
      return 'Comprobante de traslado';
    case 'N':
      return 'Recibo de nómina';
    default:
      return 'Comprobante fiscal digital';
  }
}

function drawLogo(context: RenderContext, top: number): number {
  const { sheet, logo } = context;
  if (logo === undefined) return 0;
  sheet.doc.image(logo, sheet.left, top, { fit: [LOGO_BOX.width, LOGO_BOX.height], valign: 'center' });
  return LOGO_BOX.height;
}

/** Without a logo the issuer's name takes its place, in the accent colour. */
function drawIssuerName(context: RenderContext, top: number, width: number): number {
  const { sheet, comprobante } = context;
  const nameHeight = sheet.paragraph(comprobante.Emisor.Nombre, sheet.left, top, width, { font: 'bold', size: 13, color: sheet.theme.accentText });
  const rfcHeight = sheet.paragraph(`RFC ${comprobante.Emisor.Rfc}`, sheet.left, top + nameHeight + 1, width, { size: 8, color: sheet.theme.muted });
  return nameHeight + 1 + rfcHeight;
}

export function drawHeader(context: RenderContext): void {
  const { sheet, comprobante } = context;
  const top = sheet.y;
  const leftWidth = 300;
  const leftHeight = context.logo ? drawLogo(context, top) : drawIssuerName(context, top, leftWidth);
  const rightX = sheet.left + leftWidth + 10;
  const rightWidth = sheet.right - rightX;
  let y = top;
  const title = documentTitle(comprobante.TipoDeComprobante).toUpperCase();
  // The title stays on one line: its size shrinks (down to 11 pt) to fit the column.
  const fitted = Math.max(11, Math.min(16, (16 * rightWidth) / sheet.measure(title, { font: 'bold', size: 16 })));
  y += sheet.paragraph(title, rightX, y, rightWidth, { font: 'bold', size: fitted, color: sheet.theme.accentText }, 'right');
  const folio = serieFolio(comprobante.Serie, comprobante.Folio);
  if (folio !== '') {
    y += 2 + sheet.paragraph(`Serie y folio: ${folio}`, rightX, y + 2, rightWidth, { font: 'bold', size: 9.5 }, 'right');
  }
  y += 2 + sheet.paragraph(`CFDI versión ${comprobante.Version}`, rightX, y + 2, rightWidth, { size: 7.5, color: sheet.theme.muted }, 'right');
  sheet.y = Math.max(top + leftHeight, y) + 6;
  sheet.rule(sheet.left, sheet.right, sheet.y, sheet.theme.accent, 1.5);
  sheet.y += 8;
  if (context.preview) drawNotice(sheet, PREVIEW_NOTICE);
  else if (!context.livemode) drawTestNotice(sheet);
}

/** A branding preview is a sample that was never sealed nor stamped, in either mode. */
const PREVIEW_NOTICE =
  'VISTA PREVIA — SIN VALIDEZ FISCAL. Este documento no es un CFDI: es una muestra del diseño ' +
  '(logo y color) con datos de ejemplo; no fue sellado, timbrado ni enviado al SAT.';

/** Test mode (docs/contract.md §6): the simulator stamped this CFDI, so it has no fiscal validity. */
function drawTestNotice(sheet: Sheet): void {
  const text =
    'PRUEBA — SIN VALIDEZ FISCAL. Este CFDI fue timbrado por el simulador de pruebas (modo de prueba): ' +
    'no fue certificado por un proveedor autorizado ni enviado al SAT.';
  drawNotice(sheet, text);
}

function drawNotice(sheet: Sheet, text: string): void {
  const style = { font: 'bold', size: 7.5, color: sheet.theme.warning } as const;
  const lines = sheet.wrap(text, style, sheet.width - 16);
  const height = sheet.heightOf(lines) + 8;
  sheet.rect(sheet.left, sheet.y, sheet.width, height, '#FEF3F2', sheet.theme.warning);
  sheet.lines(lines, sheet.left + 8, sheet.y + 4.5);
  sheet.y += height + 8;
}

/** Pages after the first repeat who issued what, so a loose page can be identified. */
export function continuationHeader(context: RenderContext): (sheet: Sheet) => number {
  const { comprobante, timbre } = context;
  const title = documentTitle(comprobante.TipoDeComprobante);
  const folio = serieFolio(comprobante.Serie, comprobante.Folio);
  const right = `${title}${folio === '' ? '' : ` ${folio}`} · ${timbre ? `Folio fiscal ${timbre.UUID}` : 'Vista previa, sin folio fiscal'}`;
  return (sheet) => {
    const top = sheet.y;
    const nameStyle = { font: 'bold', size: 8, color: sheet.theme.accentText } as const;
    const rightStyle = { size: 7, color: sheet.theme.muted } as const;
    // The identifiers get the room they need on one line when they can; the name wraps instead.
    const rightWidth = Math.min(sheet.measure(right, rightStyle) + 1, sheet.width * 0.62);
    const nameWidth = sheet.width - rightWidth - 12;
    const nameLines = sheet.wrap(comprobante.Emisor.Nombre, nameStyle, nameWidth);
    const rightLines = sheet.wrap(right, rightStyle, rightWidth);
    sheet.lines(nameLines, sheet.left, top);
    sheet.lines(rightLines, sheet.right - rightWidth, top + 0.8, 'right', rightWidth);
    const height = Math.max(sheet.heightOf(nameLines), sheet.heightOf(rightLines) + 0.8);
    sheet.rule(sheet.left, sheet.right, top + height + 2, sheet.theme.accent, 1);
    return height + 9;
  };
}
