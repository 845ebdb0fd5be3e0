import type { Mode } from '../../platform/context.ts';
import type { Db } from '../../platform/db/database.ts';
import { newId } from '../../platform/ids.ts';
import { insertUsageRecord } from './repository.ts';

/**
 * Writes the `validation` usage record of a stored validation (metered in both modes, never
 * charged against stamp credits). Run it in the transaction that stores the validation.
 */
export async function recordValidation(db: Db, input: { organizationId: string; mode: Mode; validationId: string; at: Date }): Promise<void> {
  await insertUsageRecord(db, {
    id: newId('ur', input.at.getTime()),
    organization_id: input.organizationId,
    mode: input.mode,
    kind: 'validation',
    quantity: 1,
    resource_id: input.validationId,
    created_at: input.at,
  });
}
