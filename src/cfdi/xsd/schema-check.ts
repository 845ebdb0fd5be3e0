/**
 * Structure of a CFDI 4.0 against the SAT's XSD files, with libxml2 (WebAssembly): the
 * Comprobante with cfdv40.xsd and each complemento with its own schema. The schema files are
 * handed in (the engine reads no files); they are served to libxml2 from memory under a private
 * URL scheme, so a schema can import only the files it was given.
 *
 * cfdv40.xsd lets cfdi:Complemento and cfdi:Addenda hold any element, checked strictly. The SAT
 * does not look inside an Addenda (a retailer's own elements, of any namespace or none), and a
 * complemento whose schema is not among the files cannot be checked: a non-empty Addenda is taken
 * out of libxml2's copy whole, so the document is checked exactly as it would be without it, and
 * such a complemento is taken out with a warning. An empty Addenda stays: cfdv40.xsd requires at
 * least one element in it.
 *
 * Only documents that the engine's own parser accepted reach libxml2 (no DOCTYPE, no entities,
 * bounded size, depth and element count), parsed with network access and entity substitution off.
 *
 * libxml2-wasm is loaded with a dynamic import: it awaits its WebAssembly at the top level, which
 * a worker thread's `require` (how the pool loads TypeScript tasks on Node 20) cannot do.
 */
type Libxml2 = typeof import('libxml2-wasm');
import type { XmlDocument, XmlElement, XmlTreeNode, XsdValidator } from 'libxml2-wasm';
import { REMEDIATIONS } from '../rules/codes.ts';
import type { ValidationIssue } from '../rules/types.ts';

const SCHEME = 'cfdi-xsd:';
const CFDI40_NAMESPACE = 'http://www.sat.gob.mx/cfd/4';

/** A complemento namespace and where its schema is among the files. */
export interface SchemaEntry {
  namespace: string;
  /** Path of the XSD inside the files, e.g. `sitio_internet/cfd/4/cfdv40.xsd`. */
  location: string;
}

export interface SchemaCheckResult {
  errors: ValidationIssue[];
  warnings: ValidationIssue[];
}

// libxml2 keeps one table of input providers per process (per worker thread): the first checker
// registers the in-memory reader and every checker adds its files to it.
const files = new Map<string, Uint8Array>();
const open = new Map<number, { bytes: Uint8Array; offset: number }>();
let nextHandle = 1;
let registered = false;

function registerProvider(libxml2: Libxml2): void {
  if (registered) return;
  registered = libxml2.xmlRegisterInputProvider({
    match: (name) => name.startsWith(SCHEME),
    open: (name) => {
      const bytes = files.get(pathOf(name));
      if (!bytes) return undefined;
      const handle = nextHandle++;
      open.set(handle, { bytes, offset: 0 });
      return handle;
    },
    read: (handle, buffer) => {
      const file = open.get(handle as number);
      if (!file) return -1;
      const count = Math.min(buffer.byteLength, file.bytes.length - file.offset);
      buffer.set(file.bytes.subarray(file.offset, file.offset + count));
      file.offset += count;
      return count;
    },
    close: (handle) => open.delete(handle as number),
  });
}

/** `cfdi-xsd:///a/b/../c.xsd` → `a/c.xsd` (libxml2 resolves relative imports against the URL). */
function pathOf(url: string): string {
  try {
    return decodeURIComponent(new URL(url).pathname).replace(/^\/+/, '');
  } catch {
    return '';
  }
}

const attributePattern = /attribute '([^']+)'/;

/** libxml2's message without its element prefix and trailing newline, in the engine's words. */
function messageOf(detail: { message: string }): string {
  return detail.message
    .trim()
    .replace(/\{http:\/\/www\.sat\.gob\.mx\/cfd\/4\}/g, 'cfdi:')
    .replace(/^Element '([^']+)'(, attribute '[^']+')?: /, (_match, element: string, attribute?: string) => `${element}${attribute ?? ''}: `);
}

function elementsOf(libxml2: Libxml2, parent: XmlElement): XmlElement[] {
  const elements: XmlElement[] = [];
  for (let node: XmlTreeNode | null = parent.firstChild; node; node = node.next) if (node instanceof libxml2.XmlElement) elements.push(node);
  return elements;
}

