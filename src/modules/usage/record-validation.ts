import { sql, type RawBuilder } from 'kysely';
import type { Mode } from '../../platform/context.ts';
import { newId } from '../../platform/ids.ts';
import { usageRecordCtes } from './repository.ts';

/**
 * The `validation` usage record of a stored validation (metered in both modes, never charged
 * against stamp credits), as CTEs of the statement that stores the validation.
 */
export function validationUsageCtes(input: { organizationId: string; mode: Mode; validationId: string; at: Date }): RawBuilder<unknown> {
  const row = { id: newId('ur', input.at.getTime()), organization_id: input.organizationId, mode: input.mode, kind: 'validation', quantity: 1, resource_id: input.validationId, created_at: input.at };
  return usageRecordCtes(row, { when: sql`true`, takesCredit: false });
}
