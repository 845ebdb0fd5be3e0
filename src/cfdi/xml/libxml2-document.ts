/**
 * Untrusted XML as a libxml2 document, for the work that needs libxml2's own tree rather than the
 * engine's parser (`parse.ts`): XML-DSig canonicalization and the SOAP requests the simulator
 * verifies. A DOCTYPE is refused before libxml2 sees the text; libxml2 parses with network access
 * and external entities off. The caller disposes the document.
 *
 * libxml2-wasm awaits its WebAssembly at the top level, so a module that a worker-thread task
 * loads must not import this file (see `../xsd/schema-check.ts`).
 */
import { ParseOption, XmlDocument, XmlElement } from 'libxml2-wasm';
import type { XmlTreeNode } from 'libxml2-wasm';
import { assertNoDoctype } from './parse.ts';

const PARSE_OPTIONS = ParseOption.XML_PARSE_NONET | ParseOption.XML_PARSE_NO_XXE;

/** Parses `xml`; throws CfdiError for a DOCTYPE and libxml2's error for anything malformed. */
export function openDocument(xml: string): XmlDocument {
  assertNoDoctype(Buffer.from(xml.slice(0, 4096), 'utf8'));
  return XmlDocument.fromString(xml, { option: PARSE_OPTIONS });
}

export function elementChildren(element: XmlElement): XmlElement[] {
  const children: XmlElement[] = [];
  for (let child: XmlTreeNode | null = element.firstChild; child !== null; child = child.next) {
    if (child instanceof XmlElement) children.push(child);
  }
  return children;
}

export function childElement(element: XmlElement, namespace: string, local: string): XmlElement | undefined {
  return elementChildren(element).find((child) => child.name === local && child.namespaceUri === namespace);
}

/** Value of an unprefixed attribute, or undefined. */
export function attribute(element: XmlElement, name: string): string | undefined {
  return element.attrs.find((item) => item.name === name && !item.namespaceUri)?.value;
}
