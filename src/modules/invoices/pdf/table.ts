/**
 * A table that flows over pages: its header is repeated at the top of every page it continues on,
 * a row that does not fit moves to the next page whole, and a row taller than a page (a very long
 * description) is split between pages line by line, so no content is ever cut or overlapped.
 */
import type { Align, Line, Sheet, TextStyle } from './sheet.ts';

export interface Column {
  title: string;
  width: number;
  align?: Align;
}

/** A cell: paragraphs, each wrapped to the column width. */
export type Cell = readonly { text: string; style: TextStyle }[];

const PADDING_X = 3.5;
const PADDING_Y = 3;
const HEADER_STYLE: TextStyle = { font: 'bold', size: 6.8 };

interface Layout {
  sheet: Sheet;
  columns: readonly Column[];
  /** Left edge of each column. */
  offsets: number[];
  header: Line[][];
  headerHeight: number;
}

function layout(sheet: Sheet, columns: readonly Column[]): Layout {
  const offsets: number[] = [];
  let x = sheet.left;
  for (const column of columns) {
    offsets.push(x);
    x += column.width;
  }
  const style = { ...HEADER_STYLE, color: sheet.theme.onAccent };
  const header = columns.map((column) => sheet.wrap(column.title, style, column.width - 2 * PADDING_X));
  const headerHeight = Math.max(...header.map((lines) => sheet.heightOf(lines))) + 2 * PADDING_Y;
  return { sheet, columns, offsets, header, headerHeight };
}

function drawHeader(table: Layout): void {
  const { sheet } = table;
  sheet.rect(sheet.left, sheet.y, sheet.width, table.headerHeight, sheet.theme.accent);
  table.columns.forEach((column, index) => {
    const x = (table.offsets[index] as number) + PADDING_X;
    sheet.lines(table.header[index] as Line[], x, sheet.y + PADDING_Y, column.align ?? 'left', column.width - 2 * PADDING_X);
  });
  sheet.y += table.headerHeight;
}

function newPage(table: Layout): void {
  table.sheet.addPage();
  drawHeader(table);
}

/** Draws one page's share of a row: as many lines of each cell as fit in `available` points. */
function drawChunk(table: Layout, cells: Line[][], available: number, shaded: boolean): void {
  const { sheet } = table;
  const taken = cells.map((lines) => {
    let height = 0;
    let count = 0;
    while (count < lines.length && height + sheet.lineHeight((lines[count] as Line).style) <= available) {
      height += sheet.lineHeight((lines[count] as Line).style);
      count += 1;
    }
    return lines.splice(0, count);
  });
  const height = Math.max(...taken.map((lines) => sheet.heightOf(lines))) + 2 * PADDING_Y;
  if (shaded) sheet.rect(sheet.left, sheet.y, sheet.width, height, sheet.theme.tint);
  taken.forEach((lines, index) => {
    const column = table.columns[index] as Column;
    const x = (table.offsets[index] as number) + PADDING_X;
    sheet.lines(lines, x, sheet.y + PADDING_Y, column.align ?? 'left', column.width - 2 * PADDING_X);
  });
  sheet.y += height;
  sheet.rule(sheet.left, sheet.right, sheet.y);
}

const SMALLEST_SIZE = 4.5;

function fitted(sheet: Sheet, text: string, style: TextStyle, width: number): TextStyle {
  const natural = sheet.measure(text, style);
  if (natural <= width) return style;
  return { ...style, size: Math.max(SMALLEST_SIZE, Math.floor(((style.size * width) / natural) * 10) / 10) };
}

function drawRow(table: Layout, row: readonly Cell[], shaded: boolean): void {
  const { sheet } = table;
  const cells = row.map((cell, index) => {
    const column = table.columns[index] as Column;
    const width = column.width - 2 * PADDING_X;
    return cell.flatMap((paragraph) => {
      // A number is never broken over lines: a right-aligned (numeric) cell shrinks it to fit instead.
      const style = column.align === 'right' ? fitted(sheet, paragraph.text, paragraph.style, width) : paragraph.style;
      return sheet.wrap(paragraph.text, style, width);
    });
  });
  const height = Math.max(...cells.map((lines) => sheet.heightOf(lines))) + 2 * PADDING_Y;
  const fitsOnFreshPage = height <= sheet.pageCapacity - table.headerHeight;
  if (height > sheet.remaining && fitsOnFreshPage) newPage(table);
  const smallestLine = Math.max(...cells.map((lines) => (lines[0] ? sheet.lineHeight(lines[0].style) : 0)));
  while (cells.some((lines) => lines.length > 0)) {
    if (sheet.remaining - 2 * PADDING_Y < smallestLine) newPage(table);
    drawChunk(table, cells, sheet.remaining - 2 * PADDING_Y, shaded);
    if (cells.some((lines) => lines.length > 0)) newPage(table);
  }
}

/**
 * Draws the table from the cursor. `keepWithHeader` is how much of the first row must fit below
 * the header on the current page (otherwise the table starts on the next one).
 */
export function drawTable(sheet: Sheet, columns: readonly Column[], rows: readonly (readonly Cell[])[], keepWithHeader = 24): void {
  const total = columns.reduce((sum, column) => sum + column.width, 0);
  if (Math.abs(total - sheet.width) > 0.01) throw new RangeError(`Table columns are ${total} points wide, not ${sheet.width}.`);
  const table = layout(sheet, columns);
  sheet.ensure(table.headerHeight + keepWithHeader);
  drawHeader(table);
  rows.forEach((row, index) => drawRow(table, row, index % 2 === 1));
}
