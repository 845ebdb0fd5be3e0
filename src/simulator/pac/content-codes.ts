/**
 * The SAT's "Matriz de errores" code for each failure of the engine's content rules, so the
 * simulator answers with the codes a PAC returns (CFDI40xxx). Rules without a dedicated SAT code
 * answer 705 (structure).
 */
import type { ValidationIssue } from '../../cfdi/rules/index.ts';

const CODES: Record<string, string> = {
  'cfdi.invalid_fecha': 'CFDI40101',
  'cfdi.amount_decimals': 'CFDI40107',
  'cfdi.subtotal_mismatch': 'CFDI40108',
  'cfdi.descuento_exceeds_subtotal': 'CFDI40110',
  'cfdi.descuento_mismatch': 'CFDI40110',
  'cfdi.unknown_currency': 'CFDI40113',
  'cfdi.tipo_cambio_invalid': 'CFDI40114',
  'cfdi.total_mismatch': 'CFDI40119',
  'cfdi.forma_pago_must_be_99': 'CFDI40105',
  'cfdi.valor_unitario_not_positive': 'CFDI40166',
  'cfdi.importe_out_of_limits': 'CFDI40167',
  'cfdi.descuento_exceeds_importe': 'CFDI40169',
  'cfdi.invalid_objeto_imp': 'CFDI40170',
  'cfdi.objeto_imp_02_without_taxes': 'CFDI40171',
  'cfdi.objeto_imp_taxes_not_allowed': 'CFDI40172',
  'cfdi.tax_base_not_positive': 'CFDI40174',
  'cfdi.exento_with_rate': 'CFDI40177',
  'cfdi.missing_tax_rate': 'CFDI40178',
  'cfdi.invalid_tax_rate': 'CFDI40179',
  'cfdi.retencion_exento': 'CFDI40184',
  'cfdi.taxes_not_allowed_for_tipo': 'CFDI40201',
  'cfdi.impuestos_mismatch': 'CFDI40211',
};

/** Tax amounts have one SAT code for traslados and another for retenciones. */
const BY_NODE: Record<string, [traslado: string, retencion: string]> = {
  'cfdi.tax_importe_out_of_limits': ['CFDI40180', 'CFDI40186'],
  'cfdi.total_impuestos_mismatch': ['CFDI40205', 'CFDI40203'],
};

export function contentCode(issue: ValidationIssue): string {
  const pair = BY_NODE[issue.code];
  if (pair) return /Retenci|Retenidos/.test(issue.path) ? pair[1] : pair[0];
  return CODES[issue.code] ?? '705';
}
