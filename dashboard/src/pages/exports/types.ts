import type { Answer } from '../../api/types.ts';

/** An export as the API returns it (GET /v1/exports/{id}). */
export type Export = Answer<'getExport'>;
export type ExportFormat = Export['format'];
export type ExportSource = Export['source'];
export const EXPORT_STATUSES = ['pending', 'running', 'completed', 'failed', 'expired'] as const satisfies readonly Export['status'][];

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
