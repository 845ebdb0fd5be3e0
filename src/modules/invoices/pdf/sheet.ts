/**
 * A thin layer over pdfkit: a Letter page with fixed margins, a vertical cursor, page breaks, and
 * text drawn one line at a time. Lines are broken here (not by pdfkit) so that every height is
 * known before drawing, tables can repeat their header on a new page, and nothing is ever drawn
 * over the footer. All text passes through toWinAnsi (see text.ts).
 */
// The import brings pdfkit's type declarations (the global PDFKit namespace) into the program.
import type {} from 'pdfkit';
import { toWinAnsi, wrapText } from './text.ts';
import type { Theme } from './theme.ts';

type FontName = 'regular' | 'bold' | 'italic' | 'mono';

export interface TextStyle {
  font?: FontName;
  size: number;
  color?: string;
}

export interface Line {
  text: string;
  style: TextStyle;
}

export type Align = 'left' | 'right' | 'center';

const FONTS: Record<FontName, string> = {
  regular: 'Helvetica',
  bold: 'Helvetica-Bold',
  italic: 'Helvetica-Oblique',
  mono: 'Courier',
};

/** US Letter in points, with half-inch side margins and room for the footer. */
export const PAGE = { width: 612, height: 792, left: 36, right: 576, top: 34, bottom: 738 } as const;

export class Sheet {
  readonly doc: PDFKit.PDFDocument;
  readonly theme: Theme;
  /** Top of the next thing to draw. */
  y: number = PAGE.top;
  readonly left = PAGE.left;
  readonly right = PAGE.right;
  readonly width = PAGE.right - PAGE.left;
  /** Draws the running header of a continuation page and returns the height it used. */
  continuationHeader: ((sheet: Sheet) => number) | undefined;

  constructor(doc: PDFKit.PDFDocument, theme: Theme) {
    this.doc = doc;
    this.theme = theme;
  }

  /** Space left above the footer. */
  get remaining(): number {
    return PAGE.bottom - this.y;
  }

  /** Usable height of a fresh continuation page (an estimate that errs on the small side). */
  get pageCapacity(): number {
    return PAGE.bottom - PAGE.top - 40;
  }

  addPage(): void {
    this.doc.addPage({ size: 'LETTER', margin: 0 });
    this.y = PAGE.top;
    if (this.continuationHeader) this.y += this.continuationHeader(this);
  }

  /** Starts a new page unless `height` points fit above the footer; true when a page was added. */
  ensure(height: number): boolean {
    if (height <= this.remaining) return false;
    this.addPage();
    return true;
  }

  private use(style: TextStyle): void {
    this.doc
      .font(FONTS[style.font ?? 'regular'])
      .fontSize(style.size)
      .fillColor(style.color ?? this.theme.text);
  }

  measure(text: string, style: TextStyle): number {
    this.use(style);
    return this.doc.widthOfString(toWinAnsi(text));
  }

  lineHeight(style: TextStyle): number {
    return style.size * 1.25;
  }

  /** The text broken into lines of at most `width` points. */
  wrap(text: string, style: TextStyle, width: number): Line[] {
    this.use(style);
    const measure = (value: string) => this.doc.widthOfString(value);
    return wrapText(toWinAnsi(text), width, measure).map((line) => ({ text: line, style }));
  }

  heightOf(lines: readonly Line[]): number {
    return lines.reduce((total, line) => total + this.lineHeight(line.style), 0);
  }

  /** One line, never wrapped; `width` positions right- and centre-aligned text. */
  line(text: string, x: number, y: number, style: TextStyle, align: Align = 'left', width = 0): void {
    const clean = toWinAnsi(text);
    this.use(style);
    const textWidth = this.doc.widthOfString(clean);
    const left = align === 'right' ? x + width - textWidth : align === 'center' ? x + (width - textWidth) / 2 : x;
    this.doc.text(clean, left, y, { lineBreak: false });
  }

  /** Draws pre-wrapped lines from `y`; returns the height used. */
  lines(lines: readonly Line[], x: number, y: number, align: Align = 'left', width = 0): number {
    let top = y;
    for (const line of lines) {
      this.line(line.text, x, top, line.style, align, width);
      top += this.lineHeight(line.style);
    }
    return top - y;
  }

  /** Wraps and draws a paragraph; returns its height. */
  paragraph(text: string, x: number, y: number, width: number, style: TextStyle, align: Align = 'left'): number {
    return this.lines(this.wrap(text, style, width), x, y, align, width);
  }

  rect(x: number, y: number, width: number, height: number, fill: string, stroke?: string): void {
    this.doc.save().rect(x, y, width, height);
    if (stroke) this.doc.lineWidth(0.5).fillAndStroke(fill, stroke);
    else this.doc.fill(fill);
    this.doc.restore();
  }

  rule(x1: number, x2: number, y: number, color: string = this.theme.rule, thickness = 0.5): void {
    this.doc.save().moveTo(x1, y).lineTo(x2, y).lineWidth(thickness).strokeColor(color).stroke().restore();
  }

  /** A section heading in the accent colour over a rule; keeps `keepWith` points of content with it. */
  sectionTitle(title: string, keepWith = 40): void {
    const height = 15;
    this.ensure(height + keepWith);
    this.line(title.toUpperCase(), this.left, this.y + 2, { font: 'bold', size: 8.5, color: this.theme.accentText });
    this.rule(this.left, this.right, this.y + 13, this.theme.accent, 0.8);
    this.y += height + 3;
  }
}
