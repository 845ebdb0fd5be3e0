import { fastifyCookie } from '@fastify/cookie';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Caller, Ctx, Services } from '../context.ts';
import { ApiError } from '../errors/api-error.ts';
import type { ErrorCode } from '../errors/catalog.ts';
import { newId } from '../ids.ts';
import { authenticate, type AuthBackend } from './auth.ts';
import { API_HEADERS, setAnswerHeaders, setVersionHeaders } from './answer-headers.ts';
import { routerProblem, sendProblem, toApiError } from './problem.ts';
import type { RateLimitDecision, RateLimiter } from './rate-limit-types.ts';
import type { RateLimitRule } from '../config.ts';
import { continueTrace, formatTraceparent, type TraceContext } from './trace.ts';
import { NEVER_SHED, shouldShed, type LoadMonitor } from './load-shedding.ts';
import { instrumentHttp } from '../metrics/http.ts';
import { REDACTED_LOG_PATHS, serializeRequest } from './log-redaction.ts';
import { authenticateSession, registerSessionAudit, sessionTokenOf, type SessionBackend } from './session.ts';
import { assertStorableText } from './text-rule.ts';
import { compileValidator } from './validation.ts';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import { isKnownVersion, renderForVersion, resolveVersion, CURRENT_VERSION } from './versions.ts';

type RateClass = 'read' | 'write';

declare module 'fastify' {
  interface FastifyRequest {
    state: RequestState;
  }
  interface FastifyContextConfig {
    /** No API key needed (bootstrap, versions, docs). */
    public?: boolean;
    /** False where `Invoice-Account` is refused (`/v1/api_keys`). */
    connect?: boolean;
    /** The problem code for a field holding a character that cannot be stored (default `request.validation_failed`). */
    invalidTextCode?: ErrorCode;
    /**
     * Rate-limit tokens this request takes from its class's bucket (default 1): expensive work
     * costs more, so a burst of it cannot monopolise the process (docs/decisions.md). A handler
     * that learns the work is larger (a large stored document) takes the rest with `chargeWork`.
     */
    rateLimitCost?: number;
  }
}

interface RequestState {
  requestId: string;
  trace: TraceContext;
  version: string;
  caller: Caller | undefined;
  /** Takes more rate-limit tokens for this request (`chargeWork`); set once the request is admitted. */
  charge?: (extra: number) => Promise<void>;
}

export type Server = FastifyInstance<any, any, any, any, TypeBoxTypeProvider>;

export interface ServerOptions {
  services: Services;
  auth: AuthBackend;
  rateLimiter: RateLimiter;
  /** Refuses work while the service's own queues are saturated; default none (the app passes the real monitor). */
  loadMonitor?: LoadMonitor;
  /** Counts /v1 requests from arrival until their answer is sent or the client goes away (the monitor reads it). */
  inFlight?: { count: number };
  /** Dashboard sessions: a `/v1` request with the session cookie and no Authorization uses one. */
  sessions?: SessionBackend;
}

/** The longest path parameter the router matches (ids are 30 characters, UUIDs 36, slugs shorter). */
const MAX_PATH_PARAMETER_LENGTH = 200;

/** Seconds a shed request is asked to wait: queues drain in about that time once arrivals slow down. */
const SHED_RETRY_AFTER_SECONDS = 1;

/** The 503 a shed request gets. */
function overloaded(cost: number): ApiError {
  return new ApiError(
    'service.overloaded',
    cost > 1
      ? {
          en: 'More work is waiting than the service can finish right now, so expensive requests are refused for a moment; retry after Retry-After.',
          es: 'Hay más trabajo en espera del que el servicio puede terminar en este momento, así que por unos instantes rechaza las solicitudes costosas; vuelva a intentarlo después de los segundos que indica Retry-After.',
        }
      : {
          en: 'More work is waiting than the service can finish right now; retry after Retry-After.',
          es: 'Hay más trabajo en espera del que el servicio puede terminar en este momento; vuelva a intentarlo después de los segundos que indica Retry-After.',
        },
    { headers: { 'Retry-After': String(SHED_RETRY_AFTER_SECONDS) } },
  );
}

