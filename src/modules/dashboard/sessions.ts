/**
 * Dashboard sessions: a 32-byte random token in the cookie, only its SHA-256 in the database. A
 * session ends when revoked, when unused for the idle time, or at its absolute lifetime, all
 * measured on the app's clock.
 */
import { randomBytes } from 'node:crypto';
import type { Services } from '../../platform/context.ts';
import type { Db } from '../../platform/db/database.ts';
import { ApiError } from '../../platform/errors/api-error.ts';
import { hashSecret } from '../../platform/http/auth.ts';
import type { Role } from '../../platform/http/roles.ts';
import { newId } from '../../platform/ids.ts';
const SESSION_ENDED_ES = 'La sesión terminó (se cerró, expiró o se inició otra); vuelva a iniciar sesión.';

import { findSessionByTokenHash, insertSession, revokeSessionByTokenHash, touchSession } from './repository.ts';

const TOKEN_BYTES = 32;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
// last_seen_at is what idle expiry reads; a minute's precision is enough and keeps reads reads.
const LAST_SEEN_RESOLUTION_MS = 60_000;

export interface NewSession {
  id: string;
  /** The cookie's value: shown once, to the browser. */
  token: string;
  csrfToken: string;
  expiresAt: Date;
}

/** A live session with what the dashboard shows about it. */
export interface CurrentSession {
  id: string;
  userId: string;
  email: string;
  organizationId: string;
  organizationName: string;
  organizationParentId: string | null;
  /** The user's role in the session's organization. */
  role: Role;
  csrfToken: string;
  expiresAt: Date;
}

function expiryOf(createdAt: Date, lastSeenAt: Date, services: Services): Date {
  const { sessionIdleMs, sessionMaxMs } = services.config.dashboard;
  return new Date(Math.min(lastSeenAt.getTime() + sessionIdleMs, createdAt.getTime() + sessionMaxMs));
}

/** A 32-byte token is far too strong for guessing: a plain SHA-256 is the right digest. */
function tokenHash(token: string): string {
  return hashSecret(token);
}

export async function startSession(db: Db, services: Services, owner: { userId: string; organizationId: string; at: Date }): Promise<NewSession> {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  const row = await insertSession(db, {
    id: newId('dses', owner.at.getTime()),
    user_id: owner.userId,
    organization_id: owner.organizationId,
    token_hash: tokenHash(token),
    csrf_token: randomBytes(TOKEN_BYTES).toString('base64url'),
    created_at: owner.at,
    last_seen_at: owner.at,
    revoked_at: null,
  });
  return { id: row.id, token, csrfToken: row.csrf_token, expiresAt: expiryOf(row.created_at, row.last_seen_at, services) };
}

/** The live session a token names, its use recorded; null when unknown, revoked or expired. */
export async function resumeSession(services: Services, token: string, now: Date): Promise<CurrentSession | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const row = await findSessionByTokenHash(services.db, tokenHash(token));
  if (!row || row.revoked_at !== null) return null;
  if (now.getTime() >= expiryOf(row.created_at, row.last_seen_at, services).getTime()) return null;
  let lastSeenAt = row.last_seen_at;
  if (now.getTime() - lastSeenAt.getTime() >= LAST_SEEN_RESOLUTION_MS) {
    await touchSession(services.db, row.id, now);
    lastSeenAt = now;
  }
  return {
    id: row.id,
    userId: row.user_id,
    email: row.email,
    organizationId: row.organization_id,
    organizationName: row.organization_name,
    organizationParentId: row.organization_parent_id,
    role: row.role,
    csrfToken: row.csrf_token,
    expiresAt: expiryOf(row.created_at, lastSeenAt, services),
  };
}

/** The session a request must have; 401 dashboard.session_required otherwise. */
export async function requireSession({ services, token }: { services: Services; token: string | undefined }): Promise<CurrentSession> {
  const session = token === undefined ? null : await resumeSession(services, token, services.clock.now());
  if (!session)
    throw new ApiError(
      'dashboard.session_required',
      token === undefined
        ? { en: 'Sign in to the dashboard first.', es: 'Primero inicie sesión en el panel.' }
        : { en: 'The dashboard session has ended (signed out, expired or replaced); sign in again.', es: SESSION_ENDED_ES },
    );
  return session;
}

/** Ends the session a presented cookie names, whoever it belongs to (rotation at sign-in). */
export async function revokePresentedSession(db: Db, token: string | undefined, at: Date): Promise<void> {
  if (token !== undefined && TOKEN_SHAPE.test(token)) await revokeSessionByTokenHash(db, tokenHash(token), at);
}
