import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Caller, Services } from '../context.ts';
import { associatedData, decryptSecret, encryptSecret, newDataKey, unwrapDataKey, wrapDataKey, type MasterKeyring } from '../crypto/index.ts';
import { ApiError } from '../errors/api-error.ts';
import {
  findRecord,
  insertClaim,
  releaseAllClaims,
  releaseClaim,
  storeResponse,
  takeOverClaim,
  type Claim,
  type ClaimTimes,
  type IdempotencyRecord,
  type KeyScope,
  type StoredResponse,
} from './idempotency-store.ts';
import type { Server } from './server.ts';

/** docs/guides/idempotency.md: the first response is kept and replayed, byte for byte, for 24 hours. */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60_000;
/**
 * How long a request holds its key before a retry may take it over, on the assumption that the
 * process running it died. Longer than any synchronous request (a PAC stamp included), so that a
 * slow request is never run twice.
 */
export const IDEMPOTENCY_LOCK_MS = 5 * 60_000;
const REPLAYED_HEADER = 'idempotent-replayed';
/** Response headers that describe the stored body; per-request ones (Request-Id, traceparent, rate limits) are never stored. */
const STORED_HEADERS = ['content-type', 'content-disposition', 'content-language', 'location', 'invoice-version'];
// A pseudo-header (a colon is not allowed in header names) marking a binary body kept as base64.
const BODY_ENCODING = ':body-encoding';
const SEALED = 'sealed';
const KEY_PATTERN = /^[\x20-\x7e]{1,255}$/;
const IDEMPOTENT_METHODS = new Set(['POST', 'DELETE']);

const claims = new WeakMap<FastifyRequest, Claim>();

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The response carries a one-time secret (an API key, a webhook signing secret): it is kept
     * encrypted under the master keyring, bound to its idempotency row, and opened only to be
     * replayed to the same key within the window.
     */
    idempotencySealed?: boolean;
  }
}

/**
 * Honours `Idempotency-Key` on every authenticated POST (and DELETE, whose 409 idempotency errors
 * SPEC lists for API keys) under /v1. The key is checked after
 * authentication and body validation (preHandler), so a request refused before the handler
 * starts (401, 422 schema errors, 429) never uses the key up, as with Stripe. The response is
 * stored when it is final: every status below 500, except one carrying Retry-After (the server
 * asks for a retry, which must be able to run). A 5xx or a crash releases the key instead.
 */
export function registerIdempotency(server: Server, services: Services, keyring: MasterKeyring): void {
  if (services.database.kind === 'pglite') {
    // One process per embedded database: claims left by a crashed run can be freed at start.
    server.addHook('onReady', async () => {
      await releaseAllClaims(services.db);
    });
  }
  // Callback-style hooks with a synchronous fast path: most requests carry no key, and an async
  // hook would cost each of them a promise and a microtask turn.
  server.addHook('preHandler', (request, reply, done) => {
    if (!IDEMPOTENT_METHODS.has(request.method) || !isApiPath(request.url)) return done();
    const caller = request.state?.caller;
    const header = request.headers['idempotency-key'];
    if (!caller || header === undefined) return done();
    // A replay has already sent the stored response: the chain must stop there (no done()).
    claimForRequest(request, reply, caller, header).then((replayed) => (replayed ? undefined : done()), done);
  });

  /** Claims the request's key; true when it answered with the stored response instead. */
  async function claimForRequest(request: FastifyRequest, reply: FastifyReply, caller: Caller, header: string | string[]): Promise<boolean> {
    const key = Array.isArray(header) ? header.join(', ') : header;
    if (!KEY_PATTERN.test(key)) {
      throw new ApiError('idempotency.key_invalid', {
        en: 'Idempotency-Key must be 1 to 255 printable ASCII characters; a UUID v4 is a good choice.',
        es: '`Idempotency-Key` debe tener de 1 a 255 caracteres ASCII imprimibles; un UUID v4 es buena opción.',
      });
    }
    const scope: KeyScope = { organizationId: caller.organizationId, mode: caller.mode, key };
    const record = await claimOrFind(services, scope, requestFingerprint(request));
    if (record instanceof Date) {
      claims.set(request, { scope, lockedUntil: record });
      return false;
    }
    if (record.state === 'done') {
      replay(request, reply, record, keyring);
      return true;
    }
    throw new ApiError('idempotency.key_processing', {
      en: 'A request with this Idempotency-Key is still being processed; retry after it completes.',
      es: 'Una solicitud con esta `Idempotency-Key` todavía está en proceso; repítala cuando termine.',
    });
  }

  server.addHook('onSend', (request, reply, payload, done) => {
    const claim = claims.get(request);
    if (!claim) return done(null, payload);
    claims.delete(request);
    const recorded = (async () => {
      const stored = storableResponse(reply, payload);
      const response = stored && request.routeOptions.config.idempotencySealed ? sealResponse(stored, claim.scope, keyring) : stored;
      if (response) await storeResponse(services.db, claim, response);
      else await releaseClaim(services.db, claim);
    })();
    recorded
      .catch((error: unknown) => {
        // The response itself must still reach the client; the claim lapses after IDEMPOTENCY_LOCK_MS.
        request.log.error({ err: error }, 'could not record the idempotent response');
      })
      .finally(() => done(null, payload));
  });

  // A request that ended without onSend (a hijacked or destroyed reply) must not hold its key.
  server.addHook('onResponse', (request, _reply, done) => {
    const claim = claims.get(request);
    if (!claim) return done();
    claims.delete(request);
    releaseClaim(services.db, claim)
      .catch((error: unknown) => request.log.error({ err: error }, 'could not release an idempotency key'))
      .finally(() => done());
  });
}

