import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { generateComprobante, generateCorpus } from '../../test/support/cfdi-corpus.ts';
import { satPath, skipWithoutShared } from '../../test/support/shared.ts';
import type { Comprobante } from './model.ts';
import { parseCfdi } from './parse.ts';
import { writeCfdi } from './writer.ts';
import { COMPROBANTE_ATTRIBUTES } from './xml/cfdi-schema.ts';
import { XML_DECLARATION } from './xml/serialize.ts';

const CORPUS_FOR_XSD = 300;

function cfdi40Samples(): string[] {
  const root = satPath('samples', 'cfdi40');
  return fs.readdirSync(root).flatMap((folder) =>
    fs
      .readdirSync(path.join(root, folder))
      .filter((name) => name.endsWith('.xml'))
      .map((name) => path.join(root, folder, name)),
  );
}

/** One xmllint run for all files; returns the files that did not validate. */
function invalidFiles(files: string[]): string[] {
  const result = spawnSync('xmllint', ['--noout', '--schema', satPath('xml', 'cfdi40-bundle.xsd'), ...files], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  assert.equal(result.error, undefined, String(result.error));
  const valid = new Set(
    result.stderr
      .split('\n')
      .filter((line) => line.endsWith(' validates'))
      .map((line) => line.slice(0, -' validates'.length)),
  );
  return files.filter((file) => !valid.has(file));
}

const minimal: Comprobante = {
  Version: '4.0',
  Fecha: '2025-03-03T10:00:00',
  SubTotal: '100',
  Moneda: 'MXN',
  Total: '116',
  TipoDeComprobante: 'I',
  Exportacion: '01',
  LugarExpedicion: '01000',
  Serie: '',
  Emisor: { Rfc: 'EKU9003173C9', Nombre: 'ESCUELA KEMPER URGATE', RegimenFiscal: '601' },
  Receptor: { Rfc: 'XAXX010101000', Nombre: 'PUBLICO EN GENERAL', DomicilioFiscalReceptor: '01000', RegimenFiscalReceptor: '616', UsoCFDI: 'S01' },
  Conceptos: [{ ClaveProdServ: '01010101', Cantidad: '1', ClaveUnidad: 'ACT', Descripcion: 'Venta', ValorUnitario: '100', Importe: '100', ObjetoImp: '01' }],
};

test('the document starts with the UTF-8 declaration and declares the CFDI namespaces on the root', () => {
  const xml = writeCfdi(minimal);
  assert.ok(
    xml.startsWith(
      `${XML_DECLARATION}\n<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.sat.gob.mx/cfd/4 http://www.sat.gob.mx/sitio_internet/cfd/4/cfdv40.xsd" Version="4.0"`,
    ),
    xml,
  );
});

test('attributes follow the XSD order, absent ones are omitted and an explicit empty value is kept', () => {
  const xml = writeCfdi({ ...minimal, Folio: 'F1', FormaPago: '01', MetodoPago: 'PUE', Descuento: '0' });
  const root = /<cfdi:Comprobante [^>]*>/.exec(xml)?.[0] ?? '';
  const written = [...root.matchAll(/ ([A-Za-z]+)="/g)].map((match) => match[1]).filter((name) => name !== 'schemaLocation');
  assert.deepEqual(
    written,
    COMPROBANTE_ATTRIBUTES.filter((name) => written.includes(name)),
  );
  assert.deepEqual(written, [
    'Version',
    'Serie',
    'Folio',
    'Fecha',
    'FormaPago',
    'SubTotal',
    'Descuento',
    'Moneda',
    'Total',
    'TipoDeComprobante',
    'Exportacion',
    'MetodoPago',
    'LugarExpedicion',
  ]);
  assert.ok(root.includes(' Serie=""'));
  assert.ok(!xml.includes('undefined'));
});

test('xsi:schemaLocation lists Pagos 2.0, the TFD and foreign complements that are present', () => {
  const pago = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(generateComprobante).find((c) => c.TipoDeComprobante === 'P');
  assert.ok(pago);
  const location = /xsi:schemaLocation="([^"]*)"/.exec(writeCfdi(pago))?.[1] ?? '';
  assert.ok(location.includes('http://www.sat.gob.mx/Pagos20 http://www.sat.gob.mx/sitio_internet/cfd/Pagos/Pagos20.xsd'));
  const stamped = generateCorpus(40).find((c) => c.Complemento?.some((item) => 'TimbreFiscalDigital' in item) && c.Complemento.some((item) => 'Otro' in item));
  assert.ok(stamped);
  const stampedLocation = /xsi:schemaLocation="([^"]*)"/.exec(writeCfdi(stamped))?.[1] ?? '';
  assert.match(
    stampedLocation,
    /http:\/\/www\.sat\.gob\.mx\/TimbreFiscalDigital http:\/\/www\.sat\.gob\.mx\/sitio_internet\/cfd\/TimbreFiscalDigital\/TimbreFiscalDigitalv11\.xsd/,
  );
  assert.match(stampedLocation, /http:\/\/www\.sat\.gob\.mx\/(leyendasFiscales|implocal) /);
});

test(`re-written SAT samples and ${CORPUS_FOR_XSD} generated documents validate against the CFDI 4.0 bundle schema`, { skip: skipWithoutShared }, () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'cfdi-writer-'));
  try {
    const files: string[] = [];
    for (const sample of cfdi40Samples()) {
      // This sample lacks Sello and Certificado on purpose; the original does not validate either.
      if (sample.endsWith('P_pagos20_unsealed_no-certificado.xml')) continue;
      const file = path.join(folder, `sample-${path.basename(sample)}`);
      fs.writeFileSync(file, writeCfdi(parseCfdi(fs.readFileSync(sample)).comprobante));
      files.push(file);
    }
    assert.equal(files.length, 18);
    generateCorpus(CORPUS_FOR_XSD).forEach((comprobante, index) => {
      const file = path.join(folder, `corpus-${index}.xml`);
      fs.writeFileSync(file, writeCfdi(comprobante));
      files.push(file);
    });
    assert.deepEqual(invalidFiles(files), []);
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
});
