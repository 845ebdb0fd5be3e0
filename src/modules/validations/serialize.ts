import type { ValidationRow } from './repository.ts';

/** The API's `validation` object. */
export function renderValidation(row: ValidationRow) {
  return {
    object: 'validation' as const,
    id: row.id,
    valid: row.valid,
    errors: row.errors,
    warnings: row.warnings,
    summary: row.summary,
    livemode: row.mode === 'live',
    created_at: row.created_at.toISOString(),
  };
}
