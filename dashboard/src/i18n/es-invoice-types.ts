/** Spanish strings of the invoice form's types of comprobante and their related CFDIs. Spread into es.ts. */
export const esInvoiceTypes = {
  'invoiceTypes.legend': 'Tipo de comprobante',
  'invoiceTypes.type': 'Tipo',
  'invoiceTypes.typeI': 'I · Ingreso (factura)',
  'invoiceTypes.typeE': 'E · Egreso (nota de crédito)',
  'invoiceTypes.typeHint': 'Una nota de crédito corrige o descuenta facturas ya timbradas del mismo cliente.',
  'invoiceTypes.related': 'CFDI relacionados',
  'invoiceTypes.relationship': 'Tipo de relación',
  'invoiceTypes.relationship01': 'Nota de crédito de los documentos relacionados',
  'invoiceTypes.relationship03': 'Devolución de mercancía sobre facturas o traslados previos',
  'invoiceTypes.relationship07': 'CFDI por aplicación de anticipo',
  'invoiceTypes.relatedInvoices': 'Facturas timbradas del cliente que corrige',
  'invoiceTypes.relatedNeedsCustomer': 'Escribe o elige primero el RFC del cliente para ver sus facturas timbradas.',
  'invoiceTypes.relatedNone': 'No hay facturas de ingreso timbradas para el RFC {rfc} en este modo.',
};
