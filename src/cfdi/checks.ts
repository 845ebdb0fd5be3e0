/**
 * A CFDI's checks one by one, as a person reads a validation: each passed, failed, could not run
 * here (and what would let it run), or does not apply. Worked out from the issues found, each
 * code belonging to one check. "Could not run" is not "failed": a genuine supplier CFDI checked
 * where the SAT cannot be asked (test mode's simulator, the command line) has nothing wrong with
 * it; it is not verifiable here. It is still not valid: `valid` needs every check to pass.
 */
import { isRuleCode, type RuleCode } from './rules/codes.ts';
import { TFD_PATH } from './rules/patterns.ts';
import type { ValidationIssue } from './rules/types.ts';

/** In the order they run, as docs/guides/validations.md lists them. */
const CHECK_IDS = ['document', 'structure', 'arithmetic', 'catalogs', 'seal', 'timbre', 'sat_status'] as const;
export type CheckId = (typeof CHECK_IDS)[number];
type CheckStatus = 'passed' | 'failed' | 'not_run' | 'not_applicable';

export interface ValidationCheck {
  id: CheckId;
  status: CheckStatus;
  /** What passed; what failed (the first error, and how many); or why it could not run. */
  message: string;
  /** What to do: fix the first error, or what would let the check run. Null when it passed or does not apply. */
  remediation: string | null;
  /** The codes of this check's errors and warnings, each once. */
  codes: string[];
}

