/**
 * A minimal ordered XML element tree: enough for CFDI documents and for carrying foreign
 * complements/addenda verbatim. Attribute and child order are kept as they appear.
 */

/** One attribute. `namespace` is null for unprefixed attributes (all CFDI attributes). */
export interface XmlAttribute {
  namespace: string | null;
  prefix: string | null;
  local: string;
  value: string;
}

/** Character data inside an element (only kept where it is not whitespace-only). */
interface XmlText {
  text: string;
}

export interface XmlElement {
  namespace: string | null;
  prefix: string | null;
  local: string;
  attributes: XmlAttribute[];
  children: XmlNode[];
}

export type XmlNode = XmlElement | XmlText;

export function isElement(node: XmlNode): node is XmlElement {
  return (node as XmlElement).local !== undefined;
}

/** The qualified name as written in the document (`prefix:local` or `local`). */
export function qualifiedName(node: { prefix: string | null; local: string }): string {
  return node.prefix ? `${node.prefix}:${node.local}` : node.local;
}

/** Value of an unprefixed attribute, or undefined when absent. */
export function attributeValue(element: XmlElement, local: string): string | undefined {
  for (const attribute of element.attributes) {
    if (attribute.local === local && attribute.namespace === null) return attribute.value;
  }
  return undefined;
}

/** Child elements in document order, optionally filtered by namespace and local name. */
export function childElements(element: XmlElement, namespace?: string, local?: string): XmlElement[] {
  const result: XmlElement[] = [];
  for (const child of element.children) {
    if (!isElement(child)) continue;
    if (namespace !== undefined && child.namespace !== namespace) continue;
    if (local !== undefined && child.local !== local) continue;
    result.push(child);
  }
  return result;
}