/** Claims the key (returning its lease expiry) or returns the record that holds it. */
async function claimOrFind(services: Services, scope: KeyScope, requestHash: string): Promise<Date | IdempotencyRecord> {
  // Three rounds cover a record that is released or taken over between our two queries.
  for (let round = 0; round < 3; round += 1) {
    const times = claimTimes(services);
    if (await insertClaim(services.db, scope, requestHash, times)) return times.lockedUntil;
    const record = await findRecord(services.db, scope);
    if (!record) continue;
    const expired = record.expires_at.getTime() <= times.now.getTime();
    if (!expired && record.request_hash !== requestHash) {
      throw new ApiError('idempotency.key_reuse', {
        en: 'This Idempotency-Key was already used with a different request (method, path, body or Invoice-Account); use a new key.',
        es: 'Esta `Idempotency-Key` ya se usó con otra solicitud (método, ruta, contenido o Invoice-Account); use una llave nueva.',
      });
    }
    const lapsed = record.state === 'processing' && record.locked_until.getTime() <= times.now.getTime();
    if (!expired && !lapsed) return record;
    if (await takeOverClaim(services.db, scope, requestHash, times)) return times.lockedUntil;
  }
  throw new ApiError('idempotency.key_processing', {
    en: 'A request with this Idempotency-Key is being processed concurrently; retry shortly.',
    es: 'Otra solicitud con esta `Idempotency-Key` se está procesando al mismo tiempo; vuelva a intentarlo en unos momentos.',
  });
}

function claimTimes(services: Services): ClaimTimes {
  const now = services.clock.now();
  return {
    now,
    lockedUntil: new Date(now.getTime() + IDEMPOTENCY_LOCK_MS),
    expiresAt: new Date(now.getTime() + IDEMPOTENCY_WINDOW_MS),
  };
}

function isApiPath(url: string): boolean {
  return url === '/v1' || url.startsWith('/v1/') || url.startsWith('/v1?');
}

/** Method, URL, Invoice-Account and a canonical hash of the parsed body (key order does not matter). */
function requestFingerprint(request: FastifyRequest): string {
  const account = request.headers['invoice-account'];
  const hash = createHash('sha256');
  hash.update(`${request.method}\n${request.url}\n${Array.isArray(account) ? account.join(',') : (account ?? '')}\n`);
  hash.update(canonicalJson(request.body, new WeakSet()));
  return hash.digest('hex');
}

/**
 * JSON with sorted keys; bytes (uploaded files) enter as their SHA-256. Functions, streams and
 * cycles (multipart parts point back at their form) carry no request content and are left out.
 */
