/**
 * Checks an issuer logo before pdfkit sees it. pdfkit decodes some PNGs (alpha channel, palette
 * transparency, interlacing) in an asynchronous zlib callback that throws on bad data, which would
 * crash the process instead of failing one request. So a PNG is verified here completely (chunk
 * CRCs, header, decompressed size, row filters) and only then embedded; a JPEG is embedded as is
 * (DCT data is decoded by the PDF viewer), after its frame header and end marker are checked.
 * Exported so that logo uploads can be checked with the same rules.
 */
import zlib from 'node:zlib';
import { PdfRenderError } from './errors.ts';

export interface LogoInfo {
  format: 'png' | 'jpeg';
  width: number;
  height: number;
}

/** Keeps the decoding memory of one render bounded (an RGBA logo of 2,000 × 2,000 is 16 MB). */
const MAX_LOGO_PIXELS = 4_000_000;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** PNG colour type → samples per pixel and allowed bit depths (PNG spec, IHDR). */
const PNG_COLOR_TYPES: ReadonlyMap<number, { channels: number; depths: readonly number[] }> = new Map([
  [0, { channels: 1, depths: [1, 2, 4, 8, 16] }],
  [2, { channels: 3, depths: [8, 16] }],
  [3, { channels: 1, depths: [1, 2, 4, 8] }],
  [4, { channels: 2, depths: [8, 16] }],
  [6, { channels: 4, depths: [8, 16] }],
]);
/** Adam7 passes: x0, y0, dx, dy. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

function invalid(message: string): PdfRenderError {
  return new PdfRenderError('cfdi.pdf_invalid_logo', `The logo cannot be used: ${message}`);
}

interface PngHeader {
  width: number;
  height: number;
  depth: number;
  colorType: number;
  interlaced: boolean;
}

interface PngChunks {
  header: PngHeader;
  data: Buffer;
  hasPalette: boolean;
  hasTransparency: boolean;
}

function readPngChunks(png: Buffer): PngChunks {
  let position = PNG_SIGNATURE.length;
  let header: PngHeader | undefined;
  const idat: Buffer[] = [];
  const seen = new Set<string>();
  while (position + 12 <= png.length) {
    const length = png.readUInt32BE(position);
    const type = png.toString('latin1', position + 4, position + 8);
    const end = position + 12 + length;
    if (!/^[A-Za-z]{4}$/.test(type) || end > png.length) throw invalid('the PNG is truncated or corrupt.');
    const body = png.subarray(position + 8, position + 8 + length);
    if (zlib.crc32(body, zlib.crc32(type)) !== png.readUInt32BE(end - 4)) throw invalid(`the PNG chunk ${type} fails its CRC check.`);
    if (header === undefined && type !== 'IHDR') throw invalid('the PNG does not start with its IHDR header.');
    if (type === 'IHDR') header = readPngHeader(body);
    if (type === 'IDAT') idat.push(body);
    seen.add(type);
    if (type === 'IEND') return { header: header as PngHeader, data: Buffer.concat(idat), hasPalette: seen.has('PLTE'), hasTransparency: seen.has('tRNS') };
    position = end;
  }
  throw invalid('the PNG is truncated (no IEND chunk).');
}

function readPngHeader(body: Buffer): PngHeader {
  if (body.length !== 13) throw invalid('the PNG header is malformed.');
  const header = {
    width: body.readUInt32BE(0),
    height: body.readUInt32BE(4),
    depth: body[8] as number,
    colorType: body[9] as number,
    interlaced: body[12] === 1,
  };
  const kind = PNG_COLOR_TYPES.get(header.colorType);
  if (kind === undefined || !kind.depths.includes(header.depth) || body[10] !== 0 || body[11] !== 0 || (body[12] as number) > 1) {
    throw invalid('the PNG header names an unknown colour type, bit depth, compression or filter method.');
  }
  return header;
}

/** The size of each row (without its filter byte) and the number of rows, per pass. */
function pngRows(header: PngHeader): { rowBytes: number; rows: number }[] {
  const bitsPerPixel = (PNG_COLOR_TYPES.get(header.colorType)?.channels ?? 1) * header.depth;
  const passes = header.interlaced ? ADAM7 : [[0, 0, 1, 1] as const];
  return passes
    .map(([x0, y0, dx, dy]) => ({ columns: Math.ceil((header.width - x0) / dx), rows: Math.ceil((header.height - y0) / dy) }))
    .filter(({ columns, rows }) => columns > 0 && rows > 0)
    .map(({ columns, rows }) => ({ rowBytes: Math.ceil((columns * bitsPerPixel) / 8), rows }));
}

