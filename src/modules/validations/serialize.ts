import { validationChecks } from '../../cfdi/checks.ts';
import type { ValidationRow } from './repository.ts';
import type { StoredCheck } from './types.ts';

/**
 * The checks of a validation stored before they were recorded, worked out from its stored
 * issues: its summary has a version exactly when its Comprobante could be read.
 */
function checksOf(row: ValidationRow): StoredCheck[] {
  return row.checks ?? validationChecks({ errors: row.errors, warnings: row.warnings, read: row.summary.version !== null, stamped: row.summary.stamped });
}

/** The API's `validation` object. */
export function renderValidation(row: ValidationRow) {
  return {
    object: 'validation' as const,
    id: row.id,
    valid: row.valid,
    errors: row.errors,
    warnings: row.warnings,
    checks: checksOf(row),
    summary: row.summary,
    livemode: row.mode === 'live',
    created_at: row.created_at.toISOString(),
  };
}

declare module '../events/index.ts' {
  interface EventObjects {
    'validation.completed': ReturnType<typeof renderValidation>;
  }
}
