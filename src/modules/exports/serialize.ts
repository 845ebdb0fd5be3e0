import type { Static } from 'typebox';
import { ERROR_CATALOG, errorTypeSlug, isErrorCode } from '../../platform/errors/catalog.ts';
import { CONTENT_TYPES } from './formats.ts';
import type { ExportRow } from './repository.ts';
import type { Export } from './schemas.ts';

export type RenderedExport = Static<typeof Export>;

const EXTENSIONS = { csv: 'csv', xlsx: 'xlsx', zip: 'zip' } as const;

/** The file's name: `<source>-<export id>.<ext>` (`cfdis-…`, `invoices-…`). */
export function fileNameOf(row: Pick<ExportRow, 'id' | 'format' | 'source'>): string {
  return `${row.source}-${row.id}.${EXTENSIONS[row.format]}`;
}

export function renderExport(row: ExportRow, baseUrl: string): RenderedExport {
  const total = row.rows_total;
  const percent = row.status === 'completed' ? 100 : total ? Math.min(99, Math.floor((row.rows_written * 100) / total)) : 0;
  return {
    object: 'export',
    id: row.id,
    livemode: row.mode === 'live',
    source: row.source,
    format: row.format,
    filters: row.filters as RenderedExport['filters'],
    status: row.status,
    progress: { rows_written: row.rows_written, rows_total: total, percent },
    file:
      row.status === 'completed' && row.bytes !== null && row.sha256 !== null
        ? {
            url: `${baseUrl}/v1/exports/${row.id}/file`,
            name: fileNameOf(row),
            content_type: CONTENT_TYPES[row.format],
            bytes: Number(row.bytes),
            sha256: row.sha256,
          }
        : null,
    error: row.error
      ? {
          type: `${baseUrl}/errors/${errorTypeSlug(row.error.code)}`,
          title: row.error.title,
          status: 'job',
          code: row.error.code,
          detail: row.error.detail,
          remediation: isErrorCode(row.error.code) ? ERROR_CATALOG[row.error.code].remediation : '',
        }
      : null,
    completed_at: row.completed_at ? row.completed_at.toISOString() : null,
    expires_at: row.expires_at ? row.expires_at.toISOString() : null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

declare module '../events/index.ts' {
  interface EventObjects {
    'export.completed': RenderedExport;
    'export.failed': RenderedExport;
  }
}