function checkPng(png: Buffer): LogoInfo {
  const { header, data, hasPalette, hasTransparency } = readPngChunks(png);
  checkDimensions(header.width, header.height);
  if (header.colorType === 3 && !hasPalette) throw invalid('the PNG uses a palette but has no PLTE chunk.');
  // pdfkit unpacks these cases one byte per pixel, which would draw sub-byte pixels wrongly.
  if (header.depth < 8 && (header.interlaced || (header.colorType === 3 && hasTransparency))) {
    throw invalid('interlaced or transparent PNGs with fewer than 8 bits per sample are not supported; save it as an 8-bit PNG.');
  }
  const passes = pngRows(header);
  const expected = passes.reduce((total, pass) => total + pass.rows * (pass.rowBytes + 1), 0);
  let pixels: Buffer;
  try {
    pixels = zlib.inflateSync(data, { maxOutputLength: expected });
  } catch (error) {
    throw new PdfRenderError('cfdi.pdf_invalid_logo', 'The logo cannot be used: its PNG image data is corrupt.', { cause: error });
  }
  if (pixels.length !== expected) throw invalid('its PNG image data is shorter than its dimensions require.');
  let offset = 0;
  for (const pass of passes) {
    for (let row = 0; row < pass.rows; row += 1, offset += pass.rowBytes + 1) {
      if ((pixels[offset] as number) > 4) throw invalid('its PNG image data uses an unknown row filter.');
    }
  }
  return { format: 'png', width: header.width, height: header.height };
}

/** JPEG start-of-frame markers (baseline, progressive, lossless, arithmetic), as pdfkit knows them. */
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

function checkJpeg(jpeg: Buffer): LogoInfo {
  let position = 2;
  while (position + 4 <= jpeg.length) {
    if (jpeg[position] !== 0xff) throw invalid('the JPEG is corrupt (a segment does not start with a marker).');
    const marker = jpeg[position + 1] as number;
    if (marker === 0xff) {
      position += 1; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      position += 2;
      continue;
    }
    if (marker === 0xda || marker === 0xd9) break;
    const length = jpeg.readUInt16BE(position + 2);
    if (length < 2 || position + 2 + length > jpeg.length) throw invalid('the JPEG is truncated.');
    if (isStartOfFrame(marker)) return checkJpegFrame(jpeg, position + 4, length);
    position += 2 + length;
  }
  throw invalid('the JPEG has no frame header before its image data.');
}

function checkJpegFrame(jpeg: Buffer, start: number, length: number): LogoInfo {
  if (length < 8) throw invalid('the JPEG frame header is malformed.');
  const precision = jpeg[start] as number;
  const height = jpeg.readUInt16BE(start + 1);
  const width = jpeg.readUInt16BE(start + 3);
  const components = jpeg[start + 5] as number;
  if (precision !== 8) throw invalid(`the JPEG has ${precision}-bit samples; PDF readers need 8-bit JPEGs.`);
  if (![1, 3, 4].includes(components)) throw invalid(`the JPEG has ${components} colour components (1, 3 or 4 are supported).`);
  checkDimensions(width, height);
  if (jpeg.lastIndexOf(Buffer.from([0xff, 0xd9])) < start) throw invalid('the JPEG is truncated (no end-of-image marker).');
  return { format: 'jpeg', width, height };
}

function checkDimensions(width: number, height: number): void {
  if (width === 0 || height === 0) throw invalid('the image has no pixels.');
  if (width * height > MAX_LOGO_PIXELS) {
    throw invalid(`the image has ${width} × ${height} pixels; at most ${MAX_LOGO_PIXELS.toLocaleString('en-US')} pixels are accepted.`);
  }
}

/** Verifies that a PNG or JPEG logo can be embedded; throws `cfdi.pdf_invalid_logo` otherwise. */
export function checkLogo(image: Uint8Array): LogoInfo {
  const buffer = Buffer.from(image.buffer, image.byteOffset, image.byteLength);
  if (buffer.length >= 8 && buffer.subarray(0, 8).equals(PNG_SIGNATURE)) return checkPng(buffer);
  if (buffer.length >= 4 && buffer[0] === 0xff && buffer[1] === 0xd8) return checkJpeg(buffer);
  throw invalid('it is neither a PNG nor a JPEG image.');
}
