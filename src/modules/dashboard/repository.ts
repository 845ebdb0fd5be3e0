import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../platform/db/database.ts';

export interface DashboardUserTable {
  id: string;
  /** The organization a new session opens in: the one last switched to (a membership). */
  organization_id: string;
  /** Normalised (`normaliseEmail`): NFKC, lower case, trimmed. */
  email: string;
  password_hash: string;
  created_at: Date;
  updated_at: Date;
}

export interface DashboardSessionTable {
  id: string;
  user_id: string;
  organization_id: string;
  /** SHA-256 (hex) of the cookie's token; the token itself is never stored. */
  token_hash: string;
  csrf_token: string;
  created_at: Date;
  last_seen_at: Date;
  revoked_at: Date | null;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    dashboard_users: DashboardUserTable;
    dashboard_sessions: DashboardSessionTable;
  }
}

export type UserRow = Selectable<DashboardUserTable>;
export type SessionRow = Selectable<DashboardSessionTable>;

/** The user, or undefined when the e-mail is already registered (the insert does nothing). */
export async function insertUser(db: Db, row: Insertable<DashboardUserTable>): Promise<UserRow | undefined> {
  return db
    .insertInto('dashboard_users')
    .values(row)
    .onConflict((conflict) => conflict.column('email').doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('dashboard_users').selectAll().where('email', '=', email).executeTakeFirst();
}

export async function findUser(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('dashboard_users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updatePasswordHash(db: Db, userId: string, passwordHash: string, at: Date): Promise<void> {
  await db.updateTable('dashboard_users').set({ password_hash: passwordHash, updated_at: at }).where('id', '=', userId).execute();
}

export async function insertSession(db: Db, row: Insertable<DashboardSessionTable>): Promise<SessionRow> {
  return db.insertInto('dashboard_sessions').values(row).returningAll().executeTakeFirstOrThrow();
}

/**
 * A session with what every answer about it shows (user e-mail, organization, the user's role
 * there), in one round trip; none when the user is no longer a member of the session's organization.
 */
export async function findSessionByTokenHash(db: Db, tokenHash: string) {
  return db
    .selectFrom('dashboard_sessions')
    .innerJoin('dashboard_users', 'dashboard_users.id', 'dashboard_sessions.user_id')
    .innerJoin('organizations', 'organizations.id', 'dashboard_sessions.organization_id')
    .innerJoin('dashboard_memberships', (join) =>
      join
        .onRef('dashboard_memberships.user_id', '=', 'dashboard_sessions.user_id')
        .onRef('dashboard_memberships.organization_id', '=', 'dashboard_sessions.organization_id'),
    )
    .select([
      'dashboard_memberships.role',
      'dashboard_sessions.id',
      'dashboard_sessions.user_id',
      'dashboard_sessions.organization_id',
      'dashboard_sessions.csrf_token',
      'dashboard_sessions.created_at',
      'dashboard_sessions.last_seen_at',
      'dashboard_sessions.revoked_at',
      'dashboard_users.email',
      'organizations.name as organization_name',
      'organizations.parent_id as organization_parent_id',
    ])
    .where('dashboard_sessions.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function touchSession(db: Db, id: string, at: Date): Promise<void> {
  await db.updateTable('dashboard_sessions').set({ last_seen_at: at }).where('id', '=', id).execute();
}

export async function revokeSession(db: Db, id: string, at: Date): Promise<void> {
  await db.updateTable('dashboard_sessions').set({ revoked_at: at }).where('id', '=', id).where('revoked_at', 'is', null).execute();
}

export async function revokeSessionByTokenHash(db: Db, tokenHash: string, at: Date): Promise<void> {
  await db.updateTable('dashboard_sessions').set({ revoked_at: at }).where('token_hash', '=', tokenHash).where('revoked_at', 'is', null).execute();
}

export async function revokeOtherSessions(db: Db, userId: string, keepId: string, at: Date): Promise<void> {
  await db
    .updateTable('dashboard_sessions')
    .set({ revoked_at: at })
    .where('user_id', '=', userId)
    .where('id', '!=', keepId)
    .where('revoked_at', 'is', null)
    .execute();
}
