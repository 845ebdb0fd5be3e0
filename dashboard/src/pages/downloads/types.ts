export const DOWNLOAD_STATUSES = ['requested', 'processing', 'ready', 'no_data', 'failed'] as const;
export type DownloadStatusName = (typeof DOWNLOAD_STATUSES)[number];

export interface Download {
  id: string;
  fiscal_profile_id: string;
  side: 'issued' | 'received';
  type: 'cfdi' | 'metadata';
  date_from: string;
  date_to: string;
  document_status: 'active' | 'cancelled' | null;
  counterparty_rfc: string | null;
  voucher_type: string | null;
  status: DownloadStatusName;
  sat_request_id: string | null;
  package_count: number;
  cfdi_count: number | null;
  error: { title: string; code: string; detail: string; remediation: string; sat_code: string | null } | null;
  metadata: { warnings: string[] } & Record<string, unknown>;
  created_at: string;
  updated_at: string;
}

export interface DownloadPackage {
  index: number;
  sat_package_id: string;
  cfdi_count: number | null;
  bytes: number;
  sha256: string;
  stored_at: string;
}

export const VOUCHER_TYPES = ['I', 'E', 'T', 'N', 'P'] as const;
