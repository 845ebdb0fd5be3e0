import type { esInvoiceTypes } from './es-invoice-types.ts';

/** English for es-invoice-types.ts; the type fails on a missing key. */
export const enInvoiceTypes: Record<keyof typeof esInvoiceTypes, string> = {
  'invoiceTypes.legend': 'Type of comprobante',
  'invoiceTypes.type': 'Type',
  'invoiceTypes.typeI': 'I · Income (invoice)',
  'invoiceTypes.typeE': 'E · Credit note (egreso)',
  'invoiceTypes.typeHint': "A credit note corrects or discounts the same customer's stamped invoices.",
  'invoiceTypes.related': 'Related CFDIs',
  'invoiceTypes.relationship': 'Relationship',
  'invoiceTypes.relationship01': 'Credit note of the related documents',
  'invoiceTypes.relationship03': 'Return of goods on earlier invoices or transfers',
  'invoiceTypes.relationship07': 'CFDI applying an advance payment',
  'invoiceTypes.relatedInvoices': "The customer's stamped invoices it corrects",
  'invoiceTypes.relatedNeedsCustomer': "Type or choose the customer's RFC first to see their stamped invoices.",
  'invoiceTypes.relatedNone': 'No stamped income invoices for RFC {rfc} in this mode.',
};
