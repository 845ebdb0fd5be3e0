/**
 * Serializes an XmlElement tree to an XML 1.0 string (to be encoded as UTF-8).
 *
 * Every namespace used anywhere in the tree is declared once on the root (the SAT's convention
 * for CFDI); a prefix bound to two different URIs in different subtrees is redeclared locally
 * where needed, so any tree serializes to namespace-well-formed XML.
 */
import { CfdiError } from '../errors.ts';
import { isElement, qualifiedName } from './tree.ts';
import type { XmlElement } from './tree.ts';

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';

const XML_NAMESPACE = 'http://www.w3.org/XML/1998/namespace';

/** Characters XML 1.0 cannot carry at all, not even as character references. */
const FORBIDDEN_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const ATTRIBUTE_SPECIAL = /[&<>"\t\n\r]/g;
const TEXT_SPECIAL = /[&<>\r]/g;
const REPLACEMENTS: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  // Tab, LF and CR as character references: literal ones would be turned into spaces by
  // attribute-value normalisation (XML 1.0 §3.3.3) or into LF by end-of-line handling (§2.11).
  '\t': '&#9;',
  '\n': '&#10;',
  '\r': '&#13;',
};

function checkCharacters(value: string): void {
  if (FORBIDDEN_CHARACTER.test(value)) {
    const index = value.search(FORBIDDEN_CHARACTER);
    const code = value.charCodeAt(index).toString(16).toUpperCase().padStart(4, '0');
    throw new CfdiError('cfdi.invalid_xml_char', `U+${code} cannot be represented in XML 1.0.`);
  }
}

export function escapeAttribute(value: string): string {
  checkCharacters(value);
  return value.replace(ATTRIBUTE_SPECIAL, (character) => REPLACEMENTS[character] ?? character);
}

export function escapeText(value: string): string {
  checkCharacters(value);
  return value.replace(TEXT_SPECIAL, (character) => REPLACEMENTS[character] ?? character);
}

/** prefix ('' = default namespace) → namespace URI ('' = no namespace). */
type Scope = Map<string, string>;

function usedBindings(element: XmlElement): Array<[string, string]> {
  const bindings: Array<[string, string]> = [[element.prefix ?? '', element.namespace ?? '']];
  for (const attribute of element.attributes) {
    if (attribute.prefix && attribute.namespace !== XML_NAMESPACE) {
      bindings.push([attribute.prefix, attribute.namespace ?? '']);
    }
  }
  return bindings;
}

/** Prefixed bindings hoisted to the root: every prefix used with a single URI in the tree. */
function rootBindings(root: XmlElement): Array<[string, string]> {
  const seen = new Map<string, string>();
  const ambiguous = new Set<string>();
  const visit = (element: XmlElement): void => {
    for (const [prefix, uri] of usedBindings(element)) {
      if (prefix === '' || uri === '') continue;
      const previous = seen.get(prefix);
      if (previous === undefined) seen.set(prefix, uri);
      else if (previous !== uri) ambiguous.add(prefix);
    }
    for (const child of element.children) if (isElement(child)) visit(child);
  };
  visit(root);
  // The root's own bindings always win at the root, even when the prefix is reused elsewhere.
  for (const [prefix, uri] of usedBindings(root)) {
    if (prefix !== '' && uri !== '') {
      seen.set(prefix, uri);
      ambiguous.delete(prefix);
    }
  }
  return [...seen].filter(([prefix]) => !ambiguous.has(prefix));
}

function declaration(prefix: string, uri: string): string {
  const name = prefix === '' ? 'xmlns' : `xmlns:${prefix}`;
  return ` ${name}="${escapeAttribute(uri)}"`;
}

function writeElement(element: XmlElement, inherited: Scope, hoisted: Array<[string, string]>, out: string[]): void {
  let scope = inherited;
  let declarations = '';
  if (hoisted.length > 0) scope = new Map(inherited);
  for (const [prefix, uri] of hoisted) {
    scope.set(prefix, uri);
    declarations += declaration(prefix, uri);
  }
  for (const [prefix, uri] of usedBindings(element)) {
    if ((scope.get(prefix) ?? '') === uri) continue;
    if (prefix !== '' && uri === '') {
      throw new CfdiError('cfdi.invalid_xml_char', `Prefix "${prefix}" has no namespace URI.`);
    }
    if (scope === inherited) scope = new Map(inherited);
    scope.set(prefix, uri);
    declarations += declaration(prefix, uri);
  }
  const name = qualifiedName(element);
  let attributes = '';
  for (const attribute of element.attributes) {
    attributes += ` ${qualifiedName(attribute)}="${escapeAttribute(attribute.value)}"`;
  }
  if (element.children.length === 0) {
    out.push(`<${name}${declarations}${attributes}/>`);
    return;
  }
  out.push(`<${name}${declarations}${attributes}>`);
  for (const child of element.children) {
    if (isElement(child)) writeElement(child, scope, [], out);
    else out.push(escapeText(child.text));
  }
  out.push(`</${name}>`);
}

export interface SerializeOptions {
  /** Prepend `<?xml version="1.0" encoding="UTF-8"?>` (default true). */
  declaration?: boolean;
}

export function serializeXml(root: XmlElement, options: SerializeOptions = {}): string {
  const out: string[] = [];
  if (options.declaration ?? true) out.push(XML_DECLARATION, '\n');
  writeElement(root, new Map([['', '']]), rootBindings(root), out);
  return out.join('');
}
