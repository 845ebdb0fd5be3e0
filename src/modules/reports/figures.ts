/**
 * The monthly report's figures, from a profile's stored CFDIs (docs/guides/reports.md): every
 * amount in MXN, each figure the sum of the items behind it (each rounded to cents first, so the
 * drill-down adds up to the figure). Cancelled CFDIs count for nothing; metadata-only rows have no
 * content to read and are counted apart.
 */
import { Decimal, formatAmount } from '../../cfdi/amounts.ts';
import type { CfdiDetails } from '../../cfdi/overview.ts';
import type { CfdiReportRow } from '../cfdis/index.ts';

export const FIGURES = [
  'issued_income',
  'issued_credit_notes',
  'issued_payments',
  'received_expenses',
  'received_credit_notes',
  'received_payments',
  'iva_trasladado',
  'iva_acreditable',
  'isr_retenido_issued',
  'iva_retenido_issued',
  'isr_retenido_received',
  'iva_retenido_received',
] as const;
export type Figure = (typeof FIGURES)[number];

/** One CFDI (or one payment of a document) behind a figure, with its signed share in MXN. */
export interface ReportItem {
  /** The drill-down cursor: the UUID, or `UUID.pago.docto` for one payment of a document. */
  id: string;
  uuid: string;
  /** For a payment: the paid document (IdDocumento). */
  document_uuid: string | null;
  tipo_de_comprobante: string;
  /** Fecha, or the Pago's FechaPago for a payment. */
  date: string;
  counterparty_rfc: string | null;
  amount: string;
}

export interface ComputedReport {
  items: Record<Figure, ReportItem[]>;
  /** CFDIs of the period the SAT holds as cancelled, left out. */
  cancelled: string[];
  /** CFDIs of the period stored from metadata only (no XML, so no taxes), left out. */
  withoutContent: string[];
  /** Payments of the period whose document is not in the store (or is cancelled): no IVA share. */
  unresolvedPayments: { uuid: string; document_uuid: string | null }[];
}

const TAX_FIGURES: ReadonlySet<Figure> = new Set([
  'iva_trasladado',
  'iva_acreditable',
  'isr_retenido_issued',
  'iva_retenido_issued',
  'isr_retenido_received',
  'iva_retenido_received',
]);
const IVA = '002';
const ISR = '001';

function decimal(text: string | null | undefined): Decimal | null {
  if (text === null || text === undefined || text.trim() === '') return null;
  try {
    return new Decimal(text.trim());
  } catch {
    return null;
  }
}

/** The document's TipoCambio into MXN: 1 for MXN (or none written). */
function rateOf(row: CfdiReportRow, details: CfdiDetails): Decimal {
  if (row.moneda === null || row.moneda === 'MXN') return new Decimal(1);
  return decimal(details.tipo_cambio) ?? new Decimal(1);
}

/** The sum of a document's own tax lines of one kind and tax (its Impuestos node). */
function taxOf(details: CfdiDetails, kind: 'traslados' | 'retenciones', impuesto: string): Decimal {
  let total = new Decimal(0);
  for (const line of details.impuestos?.[kind] ?? []) {
    if (line.impuesto === impuesto) total = total.plus(decimal(line.importe) ?? 0);
  }
  return total;
}

/** SubTotal − Descuento: the amount before taxes. */
function netOf(row: CfdiReportRow): Decimal {
  return (decimal(row.sub_total) ?? new Decimal(0)).minus(decimal(row.descuento) ?? 0);
}

const cents = (value: Decimal) => formatAmount(value, 2);

/**
 * The items of every figure for one period (`from` inclusive, `to` exclusive, local
 * `YYYY-MM-DD`), from the period's rows and the documents their payments name (`documents`).
 */
