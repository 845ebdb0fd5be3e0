import type { RawBuilder } from 'kysely';
import type { Mode } from '../../platform/context.ts';
import type { Db } from '../../platform/db/database.ts';
import { ApiError } from '../../platform/errors/api-error.ts';
import { creditsOf, insertUsageRecord, takeCredit, usageRecordCtes, usageRow } from './repository.ts';

export interface StampUsageInput {
  db: Db;
  organizationId: string;
  mode: Mode;
  /** The invoice that was stamped. */
  resourceId: string;
  at: Date;
}

/**
 * Checks, before a PAC call, that a live stamp could be paid for (docs/contract.md §7); test mode is
 * unmetered. The charge itself happens in `recordStamp`, in the transaction that stores the stamp.
 */
export async function assertCanStamp({ db, organizationId, mode }: Omit<StampUsageInput, 'resourceId' | 'at'>): Promise<void> {
  if (mode === 'live' && (await creditsOf(db, organizationId)) < 1) {
    throw insufficientCredits(organizationId);
  }
}

/**
 * Writes the `stamp` usage record and, in live mode, consumes one credit. Idempotent per invoice:
 * recording the same stamp twice (a retried recovery) charges once. Run it in the transaction that
 * stores the stamp so both commit together.
 */
export async function recordStamp({ db, organizationId, mode, resourceId, at }: StampUsageInput): Promise<void> {
  const inserted = await insertUsageRecord(db, usageRow('stamp', { organizationId, mode, resourceId, at }));
  if (!inserted || mode === 'test') return;
  if (!(await takeCredit(db, organizationId, at))) throw insufficientCredits(organizationId);
}

/**
 * recordStamp as CTEs of the caller's statement (the one that stores the stamp), written when
 * `when` holds. The stamp exists at the PAC by then, so it is charged without failing when a
 * concurrent stamp took the last live credit since `assertCanStamp` (docs/contract.md §7).
 */
export function stampUsageCtes({ organizationId, mode, resourceId, at }: Omit<StampUsageInput, 'db'>, when: RawBuilder<unknown>): RawBuilder<unknown> {
  return usageRecordCtes(usageRow('stamp', { organizationId, mode, resourceId, at }), { when, takesCredit: mode === 'live' });
}

function insufficientCredits(organizationId: string): ApiError {
  return new ApiError('balance.insufficient_credits', {
    en: `Organization ${organizationId} has no live stamp credits left.`,
    es: `La organización ${organizationId} ya no tiene timbres disponibles para producción.`,
  });
}
