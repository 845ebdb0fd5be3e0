/**
 * A strict, non-validating XML 1.0 + Namespaces parser for the documents this service reads
 * (CFDI, SOAP). It implements the well-formedness rules of XML 1.0 (fifth edition) except the
 * document type declaration, which is refused outright (no DTD means no entities beyond the five
 * predefined ones, so nothing can expand or load). Why it is written by hand: docs/decisions.md.
 *
 * Done here (XML 1.0 §2.11, §3.3.3, §4.1; Namespaces §3–§6): end-of-line handling (CR LF and
 * lone CR become LF), attribute-value normalisation (literal tab/LF become a space; character
 * references are kept), character and predefined entity references, CDATA, comments and
 * processing instructions (dropped), Char and Name productions, unique attributes by qualified
 * and by expanded name, prefixes resolved by URI with the reserved xml/xmlns bindings enforced.
 */
import { CfdiError } from '../errors.ts';
import { NamespaceScope } from './namespaces.ts';
import { resolveReference } from './references.ts';
import type { XmlAttribute, XmlElement } from './tree.ts';
import { isNameCharacter, isNameStartCharacter } from './xml-chars.ts';

export interface ScanOptions {
  maxDepth: number;
  /** Elements in the whole document. */
  maxElements: number;
  /** Attributes, namespace declarations included, on one element. */
  maxAttributes: number;
  ignoreWhitespaceIn: ReadonlySet<string>;
}

/** Characters XML 1.0 forbids anywhere (lone surrogates are rejected earlier, as bad encoding). */
const FORBIDDEN_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;
const WHITESPACE_ONLY = /^[ \t\r\n]*$/;
const TAB_OR_LINE_FEED = /[\t\n]/g;

const LT = 0x3c;
const GT = 0x3e;
const SLASH = 0x2f;
const BANG = 0x21;
const QUESTION = 0x3f;
const COLON = 0x3a;
const EQUALS = 0x3d;
const QUOTE = 0x22;
const APOSTROPHE = 0x27;
// Slots of XmlScanner.next.
const AMPERSAND_SLOT = 0;
const LESS_THAN_SLOT = 1;
const TAB_SLOT = 2;
const LINE_FEED_SLOT = 3;
const SECTION_END_SLOT = 4;

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x09 || code === 0x0d;
}

interface Frame {
  element: XmlElement;
  /** The tag name as written, to match the end tag. */
  name: string;
  /** NamespaceScope mark to undo this element's declarations at its end. */
  scopeMark: number;
  dropWhitespace: boolean;
  pending: string;
}

export class XmlScanner {
  private position = 0;
  private readonly scope = new NamespaceScope();
  private readonly stack: Frame[] = [];
  private elements = 0;
  private prefix: string | null = null;
  private local = '';
  // Where the next '&', '<', tab, LF and ']]>' are, from the last search: positions only grow,
  // so each occurrence is searched for once however many values and texts are read.
  private readonly next = new Int32Array(5).fill(-1);

  constructor(
    private readonly text: string,
    private readonly options: ScanOptions,
  ) {}

  /** Parses the whole document and returns its document element. */
  document(): XmlElement {
    const text = this.text;
    if (text.charCodeAt(0) === 0xfeff) this.position = 1;
    if (text.startsWith('<?xml', this.position) && isSpace(text.charCodeAt(this.position + 5))) this.declaration();
    this.misc(true);
    const forbidden = FORBIDDEN_CHARACTER.exec(text);
    if (forbidden) {
      const code = text.charCodeAt(forbidden.index).toString(16).toUpperCase().padStart(4, '0');
      throw this.fail(`Char 0x${code} out of allowed range`, forbidden.index);
    }
    if (text.charCodeAt(this.position) !== LT) throw this.fail(this.position >= text.length ? 'Document is empty' : 'Start tag expected');
    const root = this.content();
    this.misc(false);
    if (this.position < text.length) throw this.fail('Extra content at the end of the document');
    return root;
  }

  /** "line L, column C" of an offset (columns count UTF-16 units). */
  where(at: number): string {
    let line = 1;
    let lineStart = 0;
    for (let index = this.text.indexOf('\n'); index !== -1 && index < at; index = this.text.indexOf('\n', index + 1)) {
      line++;
      lineStart = index + 1;
    }
    return `line ${line}, column ${at - lineStart + 1}`;
  }

  private fail(message: string, at = this.position): CfdiError {
    return new CfdiError('cfdi.parse_error', `The XML is not well-formed: ${message}`, this.where(at));
  }

