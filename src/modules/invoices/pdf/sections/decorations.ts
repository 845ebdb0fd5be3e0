/**
 * Drawn on every page once the content is laid out (the page count is known only then): the footer
 * with the legend the SAT requires ("Este documento es una representación impresa de un CFDI"),
 * the folio fiscal and "Página N de M", in test mode a diagonal watermark, and on a cancelled CFDI
 * a red "CANCELADO" across the page with the date of the cancellation above the footer.
 */
import type { RenderContext } from '../context.ts';
import { PAGE } from '../sheet.ts';
import type { Sheet } from '../sheet.ts';

const TEST_WATERMARK = 'PRUEBA — SIN VALIDEZ FISCAL';
const PREVIEW_WATERMARK = 'VISTA PREVIA — SIN VALIDEZ FISCAL';
const CANCELLED_WATERMARK = 'CANCELADO';
const CANCELLED_RED = '#c62828';

/** A preview must not carry the SAT legend of a representación impresa: it represents no CFDI. */
function drawFooter(sheet: Sheet, uuid: string | undefined, page: number, pages: number): void {
  const top = PAGE.bottom + 12;
  sheet.rule(sheet.left, sheet.right, top, sheet.theme.accent, 0.8);
  const style = { size: 6.8, color: sheet.theme.muted } as const;
  const legend =
    uuid === undefined
      ? 'Vista previa del diseño: este documento no es un CFDI ni la representación impresa de uno'
      : 'Este documento es una representación impresa de un CFDI versión 4.0';
  sheet.line(legend, sheet.left, top + 5, { ...style, font: 'bold' });
  sheet.line(uuid === undefined ? 'Sin folio fiscal: datos de ejemplo, sin validez fiscal' : `Folio fiscal: ${uuid}`, sheet.left, top + 15, style);
  sheet.line(`Página ${page} de ${pages}`, sheet.left, top + 5, { ...style, font: 'bold' }, 'right', sheet.width);
}

/** Large, pale and diagonal: readable content underneath, impossible to miss or crop away. */
function drawWatermark(sheet: Sheet, text: string, color: string, opacity: number, largest: number, offset = 0): void {
  const { doc } = sheet;
  const angle = -Math.atan(PAGE.height / PAGE.width) * (180 / Math.PI);
  const diagonal = Math.hypot(PAGE.width, PAGE.height);
  let size = largest;
  doc.font('Helvetica-Bold').fontSize(size);
  size = Math.min(size, (size * diagonal * 0.78) / doc.widthOfString(text));
  doc.fontSize(size);
  const width = doc.widthOfString(text);
  doc.save();
  doc.rotate(angle, { origin: [PAGE.width / 2, PAGE.height / 2] });
  doc.fillColor(color).fillOpacity(opacity);
  doc.text(text, PAGE.width / 2 - width / 2, PAGE.height / 2 - size / 2 + offset, { lineBreak: false });
  doc.restore();
}

/** `YYYY-MM-DDTHH:mm:ss` as the document prints dates: dd/mm/yyyy hh:mm:ss. */
function printedDate(local: string): string {
  return `${local.slice(8, 10)}/${local.slice(5, 7)}/${local.slice(0, 4)} ${local.slice(11, 19)}`;
}

function drawCancellation(sheet: Sheet, cancelledAt: string): void {
  drawWatermark(sheet, CANCELLED_WATERMARK, CANCELLED_RED, 0.22, 110, 70);
  const text = `CFDI CANCELADO ante el SAT el ${printedDate(cancelledAt)} (hora del centro de México)`;
  sheet.line(text, sheet.left, PAGE.bottom + 1, { size: 8.5, color: CANCELLED_RED, font: 'bold' }, 'center', sheet.width);
}

export function decoratePages(context: RenderContext): void {
  const { sheet } = context;
  const range = sheet.doc.bufferedPageRange();
  for (let index = 0; index < range.count; index += 1) {
    sheet.doc.switchToPage(range.start + index);
    if (context.preview) drawWatermark(sheet, PREVIEW_WATERMARK, sheet.theme.warning, 0.14, 60);
    else if (!context.livemode) drawWatermark(sheet, TEST_WATERMARK, sheet.theme.warning, 0.14, 60);
    if (context.cancelledAt !== undefined) drawCancellation(sheet, context.cancelledAt);
    drawFooter(sheet, context.timbre?.UUID, index + 1, range.count);
  }
}
