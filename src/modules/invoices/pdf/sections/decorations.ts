/**
 * Drawn on every page once the content is laid out (the page count is known only then): the footer
 * with the legend the SAT requires ("Este documento es una representación impresa de un CFDI"),
 * the folio fiscal and "Página N de M", and in test mode a diagonal watermark.
 */
import type { RenderContext } from '../context.ts';
import { PAGE } from '../sheet.ts';
import type { Sheet } from '../sheet.ts';

export const TEST_WATERMARK = 'PRUEBA — SIN VALIDEZ FISCAL';

function drawFooter(sheet: Sheet, uuid: string, page: number, pages: number): void {
  const top = PAGE.bottom + 12;
  sheet.rule(sheet.left, sheet.right, top, sheet.theme.accent, 0.8);
  const style = { size: 6.8, color: sheet.theme.muted } as const;
  sheet.line('Este documento es una representación impresa de un CFDI versión 4.0', sheet.left, top + 5, { ...style, font: 'bold' });
  sheet.line(`Folio fiscal: ${uuid}`, sheet.left, top + 15, style);
  sheet.line(`Página ${page} de ${pages}`, sheet.left, top + 5, { ...style, font: 'bold' }, 'right', sheet.width);
}

/** Large, pale and diagonal: readable content underneath, impossible to miss or crop away. */
function drawWatermark(sheet: Sheet): void {
  const { doc } = sheet;
  const angle = -Math.atan(PAGE.height / PAGE.width) * (180 / Math.PI);
  const diagonal = Math.hypot(PAGE.width, PAGE.height);
  let size = 60;
  doc.font('Helvetica-Bold').fontSize(size);
  size = Math.min(size, (size * diagonal * 0.78) / doc.widthOfString(TEST_WATERMARK));
  doc.fontSize(size);
  const width = doc.widthOfString(TEST_WATERMARK);
  doc.save();
  doc.rotate(angle, { origin: [PAGE.width / 2, PAGE.height / 2] });
  doc.fillColor(sheet.theme.warning).fillOpacity(0.14);
  doc.text(TEST_WATERMARK, PAGE.width / 2 - width / 2, PAGE.height / 2 - size / 2, { lineBreak: false });
  doc.restore();
}

export function decoratePages(context: RenderContext): void {
  const { sheet } = context;
  const range = sheet.doc.bufferedPageRange();
  for (let index = 0; index < range.count; index += 1) {
    sheet.doc.switchToPage(range.start + index);
    if (!context.livemode) drawWatermark(sheet);
    drawFooter(sheet, context.timbre.UUID, index + 1, range.count);
  }
}
