/**
 * In-scope namespace bindings while parsing (Namespaces in XML 1.0, §3–§6): declarations are
 * checked against the reserved prefixes and names, apply to the element that carries them and
 * its descendants, and are undone when that element ends. Lookups are one Map access, and so is
 * the check that a prefix is not declared twice on one element, however many it declares.
 */
import { isUriReference } from './uri.ts';

const XML_NAMESPACE = 'http://www.w3.org/XML/1998/namespace';
const XMLNS_NAMESPACE = 'http://www.w3.org/2000/xmlns/';

export class NamespaceScope {
  /** prefix ('' for the default namespace) → URI (null: no namespace, after xmlns=""). */
  private readonly bindings = new Map<string, string | null>([['xml', XML_NAMESPACE]]);
  /** Bindings replaced by declarations, [prefix, previous URI], undone when their element ends. */
  private readonly undo: Array<[string, string | null | undefined]> = [];
  /** The prefixes the current start tag declared. */
  private readonly onTag = new Set<string>();

  /** Starts a start tag's declarations; the mark it returns is given back to `end`. */
  begin(): number {
    if (this.onTag.size > 0) this.onTag.clear();
    return this.undo.length;
  }

  /** How many declarations the current start tag made. */
  get declaredOnTag(): number {
    return this.onTag.size;
  }

  /** Declares `prefix` ('' for xmlns="...") or returns why the declaration is not allowed. */
  declare(prefix: string, uri: string): string | undefined {
    if (prefix === 'xmlns') return 'The xmlns prefix cannot be declared';
    if (prefix === 'xml' ? uri !== XML_NAMESPACE : uri === XML_NAMESPACE || uri === XMLNS_NAMESPACE) {
      return `The prefix ${prefix || '(default)'} cannot be bound to ${uri}`;
    }
    const attribute = prefix ? `xmlns:${prefix}` : 'xmlns';
    if (prefix !== '' && uri === '') return `${attribute}: an empty namespace URI is not allowed`;
    if (!isUriReference(uri)) return `${attribute}: '${uri}' is not a valid URI`;
    if (this.onTag.has(prefix)) return `Attribute ${attribute} redefined`;
    this.onTag.add(prefix);
    this.undo.push([prefix, this.bindings.get(prefix)]);
    this.bindings.set(prefix, uri === '' ? null : uri);
    return undefined;
  }

  /** The URI of `prefix` (null: none, or no prefix and no default namespace); undefined when undeclared. */
  resolve(prefix: string | null): string | null | undefined {
    const uri = this.bindings.get(prefix ?? '');
    return uri === undefined && prefix === null ? null : uri;
  }

  /** Undoes the declarations made since `mark`. */
  end(mark: number): void {
    while (this.undo.length > mark) {
      const [prefix, previous] = this.undo.pop()!;
      if (previous === undefined) this.bindings.delete(prefix);
      else this.bindings.set(prefix, previous);
    }
  }
}
