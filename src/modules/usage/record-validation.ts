import { sql, type RawBuilder } from 'kysely';
import type { Mode } from '../../platform/context.ts';
import { usageRecordCtes, usageRow } from './repository.ts';

/**
 * The `validation` usage record of a stored validation (metered in both modes, never charged
 * against stamp credits), as CTEs of the statement that stores the validation.
 */
export function validationUsageCtes(input: { organizationId: string; mode: Mode; validationId: string; at: Date }): RawBuilder<unknown> {
  const row = usageRow('validation', { organizationId: input.organizationId, mode: input.mode, resourceId: input.validationId, at: input.at });
  return usageRecordCtes(row, { when: sql`true`, takesCredit: false });
}
