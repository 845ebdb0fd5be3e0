/**
 * Label/value layouts shared by the sections: a grid of cells (label above value) and a panel of
 * rows (label beside value). Fields with an empty value are left out: an absent optional
 * attribute is not printed.
 */
import { LABEL, VALUE } from '../context.ts';
import type { Line, Sheet, TextStyle } from '../sheet.ts';

export interface Field {
  label: string;
  value: string;
  /** Monospace for codes that are read character by character (UUIDs, certificate numbers). */
  mono?: boolean;
  bold?: boolean;
}

function valueStyle(field: Field): TextStyle {
  if (field.mono) return { font: 'mono', size: 7.3 };
  return field.bold ? { ...VALUE, font: 'bold' } : VALUE;
}

function present(fields: readonly Field[]): Field[] {
  return fields.filter((field) => field.value.trim() !== '');
}

/** A grid of `columns` cells per row; rows never split across pages. */
export function drawFieldGrid(sheet: Sheet, fields: readonly Field[], columns: number): void {
  const gap = 10;
  const cellWidth = (sheet.width - gap * (columns - 1)) / columns;
  const labelStyle = { ...LABEL, color: sheet.theme.muted };
  const cells = present(fields).map((field) => [
    ...sheet.wrap(field.label.toUpperCase(), labelStyle, cellWidth),
    ...sheet.wrap(field.value, valueStyle(field), cellWidth),
  ]);
  for (let start = 0; start < cells.length; start += columns) {
    const row = cells.slice(start, start + columns);
    const height = Math.max(...row.map((lines) => sheet.heightOf(lines))) + 5;
    sheet.ensure(height);
    row.forEach((lines, index) => sheet.lines(lines, sheet.left + index * (cellWidth + gap), sheet.y + 2));
    sheet.y += height;
    if (start + columns < cells.length) sheet.rule(sheet.left, sheet.right, sheet.y - 1, '#E6EAEE');
  }
  sheet.y += 4;
}

export interface Panel {
  title: string;
  /** The party's name, in bold above the fields. */
  heading: string;
  fields: readonly Field[];
}

interface PanelLayout {
  title: Line[];
  heading: Line[];
  rows: { label: Line[]; value: Line[] }[];
  height: number;
}

const LABEL_WIDTH = 74;
const PANEL_PADDING = 7;

function layoutPanel(sheet: Sheet, panel: Panel, width: number): PanelLayout {
  const inner = width - 2 * PANEL_PADDING;
  const title = sheet.wrap(panel.title.toUpperCase(), { font: 'bold', size: 7, color: sheet.theme.accentText }, inner);
  const heading = sheet.wrap(panel.heading, { font: 'bold', size: 9 }, inner);
  const rows = present(panel.fields).map((field) => ({
    label: sheet.wrap(field.label, { ...LABEL, size: 6.8, color: sheet.theme.muted }, LABEL_WIDTH - 4),
    value: sheet.wrap(field.value, valueStyle(field), inner - LABEL_WIDTH),
  }));
  const rowsHeight = rows.reduce((total, row) => total + Math.max(sheet.heightOf(row.label), sheet.heightOf(row.value)) + 1.5, 0);
  const height = PANEL_PADDING + sheet.heightOf(title) + 3 + sheet.heightOf(heading) + 3 + rowsHeight + PANEL_PADDING - 2;
  return { title, heading, rows, height };
}

function drawPanel(sheet: Sheet, layout: PanelLayout, x: number, width: number, height: number): void {
  sheet.rect(x, sheet.y, width, height, sheet.theme.tint, sheet.theme.rule);
  sheet.rect(x, sheet.y, 3, height, sheet.theme.accent);
  const left = x + PANEL_PADDING;
  let y = sheet.y + PANEL_PADDING;
  y += sheet.lines(layout.title, left, y) + 3;
  y += sheet.lines(layout.heading, left, y) + 3;
  for (const row of layout.rows) {
    sheet.lines(row.label, left, y + 0.6);
    const valueHeight = sheet.lines(row.value, left + LABEL_WIDTH, y);
    y += Math.max(sheet.heightOf(row.label), valueHeight) + 1.5;
  }
}

/** Panels side by side, all as tall as the tallest. */
export function drawPanels(sheet: Sheet, panels: readonly Panel[]): void {
  const gap = 10;
  const width = (sheet.width - gap * (panels.length - 1)) / panels.length;
  const layouts = panels.map((panel) => layoutPanel(sheet, panel, width));
  const height = Math.max(...layouts.map((layout) => layout.height));
  sheet.ensure(height);
  layouts.forEach((layout, index) => drawPanel(sheet, layout, sheet.left + index * (width + gap), width, height));
  sheet.y += height + 10;
}
