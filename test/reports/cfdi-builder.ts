/**
 * Stamped CFDI 4.0 documents built from a few values, as the store reads them (index fields,
 * taxes, Pagos 2.0): the fixtures of the monthly report's tests. No seal is checked on store.
 */
interface Tax {
  impuesto: string;
  importe: string;
}
interface Docto {
  id: string;
  impPagado: string;
  equivalencia?: string;
}
interface Built {
  uuid: string;
  tipo: 'I' | 'E' | 'P';
  fecha: string;
  emisor: string;
  receptor: string;
  moneda?: string;
  tipoCambio?: string;
  subTotal: string;
  descuento?: string;
  total: string;
  metodo?: 'PUE' | 'PPD';
  traslados?: Tax[];
  retenciones?: Tax[];
  pagos?: { fecha: string; moneda: string; tipoCambio?: string; monto: string; doctos: Docto[] }[];
}

/** A stamped CFDI 4.0 as the store reads it (its index fields, taxes and Pagos; no seal is checked on store). */
export function cfdi(doc: Built): { name: string; xml: Buffer } {
  const attr = (name: string, value: string | undefined) => (value === undefined ? '' : ` ${name}="${value}"`);
  const lines = (kind: 'Traslado' | 'Retencion', taxes: Tax[]) =>
    taxes.map((tax) => `<cfdi:${kind} Impuesto="${tax.impuesto}" Importe="${tax.importe}"${kind === 'Traslado' ? ' TipoFactor="Tasa"' : ''}/>`).join('');
  const impuestos =
    doc.traslados || doc.retenciones
      ? `<cfdi:Impuestos>${doc.retenciones ? `<cfdi:Retenciones>${lines('Retencion', doc.retenciones)}</cfdi:Retenciones>` : ''}${
          doc.traslados ? `<cfdi:Traslados>${lines('Traslado', doc.traslados)}</cfdi:Traslados>` : ''
        }</cfdi:Impuestos>`
      : '';
  const pagos = doc.pagos
    ? `<pago20:Pagos Version="2.0">${doc.pagos
        .map(
          (pago) =>
            `<pago20:Pago FechaPago="${pago.fecha}" FormaDePagoP="03" MonedaP="${pago.moneda}"${attr('TipoCambioP', pago.tipoCambio)} Monto="${pago.monto}">${pago.doctos
              .map(
                (docto) =>
                  `<pago20:DoctoRelacionado IdDocumento="${docto.id}" MonedaDR="MXN" EquivalenciaDR="${docto.equivalencia ?? '1'}" NumParcialidad="1" ImpSaldoAnt="${docto.impPagado}" ImpPagado="${docto.impPagado}" ImpSaldoInsoluto="0" ObjetoImpDR="02"/>`,
              )
              .join('')}</pago20:Pago>`,
        )
        .join('')}</pago20:Pagos>`
    : '';
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" xmlns:tfd="http://www.sat.gob.mx/TimbreFiscalDigital" xmlns:pago20="http://www.sat.gob.mx/Pagos20" Version="4.0" Fecha="${doc.fecha}" TipoDeComprobante="${doc.tipo}" Moneda="${doc.moneda ?? 'MXN'}"${attr('TipoCambio', doc.tipoCambio)} SubTotal="${doc.subTotal}"${attr('Descuento', doc.descuento)} Total="${doc.total}"${attr('MetodoPago', doc.metodo)} Exportacion="01" LugarExpedicion="42501"><cfdi:Emisor Rfc="${doc.emisor}" Nombre="EMISOR" RegimenFiscal="601"/><cfdi:Receptor Rfc="${doc.receptor}" Nombre="RECEPTOR" DomicilioFiscalReceptor="42501" RegimenFiscalReceptor="601" UsoCFDI="G03"/><cfdi:Conceptos><cfdi:Concepto ClaveProdServ="84111506" Cantidad="1" ClaveUnidad="E48" Descripcion="Servicio" ValorUnitario="${doc.subTotal}" Importe="${doc.subTotal}" ObjetoImp="02"/></cfdi:Conceptos>${impuestos}<cfdi:Complemento>${pagos}<tfd:TimbreFiscalDigital Version="1.1" UUID="${doc.uuid}" FechaTimbrado="${doc.fecha}" RfcProvCertif="SAT970701NN3" SelloCFD="x" NoCertificadoSAT="30001000000500003456" SelloSAT="x"/></cfdi:Complemento></cfdi:Comprobante>`;
  return { name: `${doc.uuid}.xml`, xml: Buffer.from(xml) };
}

export const IVA = (importe: string) => ({ impuesto: '002', importe });
export const ISR = (importe: string) => ({ impuesto: '001', importe });