  private expect(literal: string, what: string): void {
    if (!this.text.startsWith(literal, this.position)) throw this.fail(what);
    this.position += literal.length;
  }

  private skipSpaces(): boolean {
    const start = this.position;
    while (isSpace(this.text.charCodeAt(this.position))) this.position++;
    return this.position > start;
  }

  /** XMLDecl (§2.8): version, then optional encoding and standalone, in that order. */
  private declaration(): void {
    this.position += 5;
    // A 1.x document is read as 1.0, as XML 1.0 §2.8 asks of a 1.0 processor; like libxml2
    // (and so xsltproc), "1." is let through too.
    this.pseudoAttribute('version', /^1\.[0-9]*$/, true);
    this.pseudoAttribute('encoding', /^[A-Za-z][A-Za-z0-9._-]*$/, false);
    this.pseudoAttribute('standalone', /^(?:yes|no)$/, false);
    this.skipSpaces();
    this.expect('?>', 'Malformed XML declaration');
  }

  private pseudoAttribute(name: string, pattern: RegExp, required: boolean): void {
    const start = this.position;
    if (!this.skipSpaces() || !this.text.startsWith(name, this.position)) {
      if (required) throw this.fail(`Malformed XML declaration: ${name} expected`);
      this.position = start;
      return;
    }
    this.position += name.length;
    this.skipSpaces();
    this.expect('=', 'Malformed XML declaration: = expected');
    this.skipSpaces();
    const quote = this.text.charCodeAt(this.position);
    const end = quote === QUOTE || quote === APOSTROPHE ? this.text.indexOf(String.fromCharCode(quote), this.position + 1) : -1;
    if (end === -1 || !pattern.test(this.text.slice(this.position + 1, end))) throw this.fail(`Malformed XML declaration: bad ${name}`);
    this.position = end + 1;
  }

  /** Misc* (§2.8) before or after the document element. */
  private misc(prolog: boolean): void {
    const text = this.text;
    for (;;) {
      this.skipSpaces();
      if (text.startsWith('<!--', this.position)) this.comment();
      else if (text.startsWith('<?', this.position)) this.instruction();
      else if (prolog && text.startsWith('<!', this.position) && text.slice(this.position + 2, this.position + 9).toUpperCase() === 'DOCTYPE') {
        throw new CfdiError('cfdi.doctype_forbidden', 'DOCTYPE declarations are not allowed in a CFDI.', this.where(this.position));
      } else return;
    }
  }

  /** Comment (§2.5): no "--" inside, and not ending in "-". */
  private comment(): void {
    const start = this.position + 4;
    const end = this.text.indexOf('-->', start);
    if (end === -1) throw this.fail('Comment not terminated');
    const body = this.text.slice(start, end);
    if (body.includes('--') || body.endsWith('-')) throw this.fail('Double hyphen within comment');
    this.position = end + 3;
  }

  /** PI (§2.6), whose target is an NCName other than "xml" in any case. */
  private instruction(): void {
    this.position += 2;
    const target = this.name();
    if (target.toLowerCase() === 'xml') throw this.fail('XML declaration allowed only at the start of the document');
    const end = this.text.indexOf('?>', this.position);
    if (end === -1) throw this.fail('Processing instruction not terminated');
    if (end > this.position && !this.skipSpaces()) throw this.fail('Space expected after the processing instruction target');
    this.position = end + 2;
  }

  /** An NCName (Namespaces §3) at the current position. */
  private name(): string {
    const text = this.text;
    const start = this.position;
    let code = text.charCodeAt(start);
    if (!isNameStartCharacter(code, text.charCodeAt(start + 1))) throw this.fail('Name expected');
    let at = start + (code >= 0xd800 && code <= 0xdbff ? 2 : 1);
    for (;;) {
      code = text.charCodeAt(at);
      if (code < 128 ? (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) : false) {
        at++;
        continue;
      }
      if (!isNameCharacter(code, text.charCodeAt(at + 1))) break;
      at += code >= 0xd800 && code <= 0xdbff ? 2 : 1;
    }
    this.position = at;
    return text.slice(start, at);
  }

  /** A QName into this.prefix and this.local. */
  private qualifiedName(): void {
    const first = this.name();
    if (this.text.charCodeAt(this.position) !== COLON) {
      this.prefix = null;
      this.local = first;
      return;
    }
    this.position++;
    this.prefix = first;
    this.local = this.name();
    if (this.text.charCodeAt(this.position) === COLON) throw this.fail('A qualified name has more than one colon');
  }

