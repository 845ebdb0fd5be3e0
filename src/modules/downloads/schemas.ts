import { Type } from 'typebox';
import { listQuery } from '../../platform/http/pagination.ts';
import { Metadata, Timestamp } from '../../platform/http/schemas.ts';

const DateOrDateTime = Type.String({
  minLength: 10,
  pattern: '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}:\\d{2}(Z|[+-]\\d{2}:\\d{2})?)?$',
});
const Rfc = Type.String({ pattern: '^[A-Za-zÑñ&]{3,4}\\d{6}[A-Za-z0-9]{3}$', description: 'An RFC (12 or 13 characters).' });
const Side = Type.Union([Type.Literal('issued'), Type.Literal('received')], { description: '`issued` (emitidos) or `received` (recibidos).' });
const DownloadType = Type.Union([Type.Literal('cfdi'), Type.Literal('metadata')], {
  description: "`cfdi` (full XML) or `metadata` (the SAT's summary index).",
});
const DownloadStatus = Type.Union(
  [Type.Literal('requested'), Type.Literal('processing'), Type.Literal('ready'), Type.Literal('no_data'), Type.Literal('failed')],
  {
    description:
      '`requested` (registered with the SAT) → `processing` (the SAT is preparing it, or its packages are being stored) → `ready`, `no_data` or `failed`.',
  },
);
const VoucherType = Type.Union([Type.Literal('I'), Type.Literal('E'), Type.Literal('T'), Type.Literal('N'), Type.Literal('P')], {
  description: 'TipoDeComprobante: only CFDIs of this type.',
});

export const CreateDownloadBody = Type.Object(
  {
    fiscal_profile_id: Type.String({
      minLength: 1,
      description: 'The profile whose FIEL authorizes the download (it needs a FIEL and a signed carta manifiesto).',
    }),
    side: Side,
    type: DownloadType,
    date_from: {
      ...DateOrDateTime,
      description:
        'Start, inclusive: `YYYY-MM-DD` (from 00:00:00) or a date-time. Without an offset it is Mexico City time, as the SAT counts; with one it is converted.',
    },
    date_to: { ...DateOrDateTime, description: 'End, inclusive: `YYYY-MM-DD` (to 23:59:59) or a date-time, as `date_from`.' },
    document_status: Type.Optional(
      Type.Union([Type.Literal('active'), Type.Literal('cancelled')], {
        description:
          'Advisory SAT status filter for metadata: `active` (vigentes) or `cancelled` (cancelados). XML downloads of received CFDIs are always of active ones (the SAT serves no cancelled received XML).',
      }),
    ),
    counterparty_rfc: Type.Optional({ ...Rfc, description: 'Only CFDIs with this other party: the receptor of issued CFDIs, the emisor of received ones.' }),
    voucher_type: Type.Optional(VoucherType),
    metadata: Type.Optional(Metadata),
  },
  { additionalProperties: false },
);

const DownloadError = Type.Object(
  {
    type: Type.String({ format: 'uri' }),
    title: Type.String(),
    status: Type.String({ description: '`job`: recorded here rather than answered.' }),
    code: Type.String({ description: 'E.g. `download.poll_timeout`, `download.no_request_id`, `sat.download_rejected`, `download.unknown_error`.' }),
    detail: Type.String(),
    remediation: Type.String(),
    sat_code: Type.Union([Type.String(), Type.Null()], { description: "The SAT's own code (CodEstatus or CodigoEstadoSolicitud), when it gave one." }),
  },
  { additionalProperties: false },
);

export const Download = Type.Object(
  {
    object: Type.Literal('download'),
    id: Type.String({ description: '`dl_…`' }),
    fiscal_profile_id: Type.String(),
    livemode: Type.Boolean(),
    side: Side,
    type: DownloadType,
    date_from: Type.String({ description: 'Start of the range in SAT format `yyyy-MM-ddTHH:mm:ss` (Mexico City).' }),
    date_to: Type.String({ description: 'End of the range in SAT format, inclusive.' }),
    document_status: Type.Union([Type.Literal('active'), Type.Literal('cancelled'), Type.Null()]),
    counterparty_rfc: Type.Union([Type.String(), Type.Null()]),
    voucher_type: Type.Union([VoucherType, Type.Null()]),
    status: DownloadStatus,
    sat_request_id: Type.Union([Type.String(), Type.Null()], { description: "The SAT's IdSolicitud; the first one when the range was split." }),
    package_count: Type.Integer({ minimum: 0, description: 'Packages stored once ready (`GET /v1/downloads/{id}/packages`).' }),
    cfdi_count: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], { description: 'CFDIs (or metadata rows) in the packages; null until ready.' }),
    error: Type.Union([DownloadError, Type.Null()], { description: 'Why it failed, problem-shaped; null unless `failed`.' }),
    metadata: Type.Object(
      {
        warnings: Type.Array(Type.String(), {
          description: 'What the service did on your behalf: a request reused, a range split, a period moved by a second.',
        }),
      },
      { additionalProperties: Type.String(), description: 'Your metadata keys, plus `warnings`.' },
    ),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  {
    additionalProperties: false,
    description: 'A SAT bulk download (descarga masiva): one request of yours, however many SAT requests serve it.',
    examples: [
      {
        object: 'download',
        id: 'dl_01m8c2a4b6d8f0h2j4k6m8n0p2',
        fiscal_profile_id: 'fp_01m8b9w0y2z4a6c8e0g2i4k6m8',
        livemode: false,
        side: 'received',
        type: 'cfdi',
        date_from: '2026-10-01T00:00:00',
        date_to: '2026-10-31T23:59:59',
        document_status: null,
        counterparty_rfc: null,
        voucher_type: null,
        status: 'ready',
        sat_request_id: '4e80345d-917f-40bb-a98f-4a73939343c5',
        package_count: 1,
        cfdi_count: 18,
        error: null,
        metadata: { warnings: [] },
        created_at: '2026-11-25T16:00:00.000Z',
        updated_at: '2026-11-25T16:00:12.000Z',
      },
    ],
  },
);

export const DownloadPackage = Type.Object(
  {
    object: Type.Literal('download_package'),
    index: Type.Integer({ minimum: 0, description: 'Position in the download, 0-based: `GET /v1/downloads/{id}/packages/{index}` serves it.' }),
    sat_package_id: Type.String({ description: "The SAT's IdPaquete." }),
    cfdi_count: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], { description: 'XML documents or metadata rows it holds; null until read.' }),
    bytes: Type.Integer({ minimum: 0 }),
    sha256: Type.String({ description: 'SHA-256 of the zip, hex.' }),
    stored_at: Timestamp,
  },
  { additionalProperties: false },
);

export const ListDownloadsQuery = listQuery({
  fiscal_profile_id: Type.Optional(Type.String({ minLength: 1 })),
  status: Type.Optional(DownloadStatus),
  side: Type.Optional(Side),
  type: Type.Optional(DownloadType),
});

export const PackageParams = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 200, description: 'Download id (`dl_…`)' }),
    index: Type.Integer({ minimum: 0, maximum: 100_000, description: 'Package index, 0-based.' }),
  },
  { additionalProperties: false },
);
