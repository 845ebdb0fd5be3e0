/**
 * A customer's invoices still to be paid (PPD): each with its saldo insoluto, the balance the last
 * stamped payment of this account left (ImpSaldoInsoluto of its DoctoRelacionado with the highest
 * installment), or its total before any, and the next installment number. Payments issued outside
 * this service are not known to it.
 */
import { Decimal } from 'decimal.js';
import { findPagos } from '../../cfdi/model.ts';
import type { Ctx } from '../../platform/context.ts';
import { scopeOf } from './context.ts';
import { stampedPaymentModels, stampedPpdInvoices, type InvoiceRow } from './repository.ts';
import type { PayableInvoiceObject } from './schemas.ts';

/** The newest PPD invoices of a customer looked at. */
const MAX_INVOICES = 100;

/** c_Impuesto codes as the API names them. */
const TAX_NAMES: Record<string, string> = { '001': 'ISR', '002': 'IVA', '003': 'IEPS' };

interface LastPayment {
  installment: number;
  balance: string;
}

/** The paid documents' last installment and balance, by UUID (upper case). */
function lastPayments(models: InvoiceRow['comprobante'][]): Map<string, LastPayment> {
  const last = new Map<string, LastPayment>();
  for (const model of models) {
    for (const pago of findPagos(model)?.Pago ?? []) {
      for (const docto of pago.DoctoRelacionado) {
        const uuid = docto.IdDocumento.toUpperCase();
        const installment = Number(docto.NumParcialidad);
        const seen = last.get(uuid);
        if (!seen || installment > seen.installment) last.set(uuid, { installment, balance: docto.ImpSaldoInsoluto });
      }
    }
  }
  return last;
}

/** The distinct taxes of the invoice's items, as a payment's document takes them. */
function taxesOf(row: InvoiceRow): PayableInvoiceObject['taxes'] {
  const seen = new Map<string, PayableInvoiceObject['taxes'][number]>();
  for (const concepto of row.comprobante.Conceptos) {
    const lines = [
      ...(concepto.Impuestos?.Traslados ?? []).map((line) => ({ line, withholding: false })),
      ...(concepto.Impuestos?.Retenciones ?? []).map((line) => ({ line, withholding: true })),
    ];
    for (const { line, withholding } of lines) {
      const tax = { type: TAX_NAMES[line.Impuesto] ?? line.Impuesto, factor: line.TipoFactor, rate: line.TasaOCuota ?? null, withholding };
      seen.set(JSON.stringify(tax), tax);
    }
  }
  return [...seen.values()];
}

export async function listPayableInvoices(ctx: Ctx, customerRfc: string): Promise<PayableInvoiceObject[]> {
  const scope = scopeOf(ctx);
  const rfc = customerRfc.trim().toUpperCase();
  const [invoices, payments] = await Promise.all([stampedPpdInvoices(ctx.db, scope, rfc, MAX_INVOICES), stampedPaymentModels(ctx.db, scope, rfc)]);
  const last = lastPayments(payments);
  const payable: PayableInvoiceObject[] = [];
  for (const row of invoices) {
    const paid = last.get((row.uuid ?? '').toUpperCase());
    const balance = paid?.balance ?? row.total;
    if (!new Decimal(balance).greaterThan(0)) continue;
    const decimals = row.total.split('.')[1]?.length ?? 0;
    payable.push({
      object: 'payable_invoice',
      invoice_id: row.id,
      uuid: row.uuid ?? '',
      serie: row.serie === '' ? null : row.serie,
      folio: row.folio,
      currency: row.currency,
      total: row.total,
      paid: new Decimal(row.total).minus(balance).toFixed(decimals),
      balance,
      next_installment: (paid?.installment ?? 0) + 1,
      taxes: taxesOf(row),
      stamped_at: row.stamped_at?.toISOString() ?? '',
    });
  }
  return payable;
}
