import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import fc from 'fast-check';
import { generateComprobante } from '../../test/support/cfdi-corpus.ts';
import { satPath, skipWithoutShared } from '../../test/support/shared.ts';
import { CfdiError } from './errors.ts';
import type { CfdiErrorCode } from './errors.ts';
import { findPagos, findTimbre } from './model.ts';
import { parseCfdi } from './parse.ts';
import { writeCfdi } from './writer.ts';

function failsWith(xml: string, code: CfdiErrorCode, pathOrMessage?: RegExp): CfdiError {
  try {
    parseCfdi(xml);
  } catch (error) {
    assert.ok(error instanceof CfdiError, String(error));
    assert.equal(error.code, code, error.message);
    if (pathOrMessage) assert.match(`${error.path ?? ''} ${error.message}`, pathOrMessage);
    return error;
  }
  assert.fail(`expected ${code}`);
}

const NS = 'xmlns:cfdi="http://www.sat.gob.mx/cfd/4"';
const ROOT_ATTRIBUTES =
  'Version="4.0" Fecha="2025-01-01T00:00:00" SubTotal="1" Moneda="MXN" Total="1" TipoDeComprobante="I" Exportacion="01" LugarExpedicion="01000"';
const EMISOR = '<cfdi:Emisor Rfc="EKU9003173C9" Nombre="E" RegimenFiscal="601"/>';
const RECEPTOR = '<cfdi:Receptor Rfc="XAXX010101000" Nombre="R" DomicilioFiscalReceptor="01000" RegimenFiscalReceptor="616" UsoCFDI="S01"/>';
const CONCEPTOS =
  '<cfdi:Conceptos><cfdi:Concepto ClaveProdServ="01010101" Cantidad="1" ClaveUnidad="ACT" Descripcion="D" ValorUnitario="1" Importe="1" ObjetoImp="01"/></cfdi:Conceptos>';
const document = (inner: string, attributes = ROOT_ATTRIBUTES): string => `<cfdi:Comprobante ${NS} ${attributes}>${inner}</cfdi:Comprobante>`;

test('every CFDI 4.0 sample parses into the model, and CFDI 3.3/3.2 samples are named in the rejection', { skip: skipWithoutShared }, () => {
  const real = parseCfdi(fs.readFileSync(satPath('samples/cfdi40/real/I_ISD950921HE5_2025-01-24_real.xml'))).comprobante;
  assert.equal(real.Total, '1000.00');
  assert.equal(real.Emisor.Rfc, 'ISD950921HE5');
  assert.equal(findTimbre(real)?.UUID, 'C2832671-DA6D-11EF-A83D-00155D012007');
  const pagos = findPagos(parseCfdi(fs.readFileSync(satPath('samples/cfdi40/sealed-no-tfd/P_pagos20_EKU9003173C9_2023-06-13.xml'))).comprobante);
  assert.equal(pagos?.Version, '2.0');
  assert.ok((pagos?.Pago.length ?? 0) > 0);
  const nomina = parseCfdi(fs.readFileSync(satPath('samples/cfdi40/sealed-no-tfd/N_nomina12_XIQB891116QE4_sealed-with-FIEL.xml'))).comprobante;
  const other = nomina.Complemento?.find((item) => 'Otro' in item);
  assert.ok(other && 'Otro' in other);
  assert.equal(other.Otro.Xml.local, 'Nomina');
  assert.match(other.Otro.SchemaLocation ?? '', /^http:\/\/www\.sat\.gob\.mx\/nomina12 \S+nomina12\.xsd$/);
  for (const [file, version] of [
    ['cfdi33/I_POT9207213D6_2018-01-12_real.xml', '3.3'],
    ['cfdi32/I_2017-03-21_real.xml', '3.2'],
  ] as const) {
    failsWith(fs.readFileSync(satPath('samples', file), 'utf8'), 'cfdi.not_comprobante', new RegExp(`CFDI ${version.replace('.', '\\.')}`));
  }
});

test('documents that are not a CFDI 4.0 Comprobante are cfdi.not_comprobante', () => {
  failsWith(document(EMISOR + RECEPTOR + CONCEPTOS, ROOT_ATTRIBUTES.replace('4.0', '3.3')), 'cfdi.not_comprobante', /Version "3\.3"/);
  failsWith(
    '<retenciones:Retenciones xmlns:retenciones="http://www.sat.gob.mx/esquemas/retencionpago/2" Version="2.0"/>',
    'cfdi.not_comprobante',
    /retenciones/,
  );
  failsWith('<html><body/></html>', 'cfdi.not_comprobante', /\{\}html/);
  failsWith('<Comprobante Version="4.0"/>', 'cfdi.not_comprobante');
});