  /** The document element and everything inside it, without recursion. */
  private content(): XmlElement {
    const text = this.text;
    const root = this.startTag();
    while (this.stack.length > 0) {
      const frame = this.stack[this.stack.length - 1] as Frame;
      const next = text.indexOf('<', this.position);
      if (next === -1) throw this.fail(`Premature end of data in tag ${frame.name}`, text.length);
      if (next > this.position) frame.pending += this.characterData(next);
      this.position = next;
      const code = text.charCodeAt(next + 1);
      if (code === SLASH) this.endTag(frame);
      else if (code === QUESTION) this.instruction();
      else if (code !== BANG) {
        this.flush(frame);
        this.startTag();
      } else if (text.startsWith('<!--', next)) this.comment();
      else if (text.startsWith('<![CDATA[', next)) frame.pending += this.characterSection();
      else throw this.fail('Comment, CDATA section or element expected');
    }
    return root;
  }

  /** The next `character` at or after `from` (the text's length when there is none). */
  private findNext(slot: number, character: string, from: number): number {
    const next = this.next;
    if (next[slot]! < from) {
      const found = this.text.indexOf(character, from);
      next[slot] = found === -1 ? this.text.length : found;
    }
    return next[slot]!;
  }

  /** CharData (§2.4) up to `end`, with references resolved. */
  private characterData(end: number): string {
    const start = this.position;
    const section = this.findNext(SECTION_END_SLOT, ']]>', start);
    if (section + 2 < end) throw this.fail("Sequence ']]>' not allowed in content", section);
    this.position = end;
    return this.findNext(AMPERSAND_SLOT, '&', start) < end ? this.decode(start, end, false) : this.text.slice(start, end);
  }

  private characterSection(): string {
    const start = this.position + 9;
    const end = this.text.indexOf(']]>', start);
    if (end === -1) throw this.fail('CDATA section not terminated');
    this.position = end + 3;
    return this.text.slice(start, end);
  }

  /** Ends a run of text (comments and PIs inside it do not split it). */
  private flush(frame: Frame): void {
    const pending = frame.pending;
    if (pending === '') return;
    frame.pending = '';
    if (frame.dropWhitespace && WHITESPACE_ONLY.test(pending)) return;
    frame.element.children.push({ text: pending });
  }

  private endTag(frame: Frame): void {
    this.position += 2;
    if (!this.text.startsWith(frame.name, this.position)) throw this.fail(`Opening and ending tag mismatch: ${frame.name}`);
    this.position += frame.name.length;
    this.skipSpaces();
    if (this.text.charCodeAt(this.position) !== GT) throw this.fail(`Opening and ending tag mismatch: ${frame.name}`);
    this.position++;
    this.close(frame);
  }

  private close(frame: Frame): void {
    this.flush(frame);
    this.stack.pop();
    this.scope.end(frame.scopeMark);
  }

  private startTag(): XmlElement {
    const tagStart = this.position;
    if (this.stack.length >= this.options.maxDepth) {
      throw new CfdiError('cfdi.xml_too_deep', `Elements are nested deeper than ${this.options.maxDepth} levels.`, this.where(tagStart));
    }
    if (++this.elements > this.options.maxElements) {
      throw new CfdiError('cfdi.xml_too_complex', `The document has more than ${this.options.maxElements} elements.`, this.where(tagStart));
    }
    this.position++;
    this.qualifiedName();
    const prefix = this.prefix;
    const local = this.local;
    const name = this.text.slice(tagStart + 1, this.position);
    const scopeMark = this.scope.begin();
    const attributes: XmlAttribute[] = [];
    const empty = this.attributes(attributes);
    const namespace = this.resolve(prefix, tagStart);
    if (attributes.length > 0) this.resolveAttributes(attributes, tagStart);
    const element: XmlElement = { namespace, prefix, local, attributes, children: [] };
    const parent = this.stack[this.stack.length - 1];
    if (parent) parent.element.children.push(element);
    const dropWhitespace = namespace !== null && this.options.ignoreWhitespaceIn.has(namespace);
    const frame: Frame = { element, name, scopeMark, dropWhitespace, pending: '' };
    this.stack.push(frame);
    if (empty) this.close(frame);
    return element;
  }

