/**
 * Errors raised by the pure CFDI engine: data with a stable code, mapped to HTTP at the edge.
 */

export type CfdiErrorCode =
  /** The XML is not well-formed (syntax error, truncation, undeclared entity or prefix). */
  | 'cfdi.parse_error'
  /** Well-formed XML whose CFDI structure is broken (missing required node, bad nesting). */
  | 'cfdi.malformed_xml'
  /** The root is not a CFDI 4.0 cfdi:Comprobante (e.g. CFDI 3.3/3.2 or another document). */
  | 'cfdi.not_comprobante'
  /** The input exceeds the configured maximum size in bytes. */
  | 'cfdi.xml_too_large'
  /** Elements are nested deeper than the configured maximum depth. */
  | 'cfdi.xml_too_deep'
  /** More elements in the document, or attributes or namespace declarations on one element, than the limits allow. */
  | 'cfdi.xml_too_complex'
  /** A DOCTYPE declaration was found; CFDI never needs one and it enables entity attacks. */
  | 'cfdi.doctype_forbidden'
  /** The input bytes are not valid UTF-8 (CFDI is always UTF-8). */
  | 'cfdi.invalid_encoding'
  /** A value holds a character XML 1.0 cannot represent (e.g. U+0000–U+001F except tab/LF/CR). */
  | 'cfdi.invalid_xml_char';

export class CfdiError extends Error {
  readonly code: CfdiErrorCode;
  /** Where the problem is, e.g. `/cfdi:Comprobante/cfdi:Emisor/@Rfc` or `line 3, column 10`. */
  readonly path?: string;

  constructor(code: CfdiErrorCode, message: string, path?: string) {
    super(message);
    this.name = 'CfdiError';
    this.code = code;
    if (path !== undefined) this.path = path;
  }
}

export function isCfdiError(error: unknown): error is CfdiError {
  return error instanceof CfdiError;
}
