import { sql, type Selectable } from 'kysely';
import type { Mode } from '../context.ts';
import type { Db } from '../db/database.ts';

interface IdempotencyKeyTable {
  organization_id: string;
  mode: Mode;
  key: string;
  request_hash: string;
  state: 'processing' | 'done';
  response_status: number | null;
  response_headers: Record<string, string> | null;
  response_body: string | null;
  locked_until: Date;
  created_at: Date;
  expires_at: Date;
}

declare module '../db/schema.ts' {
  interface Database {
    idempotency_keys: IdempotencyKeyTable;
  }
}

export type IdempotencyRecord = Selectable<IdempotencyKeyTable>;

/** Whose key it is: the effective organization (the connected account under Invoice-Account) and mode. */
export interface KeyScope {
  organizationId: string;
  mode: Mode;
  key: string;
}

/**
 * A claim on a key while its first request runs. `lockedUntil` doubles as a fencing token: a
 * request whose claim was taken over (its lease lapsed) can neither store nor release the key.
 */
export interface Claim {
  scope: KeyScope;
  lockedUntil: Date;
}

export interface ClaimTimes {
  now: Date;
  lockedUntil: Date;
  expiresAt: Date;
}

/** Inserts the processing row; under any number of concurrent requests exactly one gets true. */
export async function insertClaim(db: Db, scope: KeyScope, requestHash: string, times: ClaimTimes): Promise<boolean> {
  const row = await db
    .insertInto('idempotency_keys')
    .values({
      organization_id: scope.organizationId,
      mode: scope.mode,
      key: scope.key,
      request_hash: requestHash,
      state: 'processing',
      locked_until: times.lockedUntil,
      created_at: times.now,
      expires_at: times.expiresAt,
    })
    .onConflict((conflict) => conflict.columns(['organization_id', 'mode', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  return row !== undefined;
}

export async function findRecord(db: Db, scope: KeyScope): Promise<IdempotencyRecord | undefined> {
  return db
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('organization_id', '=', scope.organizationId)
    .where('mode', '=', scope.mode)
    .where('key', '=', scope.key)
    .executeTakeFirst();
}

/**
 * Takes a key over when its record expired (any request may reuse it) or when the request that
 * claimed it stopped without finishing (same request only). The condition is re-checked under
 * the row lock, so of several requests racing for the takeover exactly one succeeds.
 */
export async function takeOverClaim(db: Db, scope: KeyScope, requestHash: string, times: ClaimTimes): Promise<boolean> {
  const result = await db
    .updateTable('idempotency_keys')
    .set({
      request_hash: requestHash,
      state: 'processing',
      response_status: null,
      response_headers: null,
      response_body: null,
      locked_until: times.lockedUntil,
      created_at: times.now,
      expires_at: times.expiresAt,
    })
    .where('organization_id', '=', scope.organizationId)
    .where('mode', '=', scope.mode)
    .where('key', '=', scope.key)
    .where((eb) =>
      eb.or([
        eb('expires_at', '<=', times.now),
        eb.and([eb('state', '=', 'processing'), eb('locked_until', '<=', times.now), eb('request_hash', '=', requestHash)]),
      ]),
    )
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export interface StoredResponse {
  status: number;
  headers: Record<string, string>;
  body: string | null;
}

function claimedRow(db: Db, claim: Claim) {
  return {
    update: db
      .updateTable('idempotency_keys')
      .where('organization_id', '=', claim.scope.organizationId)
      .where('mode', '=', claim.scope.mode)
      .where('key', '=', claim.scope.key)
      .where('state', '=', 'processing')
      .where('locked_until', '=', claim.lockedUntil),
    delete: db
      .deleteFrom('idempotency_keys')
      .where('organization_id', '=', claim.scope.organizationId)
      .where('mode', '=', claim.scope.mode)
      .where('key', '=', claim.scope.key)
      .where('state', '=', 'processing')
      .where('locked_until', '=', claim.lockedUntil),
  };
}

export async function storeResponse(db: Db, claim: Claim, response: StoredResponse): Promise<void> {
  await claimedRow(db, claim)
    .update.set({ state: 'done', response_status: response.status, response_headers: response.headers, response_body: response.body })
    .execute();
}

/** Frees a key whose request failed in a way worth retrying (5xx, crash), so the retry runs anew. */
export async function releaseClaim(db: Db, claim: Claim): Promise<void> {
  await claimedRow(db, claim).delete.execute();
}

/** Deletes records that expired before `now`, in batches; returns how many. */
export async function purgeExpiredKeys(db: Db, now: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const result = await sql`
      DELETE FROM idempotency_keys WHERE (organization_id, mode, key) IN (
        SELECT organization_id, mode, key FROM idempotency_keys WHERE expires_at < ${now} LIMIT 5000
      )`.execute(db);
    const deleted = Number(result.numAffectedRows ?? 0n);
    total += deleted;
    if (deleted < 5000) return total;
  }
}

/**
 * Frees every key still marked processing. Only safe when this process is the database's sole
 * user (embedded PGlite): after a crash no request can still be running, so a retry need not
 * wait for the lock to lapse.
 */
export async function releaseAllClaims(db: Db): Promise<number> {
  const result = await db.deleteFrom('idempotency_keys').where('state', '=', 'processing').executeTakeFirst();
  return Number(result.numDeletedRows);
}