  /** Reads the attributes of a start tag through its end; true for an empty-element tag. */
  private attributes(into: XmlAttribute[]): boolean {
    const text = this.text;
    for (;;) {
      const spaced = this.skipSpaces();
      const code = text.charCodeAt(this.position);
      if (code === GT) {
        this.position++;
        return false;
      }
      if (code === SLASH) {
        if (text.charCodeAt(this.position + 1) !== GT) throw this.fail("Expected '>' after '/'");
        this.position += 2;
        return true;
      }
      if (Number.isNaN(code)) throw this.fail('Premature end of data in a start tag');
      if (!spaced) throw this.fail('Attributes must be separated by whitespace');
      const at = this.position;
      if (into.length + this.scope.declaredOnTag >= this.options.maxAttributes) {
        throw new CfdiError(
          'cfdi.xml_too_complex',
          `An element has more than ${this.options.maxAttributes} attributes and namespace declarations.`,
          this.where(at),
        );
      }
      this.qualifiedName();
      const prefix = this.prefix;
      const local = this.local;
      this.skipSpaces();
      if (text.charCodeAt(this.position) !== EQUALS) throw this.fail(`Specification mandates value for attribute ${local}`);
      this.position++;
      this.skipSpaces();
      const value = this.attributeValue();
      if (prefix === 'xmlns' || (prefix === null && local === 'xmlns')) {
        const problem = this.scope.declare(prefix === null ? '' : local, value);
        if (problem !== undefined) throw this.fail(problem, at);
      } else {
        into.push({ namespace: null, prefix, local, value });
      }
    }
  }

  /** AttValue (§2.3), normalised (§3.3.3). */
  private attributeValue(): string {
    const text = this.text;
    const quote = text.charCodeAt(this.position);
    if (quote !== QUOTE && quote !== APOSTROPHE) throw this.fail('An attribute value must start with a quote');
    const start = this.position + 1;
    const end = text.indexOf(quote === QUOTE ? '"' : "'", start);
    if (end === -1) throw this.fail('Unterminated attribute value');
    const lessThan = this.findNext(LESS_THAN_SLOT, '<', start);
    if (lessThan < end) throw this.fail("Unescaped '<' not allowed in an attribute value", lessThan);
    this.position = end + 1;
    const special = Math.min(this.findNext(AMPERSAND_SLOT, '&', start), this.findNext(TAB_SLOT, '\t', start), this.findNext(LINE_FEED_SLOT, '\n', start));
    return special < end ? this.decode(start, end, true) : text.slice(start, end);
  }

  /**
   * Source text between `start` and `end` with references resolved. In an attribute value, a
   * literal tab or LF becomes a space; what a character reference produces is kept (§3.3.3).
   */
  private decode(start: number, end: number, attribute: boolean): string {
    const text = this.text;
    let result = '';
    let from = start;
    for (;;) {
      const at = Math.min(this.findNext(AMPERSAND_SLOT, '&', from), end);
      const literal = text.slice(from, at);
      result += attribute ? literal.replace(TAB_OR_LINE_FEED, ' ') : literal;
      if (at === end) return result;
      const semicolon = text.indexOf(';', at + 1);
      if (semicolon === -1 || semicolon > end) throw this.fail("EntityRef: expecting ';'", at);
      const resolved = resolveReference(text.slice(at + 1, semicolon));
      if (typeof resolved !== 'string') throw this.fail(resolved.error, at);
      result += resolved;
      from = semicolon + 1;
    }
  }

  private resolve(prefix: string | null, at: number): string | null {
    const uri = this.scope.resolve(prefix);
    if (uri === undefined) throw this.fail(`Namespace prefix ${prefix ?? ''} is not defined`, at);
    return uri;
  }

  /** Sets each attribute's namespace and rejects two with the same expanded name (which covers the same QName). */
  private resolveAttributes(attributes: XmlAttribute[], at: number): void {
    for (const attribute of attributes) {
      if (attribute.prefix !== null) attribute.namespace = this.resolve(attribute.prefix, at);
    }
    const count = attributes.length;
    if (count > 16) {
      const seen = new Set<string>();
      for (const attribute of attributes) seen.add(`${attribute.namespace ?? ''} ${attribute.local}`);
      if (seen.size !== count) throw this.fail('Attribute redefined', at);
      return;
    }
    for (let index = 1; index < count; index++) {
      const attribute = attributes[index]!;
      for (let other = 0; other < index; other++) {
        const previous = attributes[other]!;
        if (previous.local === attribute.local && previous.namespace === attribute.namespace) {
          throw this.fail(`Attribute ${attribute.prefix ? `${attribute.prefix}:` : ''}${attribute.local} redefined`, at);
        }
      }
    }
  }
}
