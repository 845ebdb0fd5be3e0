/**
 * The timbre block: the SAT verification QR code (Anexo 20, "Estándar de la representación
 * impresa": at least 2.75 cm square, encoding the expression of src/cfdi/qr.ts), the issuer's seal,
 * the SAT's seal and the cadena original of the TFD. The block is kept on one page.
 */
import QRCode from 'qrcode';
import { VERIFICATION_BASE_URL } from '../../../../cfdi/qr.ts';
import type { RenderContext } from '../context.ts';
import { LABEL } from '../context.ts';
import type { Line, Sheet } from '../sheet.ts';

/** 100 pt ≈ 3.5 cm, above the SAT minimum of 2.75 cm. */
const QR_SIZE = 100;
const SEAL_STYLE = { font: 'mono', size: 5.9 } as const;
const VERIFICATION_HOST = new URL(VERIFICATION_BASE_URL).host;

/** The QR matrix: true for a dark module. */
function qrMatrix(text: string): boolean[][] {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  return Array.from({ length: modules.size }, (_, row) => Array.from({ length: modules.size }, (_, column) => modules.get(row, column) === 1));
}

/** Draws the QR code as vector squares (crisp at any zoom), merging dark runs of each row. */
function drawQr(sheet: Sheet, text: string, x: number, y: number, size: number): void {
  const matrix = qrMatrix(text);
  const quiet = 2;
  const module = size / (matrix.length + 2 * quiet);
  const { doc } = sheet;
  doc.save();
  matrix.forEach((row, rowIndex) => {
    let column = 0;
    while (column < row.length) {
      if (!row[column]) {
        column += 1;
        continue;
      }
      const start = column;
      while (column < row.length && row[column]) column += 1;
      // A hair of overlap keeps viewers from showing seams between adjacent rows.
      doc.rect(x + (quiet + start) * module, y + (quiet + rowIndex) * module, (column - start) * module, module + 0.05);
    }
  });
  doc.fill('#000000');
  doc.restore();
}

function sealBlock(sheet: Sheet, label: string, value: string, width: number): Line[] {
  return [
    ...sheet.wrap(label.toUpperCase(), { ...LABEL, color: sheet.theme.muted }, width),
    ...sheet.wrap(value === '' ? '(vacío)' : value, SEAL_STYLE, width),
  ];
}

/**
 * Where a stamped CFDI has its QR and seals, a preview says why it has none: a QR or seal made up
 * for a sample could be mistaken for a real timbre.
 */
function drawPreviewStamp(sheet: Sheet): void {
  const text =
    'VISTA PREVIA — SIN VALIDEZ FISCAL. Este documento no es un CFDI: no tiene sello digital del emisor, ' +
    'timbre fiscal digital, folio fiscal ni código QR de verificación. Un CFDI timbrado con este perfil los muestra aquí.';
  const style = { font: 'bold', size: 8, color: sheet.theme.warning } as const;
  const lines = sheet.wrap(text, style, sheet.width - 20);
  const height = sheet.heightOf(lines) + 12;
  sheet.sectionTitle('Timbre fiscal digital', height + 4);
  sheet.rect(sheet.left, sheet.y, sheet.width, height, '#FEF3F2', sheet.theme.warning);
  sheet.lines(lines, sheet.left + 10, sheet.y + 6.5);
  sheet.y += height + 8;
}

export function drawStamp(context: RenderContext): void {
  const { sheet, comprobante, timbre } = context;
  if (timbre === undefined) {
    drawPreviewStamp(sheet);
    return;
  }
  const textX = sheet.left + QR_SIZE + 14;
  const textWidth = sheet.right - textX;
  const blocks = [
    sealBlock(sheet, 'Sello digital del CFDI', comprobante.Sello ?? '', textWidth),
    sealBlock(sheet, 'Sello digital del SAT', timbre.SelloSAT, textWidth),
    sealBlock(sheet, 'Cadena original del complemento de certificación digital del SAT', context.timbreCadena, textWidth),
  ];
  const captionStyle = { size: 5.8, color: sheet.theme.muted };
  // The portal's host name is one long word: it gets its own line, in a size that keeps it whole.
  const hostSize = Math.min(5.8, (5.8 * (QR_SIZE + 8)) / sheet.measure(VERIFICATION_HOST, captionStyle));
  const caption = [
    ...sheet.wrap('Verifique este comprobante en', captionStyle, QR_SIZE),
    { text: VERIFICATION_HOST, style: { ...captionStyle, size: hostSize } },
  ];
  const textHeight = blocks.reduce((sum, block) => sum + sheet.heightOf(block) + 4, 0);
  const height = Math.max(QR_SIZE + 3 + sheet.heightOf(caption), textHeight);
  sheet.sectionTitle('Timbre fiscal digital', height + 4);
  const top = sheet.y;
  drawQr(sheet, context.verificationUrl, sheet.left, top, QR_SIZE);
  sheet.lines(caption, sheet.left - 4, top + QR_SIZE + 3, 'center', QR_SIZE + 8);
  let y = top;
  for (const block of blocks) y += sheet.lines(block, textX, y) + 4;
  sheet.y = top + height + 8;
}
