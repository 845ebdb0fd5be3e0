/**
 * Text for the PDF's standard fonts. Helvetica and Courier are drawn with WinAnsiEncoding (Windows
 * code page 1252): Spanish letters (Ñ, á, é, ü, ¿, ¡) are in it, but a character outside it would
 * come out as a wrong glyph. So every string is first reduced to that set: accents that 1252 lacks
 * are dropped ("ő" → "o"), compatibility forms are unfolded ("ﬁ" → "fi"), common punctuation gets
 * its nearest equivalent and anything else becomes "?", so nothing is ever silently garbled.
 */

/** Characters of cp1252's 0x80–0x9F range, by Unicode code point (the rest of the set is Latin-1). */
const WIN_ANSI_EXTRAS = new Set([
  0x20ac, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x017d, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013,
  0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0x017e, 0x0178,
]);

/** Nearest WinAnsi text for characters NFKD cannot reduce. */
const SUBSTITUTES: ReadonlyMap<number, string> = new Map([
  [0x2010, '-'],
  [0x2011, '-'],
  [0x2012, '-'],
  [0x2015, '—'],
  [0x2212, '-'],
  [0x2032, "'"],
  [0x2033, '"'],
  [0x201b, "'"],
  [0x201f, '"'],
  [0x2027, '·'],
  [0x2043, '-'],
  [0x2190, '<-'],
  [0x2192, '->'],
  [0x2264, '<='],
  [0x2265, '>='],
  [0x2260, '!='],
  [0x2248, '~'],
  [0x00ad, ''],
  [0x200b, ''],
  [0x200c, ''],
  [0x200d, ''],
  [0x2060, ''],
  [0xfeff, ''],
]);

/** The soft hyphen is in the set but would print as a visible hyphen mid-word, so it is dropped. */
function isWinAnsi(codePoint: number): boolean {
  if (codePoint === 0xad) return false;
  return (codePoint >= 0x20 && codePoint <= 0x7e) || (codePoint >= 0xa0 && codePoint <= 0xff) || WIN_ANSI_EXTRAS.has(codePoint);
}

function isAllWinAnsi(text: string): boolean {
  for (const character of text) if (!isWinAnsi(character.codePointAt(0) as number)) return false;
  return true;
}

/** One character (a code point) as WinAnsi text. */
function reduceCharacter(character: string): string {
  const codePoint = character.codePointAt(0) as number;
  if (isWinAnsi(codePoint)) return character;
  if (codePoint === 0x09 || codePoint === 0x0a || codePoint === 0x0d) return ' ';
  const substitute = SUBSTITUTES.get(codePoint);
  if (substitute !== undefined) return substitute;
  // NFKD splits "ő" into "o" + a combining accent and unfolds ligatures and full-width forms.
  const decomposed = character.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  if (decomposed !== '' && isAllWinAnsi(decomposed)) return decomposed;
  return codePoint < 0x20 || (codePoint >= 0x7f && codePoint < 0xa0) ? '' : '?';
}

/** The text as the standard fonts can draw it (see the file comment). Newlines become spaces. */
export function toWinAnsi(text: string): string {
  if (isAllWinAnsi(text)) return text;
  let result = '';
  for (const character of text.normalize('NFC')) result += reduceCharacter(character);
  return result;
}

/** Width of a string in points, in the current font and size. */
export type Measure = (text: string) => number;

/** Splits a word wider than `width` into pieces that fit, character by character. */
function breakWord(word: string, width: number, measure: Measure): string[] {
  const pieces: string[] = [];
  let current = '';
  for (const character of word) {
    if (current !== '' && measure(current + character) > width) {
      pieces.push(current);
      current = '';
    }
    current += character;
  }
  if (current !== '') pieces.push(current);
  return pieces;
}

/**
 * Greedy line breaking at spaces; words wider than the line (seals, long codes) are broken where
 * they overflow. Runs of whitespace collapse to one space. Always returns at least one line.
 */
export function wrapText(text: string, width: number, measure: Measure): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r\n|\r|\n/)) {
    let line = '';
    for (const word of paragraph.split(/[ \t]+/).filter((w) => w !== '')) {
      const candidate = line === '' ? word : `${line} ${word}`;
      if (measure(candidate) <= width) {
        line = candidate;
        continue;
      }
      if (line !== '') lines.push(line);
      const pieces = measure(word) <= width ? [word] : breakWord(word, width, measure);
      line = pieces.pop() ?? '';
      lines.push(...pieces);
    }
    lines.push(line);
  }
  return lines;
}
