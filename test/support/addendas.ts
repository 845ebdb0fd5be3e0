/**
 * cfdi:Addenda in the shapes retailers and ERPs attach to genuine CFDIs: the SAT never reads an
 * Addenda (it is outside the cadena original and the seals), so a CFDI carrying any of these must
 * check exactly as it does without it.
 */

/** Name → the whole `<cfdi:Addenda>` element (the `cfdi` prefix is the Comprobante's). */
export const ADDENDAS: Record<string, string> = {
  'a namespaced retail addenda with several children, attributes and a schemaLocation':
    '<cfdi:Addenda><tienda:Factura xmlns:tienda="http://www.tienda.example.com/addenda/factura" ' +
    'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ' +
    'xsi:schemaLocation="http://www.tienda.example.com/addenda/factura http://www.tienda.example.com/addenda/factura.xsd" version="1.0">' +
    '<tienda:Pedido numero="4500123456" fecha="2025-01-20"/><tienda:Proveedor numero="100234" gln="7501234000013"/>' +
    '<tienda:Recepcion folio="REC-778" almacen="CEDIS 02"/>' +
    '<tienda:Lineas><tienda:Linea numero="1" sku="7501031311309" cantidad="2" precio="431.03"/>' +
    '<tienda:Linea numero="2" sku="7501031311316" cantidad="1" precio="0.01"/></tienda:Lineas>' +
    '</tienda:Factura></cfdi:Addenda>',
  'an un-namespaced addenda (AMECE-style requestForPayment) with text content':
    '<cfdi:Addenda><requestForPayment type="SimpleInvoiceType" contentVersion="1.3.1" documentStructureVersion="AMC7.1" documentStatus="ORIGINAL">' +
    '<requestForPaymentIdentification><entityType>INVOICE</entityType><uniqueCreatorIdentification>52375239</uniqueCreatorIdentification></requestForPaymentIdentification>' +
    '<orderIdentification><referenceIdentification type="ON">4500123456</referenceIdentification><ReferenceDate>2025-01-20</ReferenceDate></orderIdentification>' +
    '<buyer><gln>7504000000000</gln><contactInformation><personOrDepartmentName><text>CUENTAS POR PAGAR</text></personOrDepartmentName></contactInformation></buyer>' +
    '</requestForPayment></cfdi:Addenda>',
  'two children of different namespaces':
    '<cfdi:Addenda><pedido:Pedido xmlns:pedido="urn:example:pedido" Numero="PO-1"/>' +
    '<erp:Datos xmlns:erp="urn:example:erp"><erp:Centro>MX01</erp:Centro><erp:Usuario>FACT</erp:Usuario></erp:Datos></cfdi:Addenda>',
  'text with entities, CDATA and characters outside ASCII':
    '<cfdi:Addenda><Observaciones xmlns="urn:example:notas">Entrega en andén 3 &amp; 4 — horario &lt;9:00&gt;' +
    '<![CDATA[Línea libre: <no es XML> & tampoco esto]]><Nota prioridad="alta">Ñandú «pedido urgente»</Nota></Observaciones></cfdi:Addenda>',
};

/** The CFDI with `addenda` as the last child of its Comprobante. */
export function withAddenda(xml: string, addenda: string): string {
  const end = xml.lastIndexOf('</cfdi:Comprobante>');
  if (end === -1) throw new Error('not a cfdi:Comprobante');
  return `${xml.slice(0, end)}${addenda}${xml.slice(end)}`;
}
