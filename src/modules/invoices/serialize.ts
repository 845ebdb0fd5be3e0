/**
 * The invoice resource from its row: request-shaped fields (items, payments) come from the stored
 * request in the caller's order, and every amount from the computed CFDI model, so the resource
 * shows exactly what is (or will be) stamped.
 */
import type { Concepto, DoctoRelacionado, Pago, Retencion, RetencionDR, Traslado, TrasladoDR } from '../../cfdi/model.ts';
import { findPagos } from '../../cfdi/model.ts';
import type { SerializedFiscalProfile } from '../fiscal-profiles/index.ts';
import { splitTaxes } from './draft/taxes.ts';
import type { InvoiceRow } from './repository.ts';
import type { ItemInput, PaymentDocumentInput, TaxInput } from './request-schemas.ts';
import type { InvoiceObject } from './schemas.ts';

type TaxLine = Traslado | Retencion;
type TaxObject = InvoiceObject['items'][number]['taxes'][number];

function taxObject(tax: TaxInput, line: { base?: string; rate?: string | undefined; amount?: string | undefined } | undefined): TaxObject {
  return {
    type: tax.type,
    factor: tax.factor ?? 'Tasa',
    rate: line?.rate ?? null,
    withholding: tax.withholding === true,
    base: line?.base ?? '',
    amount: line?.amount ?? null,
  };
}

/** The caller's taxes with the computed base, rate and amount of the matching CFDI line. */
function taxesOf(
  taxes: readonly TaxInput[] | undefined,
  traslados: readonly { base: string; rate?: string | undefined; amount?: string | undefined }[],
  retenciones: typeof traslados,
): TaxObject[] {
  const split = splitTaxes(taxes);
  return (taxes ?? []).map((tax, index) => {
    const line = tax.withholding ? retenciones[split.retenciones.indexOf(index)] : traslados[split.traslados.indexOf(index)];
    return taxObject(tax, line);
  });
}

const itemLine = (line: TaxLine) => ({ base: line.Base, rate: line.TasaOCuota, amount: line.Importe });
const documentLine = (line: TrasladoDR | RetencionDR) => ({ base: line.BaseDR, rate: line.TasaOCuotaDR, amount: line.ImporteDR });

function itemOf(item: ItemInput, concepto: Concepto | undefined) {
  return {
    product_id: item.product_id ?? null,
    product_key: concepto?.ClaveProdServ ?? item.product_key ?? '',
    unit_key: concepto?.ClaveUnidad ?? item.unit_key ?? '',
    unit: item.unit ?? null,
    sku: item.sku ?? null,
    description: concepto?.Descripcion ?? item.description ?? '',
    quantity: concepto?.Cantidad ?? item.quantity ?? '1',
    unit_price: concepto?.ValorUnitario ?? item.unit_price ?? '',
    discount: concepto?.Descuento ?? null,
    tax_object: concepto?.ObjetoImp ?? '',
    amount: concepto?.Importe ?? '',
    taxes: taxesOf(item.taxes, (concepto?.Impuestos?.Traslados ?? []).map(itemLine), (concepto?.Impuestos?.Retenciones ?? []).map(itemLine)),
  };
}

function documentOf(document: PaymentDocumentInput | undefined, docto: DoctoRelacionado) {
  return {
    uuid: docto.IdDocumento,
    invoice: document?.invoice ?? null,
    serie: docto.Serie ?? null,
    folio: docto.Folio ?? null,
    currency: docto.MonedaDR,
    equivalence: docto.EquivalenciaDR ?? '1',
    installment: Number(docto.NumParcialidad),
    previous_balance: docto.ImpSaldoAnt,
    amount_paid: docto.ImpPagado,
    balance: docto.ImpSaldoInsoluto,
    tax_object: docto.ObjetoImpDR,
    taxes: taxesOf(document?.taxes, (docto.ImpuestosDR?.TrasladosDR ?? []).map(documentLine), (docto.ImpuestosDR?.RetencionesDR ?? []).map(documentLine)),
  };
}

