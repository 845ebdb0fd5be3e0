/** Password reset tokens (migrations/0018_email_delivery.sql): only their SHA-256 is stored. */
import type { Db } from '../../platform/db/database.ts';

interface DashboardPasswordResetTable {
  token_hash: string;
  user_id: string;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    dashboard_password_resets: DashboardPasswordResetTable;
  }
}

export async function insertReset(db: Db, row: Omit<DashboardPasswordResetTable, 'used_at'>): Promise<void> {
  await db
    .insertInto('dashboard_password_resets')
    .values({ ...row, used_at: null })
    .execute();
}

/** The user of a token that is unused and unexpired at `now`. */
export async function findUsableReset(db: Db, tokenHash: string, now: Date): Promise<{ user_id: string } | undefined> {
  return db
    .selectFrom('dashboard_password_resets')
    .select('user_id')
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** Marks the token used; false when another request used it first (or it expired meanwhile). */
export async function consumeReset(db: Db, tokenHash: string, now: Date): Promise<boolean> {
  const row = await db
    .updateTable('dashboard_password_resets')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function revokeAllSessions(db: Db, userId: string, at: Date): Promise<void> {
  await db.updateTable('dashboard_sessions').set({ revoked_at: at }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
}
