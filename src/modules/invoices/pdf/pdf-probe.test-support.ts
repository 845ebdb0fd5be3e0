/**
 * Looks inside rendered PDFs for the tests (imported by tests only): page count, extracted text
 * (poppler's pdftotext), page images (pdftoppm, as PPM) and the QR code read back from an image.
 * Each tool is optional: `hasPoppler` tells the tests whether to skip what needs it.
 */
import { spawnSync } from 'node:child_process';
import jsqr from 'jsqr';

// jsqr is CommonJS: under NodeNext the default import is module.exports, whose `default` is jsQR.
const jsQR = jsqr.default;

function available(tool: string): boolean {
  const result = spawnSync(tool, ['-v'], { stdio: 'ignore' });
  return result.error === undefined;
}

export const hasPdftotext = available('pdftotext');
export const hasPdftoppm = available('pdftoppm');
export const skipWithoutPdftotext: string | false = hasPdftotext ? false : 'pdftotext (Debian poppler-utils) is not installed';

/** Pages of a PDF as pdfkit writes it (page dictionaries are never compressed). */
export function pageCount(pdf: Buffer): number {
  return (pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g) ?? []).length;
}

export function looksLikePdf(pdf: Buffer): boolean {
  return pdf.subarray(0, 5).toString('latin1') === '%PDF-' && pdf.subarray(-6).toString('latin1').includes('%%EOF');
}

/** The text of the whole document, or of one page (1-based). */
export function pdfText(pdf: Buffer, page?: number): string {
  const range = page === undefined ? [] : ['-f', String(page), '-l', String(page)];
  const result = spawnSync('pdftotext', [...range, '-enc', 'UTF-8', '-', '-'], { input: pdf, maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`pdftotext failed: ${result.stderr.toString()}`);
  return result.stdout.toString('utf8');
}

/** Text with every run of whitespace removed, to find values that wrap over lines (seals, cadenas). */
export function compact(text: string): string {
  return text.replace(/\s+/g, '');
}

export interface PageImage {
  width: number;
  height: number;
  /** RGB, three bytes per pixel. */
  rgb: Buffer;
}

export function pageImage(pdf: Buffer, page: number, dpi: number): PageImage {
  const result = spawnSync('pdftoppm', ['-r', String(dpi), '-f', String(page), '-l', String(page), '-'], { input: pdf, maxBuffer: 256 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`pdftoppm failed: ${result.stderr.toString()}`);
  const header = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(result.stdout.toString('latin1', 0, 40));
  if (!header) throw new Error('pdftoppm did not write a binary PPM.');
  const width = Number(header[1]);
  const height = Number(header[2]);
  return { width, height, rgb: result.stdout.subarray(header[0].length, header[0].length + width * height * 3) };
}

/** The QR code found on a page image, or undefined. */
export function readQr(image: PageImage): string | undefined {
  const rgba = new Uint8ClampedArray(image.width * image.height * 4);
  for (let pixel = 0; pixel < image.width * image.height; pixel += 1) {
    rgba.set(image.rgb.subarray(pixel * 3, pixel * 3 + 3), pixel * 4);
    rgba[pixel * 4 + 3] = 255;
  }
  return jsQR(rgba, image.width, image.height)?.data;
}

/** Share of pixels tinted red (the test-mode watermark is pale red; the default theme has no red). */
export function redShare(image: PageImage): number {
  let red = 0;
  for (let offset = 0; offset < image.rgb.length; offset += 3) {
    const [r, g, b] = [image.rgb[offset] as number, image.rgb[offset + 1] as number, image.rgb[offset + 2] as number];
    if (r >= g + 12 && r >= b + 12) red += 1;
  }
  return red / (image.width * image.height);
}
