import type { Selectable } from 'kysely';
import type { Db } from '../../platform/db/database.ts';

type AttemptScope = 'email' | 'address' | 'sign_up';

interface SignInAttemptTable {
  scope: AttemptScope;
  /** The normalised e-mail, or the client's address key (an IPv4 address or an IPv6 /64). */
  subject: string;
  window_started_at: Date;
  attempts: number;
  locked_until: Date | null;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    dashboard_sign_in_attempts: SignInAttemptTable;
  }
}

export type AttemptRow = Selectable<SignInAttemptTable>;

export interface AttemptSubject {
  scope: AttemptScope;
  subject: string;
}

/**
 * The counters of these subjects, created empty when missing and locked for the rest of the
 * transaction, so that concurrent sign-ins (on any process) count one after another. Rows are
 * taken in one order, which keeps two transactions from waiting on each other.
 */
export async function lockAttemptRows(trx: Db, subjects: AttemptSubject[], now: Date): Promise<AttemptRow[]> {
  const ordered = [...subjects].sort((a, b) => a.scope.localeCompare(b.scope) || a.subject.localeCompare(b.subject));
  await trx
    .insertInto('dashboard_sign_in_attempts')
    .values(ordered.map((item) => ({ ...item, window_started_at: now, attempts: 0, locked_until: null })))
    .onConflict((conflict) => conflict.columns(['scope', 'subject']).doNothing())
    .execute();
  return trx
    .selectFrom('dashboard_sign_in_attempts')
    .selectAll()
    .where((eb) => eb.or(ordered.map((item) => eb.and([eb('scope', '=', item.scope), eb('subject', '=', item.subject)]))))
    .orderBy('scope')
    .orderBy('subject')
    .forUpdate()
    .execute();
}

export async function saveAttempts(trx: Db, row: AttemptRow): Promise<void> {
  await trx
    .updateTable('dashboard_sign_in_attempts')
    .set({ window_started_at: row.window_started_at, attempts: row.attempts, locked_until: row.locked_until })
    .where('scope', '=', row.scope)
    .where('subject', '=', row.subject)
    .execute();
}

export async function deleteAttempts(db: Db, subject: AttemptSubject): Promise<void> {
  await db.deleteFrom('dashboard_sign_in_attempts').where('scope', '=', subject.scope).where('subject', '=', subject.subject).execute();
}
