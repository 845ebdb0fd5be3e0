import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CfdiError } from './errors.ts';
import { readCfdiDetails, readCfdiIndex } from './overview.ts';

const TFD = (uuid: string) =>
  `<tfd:TimbreFiscalDigital xmlns:tfd="http://www.sat.gob.mx/TimbreFiscalDigital" Version="1.1" UUID="${uuid}" FechaTimbrado="2018-01-12T08:17:54" RfcProvCertif="DCD090706E42"/>`;

// CFDI 3.3 allows several Complemento nodes; the timbre may be in any of them.
const CFDI_33 = `\uFEFF<?xml version="1.0" encoding="utf-8"?>
<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/3" Version="3.3" Fecha="2018-01-12T08:15:01" Moneda="MXN" SubTotal="10.00" Total="11.60" TipoDeComprobante="I" LugarExpedicion="76802">
  <cfdi:Emisor Rfc="pot9207213d6" Nombre="PROMOTORA" RegimenFiscal="601"/>
  <cfdi:Receptor Rfc="DIM8701081LA" UsoCFDI="G03"/>
  <cfdi:Conceptos><cfdi:Concepto ClaveProdServ="90111501" Cantidad="1" ClaveUnidad="E48" Descripcion="Paquete" ValorUnitario="10.00" Importe="10.00"/></cfdi:Conceptos>
  <cfdi:Complemento><leyendasFisc:LeyendasFiscales xmlns:leyendasFisc="http://www.sat.gob.mx/leyendasFiscales" version="1.0"/></cfdi:Complemento>
  <cfdi:Complemento>${TFD('cee4be01-adfa-4deb-8421-add60f0bedac')}</cfdi:Complemento>
</cfdi:Comprobante>`;

test('the index fields come from every Complemento, in upper case where the store compares them', () => {
  const index = readCfdiIndex(CFDI_33);
  assert.deepEqual(index, {
    uuid: 'CEE4BE01-ADFA-4DEB-8421-ADD60F0BEDAC',
    version: '3.3',
    serie: null,
    folio: null,
    tipoDeComprobante: 'I',
    fecha: '2018-01-12T08:15:01',
    fechaTimbrado: '2018-01-12T08:17:54',
    emisorRfc: 'POT9207213D6',
    emisorNombre: 'PROMOTORA',
    receptorRfc: 'DIM8701081LA',
    receptorNombre: null,
    moneda: 'MXN',
    subTotal: '10.00',
    descuento: null,
    total: '11.60',
    rfcPac: 'DCD090706E42',
  });
  assert.deepEqual(readCfdiDetails(CFDI_33).complementos, ['LeyendasFiscales', 'TimbreFiscalDigital']);
});

test('a CFDI without a timbre, with a timbre that names no UUID, or not a CFDI, is refused with a CfdiError', () => {
  const cases: [string, RegExp][] = [
    [CFDI_33.replace(`<cfdi:Complemento>${TFD('cee4be01-adfa-4deb-8421-add60f0bedac')}</cfdi:Complemento>`, ''), /no TimbreFiscalDigital UUID/],
    [CFDI_33.replace(' UUID="cee4be01-adfa-4deb-8421-add60f0bedac"', ''), /no TimbreFiscalDigital UUID/],
    [CFDI_33.replace('cee4be01-adfa-4deb-8421-add60f0bedac', '{cee4be01-adfa}'), /is not a UUID/],
    ['<nota/>', /not a CFDI Comprobante/],
    ['<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4">', /./],
  ];
  for (const [xml, message] of cases) {
    assert.throws(
      () => readCfdiIndex(xml),
      (error: unknown) => error instanceof CfdiError && message.test(error.message),
      xml.slice(0, 60),
    );
  }
});

test('details: what a version does not carry is null, and pagos is null unless the CFDI is a payment', () => {
  const details = readCfdiDetails(CFDI_33);
  assert.deepEqual(details.receptor, { uso_cfdi: 'G03', regimen_fiscal: null, domicilio_fiscal: null });
  assert.deepEqual([details.exportacion, details.impuestos, details.pagos, details.cfdi_relacionados], [null, null, null, []]);
  assert.deepEqual(details.conceptos[0]?.impuestos, { traslados: [], retenciones: [] });
  const payment = readCfdiDetails(CFDI_33.replace('TipoDeComprobante="I"', 'TipoDeComprobante="P"'));
  assert.deepEqual(payment.pagos, [], 'a payment without its complement has no pagos, not null');
});
