import { Type } from 'typebox';
import { listQuery } from '../../platform/http/pagination.ts';
import { NullableTimestamp, Timestamp } from '../../platform/http/schemas.ts';
import { CfdiFilterProperties } from '../cfdis/index.ts';
import { InvoiceFilterProperties } from '../invoices/index.ts';

const closed = { additionalProperties: false } as const;

const ExportFormat = Type.Union([Type.Literal('csv'), Type.Literal('xlsx'), Type.Literal('zip')], {
  description:
    "`csv` (RFC 4180, UTF-8 with BOM, one row per CFDI), `xlsx` (one sheet, the same columns) or `zip` (each CFDI's XML as `<UUID>.xml`, byte for byte; metadata-only rows are listed in `faltantes.txt`; for invoices, each stamped invoice's `<UUID>.xml` and `<UUID>.pdf`).",
});
const ExportStatus = Type.Union(
  [Type.Literal('pending'), Type.Literal('running'), Type.Literal('completed'), Type.Literal('failed'), Type.Literal('expired')],
  { description: '`pending` → `running` → `completed` (the file can be downloaded until `expires_at`) or `failed`; `expired` once the file is deleted.' },
);

const CfdiExportFilters = Type.Object(CfdiFilterProperties, {
  ...closed,
  description: 'The filters of `GET /v1/cfdis`, with the same names and meaning (no pagination: every selected CFDI is exported).',
});

const InvoiceExportFilters = Type.Object(InvoiceFilterProperties, {
  ...closed,
  description: 'The filters of `GET /v1/invoices`, with the same names and meaning (no pagination: every selected invoice is exported).',
});

const CfdiSource = Type.Literal('cfdis', { description: "`cfdis`: the organization's CFDI store (`GET /v1/cfdis`)." });
const InvoiceSource = Type.Literal('invoices', {
  description: "`invoices`: the invoices this service issued (`GET /v1/invoices`); a ZIP holds each stamped invoice's XML and PDF.",
});

export const CreateExportBody = Type.Union(
  [
    Type.Object({ source: CfdiSource, format: ExportFormat, filters: Type.Optional(CfdiExportFilters) }, closed),
    Type.Object({ source: InvoiceSource, format: ExportFormat, filters: Type.Optional(InvoiceExportFilters) }, closed),
  ],
  { description: "What to export: a source, a format and the filters of that source's list." },
);

const ExportProblem = Type.Object(
  {
    type: Type.String(),
    title: Type.String(),
    status: Type.Literal('job'),
    code: Type.String(),
    detail: Type.String(),
    remediation: Type.String(),
  },
  { ...closed, description: 'Why the export failed (a problem, as recorded by the job).' },
);

export const Export = Type.Object(
  {
    object: Type.Literal('export'),
    id: Type.String({ description: '`exp_…`' }),
    livemode: Type.Boolean(),
    source: Type.Union([CfdiSource, InvoiceSource]),
    format: ExportFormat,
    filters: Type.Union([CfdiExportFilters, InvoiceExportFilters]),
    status: ExportStatus,
    progress: Type.Object(
      {
        rows_written: Type.Integer({ description: 'CFDIs (or invoices) written so far.' }),
        rows_total: Type.Union([Type.Integer(), Type.Null()], { description: 'CFDIs (or invoices) the filters selected when the job started; null before.' }),
        percent: Type.Integer({ minimum: 0, maximum: 100 }),
      },
      closed,
    ),
    file: Type.Union(
      [
        Type.Object(
          {
            url: Type.String({ description: '`GET` it with the same API key until `expires_at`.' }),
            name: Type.String(),
            content_type: Type.String(),
            bytes: Type.Integer(),
            sha256: Type.String({ description: "Hex SHA-256 of the file's bytes." }),
          },
          closed,
        ),
        Type.Null(),
      ],
      { description: 'The built file; null unless `completed`.' },
    ),
    error: Type.Union([ExportProblem, Type.Null()]),
    completed_at: NullableTimestamp,
    expires_at: Type.Unsafe<string | null>({
      type: ['string', 'null'],
      format: 'date-time',
      description: 'When the file is deleted (24 hours after it is built); null until then.',
    }),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { ...closed, description: 'A file of CFDIs or invoices built in the background.' },
);

export const ListExportsQuery = listQuery({
  status: Type.Optional(ExportStatus),
});
