import { Type } from 'typebox';
import { listQuery } from '../../platform/http/pagination.ts';
import { NullableTimestamp, Timestamp } from '../../platform/http/schemas.ts';

// A type list rather than an anyOf (as NullableTimestamp): the response serializer tells string
// from null by type, where an anyOf would run a validator on each of a list's hundreds of values.
const Text = (description?: string) => Type.Unsafe<string | null>({ type: ['string', 'null'], ...(description ? { description } : {}) });
const closed = { additionalProperties: false } as const;

const Party = (who: string) =>
  Type.Object(
    {
      rfc: Text(`The ${who}'s RFC, upper case.`),
      nombre: Text(`The ${who}'s name as written in the CFDI (metadata: as the SAT has it).`),
    },
    closed,
  );
const ThirdParty = Type.Object(
  {
    rfc: Type.String({ description: 'RfcACuentaTerceros, upper case.' }),
    nombre: Text('NombreACuentaTerceros as written (metadata: as the SAT has it).'),
  },
  closed,
);
const Side = Type.Union([Type.Literal('issued'), Type.Literal('received')], {
  description: 'Relative to `fiscal_profile_id`: `issued` when that profile is the emisor, `received` when it is the receptor.',
});
const SatStatus = Type.Union([Type.Literal('active'), Type.Literal('cancelled'), Type.Literal('unknown')], {
  description: '`active` (vigente) or `cancelled` as the SAT last said; `unknown` for XML no metadata has spoken for yet.',
});
const TipoDeComprobante = Type.Union(
  ['I', 'E', 'T', 'N', 'P'].map((value) => Type.Literal(value)),
  {
    description: '`I` ingreso, `E` egreso, `T` traslado, `N` nómina, `P` pago.',
  },
);

const cfdiFields = {
  object: Type.Literal('cfdi'),
  id: Type.String({ description: '`cfdi_…`, in the order the store received them.' }),
  uuid: Type.String({ description: "Folio fiscal (the TimbreFiscalDigital's UUID), upper case." }),
  livemode: Type.Boolean(),
  side: Side,
  fiscal_profile_id: Type.String({ description: 'The profile whose download first brought it.' }),
  download_id: Text('The download that first brought it; null when synchronization did.'),
  version: Text('`4.0` or `3.3` (or an older version such as `3.2`, with `indexed: false`); null for metadata-only rows.'),
  indexed: Type.Boolean({
    description:
      'False when the XML is of a version outside those the store reads in full (4.0 and 3.3): a CFDI 3.2 (or 3.0, 3.1) is kept byte for byte with its listed fields read by its own attribute names (its word types as `I`, `E`, `T`), but `details` is null. True otherwise, metadata-only rows included.',
  }),
  serie: Text(),
  folio: Text(),
  tipo_de_comprobante: Text('`I`, `E`, `T`, `N` or `P` (metadata: EfectoComprobante).'),
  fecha: Text("The CFDI's Fecha, `YYYY-MM-DDTHH:mm:ss`, Mexico City wall time (metadata: FechaEmision)."),
  fecha_timbrado: Text('FechaTimbrado, same format (metadata: FechaCertificacionSat).'),
  emisor: Party('emisor'),
  receptor: Party('receptor'),
  moneda: Text('Null for metadata-only rows.'),
  sub_total: Text('As written in the XML; null for metadata-only rows.'),
  descuento: Text('As written; null when absent.'),
  total: Text('As written in the XML (metadata: Monto).'),
  rfc_pac: Text('RfcProvCertif of the timbre (metadata: RfcPac); the timbre of a CFDI 3.2 names none.'),
  third_parties: Type.Array(ThirdParty, {
    description:
      "Taxpayers the CFDI was issued on behalf of (a cuenta de terceros), in RFC order: from the SAT metadata package's `_tercero.txt`, and from the Conceptos' ACuentaTerceros (or the terceros complement of 3.3) of the XML. Empty when none.",
  }),
  sat_status: SatStatus,
  cancelled_at: NullableTimestamp,
  has_xml: Type.Boolean({ description: "False for rows only the SAT's metadata brought (received CFDIs that were cancelled, or a metadata download)." }),
  xml_url: Text('`GET` it for the XML, byte for byte; null without XML.'),
  created_at: Timestamp,
  updated_at: Timestamp,
};

export const Cfdi = Type.Object(cfdiFields, { ...closed, description: "A CFDI in the organization's store." });

