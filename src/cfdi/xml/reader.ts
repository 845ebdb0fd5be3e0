/**
 * Strict readers from an XmlElement into plain objects, used to build the CFDI model. Every
 * structural problem becomes `cfdi.malformed_xml` with an XPath-like location.
 */
import { CfdiError } from '../errors.ts';
import { attributeValue, isElement } from './tree.ts';
import type { XmlElement } from './tree.ts';

export function malformed(message: string, path: string): CfdiError {
  return new CfdiError('cfdi.malformed_xml', `${message} (at ${path}).`, path);
}

/**
 * Reads the listed unprefixed attributes; absent optional ones stay undefined. Attributes the
 * schema does not list are ignored: the cadena original never reads them.
 */
export function readAttributes<K extends string>(element: XmlElement, path: string, order: readonly K[], required: readonly K[]): Record<K, string> {
  const result: Partial<Record<K, string>> = {};
  for (const name of order) {
    const value = attributeValue(element, name);
    if (value !== undefined) result[name] = value;
  }
  for (const name of required) {
    if (result[name] === undefined) throw malformed(`Required attribute ${name} is missing`, `${path}/@${name}`);
  }
  return result as Record<K, string>;
}

/** Child elements grouped by local name; any child outside `allowed` (or any text) is an error. */
export class Children {
  private readonly groups = new Map<string, XmlElement[]>();

  constructor(
    element: XmlElement,
    readonly path: string,
    readonly namespace: string,
    readonly prefix: string,
    allowed: readonly string[],
  ) {
    for (const child of element.children) {
      if (!isElement(child)) {
        if (child.text.trim() === '') continue;
        throw malformed('Unexpected text content', path);
      }
      if (child.namespace !== namespace || !allowed.includes(child.local)) {
        throw malformed(`Unexpected element ${child.prefix ? `${child.prefix}:` : ''}${child.local}`, path);
      }
      const group = this.groups.get(child.local);
      if (group) group.push(child);
      else this.groups.set(child.local, [child]);
    }
  }

  /** All children with this local name, with their own paths. */
  all(local: string): Array<{ element: XmlElement; path: string }> {
    const group = this.groups.get(local) ?? [];
    return group.map((element, index) => ({
      element,
      path: group.length === 1 ? `${this.path}/${this.prefix}:${local}` : `${this.path}/${this.prefix}:${local}[${index + 1}]`,
    }));
  }

  /** At most one child with this local name. */
  optional(local: string): { element: XmlElement; path: string } | undefined {
    const group = this.all(local);
    if (group.length > 1) throw malformed(`Element ${this.prefix}:${local} appears ${group.length} times`, this.path);
    return group[0];
  }

  required(local: string): { element: XmlElement; path: string } {
    const found = this.optional(local);
    if (!found) throw malformed(`Required element ${this.prefix}:${local} is missing`, this.path);
    return found;
  }

  /** Maps each child with this local name; undefined when there is none (never an empty array). */
  map<T>(local: string, read: (element: XmlElement, path: string) => T): T[] | undefined {
    const group = this.all(local);
    return group.length === 0 ? undefined : group.map(({ element, path }) => read(element, path));
  }
}
