import { hash } from 'node:crypto';
import type { Caller, Mode } from '../context.ts';
import { ApiError } from '../errors/api-error.ts';
import { isId } from '../ids.ts';

export interface KeyRecord {
  id: string;
  organizationId: string;
  organizationParentId: string | null;
  mode: Mode;
  version: string | null;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
}

export interface OrganizationRecord {
  id: string;
  parentId: string | null;
  disabled: boolean;
}

/** What authentication needs from storage; the api-keys and accounts modules provide it. */
export interface AuthBackend {
  findKeyByHash(secretHash: string): Promise<KeyRecord | null>;
  /**
   * The key with this secret hash when memory holds it (undefined otherwise): what `findKeyByHash`
   * would answer, without a promise, so that a request authenticated from memory waits for nothing.
   */
  cachedKey?(secretHash: string): KeyRecord | undefined;
  findOrganization(id: string): Promise<OrganizationRecord | null>;
  markKeyUsed(id: string, at: Date): Promise<void>;
}

const SECRET_SHAPE = /^sk_(test|live)_[A-Za-z0-9]{16,64}$/;

/**
 * API keys are 190+ bits of randomness, so a plain SHA-256 is the right (and fast) digest; the
 * one-shot `hash` skips the Hash object that `createHash` builds on every request.
 */
export function hashSecret(secret: string): string {
  return hash('sha256', secret, 'hex');
}

// last_used_at is advisory; writing it on every request would turn each read into a write.
const LAST_USED_RESOLUTION_MS = 60_000;

export interface AuthenticateInput {
  authorization: string | undefined;
  accountHeader: string | undefined;
  connectAllowed: boolean;
  now: Date;
}

const INVALID_KEY = { en: 'The API key is not a valid key.', es: 'La llave de API no es válida.' };

/**
 * The caller an API key makes of a request. Synchronous when memory holds the key (`cachedKey`),
 * its last use needs no writing and no `Invoice-Account` is sent, as on nearly every request;
 * a promise otherwise. A refusal is thrown (or the promise rejects) as an ApiError.
 */
export function authenticate(backend: AuthBackend, input: AuthenticateInput): Caller | Promise<Caller> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(input.authorization ?? '');
  if (!match) {
    throw new ApiError('auth.unauthorized', {
      en: 'Send your API key as `Authorization: Bearer sk_test_…` or `sk_live_…`.',
      es: 'Envíe su llave de API como `Authorization: Bearer sk_test_…` o `sk_live_…`.',
    });
  }
  const secret = match[1]!;
  if (!SECRET_SHAPE.test(secret)) throw new ApiError('auth.unauthorized', INVALID_KEY);
  const secretHash = hashSecret(secret);
  const cached = backend.cachedKey?.(secretHash);
  if (cached !== undefined) return callerOf(backend, cached, input);
  return backend.findKeyByHash(secretHash).then((key) => callerOf(backend, key, input));
}

function callerOf(backend: AuthBackend, key: KeyRecord | null, input: AuthenticateInput): Caller | Promise<Caller> {
  if (!key) throw new ApiError('auth.unauthorized', INVALID_KEY);
  if (key.revokedAt) {
    throw new ApiError('auth.key_revoked', {
      en: `The API key ${key.id} was revoked at ${key.revokedAt.toISOString()}.`,
      es: `La llave de API ${key.id} se revocó el ${key.revokedAt.toISOString()}.`,
    });
  }
  const caller: Caller = {
    apiKeyId: key.id,
    keyOrganizationId: key.organizationId,
    organizationId: key.organizationId,
    platformOrganizationId: null,
    keyOrganizationIsAccount: key.organizationParentId !== null,
    mode: key.mode,
    keyVersion: key.version,
  };
  const markUsed = !key.lastUsedAt || input.now.getTime() - key.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS;
  // withAccount answers the caller itself when no Invoice-Account was sent.
  if (!markUsed && input.accountHeader === undefined) return caller;
  return (async () => {
    if (markUsed) await backend.markKeyUsed(key.id, input.now);
    return withAccount(backend, caller, input);
  })();
}

/**
 * The caller as it acts: its own organization, or the connected account named by
 * `Invoice-Account` (API keys and dashboard sessions follow the same rules).
 */
export async function withAccount(
  backend: Pick<AuthBackend, 'findOrganization'>,
  caller: Caller,
  input: { accountHeader: string | undefined; connectAllowed: boolean },
): Promise<Caller> {
  const accountId = input.accountHeader?.trim();
  if (accountId === undefined) return caller;
  if (!input.connectAllowed) {
    throw new ApiError('connect.not_supported_here', {
      en: 'Invoice-Account is not accepted on this endpoint; send the request without it.',
      es: 'Esta operación no acepta `Invoice-Account`; envíe la solicitud sin ese encabezado.',
    });
  }
  return actAsAccount(backend, caller, accountId);
}

async function actAsAccount(backend: Pick<AuthBackend, 'findOrganization'>, caller: Caller, accountId: string): Promise<Caller> {
  if (caller.keyOrganizationIsAccount) {
    throw new ApiError('connect.nesting_not_allowed', {
      en: 'A connected account cannot act on behalf of another account.',
      es: 'Una cuenta conectada no puede actuar en nombre de otra cuenta.',
    });
  }
  const account = isId('org', accountId) ? await backend.findOrganization(accountId) : null;
  if (!account || account.parentId !== caller.keyOrganizationId) {
    throw new ApiError('connect.account_not_authorized', {
      en: `'${accountId}' is not a connected account of this platform.`,
      es: `'${accountId}' no es una cuenta conectada de esta plataforma.`,
    });
  }
  if (account.disabled) {
    throw new ApiError('connect.account_disabled', {
      en: `Connected account ${account.id} is disabled.`,
      es: `La cuenta conectada ${account.id} está desactivada.`,
    });
  }
  return { ...caller, organizationId: account.id, platformOrganizationId: caller.keyOrganizationId };
}