const CHECK_OF_CODE: Readonly<Record<RuleCode, CheckId>> = {
  'cfdi.parse_error': 'document',
  'cfdi.not_comprobante': 'document',
  'cfdi.xml_too_large': 'document',
  'cfdi.xml_too_deep': 'document',
  'cfdi.xml_too_complex': 'document',
  'cfdi.doctype_forbidden': 'document',
  'cfdi.invalid_encoding': 'document',
  'cfdi.invalid_xml_char': 'document',
  'cfdi.too_many_issues': 'document',
  'cfdi.malformed_xml': 'structure',
  'cfdi.complement_schema_unavailable': 'structure',
  'cfdi.missing_attribute': 'structure',
  'cfdi.attribute_not_allowed': 'structure',
  'cfdi.invalid_value': 'structure',
  'cfdi.invalid_text': 'structure',
  'cfdi.invalid_rfc': 'structure',
  'cfdi.invalid_fecha': 'structure',
  'cfdi.invalid_postal_code': 'structure',
  'cfdi.invalid_uuid': 'structure',
  'cfdi.invalid_amount': 'structure',
  'cfdi.invalid_no_certificado': 'structure',
  'cfdi.forma_pago_must_be_99': 'structure',
  'cfdi.pagos_missing': 'structure',
  'cfdi.pagos_not_allowed': 'structure',
  'cfdi.taxes_not_allowed_for_tipo': 'structure',
  'cfdi.no_conceptos': 'structure',
  'cfdi.fecha_in_future': 'structure',
  'cfdi.fecha_too_old': 'structure',
  'cfdi.amount_decimals': 'arithmetic',
  'cfdi.invalid_tax_rate': 'catalogs',
  'cfdi.invalid_objeto_imp': 'catalogs',
  'cfdi.invalid_impuesto': 'catalogs',
  'cfdi.invalid_tipo_factor': 'catalogs',
  'cfdi.missing_tax_rate': 'arithmetic',
  'cfdi.exento_with_rate': 'arithmetic',
  'cfdi.retencion_exento': 'arithmetic',
  'cfdi.tax_base_not_positive': 'arithmetic',
  'cfdi.objeto_imp_02_without_taxes': 'arithmetic',
  'cfdi.objeto_imp_taxes_not_allowed': 'arithmetic',
  'cfdi.objeto_imp_dr_02_without_taxes': 'arithmetic',
  'cfdi.objeto_imp_dr_taxes_not_allowed': 'arithmetic',
  'cfdi.cantidad_not_positive': 'arithmetic',
  'cfdi.valor_unitario_not_positive': 'arithmetic',
  'cfdi.descuento_exceeds_importe': 'arithmetic',
  'cfdi.descuento_exceeds_subtotal': 'arithmetic',
  'cfdi.tipo_cambio_invalid': 'catalogs',
  'cfdi.importe_out_of_limits': 'arithmetic',
  'cfdi.tax_importe_out_of_limits': 'arithmetic',
  'cfdi.subtotal_mismatch': 'arithmetic',
  'cfdi.descuento_mismatch': 'arithmetic',
  'cfdi.total_mismatch': 'arithmetic',
  'cfdi.impuestos_mismatch': 'arithmetic',
  'cfdi.total_impuestos_mismatch': 'arithmetic',
  'cfdi.negative_total': 'arithmetic',
  'cfdi.amount_out_of_range': 'arithmetic',
  'cfdi.pagos_without_pago': 'arithmetic',
  'cfdi.pagos_without_documents': 'arithmetic',
  'cfdi.pagos_base_dr_required': 'arithmetic',
  'cfdi.unknown_currency': 'catalogs',
  'cfdi.pagos_tipo_cambio_invalid': 'arithmetic',
  'cfdi.pagos_tipo_cambio_required': 'arithmetic',
  'cfdi.pagos_equivalencia_invalid': 'arithmetic',
  'cfdi.pagos_equivalencia_required': 'arithmetic',
  'cfdi.pagos_monto_not_positive': 'arithmetic',
  'cfdi.pagos_monto_insufficient': 'arithmetic',
  'cfdi.pagos_saldo_not_positive': 'arithmetic',
  'cfdi.pagos_imp_pagado_not_positive': 'arithmetic',
  'cfdi.pagos_imp_pagado_exceeds_saldo': 'arithmetic',
  'cfdi.pagos_saldo_insoluto_mismatch': 'arithmetic',
  'cfdi.pagos_impuestos_p_mismatch': 'arithmetic',
  'cfdi.pagos_totales_mismatch': 'arithmetic',
  'cfdi.unknown_catalog_code': 'catalogs',
  'cfdi.catalog_code_not_in_force': 'catalogs',
  'cfdi.catalog_not_loaded': 'catalogs',
  'cfdi.uso_cfdi_not_allowed': 'catalogs',
  'cfdi.regimen_fiscal_not_allowed': 'catalogs',
  'cfdi.sello_missing': 'seal',
  'cfdi.certificado_missing': 'seal',
  'cfdi.certificado_invalid': 'seal',
  'cfdi.no_certificado_mismatch': 'seal',
  'cfdi.malformed_sello': 'seal',
  'cfdi.sello_mismatch': 'seal',
  'cfdi.not_a_csd': 'seal',
  'cfdi.csd_rfc_mismatch': 'seal',
  'cfdi.csd_expired': 'seal',
  'cfdi.seal_not_verified': 'seal',
  'cfdi.no_tfd': 'timbre',
  'cfdi.tfd_duplicated': 'timbre',
  'cfdi.tfd_unsupported_version': 'timbre',
  'cfdi.tfd_sello_cfd_mismatch': 'timbre',
  'cfdi.tfd_sello_sat_missing': 'timbre',
  'cfdi.tfd_malformed_sello_sat': 'timbre',
  'cfdi.tfd_sello_sat_mismatch': 'timbre',
  'cfdi.tfd_certificado_mismatch': 'timbre',
  'cfdi.tfd_self_signed': 'timbre',
  'cfdi.tfd_certificate_unavailable': 'timbre',
  'cfdi.tfd_certificate_unreachable': 'timbre',
  'cfdi.tfd_not_verifiable_here': 'timbre',
  'cfdi.tfd_timbre_not_verified': 'timbre',
  'cfdi.tfd_fecha_timbrado_out_of_range': 'timbre',
  'cfdi.status_indeterminate': 'sat_status',
  'cfdi.status_not_verifiable_here': 'sat_status',
  'cfdi.invalid_expression': 'sat_status',
  'cfdi.not_found': 'sat_status',
  'cfdi.cancelled': 'sat_status',
};

/** Errors that mean a check could not run here, not that the document is wrong. */
const NOT_RUN: ReadonlySet<string> = new Set<RuleCode>([
  'cfdi.tfd_certificate_unreachable',
  'cfdi.tfd_not_verifiable_here',
  'cfdi.tfd_timbre_not_verified',
  'cfdi.seal_not_verified',
  'cfdi.status_indeterminate',
  'cfdi.status_not_verifiable_here',
]);

/** Format and pattern codes that concern the timbre when found inside it (its UUID, RfcProvCertif…). */
const ABOUT_THE_TIMBRE_INSIDE_IT: ReadonlySet<string> = new Set<RuleCode>([
  'cfdi.invalid_uuid',
  'cfdi.invalid_rfc',
  'cfdi.invalid_no_certificado',
  'cfdi.invalid_fecha',
]);