export class SchemaChecker {
  private readonly known: Set<string>;

  private constructor(
    private readonly libxml2: Libxml2,
    private readonly validator: XsdValidator,
    entries: readonly SchemaEntry[],
  ) {
    this.known = new Set(entries.map((entry) => entry.namespace));
  }

  /**
   * @param schemaFiles every XSD the entries need (and the files they import), by path.
   * @param entries the Comprobante's schema and each complemento's.
   */
  static async create(schemaFiles: ReadonlyMap<string, Uint8Array>, entries: readonly SchemaEntry[]): Promise<SchemaChecker> {
    const libxml2 = await import('libxml2-wasm');
    registerProvider(libxml2);
    for (const [path, bytes] of schemaFiles) files.set(path.replace(/^\/+/, ''), bytes);
    const imports = entries.map((entry) => `<xs:import namespace="${entry.namespace}" schemaLocation="${entry.location}"/>`).join('');
    const bundle = libxml2.XmlDocument.fromString(`<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">${imports}</xs:schema>`, {
      url: `${SCHEME}///bundle.xsd`,
    });
    try {
      return new SchemaChecker(libxml2, libxml2.XsdValidator.fromDoc(bundle), entries);
    } finally {
      bundle.dispose();
    }
  }

  /** Namespaces whose schema this checker holds. */
  get namespaces(): ReadonlySet<string> {
    return this.known;
  }

  /** Checks a document the engine's parser has already accepted. */
  check(xml: Uint8Array): SchemaCheckResult {
    const errors: ValidationIssue[] = [];
    const warnings: ValidationIssue[] = [];
    let document: XmlDocument;
    try {
      document = this.libxml2.XmlDocument.fromBuffer(xml, { option: this.libxml2.ParseOption.XML_PARSE_NONET | this.libxml2.ParseOption.XML_PARSE_NO_XXE });
    } catch (error) {
      if (!(error instanceof this.libxml2.XmlLibError)) throw error;
      errors.push({
        code: 'cfdi.parse_error',
        path: '/',
        message: messageOf(error.details[0] ?? { message: error.message }),
        remediation: REMEDIATIONS['cfdi.parse_error'],
      });
      return { errors, warnings };
    }
    try {
      this.prune(document.root, warnings);
      try {
        this.validator.validate(document);
      } catch (error) {
        if (!(error instanceof this.libxml2.XmlValidateError)) throw error;
        for (const detail of error.details) {
          const attribute = attributePattern.exec(detail.message)?.[1];
          const base = detail.xpath && detail.xpath.length > 0 ? detail.xpath : `line ${detail.line}`;
          errors.push({
            code: 'cfdi.malformed_xml',
            path: attribute ? `${base}/@${attribute}` : base,
            message: messageOf(detail),
            remediation: REMEDIATIONS['cfdi.malformed_xml'],
          });
        }
      }
    } finally {
      document.dispose();
    }
    return { errors, warnings };
  }

  /** Takes a non-empty Addenda and complementos without a schema here out of libxml2's copy. */
  private prune(root: XmlElement, warnings: ValidationIssue[]): void {
    if (root.namespaceUri !== CFDI40_NAMESPACE) return;
    for (const child of elementsOf(this.libxml2, root)) {
      if (child.namespaceUri !== CFDI40_NAMESPACE) continue;
      if (child.name === 'Addenda') {
        // Emptying it instead would leave an Addenda the XSD refuses ("Missing child element(s)").
        if (elementsOf(this.libxml2, child).length > 0) child.remove();
      } else if (child.name === 'Complemento') {
        elementsOf(this.libxml2, child).forEach((inner, index) => {
          if (this.known.has(inner.namespaceUri)) return;
          warnings.push({
            code: 'cfdi.complement_schema_unavailable',
            path: `/cfdi:Comprobante/cfdi:Complemento/*[${index + 1}]`,
            message: `The complemento ${inner.name} (${inner.namespaceUri || 'no namespace'}) was not checked against an XSD: its schema is not one the service holds.`,
            remediation: REMEDIATIONS['cfdi.complement_schema_unavailable'],
          });
          inner.remove();
        });
      }
    }
  }

  dispose(): void {
    this.validator.dispose();
  }
}
