// The ceiling: a bare Fastify hello-world on the same machine, same Node, same load, built and
// run the way bench/platform.ts runs the API. BENCH_LOG_LEVEL turns on Fastify's request logs at
// that level (default none), as LOG_LEVEL does for the API.
import Fastify from 'fastify';

const level = process.env.BENCH_LOG_LEVEL ?? 'silent';
const app = Fastify({ logger: level === 'silent' ? false : { level } });
app.get('/hello', async () => ({ hello: 'world' }));
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(`${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`);
