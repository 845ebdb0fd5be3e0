import { Type } from 'typebox';
import { listQuery } from '../../platform/http/pagination.ts';
import { NullableTimestamp, Timestamp } from '../../platform/http/schemas.ts';

const Text = (description?: string) => Type.Union([Type.String(), Type.Null()], description ? { description } : {});
const Party = Type.Object({ rfc: Text(), nombre: Text() }, { additionalProperties: false });
const Side = Type.Union([Type.Literal('issued'), Type.Literal('received')]);
const SatStatus = Type.Union([Type.Literal('active'), Type.Literal('cancelled'), Type.Literal('unknown')], {
  description: '`active` (vigente) or `cancelled` as the SAT last said; `unknown` for XML no metadata has spoken for yet.',
});
const LocalBound = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2})?)?$', description: 'Date or local date-time (Mexico City, as the CFDI\'s Fecha), inclusive.' });

const cfdiFields = {
  object: Type.Literal('cfdi'),
  id: Type.String({ description: '`cfdi_…`, in the order the store received them.' }),
  uuid: Type.String({ description: 'Folio fiscal (TFD UUID), upper case.' }),
  livemode: Type.Boolean(),
  side: Side,
  fiscal_profile_id: Type.String({ description: 'The profile whose download brought it; `side` is relative to it.' }),
  download_id: Text('The download that first brought it.'),
  version: Text('`4.0` or `3.3`; null for metadata-only rows.'),
  serie: Text(),
  folio: Text(),
  tipo_de_comprobante: Text('`I`, `E`, `T`, `N` or `P`.'),
  fecha: Text('The CFDI\'s Fecha, `YYYY-MM-DDTHH:mm:ss` (Mexico City).'),
  fecha_timbrado: Text('FechaTimbrado (metadata: FechaCertificacionSat).'),
  emisor: Party,
  receptor: Party,
  moneda: Text(),
  sub_total: Text(),
  descuento: Text(),
  total: Text('As written (metadata: Monto).'),
  rfc_pac: Text(),
  sat_status: SatStatus,
  cancelled_at: NullableTimestamp,
  has_xml: Type.Boolean({ description: 'False for rows only the SAT\'s metadata brought (e.g. received CFDIs that were cancelled).' }),
  xml_url: Text('`GET` it for the XML, byte for byte; null without XML.'),
  created_at: Timestamp,
  updated_at: Timestamp,
};

export const Cfdi = Type.Object(cfdiFields, { additionalProperties: false, description: 'A CFDI in the organization\'s store.' });

export const CfdiWithDetails = Type.Object({
  ...cfdiFields,
  details: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()], {
    description: 'The CFDI\'s content, read from its XML: `emisor`, `receptor` (all their attributes), `forma_pago`, `metodo_pago`, `lugar_expedicion`, `exportacion`, `conceptos` (each with `impuestos.traslados`/`retenciones`), `impuestos`, `cfdi_relacionados`, `pagos` (type P: each pago with `documentos_relacionados`), `complementos`. Attribute names in snake_case. Null without XML.',
  }),
}, { additionalProperties: false, description: 'A CFDI with its content.' });

export const ListCfdisQuery = listQuery({
  side: Type.Optional(Side),
  fiscal_profile_id: Type.Optional(Type.String({ minLength: 1 })),
  download_id: Type.Optional(Type.String({ minLength: 1 })),
  counterparty: Type.Optional(Type.String({ minLength: 12, maxLength: 13, description: 'The other party\'s RFC: the receptor of issued CFDIs, the emisor of received ones.' })),
  emisor: Type.Optional(Type.String({ minLength: 12, maxLength: 13 })),
  receptor: Type.Optional(Type.String({ minLength: 12, maxLength: 13 })),
  tipo_de_comprobante: Type.Optional(Type.Union(['I', 'E', 'T', 'N', 'P'].map((value) => Type.Literal(value)))),
  status: Type.Optional(SatStatus),
  has_xml: Type.Optional(Type.Boolean()),
  uuid: Type.Optional(Type.String({ minLength: 36, maxLength: 36 })),
  'date[gte]': Type.Optional(LocalBound),
  'date[lte]': Type.Optional(LocalBound),
});

export const UuidParam = Type.Object({ uuid: Type.String({ minLength: 1, maxLength: 64, description: 'The CFDI\'s UUID (any case).' }) }, { additionalProperties: false });
