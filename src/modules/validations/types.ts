/** The stored shapes of a validation (also its API shape: see serialize.ts). */

export interface StoredIssue {
  code: string;
  path: string;
  message: string;
  remediation: string;
}

export interface SatStatusSummary {
  /** `Vigente`, `Cancelado`, `No Encontrado`, or `indeterminate` when the SAT could not be asked. */
  estado: string;
  es_cancelable: string | null;
  cancel_status: string | null;
}

export interface StoredSummary {
  uuid: string | null;
  version: string | null;
  tipo_de_comprobante: string | null;
  emisor: string | null;
  receptor: string | null;
  moneda: string | null;
  sub_total: string | null;
  total: string | null;
  stamped: boolean;
  sat: SatStatusSummary | null;
}
