export interface ValidationIssue {
  code: string;
  path: string;
  message: string;
  remediation: string;
}

type CheckId = 'document' | 'structure' | 'arithmetic' | 'catalogs' | 'seal' | 'timbre' | 'sat_status';
export type CheckStatus = 'passed' | 'failed' | 'not_run' | 'not_applicable';

/** One check as the API reports it: its outcome and why (docs/guides/validations.md). */
export interface ValidationCheck {
  id: CheckId;
  status: CheckStatus;
  message: string;
  remediation: string | null;
  codes: string[];
}

export interface Validation {
  id: string;
  valid: boolean;
  errors: ValidationIssue[];
  warnings: ValidationIssue[];
  checks: ValidationCheck[];
  summary: {
    uuid: string | null;
    version: string | null;
    tipo_de_comprobante: string | null;
    emisor: string | null;
    receptor: string | null;
    moneda: string | null;
    sub_total: string | null;
    total: string | null;
    stamped: boolean;
    sat: { estado: string; es_cancelable: string | null; cancel_status: string | null } | null;
  };
  livemode: boolean;
  created_at: string;
}

/** A currency code Intl can format; anything else (a malformed Moneda) is shown as MXN's format. */
export const currencyOf = (moneda: string | null | undefined) => (moneda && /^[A-Z]{3}$/.test(moneda) ? moneda : 'MXN');
