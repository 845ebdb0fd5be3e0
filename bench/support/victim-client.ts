// The victim of bench/fairness.ts in a process of its own: its latencies must not include the
// time its own event loop spends on the attacker's responses. Told {type:'go', baseUrl, key, ms,
// rate, request?}, it sends `rate` cheap authenticated requests a second, each on its own
// schedule — `GET /v1/api_keys?limit=1`, or the request given (a validation, say) — and answers
// {type:'latencies', latencies} (Infinity for an answer other than 200 or 201).
import http from 'node:http';
import { performance } from 'node:perf_hooks';

/** What the victim sends, when not its default GET. */
export interface VictimRequest {
  method: string;
  path: string;
  body?: string;
  contentType?: string;
}

interface Go {
  type: 'go';
  baseUrl: string;
  key: string;
  ms: number;
  rate: number;
  request?: VictimRequest;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const DEFAULT_REQUEST: VictimRequest = { method: 'GET', path: '/v1/api_keys?limit=1' };

function send(baseUrl: string, key: string, request: VictimRequest): Promise<number> {
  const start = performance.now();
  return new Promise((resolve) => {
    const headers: Record<string, string> = { authorization: `Bearer ${key}` };
    if (request.contentType) headers['content-type'] = request.contentType;
    const outgoing = http.request(`${baseUrl}${request.path}`, { method: request.method, agent, headers }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode === 200 || response.statusCode === 201 ? performance.now() - start : Number.POSITIVE_INFINITY));
    });
    outgoing.on('error', () => resolve(Number.POSITIVE_INFINITY));
    outgoing.end(request.body);
  });
}

process.on('message', async (message: Go) => {
  if (message.type !== 'go') return;
  const pending: Promise<number>[] = [];
  const start = performance.now();
  for (let index = 0; performance.now() - start < message.ms; index += 1) {
    const wait = start + (index * 1000) / message.rate - performance.now();
    if (wait > 0) await sleep(wait);
    pending.push(send(message.baseUrl, message.key, message.request ?? DEFAULT_REQUEST));
  }
  process.send?.({ type: 'latencies', latencies: await Promise.all(pending) });
});
process.send?.({ type: 'ready' });
