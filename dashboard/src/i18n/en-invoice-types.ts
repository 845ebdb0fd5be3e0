import type { esInvoiceTypes } from './es-invoice-types.ts';

/** English for es-invoice-types.ts; the type fails on a missing key. */
export const enInvoiceTypes: Record<keyof typeof esInvoiceTypes, string> = {
  'invoiceTypes.legend': 'Type of comprobante',
  'invoiceTypes.type': 'Type',
  'invoiceTypes.typeI': 'I · Income (invoice)',
  'invoiceTypes.typeE': 'E · Credit note (egreso)',
  'invoiceTypes.typeP': 'P · Payment (complemento de pagos)',
  'invoiceTypes.typeHint':
    "A credit note corrects or discounts the customer's stamped invoices; a payment records what was received for their PPD invoices (its CFDI use is always CP01).",
  'invoiceTypes.related': 'Related CFDIs',
  'invoiceTypes.relationship': 'Relationship',
  'invoiceTypes.relationship01': 'Credit note of the related documents',
  'invoiceTypes.relationship03': 'Return of goods on earlier invoices or transfers',
  'invoiceTypes.relationship07': 'CFDI applying an advance payment',
  'invoiceTypes.relatedInvoices': "The customer's stamped invoices it corrects",
  'invoiceTypes.relatedNeedsCustomer': "Type or choose the customer's RFC first to see their stamped invoices.",
  'invoiceTypes.relatedNone': 'No stamped income invoices for RFC {rfc} in this mode.',
  'invoiceTypes.payment': 'Payment received',
  'invoiceTypes.paymentDate': 'Payment date',
  'invoiceTypes.operationNumber': 'Operation number',
  'invoiceTypes.operationNumberHint': "Optional: the transfer's or the check's.",
  'invoiceTypes.paidInvoices': 'Installment (PPD) invoices it pays',
  'invoiceTypes.payableNone': 'RFC {rfc} has no stamped PPD invoices with a balance left in this mode.',
  'invoiceTypes.balance': 'Balance {balance} of {total} · installment {installment}',
  'invoiceTypes.amountPaid': 'Amount paid of {folio}',
};
