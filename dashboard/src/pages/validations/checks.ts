/**
 * The API reports each check of a validation with its outcome (passed, failed, could not run
 * here, not applicable) and the codes of its issues; the dashboard shows them in that order, each
 * with its issues, and reads the verdict from them: a CFDI where nothing failed but something
 * could not run here is "not verifiable here", not invalid.
 */
import type { MessageKey } from '../../core/i18n.ts';
import type { Validation, ValidationCheck, ValidationIssue } from './types.ts';

export type Verdict = 'valid' | 'invalid' | 'unverifiable';

export function verdictOf(validation: Pick<Validation, 'valid' | 'checks'>): Verdict {
  if (validation.valid) return 'valid';
  if (validation.checks.some((check) => check.status === 'failed')) return 'invalid';
  return validation.checks.some((check) => check.status === 'not_run') ? 'unverifiable' : 'invalid';
}

export interface CheckView extends ValidationCheck {
  title: MessageKey;
  explain: MessageKey;
  errors: ValidationIssue[];
  warnings: ValidationIssue[];
}

/** Each check with the issues whose code it names (an issue is listed once, under the first check naming it). */
export function readChecks(validation: Validation): CheckView[] {
  const listed = new Set<ValidationIssue>();
  const take = (issues: ValidationIssue[], check: ValidationCheck) =>
    issues.filter((issue) => {
      if (listed.has(issue) || !check.codes.includes(issue.code)) return false;
      listed.add(issue);
      return true;
    });
  return validation.checks.map((check) => ({
    ...check,
    title: `validations.check.${check.id}` as MessageKey,
    explain: `validations.explain.${check.id}` as MessageKey,
    errors: take(validation.errors, check),
    warnings: take(validation.warnings, check),
  }));
}