function canonicalJson(value: unknown, seen: WeakSet<object>): string {
  if (value === undefined || typeof value === 'function') return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Buffer.isBuffer(value) || value instanceof Uint8Array) return JSON.stringify({ sha256: createHash('sha256').update(value).digest('hex') });
  if (seen.has(value) || typeof (value as { pipe?: unknown }).pipe === 'function') return 'null';
  seen.add(value);
  let text: string;
  if (Array.isArray(value)) {
    text = `[${value.map((item) => canonicalJson(item, seen)).join(',')}]`;
  } else {
    const entries = Object.keys(value)
      .sort()
      .filter((name) => (value as Record<string, unknown>)[name] !== undefined && typeof (value as Record<string, unknown>)[name] !== 'function')
      .map((name) => `${JSON.stringify(name)}:${canonicalJson((value as Record<string, unknown>)[name], seen)}`);
    text = `{${entries.join(',')}}`;
  }
  seen.delete(value);
  return text;
}

/** What is kept of a response, or undefined when the key should be released instead. */
function storableResponse(reply: FastifyReply, payload: unknown): StoredResponse | undefined {
  const status = reply.statusCode;
  if (status >= 500 || reply.hasHeader('retry-after')) return undefined;
  const headers: Record<string, string> = {};
  for (const name of STORED_HEADERS) {
    const value = reply.getHeader(name);
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  if (payload === undefined || payload === null) return { status, headers, body: null };
  if (typeof payload === 'string') return { status, headers, body: payload };
  if (Buffer.isBuffer(payload)) return { status, headers: { ...headers, [BODY_ENCODING]: 'base64' }, body: payload.toString('base64') };
  // A streamed body cannot be kept; releasing the key lets a retry produce it again.
  return undefined;
}

/** Binds a sealed body to its row: moved to another key, organization or mode, it does not open. */
function bodyAad(scope: KeyScope): string {
  return associatedData({ table: 'idempotency_keys', organizationId: scope.organizationId, rowId: `${scope.mode}\u0000${scope.key}`, field: 'response_body' });
}

/** The body encrypted under a fresh data key, itself wrapped by the master keyring. */
function sealResponse(response: StoredResponse, scope: KeyScope, keyring: MasterKeyring): StoredResponse {
  if (response.body === null) return response;
  const aad = bodyAad(scope);
  const dataKey = newDataKey();
  const binary = response.headers[BODY_ENCODING] === 'base64';
  const plain = binary ? Buffer.from(response.body, 'base64') : Buffer.from(response.body, 'utf8');
  const body = `${wrapDataKey(keyring, dataKey, aad).toString('base64')}.${encryptSecret(dataKey, plain, aad).toString('base64')}`;
  return { ...response, headers: { ...response.headers, [BODY_ENCODING]: binary ? `${SEALED}+base64` : SEALED }, body };
}

function openBody(record: IdempotencyRecord, keyring: MasterKeyring): Buffer {
  const [wrapped = '', sealed = ''] = (record.response_body ?? '').split('.');
  const aad = bodyAad({ organizationId: record.organization_id, mode: record.mode, key: record.key });
  return decryptSecret(unwrapDataKey(keyring, Buffer.from(wrapped, 'base64'), aad), Buffer.from(sealed, 'base64'), aad);
}

function replay(request: FastifyRequest, reply: FastifyReply, record: IdempotencyRecord, keyring: MasterKeyring): FastifyReply {
  const stored = record.response_headers ?? {};
  // The body was rendered in the first request's version; the replay says so in Invoice-Version.
  const version = stored['invoice-version'];
  if (version) request.state.version = version;
  for (const [name, value] of Object.entries(stored)) {
    if (name !== BODY_ENCODING && name !== 'invoice-version') reply.header(name, value);
  }
  reply.header(REPLAYED_HEADER, 'true');
  reply.code(record.response_status ?? 200);
  const body = record.response_body;
  if (body === null) return reply.send();
  const encoding = stored[BODY_ENCODING];
  if (encoding === SEALED) return reply.send(openBody(record, keyring).toString('utf8'));
  if (encoding === `${SEALED}+base64`) return reply.send(openBody(record, keyring));
  return reply.send(encoding === 'base64' ? Buffer.from(body, 'base64') : body);
}
