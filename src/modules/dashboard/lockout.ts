/**
 * Sign-in lockout: 5 failures for one e-mail or 20 from one client address within 15 minutes
 * close sign-in for that e-mail or address for 15 minutes, the right password included; 10
 * sign-ups from one address within 15 minutes close sign-up there for 15 minutes. The
 * counters live in the database so that every process shares them.
 *
 * An attempt is counted before its password is checked and given back when it succeeds, so that
 * a burst of concurrent guesses cannot all pass the check before the first failure is written.
 */
import type { Db } from '../../platform/db/database.ts';
import { ApiError } from '../../platform/errors/api-error.ts';
import { deleteAttempts, lockAttemptRows, saveAttempts, type AttemptRow, type AttemptSubject } from './attempts-repository.ts';

const LOCKOUT_WINDOW_MS = 15 * 60_000;
// Sign-ups per address: each costs a password hash and makes an organization, and is never given back.
const LIMITS = { email: 5, address: 20, sign_up: 10 } as const;

function isLocked(row: AttemptRow, now: Date): boolean {
  return row.locked_until !== null && row.locked_until.getTime() > now.getTime();
}

/** Counts one attempt for each subject, or refuses with 429 and Retry-After while any is locked. */
export async function reserveAttempt(db: Db, subjects: AttemptSubject[], now: Date): Promise<void> {
  const lockedUntil = await db.transaction().execute(async (trx) => {
    const rows = await lockAttemptRows(trx, subjects, now);
    const locks = rows.filter((row) => isLocked(row, now)).map((row) => row.locked_until!.getTime());
    if (locks.length > 0) return Math.max(...locks);
    for (const row of rows) {
      // A window that has run out, or a lock that has ended, starts the count again.
      const fresh = row.locked_until !== null || now.getTime() - row.window_started_at.getTime() >= LOCKOUT_WINDOW_MS;
      const attempts = (fresh ? 0 : row.attempts) + 1;
      await saveAttempts(trx, {
        ...row,
        window_started_at: fresh ? now : row.window_started_at,
        attempts,
        locked_until: attempts >= LIMITS[row.scope] ? new Date(now.getTime() + LOCKOUT_WINDOW_MS) : null,
      });
    }
    return undefined;
  });
  if (lockedUntil === undefined) return;
  const seconds = Math.max(1, Math.ceil((lockedUntil - now.getTime()) / 1000));
  const what = subjects.some((subject) => subject.scope === 'sign_up')
    ? 'Too many sign-ups from this address'
    : 'Too many failed sign-ins for this e-mail or from this address';
  throw new ApiError('dashboard.too_many_attempts', `${what}; try again in ${Math.ceil(seconds / 60)} minutes.`, {
    headers: { 'Retry-After': String(seconds) },
  });
}

/**
 * The attempt succeeded: the e-mail's counter is cleared, and the address gets its attempt back
 * (an office behind one address must not be locked out by its own successful sign-ins).
 */
export async function releaseAttempt(db: Db, subjects: AttemptSubject[], now: Date): Promise<void> {
  for (const subject of subjects) {
    if (subject.scope === 'email') {
      await deleteAttempts(db, subject);
      continue;
    }
    await db.transaction().execute(async (trx) => {
      const [row] = await lockAttemptRows(trx, [subject], now);
      if (!row) return;
      const attempts = Math.max(0, row.attempts - 1);
      await saveAttempts(trx, { ...row, attempts, locked_until: attempts >= LIMITS.address ? row.locked_until : null });
    });
  }
}
