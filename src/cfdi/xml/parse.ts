/**
 * Safe XML parsing for untrusted input (CFDI, SOAP).
 *
 * Defences, in order: a byte-size limit, strict UTF-8, a parser that refuses any DOCTYPE (so no
 * internal or external entity can exist, and nothing is ever loaded), limits on nesting depth,
 * elements per document and attributes per element, and a parser whose every path is linear in
 * its input.
 * Every failure is a CfdiError. The parser itself is ./scanner.ts.
 */
import { CfdiError } from '../errors.ts';
import { XmlScanner } from './scanner.ts';
import type { XmlElement } from './tree.ts';

export interface XmlParseLimits {
  /** Maximum input size in bytes (UTF-8). Default 10 MiB. */
  maxBytes?: number;
  /** Maximum element nesting depth, the root being depth 1. Default 64. */
  maxDepth?: number;
  /** Maximum number of elements in the document. Default 250,000. */
  maxElements?: number;
  /** Maximum attributes, namespace declarations included, on one element. Default 1,000. */
  maxAttributes?: number;
  /**
   * Namespaces whose elements never carry meaningful text: whitespace-only text directly
   * inside them is dropped. Text elsewhere is kept verbatim (the SAT XSLT prints the text of
   * elements it has no template for, so it can matter for the cadena original).
   */
  ignoreWhitespaceIn?: ReadonlySet<string>;
}

const DEFAULT_MAX_XML_BYTES = 10 * 1024 * 1024;
const DEFAULT_MAX_XML_DEPTH = 64;
// Far above any real CFDI: a Pagos of 5,000 related documents has about 25,000 elements, and no
// CFDI element has more than about 40 attributes. Each bound keeps one document's tree to a size
// the process can hold (8 MB of `<a/>` would otherwise be two million objects).
const DEFAULT_MAX_XML_ELEMENTS = 250_000;
const DEFAULT_MAX_XML_ATTRIBUTES = 1_000;

const NO_NAMESPACES: ReadonlySet<string> = new Set();
const CARRIAGE_RETURNS = /\r\n?/g;
const utf8Decoder = new TextDecoder('utf-8', { fatal: true });

/** The document as text: UTF-8 only (a leading BOM is dropped), within `maxBytes`. */
function toText(input: string | Uint8Array, maxBytes: number): string {
  if (typeof input === 'string') {
    // Each UTF-16 code unit needs at least one UTF-8 byte, and at most three.
    if (input.length > maxBytes) throw tooLarge(maxBytes);
    if (!(input as string & { isWellFormed(): boolean }).isWellFormed()) {
      throw new CfdiError('cfdi.invalid_encoding', 'The XML string contains an unpaired surrogate.');
    }
    if (input.length * 3 > maxBytes && Buffer.byteLength(input, 'utf8') > maxBytes) throw tooLarge(maxBytes);
    return input;
  }
  if (input.length > maxBytes) throw tooLarge(maxBytes);
  try {
    return utf8Decoder.decode(input);
  } catch {
    throw new CfdiError('cfdi.invalid_encoding', 'The XML is not valid UTF-8 (CFDI must be UTF-8).');
  }
}

function tooLarge(maxBytes: number): CfdiError {
  return new CfdiError('cfdi.xml_too_large', `The XML exceeds the maximum size of ${maxBytes} bytes.`);
}

function startsWithAscii(bytes: Uint8Array, at: number, text: string): boolean {
  if (at + text.length > bytes.length) return false;
  for (let index = 0; index < text.length; index++) {
    if (bytes[at + index] !== text.charCodeAt(index)) return false;
  }
  return true;
}

function indexOfAscii(bytes: Uint8Array, text: string, from: number): number {
  const first = text.charCodeAt(0);
  for (let at = bytes.indexOf(first, from); at !== -1; at = bytes.indexOf(first, at + 1)) {
    if (startsWithAscii(bytes, at, text)) return at;
  }
  return -1;
}

/**
 * Walks the prolog (BOM, XML declaration, comments, processing instructions, whitespace) and
 * rejects a DOCTYPE, the only place one can legally appear. Anything malformed is left to the XML parser that follows.
 */
export function assertNoDoctype(bytes: Uint8Array): void {
  let at = startsWithAscii(bytes, 0, '\xEF\xBB\xBF') ? 3 : 0;
  for (;;) {
    while (at < bytes.length && (bytes[at] === 0x20 || bytes[at] === 0x09 || bytes[at] === 0x0a || bytes[at] === 0x0d)) at++;
    let end = -1;
    if (startsWithAscii(bytes, at, '<?')) end = indexOfAscii(bytes, '?>', at + 2) + 2;
    else if (startsWithAscii(bytes, at, '<!--')) end = indexOfAscii(bytes, '-->', at + 4) + 3;
    else if (startsWithAscii(bytes, at, '<!') && isDoctype(bytes, at + 2)) {
      throw new CfdiError('cfdi.doctype_forbidden', 'DOCTYPE declarations are not allowed in a CFDI.');
    } else return;
    if (end < 2) return;
    at = end;
  }
}

function isDoctype(bytes: Uint8Array, at: number): boolean {
  const word = 'DOCTYPE';
  for (let index = 0; index < word.length; index++) {
    const byte = bytes[at + index];
    if (byte === undefined || (byte & 0xdf) !== word.charCodeAt(index)) return false;
  }
  return true;
}

/** Parses untrusted XML into an XmlElement tree (the document element). */
export function parseXml(input: string | Uint8Array, limits: XmlParseLimits = {}): XmlElement {
  const text = toText(input, limits.maxBytes ?? DEFAULT_MAX_XML_BYTES);
  // End-of-line handling (XML 1.0 §2.11) before anything else, as a parser must.
  const normalized = text.includes('\r') ? text.replace(CARRIAGE_RETURNS, '\n') : text;
  const scanner = new XmlScanner(normalized, {
    maxDepth: limits.maxDepth ?? DEFAULT_MAX_XML_DEPTH,
    maxElements: limits.maxElements ?? DEFAULT_MAX_XML_ELEMENTS,
    maxAttributes: limits.maxAttributes ?? DEFAULT_MAX_XML_ATTRIBUTES,
    ignoreWhitespaceIn: limits.ignoreWhitespaceIn ?? NO_NAMESPACES,
  });
  return scanner.document();
}