function paymentsOf(row: InvoiceRow): InvoiceObject['payments'] {
  const pagos = findPagos(row.comprobante);
  if (!pagos) return null;
  return pagos.Pago.map((pago: Pago, index) => ({
    date: pago.FechaPago,
    payment_form: pago.FormaDePagoP,
    currency: pago.MonedaP,
    exchange_rate: pago.TipoCambioP ?? '1',
    amount: pago.Monto,
    operation_number: pago.NumOperacion ?? null,
    documents: pago.DoctoRelacionado.map((docto, position) => documentOf(row.input.payments?.[index]?.documents[position], docto)),
  }));
}

function customerOf(row: InvoiceRow): InvoiceObject['customer'] {
  const receptor = row.comprobante.Receptor;
  return {
    rfc: receptor.Rfc,
    name: receptor.Nombre,
    zip: receptor.DomicilioFiscalReceptor,
    tax_regime: receptor.RegimenFiscalReceptor,
    use: receptor.UsoCFDI,
    country: receptor.ResidenciaFiscal ?? null,
    tax_id: receptor.NumRegIdTrib ?? null,
    email: row.input.customer?.email ?? null,
  };
}

function cancellationOf(row: InvoiceRow): InvoiceObject['cancellation'] {
  return {
    status: row.cancellation_status,
    reason: row.cancellation_reason,
    substitute_invoice_id: row.substitute_invoice_id,
    acuse_available: row.acuse !== null,
    requested_at: row.cancellation_requested_at?.toISOString() ?? null,
    resolved_at: row.cancellation_resolved_at?.toISOString() ?? null,
  };
}

export function serializeInvoice(row: InvoiceRow, fiscalProfile: SerializedFiscalProfile, baseUrl: string): InvoiceObject {
  const c = row.comprobante;
  const impuestos = c.Impuestos;
  return {
    object: 'invoice',
    id: row.id,
    livemode: row.mode === 'live',
    status: row.status,
    type: row.type,
    fiscal_profile_id: row.fiscal_profile_id,
    serie: row.serie === '' ? null : row.serie,
    folio: row.folio,
    customer_id: row.input.customer_id ?? null,
    customer: customerOf(row),
    email: row.input.email ?? null,
    currency: c.Moneda,
    exchange_rate: c.TipoCambio ?? null,
    payment_form: c.FormaPago ?? null,
    payment_method: c.MetodoPago ?? null,
    conditions: c.CondicionesDePago ?? null,
    export: c.Exportacion,
    items: row.type === 'P' ? [] : (row.input.items ?? []).map((item, index) => itemOf(item, c.Conceptos[index])),
    related: (c.CfdiRelacionados ?? []).map((group) => ({ relationship: group.TipoRelacion, uuids: group.UUIDs })),
    global: c.InformacionGlobal ? { periodicity: c.InformacionGlobal.Periodicidad, months: c.InformacionGlobal.Meses, year: c.InformacionGlobal.Año } : null,
    payments: paymentsOf(row),
    subtotal: row.subtotal,
    discount: c.Descuento ?? null,
    total_taxes_transferred: impuestos?.TotalImpuestosTrasladados ?? null,
    total_taxes_withheld: impuestos?.TotalImpuestosRetenidos ?? null,
    total: row.total,
    uuid: row.uuid,
    stamped_at: row.stamped_at?.toISOString() ?? null,
    sello_cfd: row.sello_cfd,
    sello_sat: row.sello_sat,
    no_certificado_sat: row.no_certificado_sat,
    cancellation: cancellationOf(row),
    error: row.error,
    xml_url: `${baseUrl}/v1/invoices/${row.id}/xml`,
    pdf_url: `${baseUrl}/v1/invoices/${row.id}/pdf`,
    metadata: row.metadata,
    fiscal_profile: fiscalProfile as InvoiceObject['fiscal_profile'],
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

declare module '../events/index.ts' {
  interface EventObjects {
    'invoice.created': InvoiceObject;
    'invoice.stamped': InvoiceObject;
    'invoice.cancellation_requested': InvoiceObject;
    'invoice.cancellation_rejected': InvoiceObject;
    'invoice.cancelled': InvoiceObject;
  }
}
