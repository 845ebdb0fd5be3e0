/**
 * Dashboard sessions at the edge: the cookie, the CSRF rule, and the caller a session is on
 * `/v1`. The sessions themselves are the dashboard module's; platform/ reaches them through
 * SessionBackend, which the composition root wires (platform imports no module).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { Caller, Mode } from '../context.ts';
import { ApiError } from '../errors/api-error.ts';
import { withAccount, type AuthBackend } from './auth.ts';
import { clientAddress } from './client-address.ts';
import { assertRoleAllows, defaultPermission, type Permission, type Role } from './roles.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What a dashboard session's role must allow to call this route (default: by method, `roles.ts`). */
    permission?: Permission;
  }
}

/** A session that is neither revoked nor expired, as authentication needs it. */
interface ActiveSession {
  /** `dses_…`: also the session's rate-limit key. */
  id: string;
  userId: string;
  organizationId: string;
  organizationParentId: string | null;
  csrfToken: string;
  expiresAt: Date;
  /** The user's role in the session's organization. */
  role: Role;
}

/** One change a session made, for the organization's audit log. */
export interface AuditEntry {
  organizationId: string;
  userId: string;
  /** `METHOD /route/:pattern`. */
  action: string;
  objectId: string | null;
  /** What else the entry needs to be read (a role change's roles); none for `/v1` calls. */
  detail?: string | null;
  mode: 'test' | 'live' | null;
  address: string;
  at: Date;
}

export interface SessionBackend {
  /** The live session a cookie token names (its last use recorded), or null. */
  resume(token: string, now: Date): Promise<ActiveSession | null>;
  /** Records a change a session made (`registerSessionAudit`). */
  audit(entry: AuditEntry): Promise<void>;
}

const COOKIE = 'invoicing_session';
// The __Host- prefix makes the browser refuse the cookie unless it is Secure, has Path=/ and no
// Domain, so a sibling subdomain cannot plant a session of its choosing.
const SECURE_COOKIE = '__Host-invoicing_session';
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** HTTPS as the server sees it: Fastify's `protocol` follows X-Forwarded-Proto only under trustProxy. */
function isSecureRequest(request: FastifyRequest, config: Config): boolean {
  return config.appEnv === 'production' || request.protocol === 'https';
}

function sessionCookieName(secure: boolean): string {
  return secure ? SECURE_COOKIE : COOKIE;
}

/** The session token the request's cookie carries, under the name its transport allows. */
export function sessionTokenOf(request: FastifyRequest, config: Config): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  const value = request.server.parseCookie(header)[sessionCookieName(isSecureRequest(request, config))];
  return value ? value : undefined;
}