const TaxLine = Type.Object(
  {
    base: Text("Base (null on the Comprobante's retenciones, which have none)."),
    impuesto: Text('`001` ISR, `002` IVA, `003` IEPS.'),
    tipo_factor: Text('`Tasa`, `Cuota` or `Exento`.'),
    tasa_o_cuota: Text(),
    importe: Text('Null for `Exento`.'),
  },
  closed,
);
const taxLists = {
  traslados: Type.Array(TaxLine, { description: 'Traslado lines.' }),
  retenciones: Type.Array(TaxLine, { description: 'Retencion lines.' }),
};

const Concepto = Type.Object(
  {
    clave_prod_serv: Text(),
    no_identificacion: Text(),
    cantidad: Text(),
    clave_unidad: Text(),
    unidad: Text(),
    descripcion: Text(),
    valor_unitario: Text(),
    importe: Text(),
    descuento: Text(),
    objeto_imp: Text('ObjetoImp (CFDI 4.0); null in 3.3.'),
    impuestos: Type.Object(taxLists, closed),
  },
  closed,
);

const DoctoRelacionado = Type.Object(
  {
    id_documento: Text("The paid CFDI's UUID, as written."),
    serie: Text(),
    folio: Text(),
    moneda_dr: Text(),
    equivalencia_dr: Text('Pagos 2.0; null in 1.0.'),
    num_parcialidad: Text(),
    imp_saldo_ant: Text(),
    imp_pagado: Text(),
    imp_saldo_insoluto: Text(),
    objeto_imp_dr: Text('Pagos 2.0; null in 1.0.'),
  },
  closed,
);

const Pago = Type.Object(
  {
    fecha_pago: Text(),
    forma_de_pago_p: Text(),
    moneda_p: Text(),
    tipo_cambio_p: Text(),
    monto: Text(),
    documentos_relacionados: Type.Array(DoctoRelacionado),
  },
  closed,
);

const CfdiDetails = Type.Object(
  {
    emisor: Type.Object({ regimen_fiscal: Text() }, closed),
    receptor: Type.Object(
      {
        uso_cfdi: Text(),
        regimen_fiscal: Text('RegimenFiscalReceptor (CFDI 4.0); null in 3.3.'),
        domicilio_fiscal: Text('DomicilioFiscalReceptor, a postal code (CFDI 4.0); null in 3.3.'),
      },
      closed,
    ),
    metodo_pago: Text(),
    forma_pago: Text(),
    condiciones_de_pago: Text(),
    tipo_cambio: Text(),
    lugar_expedicion: Text(),
    exportacion: Text('CFDI 4.0; null in 3.3.'),
    conceptos: Type.Array(Concepto, { description: 'The line items, in document order.' }),
    impuestos: Type.Union(
      [
        Type.Object(
          {
            total_impuestos_trasladados: Text(),
            total_impuestos_retenidos: Text(),
            ...taxLists,
          },
          closed,
        ),
        Type.Null(),
      ],
      { description: "The Comprobante's Impuestos node; null when it has none." },
    ),
    cfdi_relacionados: Type.Array(
      Type.Object(
        {
          tipo_relacion: Text(),
          uuids: Type.Array(Type.String(), { description: 'As written.' }),
        },
        closed,
      ),
      { description: 'One entry per CfdiRelacionados node.' },
    ),
    pagos: Type.Union([Type.Array(Pago), Type.Null()], {
      description: 'Type P: each Pago of the Pagos complement (2.0 or 1.0) with its documentos relacionados; null for other types.',
    }),
    complementos: Type.Array(Type.String(), { description: 'Local names of the complements present (`TimbreFiscalDigital`, `Pagos`, `Nomina`…).' }),
  },
  { ...closed, description: "The CFDI's content, read from its XML; attribute names in snake_case." },
);

export const CfdiWithDetails = Type.Object(
  {
    ...cfdiFields,
    details: Type.Union([CfdiDetails, Type.Null()], {
      description: "The CFDI's content, read from its XML when it was stored; null for metadata-only rows and when `indexed` is false.",
    }),
  },
  { ...closed, description: 'A CFDI with its content.' },
);

