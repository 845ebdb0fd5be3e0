/**
 * The NameStartChar and NameChar productions of XML 1.0 fifth edition (§2.3), without the colon
 * (Namespaces §3: an NCName), tested on UTF-16 code units. A character outside the BMP is a
 * surrogate pair: the high surrogate is tested together with the unit after it.
 */

const START = 1;
const NAME = 2;

/** ASCII flags: START for letters and '_', NAME for those plus digits, '-' and '.'. */
const ASCII = new Uint8Array(128);
for (let code = 0; code < 128; code++) {
  const letter = (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a) || code === 0x5f;
  const other = (code >= 0x30 && code <= 0x39) || code === 0x2d || code === 0x2e;
  ASCII[code] = letter ? START | NAME : other ? NAME : 0;
}

function isSupplementary(high: number, low: number): boolean {
  // U+10000–U+EFFFF: high surrogates D800–DB7F followed by a low surrogate.
  return high >= 0xd800 && high <= 0xdb7f && low >= 0xdc00 && low <= 0xdfff;
}

function isWideNameStart(code: number): boolean {
  return (
    (code >= 0xc0 && code <= 0xd6) ||
    (code >= 0xd8 && code <= 0xf6) ||
    (code >= 0xf8 && code <= 0x2ff) ||
    (code >= 0x370 && code <= 0x37d) ||
    (code >= 0x37f && code <= 0x1fff) ||
    code === 0x200c ||
    code === 0x200d ||
    (code >= 0x2070 && code <= 0x218f) ||
    (code >= 0x2c00 && code <= 0x2fef) ||
    (code >= 0x3001 && code <= 0xd7ff) ||
    (code >= 0xf900 && code <= 0xfdcf) ||
    (code >= 0xfdf0 && code <= 0xfffd)
  );
}

/** Whether the code unit `code` (followed by `next`) starts an NCName. */
export function isNameStartCharacter(code: number, next: number): boolean {
  if (code < 128) return (ASCII[code]! & START) !== 0;
  return isWideNameStart(code) || isSupplementary(code, next);
}

/** Whether the code unit `code` (followed by `next`) may continue an NCName. */
export function isNameCharacter(code: number, next: number): boolean {
  if (code < 128) return (ASCII[code]! & NAME) !== 0;
  return isWideNameStart(code) || code === 0xb7 || (code >= 0x300 && code <= 0x36f) || code === 0x203f || code === 0x2040 || isSupplementary(code, next);
}