export function computeReport(rows: CfdiReportRow[], documents: CfdiReportRow[], period: { from: string; to: string }): ComputedReport {
  const items = Object.fromEntries(FIGURES.map((figure) => [figure, [] as ReportItem[]])) as Record<Figure, ReportItem[]>;
  const report: ComputedReport = { items, cancelled: [], withoutContent: [], unresolvedPayments: [] };
  const byUuid = new Map(documents.map((document) => [document.uuid, document]));
  // A tax figure lists only the CFDIs that carry the tax; a document or payment figure lists every one.
  const add: Add = (figure, item, amount) => {
    if (amount.isZero() && TAX_FIGURES.has(figure)) return;
    items[figure].push({ ...item, id: item.id ?? item.uuid, amount: cents(amount) });
  };
  for (const row of rows) {
    if (row.sat_status === 'cancelled') {
      report.cancelled.push(row.uuid);
      continue;
    }
    const details = row.details;
    if (details === null) {
      report.withoutContent.push(row.uuid);
      continue;
    }
    const tipo = row.tipo_de_comprobante ?? '';
    const issued = row.side === 'issued';
    const base = {
      uuid: row.uuid,
      document_uuid: null,
      tipo_de_comprobante: tipo,
      date: row.fecha ?? '',
      counterparty_rfc: issued ? row.receptor_rfc : row.emisor_rfc,
    };
    const inPeriod = row.fecha !== null && row.fecha >= period.from && row.fecha < period.to;
    if (inPeriod && (tipo === 'I' || tipo === 'E')) {
      // A credit note (E) counts against its figure's kind.
      const sign = tipo === 'E' ? -1 : 1;
      const rate = rateOf(row, details);
      const mxn = (value: Decimal) => value.times(rate).times(sign);
      add(
        issued ? (tipo === 'I' ? 'issued_income' : 'issued_credit_notes') : tipo === 'I' ? 'received_expenses' : 'received_credit_notes',
        base,
        netOf(row).times(rate),
      );
      add(issued ? 'isr_retenido_issued' : 'isr_retenido_received', base, mxn(taxOf(details, 'retenciones', ISR)));
      add(issued ? 'iva_retenido_issued' : 'iva_retenido_received', base, mxn(taxOf(details, 'retenciones', IVA)));
      const iva = mxn(taxOf(details, 'traslados', IVA));
      if (issued) add('iva_trasladado', base, iva);
      // Received: IVA paid in the period. PUE (or no MetodoPago) when issued; PPD through its Pagos; a credit note reduces it.
      else if (tipo === 'E' || details.metodo_pago !== 'PPD') add('iva_acreditable', base, iva);
    }
    if (tipo === 'P') paymentsOf(row, details, base, byUuid, period, add, report);
  }
  // Date order (a payment by its FechaPago), then by id.
  for (const figure of FIGURES) items[figure].sort((a, b) => (a.date === b.date ? (a.id < b.id ? -1 : 1) : a.date < b.date ? -1 : 1));
  return report;
}

type Add = (figure: Figure, item: Omit<ReportItem, 'amount' | 'id'> & { id?: string }, amount: Decimal) => void;

/**
 * A payment CFDI's Pagos dated in the period: each Pago's Monto (× TipoCambioP) for the payments
 * figure and, received, each paid document's IVA share: its IVA × ImpPagado ÷ Total, in the
 * document's currency, ÷ EquivalenciaDR into the payment's currency, × TipoCambioP into MXN.
 */
function paymentsOf(
  row: CfdiReportRow,
  details: CfdiDetails,
  base: Omit<ReportItem, 'amount' | 'id'>,
  byUuid: Map<string, CfdiReportRow>,
  period: { from: string; to: string },
  add: Add,
  report: ComputedReport,
): void {
  const issued = row.side === 'issued';
  (details.pagos ?? []).forEach((pago, p) => {
    const date = pago.fecha_pago ?? '';
    if (!(date >= period.from && date < period.to)) return;
    const rate = pago.moneda_p === null || pago.moneda_p === 'MXN' ? new Decimal(1) : (decimal(pago.tipo_cambio_p) ?? new Decimal(1));
    add(issued ? 'issued_payments' : 'received_payments', { ...base, id: `${row.uuid}.${p + 1}`, date }, (decimal(pago.monto) ?? new Decimal(0)).times(rate));
    if (issued) return;
    pago.documentos_relacionados.forEach((docto, d) => {
      const documentUuid = docto.id_documento?.toUpperCase() ?? null;
      const document = documentUuid === null ? undefined : byUuid.get(documentUuid);
      const total = decimal(document?.total);
      if (!document || document.sat_status === 'cancelled' || !document.details || total === null || total.isZero()) {
        report.unresolvedPayments.push({ uuid: row.uuid, document_uuid: documentUuid });
        return;
      }
      const paid = (decimal(docto.imp_pagado) ?? new Decimal(0)).div(decimal(docto.equivalencia_dr) ?? 1);
      const iva = taxOf(document.details, 'traslados', IVA).div(total).times(paid).times(rate);
      add('iva_acreditable', { ...base, id: `${row.uuid}.${p + 1}.${d + 1}`, document_uuid: documentUuid, date }, iva);
    });
  });
}
