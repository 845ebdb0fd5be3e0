/**
 * SOAP 1.1 plumbing shared by the simulator's services: reading a request envelope safely (the
 * engine's hardened parser: no DOCTYPE, size and depth limits), finding values by local name,
 * escaping, and answering with an envelope or a SOAP fault. Malformed requests become faults,
 * never crashes.
 */
import type { FastifyReply } from 'fastify';
import { CfdiError } from '../cfdi/errors.ts';
import { parseXml } from '../cfdi/xml/parse.ts';
import { isElement } from '../cfdi/xml/tree.ts';
import type { XmlElement } from '../cfdi/xml/tree.ts';

const SOAP11_NAMESPACE = 'http://schemas.xmlsoap.org/soap/envelope/';
/** Requests are small: a CFDI in base64 plus credentials. */
const MAX_REQUEST_BYTES = 16 * 1024 * 1024;

/** A fault the service answers instead of a result (SOAP 1.1 §4.4; HTTP 500 per §6.2). */
export class SoapFault extends Error {
  constructor(
    readonly faultCode: 'Client' | 'Server',
    message: string,
    readonly httpStatus = 500,
  ) {
    super(message);
    this.name = 'SoapFault';
  }
}

export interface SoapRequest {
  /** The first element of the Body: the operation with its parameters. */
  operation: XmlElement;
}

/** Reads a SOAP 1.1 envelope; anything else is a Client fault. */
export function parseSoapRequest(body: unknown): SoapRequest {
  if (typeof body !== 'string' || body.trim() === '') throw new SoapFault('Client', 'The request has no SOAP envelope.');
  let root: XmlElement;
  try {
    root = parseXml(body, { maxBytes: MAX_REQUEST_BYTES });
  } catch (error) {
    if (error instanceof CfdiError) throw new SoapFault('Client', `The request is not well-formed XML: ${error.message}`);
    throw error;
  }
  if (root.local !== 'Envelope' || root.namespace !== SOAP11_NAMESPACE) {
    throw new SoapFault('Client', 'The root element is not a SOAP 1.1 Envelope.');
  }
  const bodyElement = root.children.find((child): child is XmlElement => isElement(child) && child.local === 'Body' && child.namespace === SOAP11_NAMESPACE);
  const operation = bodyElement?.children.find(isElement);
  if (!operation) throw new SoapFault('Client', 'The SOAP Body is empty.');
  return { operation };
}

export function textOf(element: XmlElement): string {
  return element.children.map((child) => (isElement(child) ? textOf(child) : child.text)).join('');
}

/** First child element with this local name, whatever its namespace (clients differ there). */
export function child(element: XmlElement, local: string): XmlElement | undefined {
  return element.children.find((node): node is XmlElement => isElement(node) && node.local === local);
}

export function children(element: XmlElement, local: string): XmlElement[] {
  return element.children.filter((node): node is XmlElement => isElement(node) && node.local === local);
}

/** Trimmed text of a child parameter; '' when absent (SOAP stacks send absent and empty alike). */
export function param(element: XmlElement, local: string): string {
  const found = child(element, local);
  return found ? textOf(found).trim() : '';
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;', '\r': '&#13;' };
const ATTRIBUTE_SPECIAL = /[&<>"'\r]/g;
/** In character data only these need escaping (XML 1.0 §2.4; CR as a reference survives §2.11). */
const TEXT_SPECIAL = /[&<>\r]/g;

/** Escapes a value for an attribute (also safe, if longer, in character data). */
export function escapeXml(value: string): string {
  return value.replace(ATTRIBUTE_SPECIAL, (character) => ENTITIES[character]!);
}

/** Escapes character data: quotes stay literal, as XML serializers write them (a stamped CFDI is mostly quotes). */
function escapeText(value: string): string {
  return value.replace(TEXT_SPECIAL, (character) => ENTITIES[character]!);
}

/** `<prefix:name>escaped</prefix:name>`, or the empty form for an empty value. */
export function element(name: string, value: string | undefined): string {
  return value === undefined || value === '' ? `<${name}/>` : `<${name}>${escapeText(value)}</${name}>`;
}

export function envelope(bodyContent: string, namespaces: Record<string, string> = {}): string {
  const declarations = Object.entries({ senv: SOAP11_NAMESPACE, ...namespaces })
    .map(([prefix, uri]) => ` xmlns:${prefix}="${escapeXml(uri)}"`)
    .join('');
  return `<?xml version='1.0' encoding='UTF-8'?>\n<senv:Envelope${declarations}><senv:Body>${bodyContent}</senv:Body></senv:Envelope>`;
}

function faultEnvelope(fault: SoapFault): string {
  return envelope(`<senv:Fault><faultcode>senv:${fault.faultCode}</faultcode>${element('faultstring', fault.message)}</senv:Fault>`);
}

export function sendXml(reply: FastifyReply, xml: string, status = 200): FastifyReply {
  return reply.code(status).type('text/xml; charset=utf-8').send(xml);
}

export function sendFault(reply: FastifyReply, fault: SoapFault): FastifyReply {
  return sendXml(reply, faultEnvelope(fault), fault.httpStatus);
}

/** Runs a handler; SoapFaults and unexpected errors both become SOAP faults. */
export async function answerSoap(reply: FastifyReply, work: () => Promise<string>): Promise<FastifyReply> {
  try {
    return sendXml(reply, await work());
  } catch (error) {
    if (error instanceof SoapFault) return sendFault(reply, error);
    reply.log.error({ err: error }, 'simulator SOAP handler failed');
    return sendFault(reply, new SoapFault('Server', 'Internal error.'));
  }
}
