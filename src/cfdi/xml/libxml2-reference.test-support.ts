/**
 * The reference the XML parser is tested against: libxml2 (through libxml2-wasm) parsing the same
 * text with network and entity loading off, its tree converted to XmlElement the way the engine
 * did before it had its own parser. Tests only: every libxml2 call crosses into WebAssembly.
 */
import { ParseOption, XmlCData, XmlDocument, XmlElement as LibxmlElement, XmlParseError, XmlText as LibxmlText } from 'libxml2-wasm';
import type { XmlTreeNode } from 'libxml2-wasm';
import type { XmlElement } from './tree.ts';

export type ReferenceResult =
  | { ok: true; root: XmlElement }
  | { ok: false; message: string }
  /** libxml2-wasm 0.7 cannot walk past a processing instruction inside an element. */
  | { ok: 'unreadable' };

const OPTIONS = ParseOption.XML_PARSE_NONET | ParseOption.XML_PARSE_NO_XXE;

class UnreadableTree extends Error {}

function convert(source: LibxmlElement): XmlElement {
  const element: XmlElement = {
    namespace: source.namespaceUri || null,
    prefix: source.prefix || null,
    local: source.name,
    attributes: source.attrs.map((attribute) => ({
      namespace: attribute.namespaceUri || null,
      prefix: attribute.prefix || null,
      local: attribute.name,
      value: attribute.value,
    })),
    children: [],
  };
  let pending = '';
  for (let child: XmlTreeNode | null = source.firstChild; child !== null; child = child.next) {
    if (child === undefined) throw new UnreadableTree();
    if (child instanceof LibxmlElement) {
      if (pending !== '') element.children.push({ text: pending });
      pending = '';
      element.children.push(convert(child));
    } else if (child instanceof LibxmlText || child instanceof XmlCData) {
      pending += child.content;
    }
  }
  if (pending !== '') element.children.push({ text: pending });
  return element;
}

/** libxml2's verdict on `text` (parsed as UTF-8), with its tree when it is well-formed. */
export function referenceParse(text: string): ReferenceResult {
  let document: XmlDocument;
  try {
    document = XmlDocument.fromBuffer(new TextEncoder().encode(text), { option: OPTIONS, encoding: 'utf-8' });
  } catch (error) {
    if (error instanceof XmlParseError) return { ok: false, message: error.message };
    throw error;
  }
  try {
    if (document.dtd !== null) return { ok: false, message: 'DOCTYPE' };
    return { ok: true, root: convert(document.root) };
  } catch (error) {
    if (error instanceof UnreadableTree) return { ok: 'unreadable' };
    throw error;
  } finally {
    document.dispose();
  }
}
