import { Type } from 'typebox';
import { ListQuery } from '../../platform/http/pagination.ts';
import { FIGURES } from './figures.ts';

const closed = { additionalProperties: false } as const;

const PeriodProperties = {
  fiscal_profile_id: Type.String({ minLength: 1, description: 'The fiscal profile (`fp_…`) whose stored CFDIs the report reads.' }),
  year: Type.Integer({ minimum: 2000, maximum: 2100, description: 'Calendar year.' }),
  month: Type.Integer({ minimum: 1, maximum: 12, description: 'Calendar month, 1–12 (Mexico City dates as the CFDIs write them).' }),
};

export const MonthlyReportQuery = Type.Object(PeriodProperties, closed);

const FigureName = Type.Union(
  FIGURES.map((figure) => Type.Literal(figure)),
  { description: 'A figure of the report (its key in `figures`).' },
);

export const MonthlyItemsQuery = Type.Object({ ...PeriodProperties, figure: FigureName, ...ListQuery.properties }, closed);

const Amount = Type.String({ description: 'MXN, two decimals.', pattern: '^-?[0-9]+\\.[0-9]{2}$' });

const FigureSchema = Type.Object(
  {
    amount: Amount,
    count: Type.Integer({ description: 'Items behind the figure (CFDIs, or payments of documents).' }),
    items_url: Type.String({ description: 'The drill-down: the CFDIs behind the figure with their share.' }),
  },
  closed,
);

export const MonthlyReport = Type.Object(
  {
    object: Type.Literal('monthly_report'),
    fiscal_profile_id: Type.String(),
    year: Type.Integer(),
    month: Type.Integer(),
    currency: Type.Literal('MXN'),
    figures: Type.Object(Object.fromEntries(FIGURES.map((figure) => [figure, FigureSchema])), closed),
    excluded: Type.Object(
      {
        cancelled: Type.Integer({ description: 'CFDIs of the month the SAT holds as cancelled: counted in no figure.' }),
        without_content: Type.Integer({
          description: "CFDIs of the month stored from the SAT's metadata only (no XML): their taxes are unknown, counted in no figure.",
        }),
        unresolved_payments: Type.Integer({
          description: 'Received payments of the month whose paid document is not in the store, is cancelled or has no content: no IVA share for them.',
        }),
      },
      closed,
    ),
  },
  { ...closed, description: "A fiscal profile's month from its stored CFDIs (docs/guides/reports.md)." },
);

export const ReportItemSchema = Type.Object(
  {
    object: Type.Literal('monthly_report_item'),
    id: Type.String({ description: 'The cursor: the UUID, or `UUID.pago` / `UUID.pago.docto` for one payment (of one document).' }),
    uuid: Type.String(),
    document_uuid: Type.Union([Type.String(), Type.Null()], { description: 'For a payment of a document: the paid CFDI (IdDocumento).' }),
    tipo_de_comprobante: Type.String(),
    date: Type.String({ description: "The CFDI's Fecha, or the Pago's FechaPago." }),
    counterparty_rfc: Type.Union([Type.String(), Type.Null()]),
    amount: Type.String({ description: 'Its share of the figure in MXN, signed (a credit note reduces a tax figure).' }),
  },
  closed,
);