test('XML errors from the safe parser come through unchanged', () => {
  failsWith('<cfdi:Comprobante', 'cfdi.parse_error');
  failsWith(`<!DOCTYPE x>${document('')}`, 'cfdi.doctype_forbidden');
});

test('a broken CFDI structure is cfdi.malformed_xml with the location of the problem', () => {
  failsWith(document(RECEPTOR + CONCEPTOS), 'cfdi.malformed_xml', /^\/cfdi:Comprobante .*cfdi:Emisor is missing/);
  failsWith(document(EMISOR.replace('Rfc="EKU9003173C9" ', '') + RECEPTOR + CONCEPTOS), 'cfdi.malformed_xml', /^\/cfdi:Comprobante\/cfdi:Emisor\/@Rfc /);
  failsWith(document(EMISOR + EMISOR + RECEPTOR + CONCEPTOS), 'cfdi.malformed_xml', /appears 2 times/);
  failsWith(document(EMISOR + RECEPTOR + CONCEPTOS + '<cfdi:Extra/>'), 'cfdi.malformed_xml', /Unexpected element cfdi:Extra/);
  failsWith(document(EMISOR + 'texto' + RECEPTOR + CONCEPTOS), 'cfdi.malformed_xml', /Unexpected text/);
  failsWith(document(EMISOR + RECEPTOR + CONCEPTOS.replace('ObjetoImp="01"', '')), 'cfdi.malformed_xml', /cfdi:Concepto\/@ObjetoImp/);
  const pagos =
    '<cfdi:Complemento><pago20:Pagos xmlns:pago20="http://www.sat.gob.mx/Pagos20" Version="2.0"><pago20:Pago FechaPago="2025-01-01T00:00:00" FormaDePagoP="01" MonedaP="MXN" Monto="1"/></pago20:Pagos></cfdi:Complemento>';
  failsWith(document(EMISOR + RECEPTOR + CONCEPTOS + pagos), 'cfdi.malformed_xml', /pago20:Pagos .*pago20:Totales is missing/);
});

test('foreign complements, ComplementoConcepto and Addenda survive parse → write → parse', () => {
  const concepto = CONCEPTOS.replace(
    'ObjetoImp="01"/>',
    'ObjetoImp="01"><cfdi:ComplementoConcepto><x:a xmlns:x="urn:x" k="v"><x:b>texto  libre</x:b></x:a></cfdi:ComplementoConcepto></cfdi:Concepto>',
  );
  const complemento = '<cfdi:Complemento><y:z xmlns:y="urn:y">\n  <y:w/>\n</y:z></cfdi:Complemento>';
  const addenda = '<cfdi:Addenda><Pedido xmlns="urn:pedido" Numero="1">Texto &amp; más<Linea/></Pedido></cfdi:Addenda>';
  const schema = 'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.sat.gob.mx/cfd/4 cfdv40.xsd urn:y y.xsd"';
  const first = parseCfdi(document(EMISOR + RECEPTOR + concepto + complemento + addenda, `${schema} ${ROOT_ATTRIBUTES}`)).comprobante;
  const written = writeCfdi(first);
  assert.ok(written.includes('urn:y y.xsd'), written);
  assert.ok(written.includes('<Pedido xmlns="urn:pedido" Numero="1">Texto &amp; más<Linea/></Pedido>'), written);
  assert.ok(written.includes('<y:z>\n  <y:w/>\n</y:z>'), written);
  assert.deepEqual(parseCfdi(written).comprobante, first);
});

test('parse(write(model)) equals the model for generated CFDIs', () => {
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => {
      const model = generateComprobante(seed);
      assert.deepEqual(parseCfdi(writeCfdi(model)).comprobante, model);
    }),
    { numRuns: 300, seed: 4 },
  );
});

test('parse → write → parse is stable for every CFDI 4.0 sample', { skip: skipWithoutShared }, () => {
  const root = satPath('samples', 'cfdi40');
  let count = 0;
  for (const folder of fs.readdirSync(root)) {
    for (const name of fs.readdirSync(path.join(root, folder)).filter((file) => file.endsWith('.xml'))) {
      const parsed = parseCfdi(fs.readFileSync(path.join(root, folder, name))).comprobante;
      assert.deepEqual(parseCfdi(writeCfdi(parsed)).comprobante, parsed, name);
      count++;
    }
  }
  assert.equal(count, 19);
});
