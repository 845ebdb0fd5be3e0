import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkLogo } from './logo.ts';
import { PdfRenderError } from './errors.ts';
import { renderInvoicePdf } from './render.ts';
import { encodePng, globalInvoice, sampleLogo, stampedXml } from './fixtures.test-support.ts';
import type { PngSpec } from './fixtures.test-support.ts';

/** A 48 × 16 baseline JPEG (3 components) made with pdftoppm -jpeg from one of these PDFs. */
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEAKAAoAAD/2wBDAA0JCgsKCA0LCgsODg0PEyAVExISEyccHhcgLikxMC4pLSwzOko+MzZGNywtQFdBRkxOUlNSMj5aYVpQYEpRUk//2wBDAQ4ODhMREyYVFSZPNS01T09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT0//wAARCAAQADADASIAAhEBAxEB/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP09fb3+Pn6/8QAHwEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoL/8QAtREAAgECBAQDBAcFBAQAAQJ3AAECAxEEBSExBhJBUQdhcRMiMoEIFEKRobHBCSMzUvAVYnLRChYkNOEl8RcYGRomJygpKjU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6goOEhYaHiImKkpOUlZaXmJmaoqOkpaanqKmqsrO0tba3uLm6wsPExcbHyMnK0tPU1dbX2Nna4uPk5ebn6Onq8vP09fb3+Pn6/9oADAMBAAIRAxEAPwD06iis6eG6bUVdA+zchVg+FVRncCM8k/T+VTKTjsrjSuaNFYkFpqEdn5cokc70ZgJOSMcj73XOCeQDU0ceo/arWRo9scahXXzOuc54yc446nt3rJVW7Xix8vmatFYUVpqqxBC7bgqBWMgODhyc89iR+QqeS3nNrEqQXAAJ3p53zE7eDnd0z7++KFWk1flYcq7n/9k=',
  'base64',
);

const rgb = (x: number, y: number) => [x * 8, y * 8, 128];
const VALID: Record<string, PngSpec> = {
  'RGB 8-bit': { width: 30, height: 20, colorType: 2, pixel: rgb },
  'RGBA 8-bit': { width: 30, height: 20, colorType: 6, pixel: (x, y) => [...rgb(x, y), x < 10 ? 0 : 255] },
  'palette with transparency': { width: 16, height: 16, colorType: 3, palette: [255, 0, 0, 0, 0, 255], transparency: [0, 255], pixel: (x) => [x % 2] },
  'grey 1-bit': { width: 17, height: 9, colorType: 0, depth: 1, pixel: (x, y) => [(x + y) % 2] },
  'interlaced RGBA': { width: 23, height: 11, colorType: 6, interlaced: true, pixel: (x, y) => [...rgb(x, y), 200] },
  'interlaced RGB 16-bit': { width: 9, height: 9, colorType: 2, depth: 16, interlaced: true, pixel: () => [1000, 20000, 65535] },
};

function rejection(image: Buffer): PdfRenderError {
  try {
    checkLogo(image);
  } catch (error) {
    assert.ok(error instanceof PdfRenderError);
    assert.equal(error.code, 'cfdi.pdf_invalid_logo');
    return error;
  }
  assert.fail('the logo was accepted');
}

test('PNGs of every colour type and interlacing, and baseline JPEGs, are accepted with their size', () => {
  for (const [name, spec] of Object.entries(VALID)) {
    assert.deepEqual(checkLogo(encodePng(spec)), { format: 'png', width: spec.width, height: spec.height }, name);
  }
  assert.deepEqual(checkLogo(JPEG), { format: 'jpeg', width: 48, height: 16 });
});

test('every accepted kind of logo is embedded in a PDF without failing', async () => {
  const xml = stampedXml(globalInvoice());
  for (const logo of [...Object.values(VALID).map(encodePng), JPEG, sampleLogo()]) {
    const pdf = await renderInvoicePdf({ xml, livemode: true, branding: { logo } });
    assert.match(pdf.toString('latin1'), /\/Subtype \/Image/);
  }
});

test('corrupt, truncated and foreign files are refused with cfdi.pdf_invalid_logo', () => {
  const good = encodePng(VALID['RGB 8-bit'] as PngSpec);
  const flipped = Buffer.from(good);
  flipped[good.length - 20] = (flipped[good.length - 20] as number) ^ 0xff;
  assert.match(rejection(flipped).message, /CRC/);
  assert.match(rejection(good.subarray(0, good.length - 30)).message, /truncated|corrupt/);
  assert.match(rejection(Buffer.from('GIF89a....')).message, /neither a PNG nor a JPEG/);
  assert.match(rejection(Buffer.alloc(0)).message, /neither a PNG nor a JPEG/);
  assert.match(rejection(JPEG.subarray(0, JPEG.length - 2)).message, /end-of-image/);
  assert.match(rejection(JPEG.subarray(0, 40)).message, /truncated|frame header/);
});

test('PNG data that does not match its header is refused before pdfkit could choke on it', () => {
  const spec = VALID['RGBA 8-bit'] as PngSpec;
  assert.match(rejection(encodePng({ ...spec, filter: 7 })).message, /row filter/);
  assert.match(rejection(encodePng({ ...spec, declared: { width: 30, height: 40 } })).message, /shorter/);
  assert.match(rejection(encodePng({ ...spec, declared: { width: 30, height: 10 } })).message, /corrupt/);
  assert.match(rejection(encodePng({ ...spec, declared: { width: 5000, height: 5000 } })).message, /at most 4,000,000 pixels/);
  const { palette: _palette, ...noPalette } = VALID['palette with transparency'] as PngSpec;
  assert.match(rejection(encodePng(noPalette)).message, /PLTE/);
});

test('sub-byte PNGs that pdfkit would draw wrongly are refused with advice', () => {
  const interlacedBits = encodePng({ width: 8, height: 8, colorType: 0, depth: 1, interlaced: true, pixel: () => [1] });
  assert.match(rejection(interlacedBits).message, /8-bit PNG/);
  const transparentPalette = encodePng({ width: 8, height: 8, colorType: 3, depth: 4, palette: [0, 0, 0, 255, 255, 255], transparency: [0], pixel: () => [1] });
  assert.match(rejection(transparentPalette).message, /8-bit PNG/);
});

test('a bad logo fails the render with the typed error, not a crash', async () => {
  const xml = stampedXml(globalInvoice());
  await assert.rejects(
    renderInvoicePdf({ xml, livemode: true, branding: { logo: Buffer.from('not an image') } }),
    (error: unknown) => error instanceof PdfRenderError && error.code === 'cfdi.pdf_invalid_logo',
  );
});
