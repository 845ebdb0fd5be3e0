/**
 * Folios: per fiscal profile and serie, the next number is taken from a counter row locked for the
 * rest of the creating transaction, so concurrent creates (on any number of processes) queue on it
 * and never receive the same folio. Explicit folios take the same lock, then must be unused.
 */
import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import { ApiError } from '../../platform/errors/api-error.ts';
import { folioTaken, lockFolioCounter, setFolioCounter } from './repository.ts';

/** How long a create waits for the serie's lock before it gives up with folio_contention. */
const FOLIO_LOCK_TIMEOUT_MS = 5_000;
const ATTEMPTS = 3;
/** Seconds a client should wait before retrying a create that lost the race for a folio. */
export const FOLIO_RETRY_AFTER_SECONDS = 1;
// PostgreSQL's serialization failure, deadlock and lock timeout: the transaction may simply be retried.
const RETRYABLE = new Set(['40001', '40P01', '55P03']);
const UNIQUE_VIOLATION = '23505';

async function highestNumericFolio(db: Db, profileId: string, serie: string): Promise<number> {
  const result = await sql<{ highest: string | null }>`
    SELECT max(folio::numeric)::text AS highest FROM invoices
    WHERE fiscal_profile_id = ${profileId} AND serie = ${serie} AND folio ~ '^[0-9]{1,15}$'`.execute(db);
  return Number(result.rows[0]?.highest ?? 0);
}

export interface FolioOptions {
  lockTimeoutMs?: number | undefined;
  /** The database's capability (DatabaseCapabilities): false on a single connection, where no other transaction can hold the lock and no timeout is needed. */
  waitsForLocks?: boolean;
}

/** Bounds the wait for the serie's lock in this transaction (folio_contention after it). */
export async function limitLockWait(db: Db, options: FolioOptions): Promise<void> {
  if (options.waitsForLocks === false) return;
  const timeout = Math.max(1, Math.round(options.lockTimeoutMs ?? FOLIO_LOCK_TIMEOUT_MS));
  await sql`SET LOCAL lock_timeout = ${sql.lit(`${timeout}ms`)}`.execute(db);
}

/**
 * The folio of a new (or re-seried) invoice, inside the caller's transaction. A number someone
 * already used explicitly is skipped by moving the counter past the highest numeric folio.
 */
export async function assignFolio(
  db: Db,
  profileId: string,
  serie: string,
  explicit: string | undefined,
  options: FolioOptions & { exceptId?: string; pastTakenCounter?: boolean } = {},
): Promise<string> {
  await limitLockWait(db, options);
  if (explicit !== undefined) {
    await lockFolioCounter(db, profileId, serie, 0);
    if (await folioTaken(db, profileId, serie, explicit, options.exceptId)) throw folioTakenError(serie, explicit);
    return explicit;
  }
  // `pastTakenCounter`: the counter already stands on a number an invoice holds (insertWithNextFolio found it taken).
  let { folio, taken } = await lockFolioCounter(db, profileId, serie, options.pastTakenCounter ? 0 : 1);
  if (options.pastTakenCounter) taken = true;
  while (taken) {
    folio = Math.max(folio, await highestNumericFolio(db, profileId, serie)) + 1;
    await setFolioCounter(db, profileId, serie, folio);
    taken = await folioTaken(db, profileId, serie, String(folio));
  }
  return String(folio);
}

function folioTakenError(serie: string, folio: string): ApiError {
  const where = serie === '' ? 'without a serie' : `in serie ${serie}`;
  const es = `Folio: el ${folio} ya se usó en esta serie con este perfil fiscal.`;
  return new ApiError(
    'invoice.folio_taken',
    { en: `Folio ${folio} is already used ${where} by this fiscal profile.`, es },
    {
      errors: [{ path: 'folio', code: 'invoice.folio_taken', message: `is already used ${where}.`, messageEs: es }],
    },
  );
}

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * Runs a folio-assigning transaction, again when PostgreSQL reports a lock timeout, deadlock or
 * serialization failure; then answers 409 folio_contention with Retry-After (such a response is
 * not kept by the idempotency layer, so the client's retry with the same key runs again).
 */
export async function withFolioRetries<T>(work: () => Promise<T>, explicit: { serie: string; folio: string } | undefined): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      const code = codeOf(error);
      if (code === UNIQUE_VIOLATION && explicit) throw folioTakenError(explicit.serie, explicit.folio);
      const retryable = code !== undefined && (RETRYABLE.has(code) || code === UNIQUE_VIOLATION);
      if (!retryable) throw error;
      if (attempt >= ATTEMPTS) {
        throw new ApiError(
          'invoice.folio_contention',
          {
            en: 'Another request was assigning a folio of this serie at the same moment; retry shortly with the same Idempotency-Key.',
            es: 'Otra solicitud asignaba un folio de esta serie en el mismo momento; vuelva a intentarlo en unos instantes con la misma `Idempotency-Key`.',
          },
          {
            headers: { 'Retry-After': String(FOLIO_RETRY_AFTER_SECONDS) },
            cause: error,
          },
        );
      }
    }
  }
}
