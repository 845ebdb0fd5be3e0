/**
 * Finkok's and the SAT's answer codes mapped to the service's error catalog. Stamping: Finkok
 * incidencias (300-308, 401-403, 7xx) and the SAT's CFDI40xxx validation codes. Cancellation:
 * the SAT's EstatusUUID (201-212, 3xx) and Finkok's request-level CodEstatus.
 */
import type { ErrorCode } from '../../platform/errors/catalog.ts';
import { ProviderError } from '../../platform/providers/errors.ts';

interface Mapped {
  code: ErrorCode;
  retryable: boolean;
}

const STAMP: Record<string, ErrorCode> = {
  '300': 'pac.auth_failed',
  '501': 'pac.auth_failed',
  '703': 'pac.contract_invalid',
  '706': 'pac.contract_invalid',
  '301': 'cfdi.malformed_xml',
  '705': 'cfdi.malformed_xml',
  '302': 'cfdi.malformed_sello',
  '303': 'cfdi.csd_rfc_mismatch',
  '304': 'pac.certificate_revoked',
  '305': 'cfdi.csd_expired',
  '306': 'cfdi.not_a_csd',
  '307': 'pac.duplicate',
  '707': 'pac.duplicate',
  '308': 'pac.certificate_invalid',
  '402': 'cfdi.emisor_not_in_lco',
  '403': 'cfdi.fecha_out_of_range',
  CFDI40101: 'cfdi.invalid_fecha',
  CFDI40102: 'cfdi.sello_mismatch',
  CFDI40106: 'pac.certificate_invalid',
  CFDI40113: 'cfdi.unknown_currency',
  CFDI40171: 'cfdi.objeto_imp_02_without_taxes',
  CFDI40178: 'cfdi.missing_tax_rate',
  CFDI40184: 'cfdi.retencion_exento',
};

/** 401 covers both ends of the window; the message says which. */
function fechaCode(message: string): ErrorCode {
  if (/posterior|futur/i.test(message)) return 'cfdi.fecha_in_future';
  if (/72|horas|antig/i.test(message)) return 'cfdi.fecha_too_old';
  return 'cfdi.fecha_out_of_range';
}

export function stampCode(code: string, message: string): Mapped {
  if (code === '401') return { code: fechaCode(message), retryable: false };
  if (code === '708') return { code: 'pac.internal_error', retryable: true };
  const known = STAMP[code];
  if (known) return { code: known, retryable: false };
  // Any other SAT content validation (CFDI40xxx, CFDI33xxx, CRP..., CP...) is a problem of the invoice.
  if (/^[A-Z]{2,}[0-9]{3,}$/.test(code)) return { code: 'cfdi.invalid_input', retryable: false };
  return { code: 'pac.internal_error', retryable: false };
}

const CANCEL: Record<string, ErrorCode> = {
  '202': 'cancel.already_cancelled',
  '203': 'cancel.rfc_mismatch',
  '204': 'cancel.not_applicable',
  '205': 'cancel.uuid_not_found',
  '206': 'cancel.not_primary_sector',
  '207': 'cancel.motivo_missing',
  '208': 'cancel.substitution_folio_invalid',
  '209': 'cancel.substitution_folio_not_required',
  '210': 'cancel.date_after_declaration',
  '211': 'cancel.global_invoice_deadline',
  '212': 'cancel.relation_invalid',
  '300': 'cancel.user_invalid',
  '302': 'cfdi.malformed_sello',
  '304': 'pac.certificate_revoked',
  '305': 'pac.certificate_invalid',
  '309': 'pac.certificate_invalid',
  '310': 'pac.certificate_invalid',
  '311': 'cancel.motivo_invalid',
  no_cancelable: 'cancel.not_cancellable',
};

/** EstatusUUID of one folio (the SAT's code). */
export function cancelFolioCode(code: string): Mapped {
  if (code === '708') return { code: 'cancel.sat_service_unavailable', retryable: true };
  return { code: CANCEL[code] ?? 'pac.internal_error', retryable: false };
}

/** Finkok's CodEstatus for the whole request: 300 is the PAC account, the rest as per folio. */
export function cancelRequestCode(code: string): Mapped {
  if (code === '300' || code === '501') return { code: 'pac.auth_failed', retryable: false };
  return cancelFolioCode(code);
}

export function providerError(mapped: Mapped, detail: string, providerCode: string): ProviderError {
  return new ProviderError(mapped.code, detail, { retryable: mapped.retryable, providerCode });
}