/** The check an issue belongs to; a code this table does not know counts as structure. */
export function checkOf(issue: Pick<ValidationIssue, 'code' | 'path'>): CheckId {
  if (ABOUT_THE_TIMBRE_INSIDE_IT.has(issue.code) && issue.path.startsWith(TFD_PATH)) return 'timbre';
  return isRuleCode(issue.code) ? CHECK_OF_CODE[issue.code] : 'structure';
}

/** Whether an error says its check could not run (rather than that the document is wrong). */
function isNotRun(code: string): boolean {
  return NOT_RUN.has(code);
}

const PASSED: Readonly<Record<CheckId, string>> = {
  document: 'Safe, well-formed XML and a CFDI 4.0 Comprobante.',
  structure: "The structure follows the SAT's XSDs and Anexo 20's rules on nodes, attributes, formats and dates.",
  arithmetic: "Amounts, taxes, discounts and totals add up with the SAT's rounding.",
  catalogs: 'Every catalog key checked exists and is in force at Fecha.',
  seal: "Sello verifies over the cadena original with the issuer's CSD, valid at Fecha.",
  timbre: "SelloCFD is the Comprobante's Sello and SelloSAT verifies with the SAT/PAC certificate.",
  sat_status: 'The CFDI is in force (Vigente).',
};

export interface CheckInput {
  /** Every error found (before any cap on the listed ones). */
  errors: readonly ValidationIssue[];
  warnings: readonly ValidationIssue[];
  /** The Comprobante could be read; when not, only the document and structure checks ran. */
  read: boolean;
  /** It carries a TimbreFiscalDigital (the timbre and SAT status checks apply). */
  stamped: boolean;
}

const unique = (values: string[]) => [...new Set(values)];

function sentence(count: number, one: string, many: string): string {
  return count === 1 ? one : many.replace('{n}', String(count));
}

function checkFrom(id: CheckId, errors: ValidationIssue[], warnings: ValidationIssue[]): ValidationCheck {
  const codes = unique([...errors, ...warnings].map((issue) => issue.code));
  const failures = errors.filter((issue) => !isNotRun(issue.code));
  if (failures.length > 0) {
    const first = failures[0]!;
    const more = failures.length > 1 ? ` (${sentence(failures.length - 1, 'and 1 more error', 'and {n} more errors')})` : '';
    return { id, status: 'failed', message: `${first.message}${more}`, remediation: first.remediation, codes };
  }
  if (errors.length > 0) {
    return {
      id,
      status: 'not_run',
      message: unique(errors.map((issue) => issue.message)).join(' '),
      remediation: unique(errors.map((issue) => issue.remediation)).join(' '),
      codes,
    };
  }
  const notes = unique(warnings.map((issue) => issue.message));
  const noted = notes.length > 0 ? ` ${sentence(notes.length, 'Note:', 'Notes:')} ${notes.join(' ')}` : '';
  return { id, status: 'passed', message: `${PASSED[id]}${noted}`, remediation: null, codes };
}

/** Every check with its outcome; `valid` holds only when each one passed or does not apply. */
export function validationChecks(input: CheckInput): ValidationCheck[] {
  const byCheck = (issues: readonly ValidationIssue[], id: CheckId) => issues.filter((issue) => checkOf(issue) === id);
  const documentFailed = byCheck(input.errors, 'document').length > 0;
  return CHECK_IDS.map((id): ValidationCheck => {
    const errors = byCheck(input.errors, id);
    const warnings = byCheck(input.warnings, id);
    if (id !== 'document' && documentFailed) {
      return notRun(id, 'The document is no CFDI 4.0 this service reads (see the document check), so this check did not run.');
    }
    if (id !== 'document' && id !== 'structure' && !input.read && errors.length === 0) {
      return notRun(id, 'The Comprobante could not be read (see the structure check), so this check did not run.');
    }
    if ((id === 'timbre' || id === 'sat_status') && !input.stamped && errors.length === 0) {
      return {
        id,
        status: 'not_applicable',
        message: 'The CFDI is not stamped: it carries no TimbreFiscalDigital.',
        remediation: null,
        codes: unique(warnings.map((issue) => issue.code)),
      };
    }
    return checkFrom(id, errors, warnings);
  });
}

function notRun(id: CheckId, message: string): ValidationCheck {
  return { id, status: 'not_run', message, remediation: 'Fix what the earlier check reports, then validate the CFDI again.', codes: [] };
}