function isApiPath(url: string): boolean {
  return url === '/v1' || url.startsWith('/v1/') || url.startsWith('/v1?');
}

/** Paths whose request strings reach the database: the API's and the dashboard's own endpoints. */
function storesText(url: string): boolean {
  return url.startsWith('/v1/') || url === '/v1' || url.startsWith('/dashboard/api/');
}

type SerializerFactory = ReturnType<typeof SerializerSelector>;

/**
 * Fastify's response serializers (fast-json-stringify), each built on its route's first answer
 * with that status rather than when the route is registered, like the request validators
 * (`compileValidator`): building them all was a large part of the time to `/readyz`.
 */
function lazySerializers(...factory: Parameters<SerializerFactory>): ReturnType<SerializerFactory> {
  const build = SerializerSelector()(...factory);
  return (route) => {
    let serialize: ((data: unknown) => string) | undefined;
    return (data: unknown) => {
      serialize ??= build(route) as (data: unknown) => string;
      return serialize(data);
    };
  };
}

/** The Fastify instance with every cross-cutting concern of the API; modules add routes to it. */
export function createServer(options: ServerOptions): Server {
  const { services, auth, rateLimiter, sessions } = options;
  const loadMonitor = options.loadMonitor ?? NEVER_SHED;
  const { inFlight } = options;
  const { config } = services;
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            serializers: { req: serializeRequest },
            redact: { paths: REDACTED_LOG_PATHS, censor: '[REDACTED]' },
          },
    bodyLimit: config.bodyLimitBytes,
    genReqId: () => newId('req'),
    logController: new LogController({ requestIdLogLabel: 'request_id', disableRequestLogging: config.appEnv === 'test' }),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PATH_PARAMETER_LENGTH },
    // What the router refuses before any route runs: a path parameter over the length limit, a
    // malformed %-escape. Neither names anything, so each is the 404 problem an unknown id gets
    // (docs/contract.md §2), with the headers of every answer, never Fastify's raw 414 or 400.
    frameworkErrors: (error, request, reply) => {
      ensureState(request);
      const version = headerValue(request.headers['invoice-version'])?.trim();
      if (version !== undefined && isKnownVersion(version)) request.state.version = version;
      // The answer skips every hook: the headers they would have set are set here.
      setAnswerHeaders(request, reply);
      setVersionHeaders(reply, request.state.version);
      if (isApiPath(request.url)) reply.headers(API_HEADERS);
      sendProblem(request, reply, routerProblem(error, request.url, MAX_PATH_PARAMETER_LENGTH), config.baseUrl);
    },
    // A number is a count of proxy hops to trust, as Fastify reads it (its types omit the form).
    trustProxy: typeof config.trustProxy === 'number' ? hopsTrusted(config.trustProxy) : config.trustProxy,
    schemaController: { compilersFactory: { buildSerializer: lazySerializers } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  // Cookies are read only where a session may authenticate (below) and written by the dashboard's
  // routes: no parsing hook on every request.
  app.register(fastifyCookie, { hook: false });

  app.setValidatorCompiler(({ schema, httpPart }) => compileValidator(schema as object, httpPart));
  // Only JSON (and what modules register) is accepted; text bodies are a 415, not a string.
  app.removeContentTypeParser('text/plain');
  app.decorateRequest('state', null as unknown as RequestState);
  // First of the onRequest hooks, so that requests the next one refuses (401, 429, 503) are timed too.
  if (services.metrics) instrumentHttp(app, services.metrics);

  // Callback style: a request whose key is in memory and whose rate limit is decided in memory
  // (nearly every one) is admitted synchronously, with no promise or microtask turn; the others
  // continue when authentication or the limiter answers. A refusal is thrown or passed to done.
  const leaveInFlight = () => {
    if (inFlight) inFlight.count -= 1;
  };
  app.addHook('onRequest', (request, reply, done) => {
    const trace = continueTrace(headerValue(request.headers.traceparent));
    request.state = { requestId: request.id, trace, version: CURRENT_VERSION, caller: undefined };
    setAnswerHeaders(request, reply);
    if (!isApiPath(request.url)) return done();
    reply.headers(API_HEADERS);
    if (inFlight) {
      inFlight.count += 1;
      // 'close' comes once whether the answer was sent or the client went away first; one
      // listener for every request, so none is made per request.
      reply.raw.on('close', leaveInFlight);
    }
    const routeConfig = request.routeOptions.config;
    const versionHeader = headerValue(request.headers['invoice-version']);
    // The pinned version shapes every answer, a failed authentication's too.
    if (versionHeader !== undefined && isKnownVersion(versionHeader.trim())) request.state.version = versionHeader.trim();
    if (routeConfig.public || request.is404) {
      request.state.version = resolveVersion(versionHeader, null);
      return done();
    }
    const cost = routeConfig.rateLimitCost ?? 1;
    // Before authentication, which itself waits for the database when the service is saturated.
    if (shouldShed(loadMonitor.level(), cost)) {
      request.log.warn({ reason: loadMonitor.reason?.(), cost }, 'request shed');
      services.metrics?.requestShed(loadMonitor.level());
      throw overloaded(cost);
    }
    const authorization = headerValue(request.headers.authorization);
    const connectAllowed = routeConfig.connect !== false;
    // An Authorization header always wins: the cookie is looked at only when none was sent.
    const sessionToken = authorization === undefined && sessions ? sessionTokenOf(request, config) : undefined;
    const caller =
      sessionToken !== undefined && sessions
        ? authenticateSession(request, sessionToken, { sessions, auth, now: services.clock.now(), connectAllowed })
        : authenticate(auth, {
            authorization,
            accountHeader: headerValue(request.headers['invoice-account']),
            connectAllowed,
            now: services.clock.now(),
          });
    const admit = (admitted: Caller): Promise<void> | undefined => {
      request.state.caller = admitted;
      request.state.version = resolveVersion(versionHeader, admitted.keyVersion);
      const limited = applyRateLimit(rateLimiter, services, request, reply, admitted, cost, cost);
      // A handler that learns the size of its work takes the rest then (chargeWork); load shedding
      // judges the request by its whole cost, the bucket gives what is not yet taken.
      let charged = cost;
      const charge = async (extra: number) => {
        charged += extra;
        if (shouldShed(loadMonitor.level(), charged)) {
          services.metrics?.requestShed(loadMonitor.level());
          throw overloaded(charged);
        }
        await applyRateLimit(rateLimiter, services, request, reply, admitted, extra, charged);
      };
      if (limited === undefined) {
        request.state.charge = charge;
        return undefined;
      }
      return limited.then(() => {
        request.state.charge = charge;
      });
    };
    const admitted = isPromise(caller) ? caller.then(admit) : admit(caller);
    if (admitted === undefined) return done();
    admitted.then(() => done(), done);
  });

  // Before the schema (so the field is named whatever else is wrong) and before any preHandler
  // (idempotency's among them), so a refused field never takes an Idempotency-Key. A multipart
  // form is read later, by its scope's own preValidation hook, which applies the same rule.
  // The rule guards what reaches the database, so it covers the API (`/v1`) and the dashboard's
  // endpoints (`/dashboard/api`); the documentation and health routes read nothing a client sent
  // beyond a name they look up in memory, and an unknown name there is simply not found.
  // Synchronous (callback style, a refusal thrown): no promise or microtask turn on every request.
  app.addHook('preValidation', (request, _reply, done) => {
    if (storesText(request.url)) assertStorableText(request);
    done();
  });

  // The per-response hooks are synchronous (callback style): an async hook costs a promise and a
  // microtask turn on every request for work that never waits.
  app.addHook('preSerialization', (request, _reply, payload, done) => {
    done(null, renderForVersion(payload, request.state.version));
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.state) setVersionHeaders(reply, request.state.version);
    done(null, payload);
  });
  if (sessions) registerSessionAudit(app, sessions, () => services.clock.now());

  app.setErrorHandler(async (error, request, reply) => {
    const apiError = toApiError(error);
    if (apiError.code === 'internal.error') request.log.error({ err: error }, 'unhandled error');
    ensureState(request);
    return sendProblem(request, reply, apiError, config.baseUrl);
  });

  app.setNotFoundHandler(async (request, reply) => {
    ensureState(request);
    const route = `${request.method} ${request.url.split('?')[0]}`;
    const error = new ApiError('request.route_not_found', {
      en: `There is no endpoint ${route}. See ${config.baseUrl}/docs for the API reference.`,
      es: `No existe el servicio ${route}. La referencia de la API está en ${config.baseUrl}/docs.`,
    });
    return sendProblem(request, reply, error, config.baseUrl);
  });

  return app;
}

