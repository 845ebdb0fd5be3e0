/**
 * References (XML 1.0 §4.1) without a DTD: character references to a legal Char, and the five
 * predefined entities. Anything else is an error message for the caller to report.
 */
import { isNameStartCharacter } from './xml-chars.ts';

const PREDEFINED: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', apos: "'", quot: '"' };
const DECIMAL = /^[0-9]{1,8}$/;
const HEXADECIMAL = /^[0-9A-Fa-f]{1,8}$/;

function isChar(code: number): boolean {
  return (
    code === 0x9 ||
    code === 0xa ||
    code === 0xd ||
    (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    (code >= 0x10000 && code <= 0x10ffff)
  );
}

/** What `&body;` stands for, or `{ error }`. */
export function resolveReference(body: string): string | { error: string } {
  if (body.charCodeAt(0) !== 0x23) {
    const value = PREDEFINED[body];
    if (value !== undefined) return value;
    const named = body.length > 0 && body.length <= 64 && isNameStartCharacter(body.charCodeAt(0), body.charCodeAt(1)) && !/[\s<>&"']/.test(body);
    return { error: named ? `Entity '${body}' not defined` : 'EntityRef: expecting a name' };
  }
  const hexadecimal = body.charCodeAt(1) === 0x78;
  const digits = body.slice(hexadecimal ? 2 : 1);
  if (!(hexadecimal ? HEXADECIMAL : DECIMAL).test(digits)) return { error: 'CharRef: invalid value' };
  const code = Number.parseInt(digits, hexadecimal ? 16 : 10);
  if (!isChar(code)) return { error: `CharRef: invalid xmlChar value ${code}` };
  return String.fromCodePoint(code);
}
