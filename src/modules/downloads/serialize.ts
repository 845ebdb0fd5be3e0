import type { Static } from 'typebox';
import { ERROR_CATALOG, errorTypeSlug, isErrorCode, type ErrorCode } from '../../platform/errors/catalog.ts';
import type { DownloadRow, PackageRow, StoredProblem } from './repository.ts';
import type { Download } from './schemas.ts';

export type RenderedDownload = Static<typeof Download>;

/** A failure as a download records it: the catalog's title and remediation, and the SAT's code. */
export function storedProblem(code: ErrorCode, detail: string, satCode: string | null = null): StoredProblem {
  return { code, title: ERROR_CATALOG[code].title, detail, sat_code: satCode };
}

function renderProblem(problem: StoredProblem, baseUrl: string): NonNullable<RenderedDownload['error']> {
  const remediation = isErrorCode(problem.code) ? ERROR_CATALOG[problem.code].remediation : '';
  return {
    type: `${baseUrl}/errors/${errorTypeSlug(problem.code)}`,
    title: problem.title,
    status: 'job',
    code: problem.code,
    detail: problem.detail,
    remediation,
    sat_code: problem.sat_code,
  };
}

export function renderDownload(row: DownloadRow & { sat_request_id: string | null }, baseUrl: string): RenderedDownload {
  return {
    object: 'download',
    id: row.id,
    fiscal_profile_id: row.fiscal_profile_id,
    livemode: row.mode === 'live',
    side: row.side,
    type: row.type,
    date_from: row.date_from,
    date_to: row.date_to,
    document_status: row.document_status,
    counterparty_rfc: row.counterparty_rfc,
    voucher_type: row.voucher_type as RenderedDownload['voucher_type'],
    status: row.status,
    sat_request_id: row.sat_request_id,
    package_count: row.package_count,
    cfdi_count: row.cfdi_count,
    error: row.error ? renderProblem(row.error, baseUrl) : null,
    metadata: { ...row.metadata, warnings: row.warnings },
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export function renderPackage(row: PackageRow, index: number) {
  return {
    object: 'download_package' as const,
    index,
    sat_package_id: row.sat_package_id,
    cfdi_count: row.cfdi_count,
    bytes: Number(row.bytes ?? 0),
    sha256: row.sha256 ?? '',
    stored_at: (row.stored_at ?? new Date(0)).toISOString(),
  };
}

declare module '../events/index.ts' {
  interface EventObjects {
    'download.updated': RenderedDownload;
  }
}