// Errors raised before onRequest ran (a malformed URL, say) still need an id and a version.
function ensureState(request: FastifyRequest): void {
  if (request.state) return;
  request.state = { requestId: request.id, trace: continueTrace(undefined), version: CURRENT_VERSION, caller: undefined };
}

function hopsTrusted(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function isPromise<T>(value: T | Promise<T>): value is Promise<T> {
  return typeof (value as { then?: unknown } | undefined)?.then === 'function';
}

/**
 * Takes `take` tokens of a request whose whole cost is `cost` (more than `take` when a handler
 * charges the rest later); throws the 429 when they are not there. Undefined when the limiter
 * decided at once, a promise when it had to ask elsewhere (Redis).
 */
function applyRateLimit(
  limiter: RateLimiter,
  services: Services,
  request: FastifyRequest,
  reply: FastifyReply,
  caller: Caller,
  take: number,
  cost: number,
): Promise<void> | undefined {
  const rateClass: RateClass = request.method === 'GET' || request.method === 'HEAD' ? 'read' : 'write';
  const rule = services.config.rateLimits[rateClass];
  const decision = limiter.take(`${caller.apiKeyId}:${rateClass}`, rule, services.clock.now(), take);
  if (isPromise(decision)) return decision.then((answered) => answerRateLimit(services, reply, rateClass, rule, answered, cost));
  answerRateLimit(services, reply, rateClass, rule, decision, cost);
  return undefined;
}

/** The rate-limit headers of a decision, or its 429. */
function answerRateLimit(services: Services, reply: FastifyReply, rateClass: RateClass, rule: RateLimitRule, decision: RateLimitDecision, cost: number): void {
  reply.header('RateLimit-Limit', String(decision.limit));
  reply.header('RateLimit-Remaining', String(decision.remaining));
  reply.header('RateLimit-Reset', String(decision.resetSeconds));
  if (!decision.allowed) {
    services.metrics?.requestRateLimited(rateClass);
    const what = cost > 1 ? `${rateClass} capacity for this request (it costs ${Math.min(cost, rule.burst)} of ${rule.burst})` : `${rateClass} requests`;
    const detail = {
      en: `Too many ${what} for this API key; retry after ${decision.retryAfterSeconds} s.`,
      es: `Demasiadas solicitudes con esta llave; vuelva a intentarlo en ${decision.retryAfterSeconds} s.`,
    };
    throw new ApiError('rate_limit.exceeded', detail, {
      headers: { 'Retry-After': String(decision.retryAfterSeconds) },
    });
  }
}

/**
 * Charges an admitted request `extra` more rate-limit tokens once its handler knows what the work
 * costs (a read of a large stored document): the request is then judged by its whole cost, so it
 * is refused like any expensive request while the service sheds load (503 `service.overloaded`)
 * and with 429 `rate_limit.exceeded` when the caller's bucket lacks the tokens. Nothing for
 * `extra` ≤ 0.
 */
export async function chargeWork(request: FastifyRequest, extra: number): Promise<void> {
  if (extra > 0) await request.state.charge?.(extra);
}

/** The explicit context a verb receives, built from an authenticated request. */
export function ctxOf(request: FastifyRequest, services: Services): Ctx {
  const caller = request.state.caller;
  if (!caller) throw new ApiError('auth.unauthorized', { en: 'This endpoint needs an API key.', es: 'Esta operación requiere una llave de API.' });
  return {
    services,
    db: services.db,
    caller,
    organizationId: caller.organizationId,
    mode: caller.mode,
    livemode: caller.mode === 'live',
    requestId: request.state.requestId,
    version: request.state.version,
    traceparent: formatTraceparent(request.state.trace),
  };
}