// Months 01–12, days 01–31, hours 00–23: a bound that cannot name a time is a 422, not an empty list.
const LOCAL_BOUND = '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])(T([01]\\d|2[0-3]):[0-5]\\d(:[0-5]\\d(\\.\\d{1,6})?)?(Z|[+-]([01]\\d|2[0-3]):[0-5]\\d)?)?$';
const LocalBound = (edge: string) =>
  Type.String({
    pattern: LOCAL_BOUND,
    description: `Fecha ${edge}, inclusive: a date (${edge === 'from' ? 'from its first second' : 'through its last second'}) or a date-time, read as Mexico City wall time unless it carries \`Z\` or an offset.`,
  });
const Rfc = (description: string) => Type.String({ minLength: 12, maxLength: 13, description: `${description} (any case).` });

/** The list's filters, also what an export of the store takes (docs/guides/exports.md). */
export const CfdiFilterProperties = {
  side: Type.Optional(Side),
  fiscal_profile_id: Type.Optional(Type.String({ minLength: 1, description: "CFDIs the profile's downloads brought first." })),
  download_id: Type.Optional(Type.String({ minLength: 1, description: 'CFDIs this download brought first.' })),
  counterparty: Type.Optional(Rfc("The other party's RFC: the receptor of issued CFDIs, the emisor of received ones")),
  emisor: Type.Optional(Rfc("The emisor's RFC")),
  receptor: Type.Optional(Rfc("The receptor's RFC")),
  tipo_de_comprobante: Type.Optional(TipoDeComprobante),
  status: Type.Optional(SatStatus),
  has_xml: Type.Optional(Type.Boolean({ description: '`false` for metadata-only rows.' })),
  uuid: Type.Optional(Type.String({ minLength: 36, maxLength: 36, description: 'One UUID (any case).' })),
  'date[gte]': Type.Optional(LocalBound('from')),
  'date[lte]': Type.Optional(LocalBound('through')),
  third_party_rfc: Type.Optional(Rfc('A taxpayer the CFDI was issued on behalf of (one of `third_parties`)')),
  q: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 200,
      description:
        "Search, any case: every word given must start a word of the emisor's or receptor's RFC or name, of the UUID (whole or one of its groups: `04BF2854` or `04BF2854-FE7D` find it), of the serie, of the folio, or of the serie and folio written together (`F123`). Words are split as PostgreSQL's text search splits them; accents count (`José` is not `Jose`). Text with no letter or digit selects nothing.",
    }),
  ),
};

export const ListCfdisQuery = listQuery({
  ...CfdiFilterProperties,
  sort: Type.Optional(
    Type.Union(
      ['fecha', '-fecha', 'total', '-total'].map((value) => Type.Literal(value)),
      {
        description:
          "The order: `fecha` (the CFDI's own Fecha, oldest first), `-fecha` (newest first), `total`, `-total` (Total as a number, a Total that is not one sorting below every number; a CFDI without Fecha sorts as the oldest). Ties keep id order in the same direction, and `starting_after`/`ending_before` take a listed id as always: pages neither repeat nor skip a CFDI when many share a Fecha or a Total. Without `sort`, the order the store received them, newest first.",
      },
    ),
  ),
});

export const CfdiTotalsQuery = Type.Object(CfdiFilterProperties, closed);

const Sum = (description: string) => Type.String({ description: `${description}, an exact decimal string ("0" when none).` });

export const CfdiTotals = Type.Object(
  {
    object: Type.Literal('cfdi_totals'),
    count: Type.Integer({ description: 'How many CFDIs the filters select.' }),
    groups: Type.Array(
      Type.Object(
        {
          tipo_de_comprobante: Type.Union([Type.String(), Type.Null()], { description: 'I, E, T, N or P; null when the store does not know it.' }),
          moneda: Type.Union([Type.String(), Type.Null()], {
            description: 'The currency the amounts are in: amounts of different currencies are never added.',
          }),
          count: Type.Integer(),
          sub_total: Sum('The sum of SubTotal'),
          descuento: Type.String({ description: 'The sum of Descuento, an exact decimal string ("0" when none).' }),
          total: Sum('The sum of Total'),
        },
        closed,
      ),
      { description: 'One entry per (tipo_de_comprobante, moneda), in that order.' },
    ),
  },
  { ...closed, description: 'Sums of the CFDIs the filters select, by voucher type and currency.' },
);

// No length limit: a malformed UUID is a 404 like an unknown one.
export const UuidParam = Type.Object({ uuid: Type.String({ minLength: 1, description: "The CFDI's UUID (any case)." }) }, closed);
