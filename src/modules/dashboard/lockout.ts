/**
 * Sign-in limits, per e-mail and per client address (an IPv4 address or an IPv6 /64):
 *
 * - 5 failures for one e-mail within 15 minutes close sign-in for that e-mail for 15 minutes,
 *   the right password included: an account is never guessed more than 5 times in a row.
 * - 20 failures from one address within 15 minutes slow that address down rather than close it:
 *   from then on each attempt from it must wait for the one before it, 1 s after the 20th
 *   failure, then 2, 4, 8… up to a minute, until 15 minutes pass without an attempt. An attempt
 *   made in its turn is checked like any other (and takes the turn, success or not), so the
 *   right password for an e-mail that is not itself locked signs in: many people may share one
 *   address (an office, a carrier's NAT, a proxy), and one of them guessing must not lock the
 *   others out, only slow everyone there.
 * - 10 sign-ups from one address within 15 minutes close sign-up there for 15 minutes.
 *
 * The counters live in the database so that every process shares them. An attempt is counted
 * (and takes its turn) before its password is checked and given back when it succeeds, so that a
 * burst of concurrent guesses cannot all pass the check before the first failure is written.
 */
import type { Db } from '../../platform/db/database.ts';
import { ApiError } from '../../platform/errors/api-error.ts';
import { deleteAttempts, lockAttemptRows, saveAttempts, type AttemptRow, type AttemptSubject } from './attempts-repository.ts';

const WINDOW_MS = 15 * 60_000;
// Sign-ups per address: each costs a password hash and makes an organization, and is never given back.
const LIMITS = { email: 5, address: 20, sign_up: 10 } as const;
const FIRST_DELAY_MS = 1000;
const MAX_DELAY_MS = 60_000;

/** The wait after an address's `attempts`-th counted attempt once it has reached its limit. */
function addressDelayMs(attempts: number): number {
  return Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.min(attempts - LIMITS.address, 16));
}

/** For an e-mail or sign-ups, the end of the lock; for an address, the moment its next turn comes. */
function waitsUntil(row: AttemptRow, now: Date): number | undefined {
  const until = row.locked_until?.getTime();
  return until !== undefined && until > now.getTime() ? until : undefined;
}

/** The row after one more attempt. */
function counted(row: AttemptRow, now: Date): AttemptRow {
  const at = now.getTime();
  // A window that has run out starts the count again; so does an ended lock. A slowed address
  // starts again only 15 minutes after its last turn, or a steady trickle would never stop.
  const fresh =
    row.scope === 'address'
      ? at - Math.max(row.window_started_at.getTime(), row.locked_until?.getTime() ?? 0) >= WINDOW_MS
      : row.locked_until !== null || at - row.window_started_at.getTime() >= WINDOW_MS;
  const attempts = (fresh ? 0 : row.attempts) + 1;
  const limited = attempts >= LIMITS[row.scope];
  const lockedUntil = !limited ? null : row.scope === 'address' ? at + addressDelayMs(attempts) : at + WINDOW_MS;
  return { ...row, window_started_at: fresh ? now : row.window_started_at, attempts, locked_until: lockedUntil === null ? null : new Date(lockedUntil) };
}

function tooManyAttempts(subjects: AttemptSubject[], waiting: AttemptRow[], until: number, now: Date): ApiError {
  const seconds = Math.max(1, Math.ceil((until - now.getTime()) / 1000));
  const wait = seconds === 1 ? '1 second' : seconds < 120 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`;
  const waitEs = seconds === 1 ? '1 segundo' : seconds < 120 ? `${seconds} segundos` : `${Math.ceil(seconds / 60)} minutos`;
  const [what, whatEs] = subjects.some((subject) => subject.scope === 'sign_up')
    ? ['Too many sign-ups from this address', 'Demasiados registros desde esta dirección']
    : waiting.some((row) => row.scope === 'email')
      ? ['Too many failed sign-ins for this e-mail', 'Demasiados intentos fallidos con este correo']
      : ['Too many failed sign-ins from this address', 'Demasiados intentos fallidos desde esta dirección'];
  return new ApiError(
    'dashboard.too_many_attempts',
    { en: `${what}; try again in ${wait}.`, es: `${whatEs}; intente de nuevo en ${waitEs}.` },
    { headers: { 'Retry-After': String(seconds) } },
  );
}

/**
 * Counts one attempt for each subject, or refuses with 429 and Retry-After while any of them is
 * locked or, for an address, before its turn; a refused attempt is counted nowhere.
 */
export async function reserveAttempt(db: Db, subjects: AttemptSubject[], now: Date): Promise<void> {
  const refused = await db.transaction().execute(async (trx) => {
    const rows = await lockAttemptRows(trx, subjects, now);
    const waiting = rows.filter((row) => waitsUntil(row, now) !== undefined);
    if (waiting.length > 0) return { waiting, until: Math.max(...waiting.map((row) => waitsUntil(row, now)!)) };
    for (const row of rows) await saveAttempts(trx, counted(row, now));
    return undefined;
  });
  if (refused) throw tooManyAttempts(subjects, refused.waiting, refused.until, now);
}

/**
 * The attempt succeeded: the e-mail's counter is cleared, and the address gets its attempt back
 * (an office behind one address must not be slowed down by its own successful sign-ins).
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
      await saveAttempts(trx, { ...row, attempts, locked_until: attempts >= LIMITS[row.scope] ? row.locked_until : null });
    });
  }
}
