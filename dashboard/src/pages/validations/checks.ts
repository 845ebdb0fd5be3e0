/**
 * The API reports a validation as the issues it found, each with a stable code; the dashboard
 * reads them back as the guide's checks (docs/guides/validations.md, "The checks"), so a person
 * sees each check passed or failed rather than a flat list of codes.
 */
import type { MessageKey } from '../../core/i18n.ts';
import type { Validation, ValidationIssue } from './types.ts';

type CheckId = 'document' | 'structure' | 'arithmetic' | 'catalogs' | 'seal' | 'timbre' | 'sat';
export type Outcome = 'pass' | 'fail' | 'warn' | 'skipped' | 'not_applicable';

const CHECKS: CheckId[] = ['document', 'structure', 'arithmetic', 'catalogs', 'seal', 'timbre', 'sat'];

const DOCUMENT = /^cfdi\.(doctype_forbidden|xml_too_\w+|not_comprobante|invalid_encoding|invalid_xml_char|parse_error|too_many_issues)$/;
const ARITHMETIC =
  /^cfdi\.(\w+_mismatch|importe_out_of_limits|tax_\w+|pagos_\w+|amount_\w+|negative_total|\w+_not_positive|descuento_exceeds_\w+|exento_with_rate|missing_tax_rate|invalid_tax_rate|retencion_exento)$/;
const CATALOGS =
  /^cfdi\.(catalog\w*|unknown_catalog_code|unknown_currency|uso_cfdi_not_allowed|regimen_fiscal_not_allowed|invalid_postal_code|invalid_objeto_imp|invalid_impuesto|invalid_tipo_factor|objeto_imp_\w+|taxes_not_allowed_for_tipo|tipo_cambio_invalid|missing_uso)$/;
const SEAL = /^cfdi\.(sello\w*|malformed_sello|not_a_csd|certificado\w*|no_certificado_mismatch|invalid_no_certificado|csd\w*|seal_not_verified)$/;
const TIMBRE = /^cfdi\.(tfd\w*|no_tfd)$/;
const SAT = /^cfdi\.(not_found|cancelled|status_indeterminate|emisor_not_in_lco)$/;

/** The check an issue belongs to; codes the dashboard does not know count as structure. */
function checkOf(issue: Pick<ValidationIssue, 'code'>): CheckId {
  const { code } = issue;
  if (DOCUMENT.test(code)) return 'document';
  // The timbre's own mismatches (tfd_sello_cfd_mismatch) before the generic *_mismatch rule.
  if (TIMBRE.test(code)) return 'timbre';
  if (SEAL.test(code)) return 'seal';
  if (SAT.test(code)) return 'sat';
  if (CATALOGS.test(code)) return 'catalogs';
  if (ARITHMETIC.test(code)) return 'arithmetic';
  return 'structure';
}

export interface CheckResult {
  id: CheckId;
  title: MessageKey;
  outcome: Outcome;
  errors: ValidationIssue[];
  warnings: ValidationIssue[];
}

export function readChecks(validation: Validation): CheckResult[] {
  // A document that is no CFDI 4.0 is not read further: the later checks did not run.
  const stoppedEarly = validation.errors.some((issue) => checkOf(issue) === 'document');
  return CHECKS.map((id) => {
    const errors = validation.errors.filter((issue) => checkOf(issue) === id);
    const warnings = validation.warnings.filter((issue) => checkOf(issue) === id);
    let outcome: Outcome = errors.length > 0 ? 'fail' : warnings.length > 0 ? 'warn' : 'pass';
    if (outcome === 'pass' && stoppedEarly && id !== 'document') outcome = 'skipped';
    else if (outcome === 'pass' && (id === 'timbre' || id === 'sat') && !validation.summary.stamped) outcome = 'not_applicable';
    return { id, title: `validations.check.${id}` as MessageKey, outcome, errors, warnings };
  });
}
