/**
 * Safe XML parsing for untrusted CFDI input, on top of libxml2-wasm.
 *
 * Defences, in order: a byte-size limit, strict UTF-8, a prolog scan that rejects any DOCTYPE
 * before libxml2 sees it (so no internal/external entities can exist), libxml2 with network
 * access off and entity substitution off, and a nesting-depth limit. Every failure is a
 * CfdiError; the libxml2 document lives in WASM memory and is always disposed.
 */
import { ParseOption, XmlCData, XmlDocument, XmlElement as LibxmlElement, XmlParseError, XmlText as LibxmlText } from 'libxml2-wasm';
import type { XmlTreeNode } from 'libxml2-wasm';
import { CfdiError } from '../errors.ts';
import type { XmlAttribute, XmlElement, XmlNode } from './tree.ts';

export interface XmlParseLimits {
  /** Maximum input size in bytes (UTF-8). Default 10 MiB. */
  maxBytes?: number;
  /** Maximum element nesting depth, the root being depth 1. Default 64. */
  maxDepth?: number;
  /**
   * Namespaces whose elements never carry meaningful text: whitespace-only text directly
   * inside them is dropped. Text elsewhere is kept verbatim (the SAT XSLT prints the text of
   * elements it has no template for, so it can matter for the cadena original).
   */
  ignoreWhitespaceIn?: ReadonlySet<string>;
}

export const DEFAULT_MAX_XML_BYTES = 10 * 1024 * 1024;
export const DEFAULT_MAX_XML_DEPTH = 64;

// libxml2's own limits stay on (no XML_PARSE_HUGE); NONET and NO_XXE forbid any loading.
const PARSE_OPTIONS = ParseOption.XML_PARSE_NONET | ParseOption.XML_PARSE_NO_XXE;

const utf8Decoder = new TextDecoder('utf-8', { fatal: true });
const utf8Encoder = new TextEncoder();
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function toBytes(input: string | Uint8Array, maxBytes: number): Uint8Array {
  if (typeof input === 'string') {
    // Each UTF-16 code unit needs at least one UTF-8 byte: cheap early rejection.
    if (input.length > maxBytes) throw tooLarge(maxBytes);
    if (LONE_SURROGATE.test(input)) {
      throw new CfdiError('cfdi.invalid_encoding', 'The XML string contains an unpaired surrogate.');
    }
    const bytes = utf8Encoder.encode(input);
    if (bytes.length > maxBytes) throw tooLarge(maxBytes);
    return bytes;
  }
  if (input.length > maxBytes) throw tooLarge(maxBytes);
  try {
    utf8Decoder.decode(input);
  } catch {
    throw new CfdiError('cfdi.invalid_encoding', 'The XML is not valid UTF-8 (CFDI must be UTF-8).');
  }
  return input;
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
 * rejects a DOCTYPE, the only place one can legally appear. Anything malformed is left to libxml2.
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

interface WalkContext {
  maxDepth: number;
  ignoreWhitespaceIn: ReadonlySet<string>;
}

const WHITESPACE_ONLY = /^[ \t\r\n]*$/;

function convertElement(source: LibxmlElement, depth: number, context: WalkContext): XmlElement {
  if (depth > context.maxDepth) {
    throw new CfdiError('cfdi.xml_too_deep', `Elements are nested deeper than ${context.maxDepth} levels.`, `line ${source.line}`);
  }
  const attributes: XmlAttribute[] = source.attrs.map((attribute) => ({
    namespace: attribute.namespaceUri || null,
    prefix: attribute.prefix || null,
    local: attribute.name,
    value: attribute.value,
  }));
  const element: XmlElement = {
    namespace: source.namespaceUri || null,
    prefix: source.prefix || null,
    local: source.name,
    attributes,
    children: [],
  };
  const dropWhitespace = element.namespace !== null && context.ignoreWhitespaceIn.has(element.namespace);
  let pending = '';
  const flush = (): void => {
    if (pending !== '' && !(dropWhitespace && WHITESPACE_ONLY.test(pending))) element.children.push({ text: pending });
    pending = '';
  };
  for (let child: XmlTreeNode | null = source.firstChild; child !== null; child = child.next) {
    if (child instanceof LibxmlElement) {
      flush();
      element.children.push(convertElement(child, depth + 1, context));
    } else if (child instanceof LibxmlText || child instanceof XmlCData) {
      pending += child.content;
    }
    // Comments and processing instructions carry no CFDI data and are dropped.
  }
  flush();
  return element;
}

function parseFailure(error: XmlParseError): CfdiError {
  const detail = error.details[0];
  const where = detail ? `line ${detail.line}, column ${detail.col}` : undefined;
  const message = error.message.trim().replace(/\s+/g, ' ');
  if (/Excessive depth|depth/i.test(message)) {
    return new CfdiError('cfdi.xml_too_deep', `The XML nests elements too deeply: ${message}`, where);
  }
  return new CfdiError('cfdi.parse_error', `The XML is not well-formed: ${message}`, where);
}

/** Parses untrusted XML into an XmlElement tree (the document element). */
export function parseXml(input: string | Uint8Array, limits: XmlParseLimits = {}): XmlElement {
  const maxBytes = limits.maxBytes ?? DEFAULT_MAX_XML_BYTES;
  const bytes = toBytes(input, maxBytes);
  assertNoDoctype(bytes);
  let document: XmlDocument;
  try {
    document = XmlDocument.fromBuffer(bytes, { option: PARSE_OPTIONS, encoding: 'utf-8' });
  } catch (error) {
    if (error instanceof XmlParseError) throw parseFailure(error);
    throw new CfdiError('cfdi.parse_error', `The XML could not be parsed: ${String(error)}`);
  }
  try {
    if (document.dtd !== null) {
      throw new CfdiError('cfdi.doctype_forbidden', 'DOCTYPE declarations are not allowed in a CFDI.');
    }
    const context: WalkContext = {
      maxDepth: limits.maxDepth ?? DEFAULT_MAX_XML_DEPTH,
      ignoreWhitespaceIn: limits.ignoreWhitespaceIn ?? new Set(),
    };
    return convertElement(document.root, 1, context);
  } finally {
    document.dispose();
  }
}
