/** An export as the API returns it (GET /v1/exports/{id}). */
export const EXPORT_STATUSES = ['pending', 'running', 'completed', 'failed', 'expired'] as const;
type ExportStatusName = (typeof EXPORT_STATUSES)[number];
export type ExportFormat = 'csv' | 'xlsx' | 'zip';
export type ExportSource = 'cfdis' | 'invoices';

export interface Export {
  object: 'export';
  id: string;
  source: ExportSource;
  format: ExportFormat;
  filters: Record<string, string | boolean>;
  status: ExportStatusName;
  progress: { rows_written: number; rows_total: number | null; percent: number };
  file: { url: string; name: string; content_type: string; bytes: number; sha256: string } | null;
  error: { title: string; detail: string } | null;
  expires_at: string | null;
  created_at: string;
}

/** The filters of GET /v1/cfdis that an export takes, by their API names. */
export const CFDI_FILTERS = [
  'side',
  'fiscal_profile_id',
  'download_id',
  'counterparty',
  'emisor',
  'receptor',
  'tipo_de_comprobante',
  'status',
  'has_xml',
  'uuid',
  'date[gte]',
  'date[lte]',
  'third_party_rfc',
  'q',
] as const;

/** The filters of GET /v1/invoices that an export takes, by their API names. */
export const INVOICE_FILTERS = ['status', 'fiscal_profile_id', 'customer_rfc', 'uuid', 'serie', 'folio', 'q', 'created[gte]', 'created[lte]'] as const;
