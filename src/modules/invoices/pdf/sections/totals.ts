/**
 * The totals box (SubTotal, Descuento, each transferred tax by rate, each withholding, Total) and
 * the total in words. A type P CFDI with its Pagos complement has SubTotal and Total 0 in currency
 * XXX (Anexo 20), so its amounts are shown by the payments section instead.
 */
import { findPagos } from '../../../../cfdi/model.ts';
import { amountInWords } from '../amount-in-words.ts';
import type { RenderContext } from '../context.ts';
import { LABEL } from '../context.ts';
import { money, rateText } from '../format.ts';
import type { Line, Sheet } from '../sheet.ts';

interface TotalRow {
  label: string;
  value: string;
}

function totalRows({ comprobante, labels }: RenderContext): TotalRow[] {
  const rows: TotalRow[] = [{ label: 'Subtotal', value: money(comprobante.SubTotal) }];
  if (comprobante.Descuento !== undefined) rows.push({ label: 'Descuento', value: `-${money(comprobante.Descuento)}` });
  for (const traslado of comprobante.Impuestos?.Traslados ?? []) {
    const tax = labels.tax(traslado.Impuesto);
    const exento = traslado.TipoFactor === 'Exento';
    rows.push({
      label: exento ? `${tax} exento` : `${tax} trasladado ${rateText(traslado.TipoFactor, traslado.TasaOCuota)}`,
      value: traslado.Importe === undefined ? `Base ${money(traslado.Base)}` : money(traslado.Importe),
    });
  }
  for (const retencion of comprobante.Impuestos?.Retenciones ?? []) {
    rows.push({ label: `${labels.tax(retencion.Impuesto)} retenido`, value: `-${money(retencion.Importe)}` });
  }
  return rows;
}

/** "Importe con letra"; undefined for XXX (no currency) or an amount that is not a plain decimal. */
export function wordsFor(amount: string, currency: string): string | undefined {
  if (currency === 'XXX') return undefined;
  try {
    return amountInWords(amount, currency);
  } catch {
    return undefined;
  }
}

/** The words block: a label over the amount in words, `width` wide at `x`; returns its height. */
export function drawWords(sheet: Sheet, label: string, words: string, x: number, y: number, width: number): number {
  const labelLines = sheet.wrap(label.toUpperCase(), { ...LABEL, color: sheet.theme.muted }, width);
  const wordLines = sheet.wrap(words, { font: 'bold', size: 8 }, width);
  return sheet.lines([...labelLines, ...wordLines], x, y);
}

function layoutBox(sheet: Sheet, rows: TotalRow[], width: number): { label: Line[]; value: Line[] }[] {
  return rows.map((row) => ({
    label: sheet.wrap(row.label, { size: 7.8, color: sheet.theme.muted }, width * 0.55),
    value: sheet.wrap(row.value, { size: 7.8, font: 'bold' }, width * 0.45 - 12),
  }));
}

export function drawTotals(context: RenderContext): void {
  const { sheet, comprobante } = context;
  if (comprobante.TipoDeComprobante === 'P' && findPagos(comprobante) !== undefined) return;
  const boxWidth = 230;
  const boxX = sheet.right - boxWidth;
  const rows = layoutBox(sheet, totalRows(context), boxWidth);
  const rowHeight = (row: { label: Line[]; value: Line[] }) => Math.max(sheet.heightOf(row.label), sheet.heightOf(row.value)) + 3;
  const totalStyle = { font: 'bold', size: 10, color: sheet.theme.onAccent } as const;
  const totalText = `${money(comprobante.Total)} ${comprobante.Moneda}`;
  const boxHeight = rows.reduce((sum, row) => sum + rowHeight(row), 0) + 20;
  const words = wordsFor(comprobante.Total, comprobante.Moneda);
  const wordsWidth = boxX - sheet.left - 16;
  const wordsHeight = words === undefined ? 0 : sheet.heightOf(sheet.wrap(words, { font: 'bold', size: 8 }, wordsWidth)) + 10;
  sheet.ensure(Math.max(boxHeight, wordsHeight) + 4);
  const top = sheet.y;
  let y = top;
  for (const row of rows) {
    sheet.lines(row.label, boxX + 6, y);
    sheet.lines(row.value, boxX + boxWidth * 0.55, y, 'right', boxWidth * 0.45 - 6);
    y += rowHeight(row);
  }
  sheet.rect(boxX, y, boxWidth, 17, sheet.theme.accent);
  sheet.line('Total', boxX + 6, y + 4, totalStyle);
  sheet.line(totalText, boxX, y + 4, totalStyle, 'right', boxWidth - 6);
  if (words !== undefined) {
    sheet.rect(sheet.left, top, wordsWidth + 8, y + 17 - top, sheet.theme.tint);
    drawWords(sheet, 'Importe con letra', words, sheet.left + 6, top + 5, wordsWidth - 4);
  }
  sheet.y = y + 17 + 12;
}
