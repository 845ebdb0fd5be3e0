// The victim of bench/fairness.ts in a process of its own: its latencies must not include the
// time its own event loop spends on the attacker's responses. Told {type:'go', baseUrl, key, ms,
// rate}, it sends `rate` cheap authenticated GETs a second, each on its own schedule, and answers
// {type:'latencies', latencies} (Infinity for an answer other than 200).
import http from 'node:http';
import { performance } from 'node:perf_hooks';

interface Go {
  type: 'go';
  baseUrl: string;
  key: string;
  ms: number;
  rate: number;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function get(url: string, key: string): Promise<number> {
  const start = performance.now();
  return new Promise((resolve) => {
    const outgoing = http.request(url, { agent, headers: { authorization: `Bearer ${key}` } }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode === 200 ? performance.now() - start : Number.POSITIVE_INFINITY));
    });
    outgoing.on('error', () => resolve(Number.POSITIVE_INFINITY));
    outgoing.end();
  });
}

process.on('message', async (message: Go) => {
  if (message.type !== 'go') return;
  const pending: Promise<number>[] = [];
  const start = performance.now();
  for (let index = 0; performance.now() - start < message.ms; index += 1) {
    const wait = start + (index * 1000) / message.rate - performance.now();
    if (wait > 0) await sleep(wait);
    pending.push(get(`${message.baseUrl}/v1/api_keys?limit=1`, message.key));
  }
  process.send?.({ type: 'latencies', latencies: await Promise.all(pending) });
});
process.send?.({ type: 'ready' });
