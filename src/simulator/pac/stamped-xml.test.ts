import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { SatCredential } from '../../cfdi/credentials.ts';
import { findTimbre } from '../../cfdi/model.ts';
import type { TimbreFiscalDigital } from '../../cfdi/model.ts';
import { parseCfdi } from '../../cfdi/parse.ts';
import { verifySeal } from '../../cfdi/seal.ts';
import { writeCfdi } from '../../cfdi/writer.ts';
import { ManualClock } from '../../platform/clock.ts';
import { startSimulator } from '../index.ts';
import type { RunningSimulator } from '../index.ts';
import { buildComprobante, sealWith, sealedXml } from '../testing.test-support.ts';
import { parseXml } from '../../cfdi/xml/parse.ts';
import { attributeValue } from '../../cfdi/xml/tree.ts';
import { TFD_NAMESPACE } from '../../cfdi/model.ts';
import { timbreSlot, timbreXml, withTimbre } from './stamped-xml.ts';

const clock = new ManualClock('2026-07-15T18:00:00Z');
let simulator: RunningSimulator;
let csd: SatCredential;

before(async () => {
  simulator = await startSimulator({ clock });
  csd = (await simulator.ca.issue({ rfc: 'EKU9003173C9', kind: 'csd', name: 'ESCUELA KEMPER URGATE' })).credential;
});
after(() => simulator.close());

function timbreFor(sello: string): TimbreFiscalDigital {
  return {
    Version: '1.1',
    UUID: '6F1B2C3D-4E5F-4A6B-8C7D-9E0F1A2B3C4D',
    FechaTimbrado: '2026-07-15T12:00:01',
    RfcProvCertif: 'SPR190613I52',
    SelloCFD: sello,
    NoCertificadoSAT: simulator.ca.stamping.certificate.serialNumber,
    SelloSAT: 'QUJD',
  };
}

function stamp(xml: string): { text: string; timbre: TimbreFiscalDigital } {
  const bytes = Buffer.from(xml, 'utf8');
  const parsed = parseCfdi(bytes);
  const timbre = timbreFor(parsed.comprobante.Sello ?? '');
  return { text: withTimbre(timbreSlot(bytes, parsed), timbre), timbre };
}

test('the timbre is added in a Complemento before the end tag, and every byte of the issuer is kept', () => {
  // Attributes in an order of the issuer's own, spaces and a comment: a rewrite would lose them.
  const original = sealedXml(csd, { fecha: '2026-07-15T11:00:00', folio: '7' }).replace('<cfdi:Emisor', '<!-- emitido por el ERP -->\n  <cfdi:Emisor');
  const end = original.lastIndexOf('</cfdi:Comprobante>');
  const { text, timbre } = stamp(`\uFEFF${original}\n`);
  assert.equal(text.slice(0, end), original.slice(0, end));
  assert.match(
    text.slice(end),
    /^<cfdi:Complemento><tfd:TimbreFiscalDigital xmlns:tfd="http:\/\/www\.sat\.gob\.mx\/TimbreFiscalDigital" [^>]*xsi:schemaLocation="http:\/\/www\.sat\.gob\.mx\/TimbreFiscalDigital http:\/\/www\.sat\.gob\.mx\/sitio_internet\/cfd\/TimbreFiscalDigital\/TimbreFiscalDigitalv11\.xsd" Version="1\.1" UUID="6F1B2C3D-[^"]+"[^>]*\/><\/cfdi:Complemento><\/cfdi:Comprobante>\n$/,
  );
  assert.deepEqual(findTimbre(parseCfdi(text).comprobante), timbre);
  assert.equal(verifySeal(text).ok, true);
});

test('a document in the default namespace gets an unprefixed Complemento', () => {
  const original = sealedXml(csd, { fecha: '2026-07-15T11:00:00', folio: '8' })
    .replace(/xmlns:cfdi=/, 'xmlns=')
    .replace(/<(\/?)cfdi:/g, '<$1');
  const { text, timbre } = stamp(original);
  assert.match(text, /<Complemento><tfd:TimbreFiscalDigital [^>]*\/><\/Complemento><\/Comprobante>$/);
  assert.deepEqual(findTimbre(parseCfdi(text).comprobante), timbre);
  assert.equal(verifySeal(text).ok, true);
});

test('a document with an Addenda is written from the model, the timbre among its complements', () => {
  const pedido = {
    namespace: 'http://example.com/erp',
    prefix: 'erp',
    local: 'Pedido',
    attributes: [{ namespace: null, prefix: null, local: 'Numero', value: '123' }],
    children: [],
  };
  const addenda = { Xml: pedido };
  const model = sealWith({ ...buildComprobante(csd, { fecha: '2026-07-15T11:00:00', folio: '9' }), Addenda: [addenda] }, csd);
  const { text, timbre } = stamp(writeCfdi(model));
  const parsed = parseCfdi(text);
  assert.deepEqual(findTimbre(parsed.comprobante), timbre);
  assert.equal(parsed.comprobante.Addenda?.length, 1);
  assert.ok(text.indexOf('<cfdi:Complemento>') < text.indexOf('<cfdi:Addenda>'));
  assert.equal(verifySeal(text).ok, true);
});

test('the TFD element carries its namespace, schema location and every attribute in the SAT order, escaped', () => {
  const timbre = { ...timbreFor('c2VsbG8='), Leyenda: 'Timbrado "A&B" <prueba>\tfin' };
  const xml = timbreXml(timbre);
  assert.match(
    xml,
    /^<tfd:TimbreFiscalDigital xmlns:tfd="[^"]+" xmlns:xsi="[^"]+" xsi:schemaLocation="[^"]+" Version="1\.1" UUID="[^"]+" FechaTimbrado="[^"]+" RfcProvCertif="[^"]+" Leyenda="[^"]+" SelloCFD="[^"]+" NoCertificadoSAT="[^"]+" SelloSAT="[^"]+"\/>$/,
  );
  const element = parseXml(xml);
  assert.equal(element.namespace, TFD_NAMESPACE);
  for (const [name, value] of Object.entries(timbre)) assert.equal(attributeValue(element, name), value, name);
});

test('a document that has a Complemento gets the timbre last inside it, every byte of the issuer kept', () => {
  const leyendas = {
    namespace: 'http://www.sat.gob.mx/leyendasFiscales',
    prefix: 'leyendasFisc',
    local: 'LeyendasFiscales',
    attributes: [{ namespace: null, prefix: null, local: 'version', value: '1.0' }],
    children: [],
  };
  const model = sealWith({ ...buildComprobante(csd, { fecha: '2026-07-15T11:00:00', folio: '10' }), Complemento: [{ Otro: { Xml: leyendas } }] }, csd);
  const original = writeCfdi(model);
  const end = original.lastIndexOf('</cfdi:Complemento>');
  const { text, timbre } = stamp(original);
  assert.equal(text.slice(0, end), original.slice(0, end));
  assert.match(text.slice(end), /^<tfd:TimbreFiscalDigital [^>]*\/><\/cfdi:Complemento><\/cfdi:Comprobante>$/);
  const parsed = parseCfdi(text);
  assert.deepEqual(findTimbre(parsed.comprobante), timbre);
  assert.equal(parsed.comprobante.Complemento?.length, 2);
  assert.equal(verifySeal(text).ok, true);
});
