/**
 * Calling a SOAP 1.1 service: XML-escaped request building, one transport for every SOAP client
 * of the service (the PAC and the SAT's status service), and a hardened parse of the answer (the
 * engine's parser: no DOCTYPE, size and depth limits). The transport posts over node:http(s) with
 * one keep-alive agent per transport: fetch (undici's WHATWG streams, Request/Response objects, an
 * AbortSignal per call) costs several times the CPU of a plain request for the same exchange, and
 * stamping is a PAC client's hot path. A fetch can be injected instead (tests, custom stacks). On
 * either path a call has one deadline for connecting, sending and reading the whole answer, and
 * transport problems come back as SoapCallError with a kind the provider adapters translate into
 * their own error codes.
 */
import http from 'node:http';
import https from 'node:https';
import { performance } from 'node:perf_hooks';
import { CfdiError } from '../cfdi/errors.ts';
import { parseXml } from '../cfdi/xml/parse.ts';
import { isElement } from '../cfdi/xml/tree.ts';
import type { XmlElement } from '../cfdi/xml/tree.ts';
import type { ProviderFailure } from '../platform/providers/errors.ts';

export const SOAP11_NAMESPACE = 'http://schemas.xmlsoap.org/soap/envelope/';
/** A stamped CFDI with its envelope stays far below this bound on an answer. */
const MAX_RESPONSE_BYTES = 32 * 1024 * 1024;

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

  /** How a ProviderError describes it: a fault or an HTTP error status is the service refusing the call. */
  get failure(): ProviderFailure {
    if (this.kind === 'timeout') return 'timeout';
    if (this.kind === 'network') return 'unreachable';
    if (this.kind === 'invalid_response') return 'malformed';
    return 'refused';
  }

  /** The service's own code for a refusal: its fault code, or else the HTTP status. */
  get providerCode(): string | undefined {
    if (this.kind !== 'fault' && this.kind !== 'http') return undefined;
    return this.faultCode ?? (this.httpStatus === undefined ? undefined : `HTTP ${this.httpStatus}`);
  }
}

export type FetchFunction = typeof fetch;

export interface SoapCall {
  url: string;
  /** SOAPAction header value (sent quoted, as SOAP 1.1 clients do). */
  action: string;
  /** The operation's short name for metrics (`stamp`, `consulta`); default the action. */
  operation?: string;
  /** The Body's content: the operation element with its parameters. */
  body: string;
  timeoutMs: number;
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
function soapEnvelope(body: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="${SOAP11_NAMESPACE}"><soapenv:Header/><soapenv:Body>${body}</soapenv:Body></soapenv:Envelope>`;
}

/** The Body of a SOAP 1.1 answer; a fault, a non-envelope or an HTTP error status is a SoapCallError. */
function parseEnvelope(text: string, status: number): XmlElement {
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

interface RawAnswer {
  status: number;
  text: string;
}

export interface SoapTransportOptions {
  /** A fetch to post through instead of node:http(s) with keep-alive. */
  fetch?: FetchFunction | undefined;
  /** Told of every call: its operation, `ok` or the SoapCallError kind, and its seconds (metrics). */
  recordCall?: ((operation: string, outcome: string, seconds: number) => void) | undefined;
}

export class SoapTransport {
  private readonly httpAgent = new http.Agent({ keepAlive: true });
  private readonly httpsAgent = new https.Agent({ keepAlive: true });

  constructor(private readonly options: SoapTransportOptions = {}) {}

  /** Posts one request; returns the SOAP Body of a successful answer. */
  async call(call: SoapCall): Promise<XmlElement> {
    const record = this.options.recordCall;
    if (!record) return this.exchange(call);
    const started = performance.now();
    let outcome = 'ok';
    try {
      return await this.exchange(call);
    } catch (error) {
      outcome = error instanceof SoapCallError ? error.kind : 'error';
      throw error;
    } finally {
      record(call.operation ?? call.action, outcome, (performance.now() - started) / 1000);
    }
  }

  private async exchange(call: SoapCall): Promise<XmlElement> {
    const envelope = soapEnvelope(call.body);
    const fetchFunction = this.options.fetch;
    const answer = fetchFunction ? await this.fetch(fetchFunction, call, envelope) : await this.post(call, envelope);
    return parseEnvelope(answer.text, answer.status);
  }

  /** Idle keep-alive sockets are unreferenced by node; this closes them at once. */
  close(): void {
    this.httpAgent.destroy();
    this.httpsAgent.destroy();
  }

  private async fetch(fetchFunction: FetchFunction, call: SoapCall, envelope: string): Promise<RawAnswer> {
    try {
      const response = await fetchFunction(call.url, {
        method: 'POST',
        headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: `"${call.action}"` },
        body: envelope,
        signal: AbortSignal.timeout(call.timeoutMs),
      });
      return { status: response.status, text: await response.text() };
    } catch (error) {
      const name = (error as { name?: string }).name;
      if (name === 'TimeoutError' || name === 'AbortError') {
        throw new SoapCallError('timeout', `No answer from ${call.url} within ${call.timeoutMs} ms.`);
      }
      throw new SoapCallError('network', `Could not reach ${call.url}: ${(error as Error).message}`);
    }
  }

  private post(call: SoapCall, envelope: string): Promise<RawAnswer> {
    const { url, action, timeoutMs } = call;
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return Promise.reject(new SoapCallError('network', `Could not reach ${url}: invalid URL.`));
    }
    const secure = target.protocol === 'https:';
    if (!secure && target.protocol !== 'http:')
      return Promise.reject(new SoapCallError('network', `Could not reach ${url}: unsupported protocol ${target.protocol}`));
    const payload = Buffer.from(envelope, 'utf8');
    return new Promise<RawAnswer>((resolve, reject) => {
      let settled = false;
      const fail = (error: SoapCallError) => {
        if (settled) return;
        settled = true;
        clearTimeout(deadline);
        request.destroy();
        reject(error);
      };
      const options = {
        method: 'POST',
        agent: secure ? this.httpsAgent : this.httpAgent,
        headers: { 'content-type': 'text/xml; charset=utf-8', 'content-length': payload.length, soapaction: `"${action}"` },
      };
      const request = (secure ? https : http).request(target, options, (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_RESPONSE_BYTES)
            fail(new SoapCallError('invalid_response', `The answer from ${url} exceeds ${MAX_RESPONSE_BYTES} bytes.`, response.statusCode));
          else chunks.push(chunk);
        });
        response.on('end', () => {
          if (settled) return;
          settled = true;
          clearTimeout(deadline);
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks, size).toString('utf8') });
        });
        response.on('error', (error) => fail(new SoapCallError('network', `Could not reach ${url}: ${error.message}`)));
      });
      // One deadline for connecting, sending and reading the whole answer, as AbortSignal.timeout gives fetch.
      const deadline = setTimeout(() => fail(new SoapCallError('timeout', `No answer from ${url} within ${timeoutMs} ms.`)), timeoutMs);
      request.on('error', (error) => fail(new SoapCallError('network', `Could not reach ${url}: ${error.message}`)));
      request.end(payload);
    });
  }
}
