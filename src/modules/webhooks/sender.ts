import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { ResolvedAddress } from './url-guard.ts';

interface SendRequest {
  url: URL;
  /** The checked address to connect to; the host name is never resolved again. */
  target: ResolvedAddress;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  maxResponseBytes: number;
  /** Aborting drops the connection at once (the dispatcher stopping abruptly). */
  signal?: AbortSignal;
}

type SendResult = { ok: true; status: number; body: string } | { ok: false; error: string };

export interface Sender {
  send(request: SendRequest): Promise<SendResult>;
  close(): void;
}

/** A lookup that answers with the address already checked, whatever the host name (no rebinding). */
function pinnedLookup(target: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all) {
      (callback as unknown as (error: null, addresses: { address: string; family: number }[]) => void)(null, [target]);
    } else {
      callback(null, target.address, target.family);
    }
  };
}

function describeError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  const message = error instanceof Error ? error.message : String(error);
  return code && !message.includes(code) ? `${code}: ${message}` : message;
}

/**
 * POSTs with node:http(s) over keep-alive agents (`maxSocketsPerHost` connections per origin).
 * Redirects are never followed (a 3xx is just a status); the whole exchange is bounded by
 * `timeoutMs`; at most `maxResponseBytes` of the body are read, then the connection is dropped.
 */
export function createSender(options: { maxSocketsPerHost: number }): Sender {
  const agentOptions = { keepAlive: true, maxSockets: options.maxSocketsPerHost, maxFreeSockets: options.maxSocketsPerHost, scheduling: 'lifo' as const };
  const agents = { 'http:': new http.Agent(agentOptions), 'https:': new https.Agent(agentOptions) };
  return {
    send: (request) => send(agents, request),
    close() {
      agents['http:'].destroy();
      agents['https:'].destroy();
    },
  };
}

function send(agents: { 'http:': http.Agent; 'https:': https.Agent }, request: SendRequest): Promise<SendResult> {
  const { url, target } = request;
  const secure = url.protocol === 'https:';
  const hostname = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  return new Promise<SendResult>((resolve) => {
    let settled = false;
    const finish = (result: SendResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', abort);
      resolve(result);
    };
    const client = secure ? https : http;
    const outgoing = client.request({
      method: 'POST',
      protocol: url.protocol,
      hostname,
      port: url.port || (secure ? 443 : 80),
      path: `${url.pathname}${url.search}`,
      agent: secure ? agents['https:'] : agents['http:'],
      lookup: pinnedLookup(target),
      headers: { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) },
    });
    const timer = setTimeout(() => {
      outgoing.destroy();
      finish({ ok: false, error: `Timed out after ${request.timeoutMs / 1000} s without a complete response.` });
    }, request.timeoutMs);
    outgoing.on('error', (error) => finish({ ok: false, error: describeError(error) }));
    const abort = () => {
      outgoing.destroy();
      finish({ ok: false, error: 'Aborted: the dispatcher stopped during the attempt.' });
    };
    if (request.signal?.aborted) abort();
    else request.signal?.addEventListener('abort', abort, { once: true });
    outgoing.on('response', (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () => finish({ ok: true, status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') });
      response.on('data', (chunk: Buffer) => {
        const room = request.maxResponseBytes - size;
        if (room > 0) chunks.push(chunk.length > room ? chunk.subarray(0, room) : chunk);
        size += chunk.length;
        if (size > request.maxResponseBytes) {
          // Enough has been read: the rest is not wanted, and the connection cannot be reused.
          response.destroy();
          done();
        }
      });
      response.on('end', done);
      response.on('error', (error) => finish({ ok: false, error: describeError(error) }));
    });
    outgoing.end(request.body);
  });
}