export function setSessionCookie(reply: FastifyReply, config: Config, token: string): void {
  const secure = isSecureRequest(reply.request, config);
  reply.setCookie(sessionCookieName(secure), token, {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure,
    // The browser may keep it as long as the session can live; the server ends it sooner when idle.
    maxAge: Math.floor(config.dashboard.sessionMaxMs / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  const secure = isSecureRequest(reply.request, config);
  reply.clearCookie(sessionCookieName(secure), { path: '/', httpOnly: true, sameSite: 'strict', secure });
}

function isStateChanging(method: string): boolean {
  return STATE_CHANGING.has(method);
}

/** Refuses a request the browser says another site started (Fetch Metadata). */
export function refuseCrossSite(request: FastifyRequest): void {
  if (headerValue(request.headers['sec-fetch-site'])?.trim().toLowerCase() === 'cross-site') {
    throw new ApiError('dashboard.csrf_failed', {
      en: 'The browser reports that another site sent this request (Sec-Fetch-Site: cross-site); dashboard requests must come from the dashboard.',
      es: 'El navegador indica que otro sitio envió esta solicitud; los cambios en el panel solo se aceptan desde el panel.',
    });
  }
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/** A change made with the session cookie: same site, and the session's CSRF token in X-CSRF-Token. */
export function assertCsrf(request: FastifyRequest, csrfToken: string): void {
  refuseCrossSite(request);
  const sent = headerValue(request.headers['x-csrf-token']);
  // Digests have one length, so the comparison takes the same time whatever was sent.
  if (sent === undefined || !timingSafeEqual(digest(sent), digest(csrfToken))) {
    throw new ApiError('dashboard.csrf_failed', {
      en: `${request.method} with the dashboard session needs the header X-CSRF-Token with the session's csrf_token (GET /dashboard/api/session).`,
      es: 'Falta la verificación de la sesión del panel en esta solicitud; recargue la página e intente de nuevo.',
    });
  }
}

function modeOf(header: string | undefined): Mode {
  const value = header?.trim();
  if (value === undefined || value === '') return 'test';
  if (value === 'test' || value === 'live') return value;
  throw new ApiError(
    'request.validation_failed',
    { en: 'Invoice-Mode must be test or live.', es: 'El modo debe ser pruebas (test) o producción (live).' },
    {
      errors: [{ path: 'Invoice-Mode', code: 'invalid_value', message: 'must be one of "test", "live".', messageEs: 'Modo: debe ser "test" o "live".' }],
    },
  );
}

export interface SessionAuthDeps {
  sessions: SessionBackend;
  auth: Pick<AuthBackend, 'findOrganization'>;
  now: Date;
  connectAllowed: boolean;
}

/**
 * The caller a `/v1` request with the session cookie (and no Authorization) acts as: the session's
 * organization in the mode of `Invoice-Mode` (test unless told), with no pinned version, under
 * the same `Invoice-Account` rules as an API key.
 */
export async function authenticateSession(request: FastifyRequest, token: string, deps: SessionAuthDeps): Promise<Caller> {
  const session = await deps.sessions.resume(token, deps.now);
  if (!session) {
    throw new ApiError('dashboard.session_required', {
      en: 'The dashboard session has ended (signed out, expired or replaced); sign in again.',
      es: 'La sesión terminó (se cerró, expiró o se inició otra); vuelva a iniciar sesión.',
    });
  }
  if (isStateChanging(request.method)) assertCsrf(request, session.csrfToken);
  const route = request.routeOptions;
  const permission = route.config.permission ?? defaultPermission(request.method);
  const call = `${request.method} ${route.url ?? request.url}`;
  assertRoleAllows(session.role, permission, { en: `call ${call}`, es: `usar ${call}` });
  const caller: Caller = {
    apiKeyId: session.id,
    keyOrganizationId: session.organizationId,
    organizationId: session.organizationId,
    platformOrganizationId: null,
    keyOrganizationIsAccount: session.organizationParentId !== null,
    mode: modeOf(headerValue(request.headers['invoice-mode'])),
    keyVersion: null,
  };
  const acting = await withAccount(deps.auth, caller, { accountHeader: headerValue(request.headers['invoice-account']), connectAllowed: deps.connectAllowed });
  // A POST that changes nothing (a preview) is a read, and the audit log records changes only.
  if (isStateChanging(request.method) && permission !== 'read') sessionWrites.set(request, { userId: session.userId });
  return acting;
}

// The state-changing /v1 requests a session made, until their answer is sent.
const sessionWrites = new WeakMap<FastifyRequest, { userId: string }>();

/** The id of what a change touched: the path's id, or else the `id` of the JSON answer. */
function objectIdOf(request: FastifyRequest, payload: unknown): string | null {
  const params = request.params as Record<string, string> | undefined;
  const fromPath = params?.id ?? params?.uuid;
  if (fromPath !== undefined) return fromPath;
  if (typeof payload !== 'string' || !payload.startsWith('{')) return null;
  try {
    const id = (JSON.parse(payload) as { id?: unknown }).id;
    return typeof id === 'string' ? id : null;
  } catch {
    return null;
  }
}

/**
 * Every successful change a dashboard session makes on `/v1` goes to its organization's audit log
 * before the answer is sent (an answer whose entry could not be written is the error instead).
 * The hook is callback-style with a synchronous way out: nearly every answer has nothing to audit,
 * and an async hook would cost each of them a promise and a microtask turn.
 */
export function registerSessionAudit(app: FastifyInstance<any, any, any, any, any>, sessions: SessionBackend, now: () => Date): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    const write = sessionWrites.get(request);
    if (write === undefined) return done(null, payload);
    const caller = request.state?.caller;
    if (!caller || reply.statusCode >= 400) return done(null, payload);
    sessionWrites.delete(request);
    sessions
      .audit({
        organizationId: caller.keyOrganizationId,
        userId: write.userId,
        action: `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`,
        objectId: objectIdOf(request, payload),
        mode: caller.mode,
        address: clientAddress(request),
        at: now(),
      })
      .then(
        () => done(null, payload),
        (error: unknown) => done(error as Error),
      );
  });
}
