/**
 * SOAP 1.1 calls over node:http(s) with one keep-alive agent per client. The PAC adapter sends
 * every stamp through here: fetch (undici's WHATWG streams, Request/Response objects, an
 * AbortSignal per call) costs several times the CPU of a plain request for the same exchange, and
 * stamping is a PAC client's hot path. Same contract as callSoap in ../soap-client.ts (which stays
 * the path for an injected fetch): a hard deadline for the whole exchange, transport failures as
 * SoapCallError kinds, the answer read by the engine's hardened parser, faults raised as faults.
 */
import http from 'node:http';
import https from 'node:https';
import type { XmlElement } from '../../cfdi/xml/tree.ts';
import { MAX_RESPONSE_BYTES, parseEnvelope, SoapCallError, soapEnvelope } from '../soap-client.ts';
import type { SoapCall } from '../soap-client.ts';


interface RawAnswer {
  status: number;
  text: string;
}

export class SoapTransport {
  private readonly httpAgent = new http.Agent({ keepAlive: true });
  private readonly httpsAgent = new https.Agent({ keepAlive: true });

  /** Posts one request; returns the SOAP Body of a successful answer. */
  async call(call: Omit<SoapCall, 'fetch'>): Promise<XmlElement> {
    const envelope = soapEnvelope(call.body);
    const answer = await this.post(call.url, call.action, envelope, call.timeoutMs);
    return parseEnvelope(answer.text, answer.status);
  }

  /** Idle keep-alive sockets are unreferenced by node; this closes them at once. */
  close(): void {
    this.httpAgent.destroy();
    this.httpsAgent.destroy();
  }

  private post(url: string, action: string, envelope: string, timeoutMs: number): Promise<RawAnswer> {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return Promise.reject(new SoapCallError('network', `Could not reach ${url}: invalid URL.`));
    }
    const secure = target.protocol === 'https:';
    if (!secure && target.protocol !== 'http:') return Promise.reject(new SoapCallError('network', `Could not reach ${url}: unsupported protocol ${target.protocol}`));
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
          if (size > MAX_RESPONSE_BYTES) fail(new SoapCallError('invalid_response', `The answer from ${url} exceeds ${MAX_RESPONSE_BYTES} bytes.`, response.statusCode));
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
