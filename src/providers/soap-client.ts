/**
 * Calling a SOAP 1.1 service over fetch: XML-escaped request building, a hard timeout
 * (AbortSignal.timeout), and a hardened parse of the answer (the engine's libxml2 parser: no
 * DOCTYPE, size and depth limits). Transport problems come back as SoapCallError with a kind the
 * provider adapters translate into their own error codes.
 */
import { CfdiError } from '../cfdi/errors.ts';
import { parseXml } from '../cfdi/xml/parse.ts';
import { isElement } from '../cfdi/xml/tree.ts';
import type { XmlElement } from '../cfdi/xml/tree.ts';

export const SOAP11_NAMESPACE = 'http://schemas.xmlsoap.org/soap/envelope/';
/** A stamped CFDI with its envelope stays far below this bound on an answer. */
export const MAX_RESPONSE_BYTES = 32 * 1024 * 1024;

export type SoapCallFailure = 'timeout' | 'network' | 'fault' | 'http' | 'invalid_response';

export class SoapCallError extends Error {
  override readonly name = 'SoapCallError';
  constructor(
    readonly kind: SoapCallFailure,
    message: string,
    readonly httpStatus?: number,
    readonly faultCode?: string,
  ) {
    super(message);
  }
}

export type FetchFunction = typeof fetch;

export interface SoapCall {
  url: string;
  /** SOAPAction header value (sent quoted, as SOAP 1.1 clients do). */
  action: string;
  /** The Body's content: the operation element with its parameters. */
  body: string;
  timeoutMs: number;
  fetch?: FetchFunction;
}

export function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;').replace(/\r/g, '&#13;');
}

/** `<name>escaped</name>` for each defined value (undefined parameters are left out). */
export function parameters(prefix: string, values: Record<string, string | undefined>): string {
  return Object.entries(values)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => `<${prefix}${name}>${escapeXml(value)}</${prefix}${name}>`)
    .join('');
}

export function textOf(element: XmlElement): string {
  return element.children.map((node) => (isElement(node) ? textOf(node) : node.text)).join('');
}

/** Depth-first search for the first element with this local name (namespaces differ between stacks). */
export function findElement(root: XmlElement, local: string): XmlElement | undefined {
  for (const node of root.children) {
    if (!isElement(node)) continue;
    if (node.local === local) return node;
    const found = findElement(node, local);
    if (found) return found;
  }
  return undefined;
}

export function childElements(element: XmlElement, local?: string): XmlElement[] {
  return element.children.filter((node): node is XmlElement => isElement(node) && (local === undefined || node.local === local));
}

/** Trimmed text of the first descendant with this local name; '' when absent. */
export function childText(root: XmlElement, local: string): string {
  const found = findElement(root, local);
  return found ? textOf(found).trim() : '';
}

/** A SOAP 1.1 request envelope around `body`. */
export function soapEnvelope(body: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="${SOAP11_NAMESPACE}"><soapenv:Header/><soapenv:Body>${body}</soapenv:Body></soapenv:Envelope>`;
}

/** The Body of a SOAP 1.1 answer; a fault, a non-envelope or an HTTP error status is a SoapCallError. */
export function parseEnvelope(text: string, status: number): XmlElement {
  let root: XmlElement;
  try {
    root = parseXml(text, { maxBytes: MAX_RESPONSE_BYTES });
  } catch (error) {
    if (!(error instanceof CfdiError)) throw error;
    throw new SoapCallError(status >= 400 ? 'http' : 'invalid_response', `The answer (HTTP ${status}) is not XML: ${error.message}`, status);
  }
  if (root.local !== 'Envelope' || root.namespace !== SOAP11_NAMESPACE) {
    throw new SoapCallError(status >= 400 ? 'http' : 'invalid_response', `The answer (HTTP ${status}) is not a SOAP 1.1 envelope.`, status);
  }
  const body = childElements(root, 'Body')[0];
  const fault = body && childElements(body, 'Fault')[0];
  if (fault) {
    throw new SoapCallError('fault', `SOAP fault ${childText(fault, 'faultcode')}: ${childText(fault, 'faultstring')}`, status, childText(fault, 'faultcode'));
  }
  if (!body || status >= 400) throw new SoapCallError('http', `The service answered HTTP ${status} without a result.`, status);
  return body;
}

/** Posts one request; returns the SOAP Body of a successful answer. */
export async function callSoap(call: SoapCall): Promise<XmlElement> {
  const envelope = soapEnvelope(call.body);
  let response: Response;
  let text: string;
  try {
    response = await (call.fetch ?? fetch)(call.url, {
      method: 'POST',
      headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: `"${call.action}"` },
      body: envelope,
      signal: AbortSignal.timeout(call.timeoutMs),
    });
    text = await response.text();
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name === 'TimeoutError' || name === 'AbortError') {
      throw new SoapCallError('timeout', `No answer from ${call.url} within ${call.timeoutMs} ms.`);
    }
    throw new SoapCallError('network', `Could not reach ${call.url}: ${(error as Error).message}`);
  }
  return parseEnvelope(text, response.status);
}
