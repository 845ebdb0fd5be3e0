import type { Db } from '../../platform/db/database.ts';
import { isId } from '../../platform/ids.ts';
import { findOrganization } from '../organizations/index.ts';
import { addCredits } from './repository.ts';

export class GrantError extends Error {}

/** Operator command: adds live stamp credits to an organization; returns the new balance. */
export async function grantCredits(db: Db, organizationId: string, credits: number, at: Date): Promise<number> {
  if (!Number.isSafeInteger(credits) || credits < 1 || credits > 100_000_000) {
    throw new GrantError(`credits must be a whole number from 1 to 100000000, got ${credits}`);
  }
  if (!isId('org', organizationId) || !(await findOrganization(db, organizationId))) {
    throw new GrantError(`no organization ${organizationId}`);
  }
  return addCredits(db, organizationId, credits, at);
}
