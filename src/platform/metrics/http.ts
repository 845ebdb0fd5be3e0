/**
 * The HTTP side of metrics: every request's duration by route template and status class, the
 * requests in flight, and where Prometheus reads them. `GET /metrics` is never answered to an
 * anonymous caller on the API's port: it exists there only with METRICS_TOKEN, and answers only
 * its bearer; METRICS_PORT serves it instead on a listener of its own, bound to METRICS_HOST
 * (loopback by default), for a private network (docs/decisions.md, "Metrics").
 */
import { timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { ApiError } from '../errors/api-error.ts';
import type { Metrics, Observer } from './types.ts';

/** What a route's series are keyed by: Fastify's route context config, one object per route. */
type RouteKey = object;

/** The label of requests no route matched (answered 404): never their URL. */
const UNMATCHED_ROUTE = 'unmatched';

/** The hooks that need a Fastify instance; kept structural so platform/http's Server type is not imported here. */
interface HookTarget {
  addHook(name: 'onRequest', hook: (request: FastifyRequest, reply: FastifyReply, done: () => void) => void): unknown;
}

/**
 * Times every request from routing to the end of its answer. The series of a route are looked up
 * through its context config (one object per route) and created once, so the hot path is a map
 * lookup and an observation. A request whose client left before the answer was written leaves
 * the in-flight count but is not observed: it has no status.
 */
export function instrumentHttp(server: HookTarget, metrics: Metrics): void {
  const byRoute = new WeakMap<RouteKey, Map<string, Observer[]>>();
  const seriesOf = (request: FastifyRequest, statusCode: number): Observer => {
    const config = request.routeOptions.config as RouteKey & { url?: string };
    let methods = byRoute.get(config);
    if (!methods) {
      methods = new Map();
      byRoute.set(config, methods);
    }
    let classes = methods.get(request.method);
    if (!classes) {
      classes = [];
      methods.set(request.method, classes);
    }
    const index = Math.min(5, Math.max(1, Math.floor(statusCode / 100)));
    let series = classes[index];
    if (!series) {
      series = metrics.httpSeries(config.url ?? UNMATCHED_ROUTE, request.method, `${index}xx`);
      classes[index] = series;
    }
    return series;
  };

  server.addHook('onRequest', (request, reply, done) => {
    const started = performance.now();
    metrics.inFlight += 1;
    reply.raw.once('close', () => {
      metrics.inFlight -= 1;
      if (reply.raw.writableEnded) seriesOf(request, reply.raw.statusCode).observe((performance.now() - started) / 1000);
    });
    done();
  });
}

/** Whether `authorization` carries `token` as a bearer credential, compared in constant time. */
function bearerMatches(authorization: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  if (!match) return false;
  const sent = Buffer.from(match[1]!);
  const expected = Buffer.from(token);
  return sent.length === expected.length && timingSafeEqual(sent, expected);
}

interface RouteTarget {
  get(
    path: string,
    options: { config: { public: boolean }; schema: { hide: boolean } },
    handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  ): unknown;
}

/** `GET /metrics` on the API's port, answered only to the bearer of METRICS_TOKEN. */
export function registerMetricsRoute(server: RouteTarget, metrics: Metrics, token: string): void {
  server.get('/metrics', { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
    if (!bearerMatches(request.headers.authorization, token)) {
      throw new ApiError(
        'metrics.unauthorized',
        {
          en: 'Send the metrics token as `Authorization: Bearer <METRICS_TOKEN>`.',
          es: 'Envíe el token de métricas como `Authorization: Bearer <METRICS_TOKEN>`.',
        },
        {
          headers: { 'WWW-Authenticate': 'Bearer realm="metrics"' },
        },
      );
    }
    const text = await metrics.exposition();
    return reply.header('Cache-Control', 'no-store').type(metrics.contentType).send(text);
  });
}

export interface MetricsListener {
  /** The address Prometheus scrapes, `http://host:port/metrics`. */
  url: string;
  close(): Promise<void>;
}

/**
 * A listener of its own for `GET /metrics` (METRICS_PORT), with no token: whoever reaches the
 * port may read the metrics, so it is bound to METRICS_HOST (loopback unless set) and belongs on a
 * private network. Anything else it is asked answers 404.
 */
export async function listenForMetrics(metrics: Metrics, settings: Pick<Config['metrics'], 'host'> & { port: number }): Promise<MetricsListener> {
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Only GET /metrics is served here.\n');
      return;
    }
    metrics.exposition().then(
      (text) => response.writeHead(200, { 'content-type': metrics.contentType, 'cache-control': 'no-store' }).end(request.method === 'HEAD' ? '' : text),
      () => response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('The metrics could not be collected.\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(settings.port, settings.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const host = settings.host.includes(':') ? `[${settings.host}]` : settings.host;
  return {
    url: `http://${host}:${port}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
