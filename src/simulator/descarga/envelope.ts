/**
 * Parsing of incoming SOAP 1.1 envelopes for the bulk download services, kept as a libxml2
 * document (not a plain tree) because XML-DSig verification needs canonicalization (C14N) of the
 * signed subtrees. Untrusted input: DOCTYPE refused before libxml2 sees it, no network, no
 * external entities; the caller must always dispose the document.
 */
import type { XmlDocument, XmlElement } from 'libxml2-wasm';
import { childElement, elementChildren, openDocument } from '../../cfdi/xml/libxml2-document.ts';

export const SOAP_NAMESPACE = 'http://schemas.xmlsoap.org/soap/envelope/';
export const WSSE_NAMESPACE = 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd';
export const WSU_NAMESPACE = 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-utility-1.0.xsd';
/** Namespace of Autentica (the authentication contract lacks the ".sat" of the others). */
export const AUTH_NAMESPACE = 'http://DescargaMasivaTerceros.gob.mx';
export const DESCARGA_NAMESPACE = 'http://DescargaMasivaTerceros.sat.gob.mx';

export interface SoapEnvelope {
  document: XmlDocument;
  header: XmlElement | undefined;
  /** The first element child of s:Body: the operation (e.g. des:SolicitaDescargaEmitidos). */
  operation: XmlElement | undefined;
  dispose(): void;
}

export type EnvelopeFailure = 'not_xml' | 'not_soap';

/** Parses a request body as a SOAP 1.1 envelope; failures come back as data, never thrown. */
export function parseEnvelope(text: string): SoapEnvelope | EnvelopeFailure {
  let document: XmlDocument;
  try {
    document = openDocument(text);
  } catch {
    return 'not_xml';
  }
  const envelope = document.root;
  if (envelope.name !== 'Envelope' || envelope.namespaceUri !== SOAP_NAMESPACE) {
    document.dispose();
    return 'not_soap';
  }
  const header = childElement(envelope, SOAP_NAMESPACE, 'Header');
  const body = childElement(envelope, SOAP_NAMESPACE, 'Body');
  if (body === undefined) {
    document.dispose();
    return 'not_soap';
  }
  return { document, header, operation: elementChildren(body)[0], dispose: () => document.dispose() };
}

/** Every unprefixed attribute as a name → value map. */
export function attributes(element: XmlElement): Map<string, string> {
  const result = new Map<string, string>();
  for (const item of element.attrs) if (!item.namespaceUri) result.set(item.name, item.value);
  return result;
}
