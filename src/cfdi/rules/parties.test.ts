import { test } from 'node:test';
import assert from 'node:assert/strict';
import { validateComprobante } from './index.ts';
import type { Comprobante, Receptor } from '../model.ts';
import { CATALOGS, comprobante, errorsOf } from './fixtures.test-support.ts';

const ROOT = '/cfdi:Comprobante';
const RECEPTOR = `${ROOT}/cfdi:Receptor`;

function errors(model: Comprobante): string[] {
  return errorsOf(validateComprobante(model, { catalogs: CATALOGS }));
}

function withReceptor(receptor: Partial<Receptor>, overrides: Partial<Comprobante> = {}): Comprobante {
  const base = comprobante();
  return { ...base, ...overrides, Receptor: { ...base.Receptor, ...receptor } };
}

const PUBLICO: Partial<Receptor> = {
  Rfc: 'XAXX010101000',
  Nombre: 'PUBLICO EN GENERAL',
  DomicilioFiscalReceptor: '06600',
  RegimenFiscalReceptor: '616',
  UsoCFDI: 'S01',
};
const GLOBAL = { InformacionGlobal: { Periodicidad: '04', Meses: '03', Año: '2025' } };

test('RFCs follow t_RFC: upper case, 12 or 13 characters, no spaces', () => {
  const base = comprobante();
  assert.deepEqual(errors({ ...base, Emisor: { ...base.Emisor, Rfc: ' FUNK671228PH6' } }), [`cfdi.invalid_rfc@${ROOT}/cfdi:Emisor/@Rfc`]);
  assert.deepEqual(errors(withReceptor({ Rfc: 'mci7306249y1' })), [`cfdi.invalid_rfc@${RECEPTOR}/@Rfc`]);
  assert.deepEqual(errors({ ...base, Emisor: { ...base.Emisor, Rfc: 'OÑO120726RX3', RegimenFiscal: '601' } }), []);
  assert.deepEqual(errors(withReceptor({ Rfc: 'H&E951128469', RegimenFiscalReceptor: '601' })), []);
});

test('an RFC whose date does not exist is invalid (2018-02-29, month 13), a real one and the generic RFCs are not', () => {
  for (const rfc of ['URE180229TM6', 'URE181331TM6', 'URE180431TM6']) {
    assert.deepEqual(errors(withReceptor({ Rfc: rfc })), [`cfdi.invalid_rfc@${RECEPTOR}/@Rfc`], rfc);
  }
  const [issue] = validateComprobante(withReceptor({ Rfc: 'URE180229TM6' }), { catalogs: CATALOGS }).errors;
  assert.match(issue!.message, /date 18-02-29 \(yy-mm-dd\) does not exist/);
  assert.deepEqual(errors(withReceptor({ Rfc: 'URE180429TM6' })), []);
  // 2000 was a leap year, so yy = 00 has a 29 February.
  const base = comprobante();
  assert.deepEqual(errors({ ...base, Emisor: { ...base.Emisor, Rfc: 'AAA000229AAA', RegimenFiscal: '601' } }), []);
});

test('names reject "|" and the receptor postal code has 5 digits', () => {
  assert.deepEqual(errors(withReceptor({ Nombre: 'A|B', DomicilioFiscalReceptor: '5470' })), [
    `cfdi.invalid_text@${RECEPTOR}/@Nombre`,
    `cfdi.invalid_postal_code@${RECEPTOR}/@DomicilioFiscalReceptor`,
  ]);
});

test('CP01 belongs to type P and CN01 to type N', () => {
  assert.deepEqual(errors(withReceptor({ UsoCFDI: 'CP01' })), [`cfdi.invalid_value@${RECEPTOR}/@UsoCFDI`]);
  assert.ok(errors(withReceptor({ UsoCFDI: 'G03' }, { TipoDeComprobante: 'N' })).includes(`cfdi.invalid_value@${RECEPTOR}/@UsoCFDI`));
});

test('the generic RFC XAXX010101000 uses 616, S01 and the issuer postal code', () => {
  assert.deepEqual(errors(withReceptor(PUBLICO, GLOBAL)), []);
  assert.deepEqual(errors(withReceptor({ ...PUBLICO, DomicilioFiscalReceptor: '54700', RegimenFiscalReceptor: '601', UsoCFDI: 'G03' }, GLOBAL)), [
    `cfdi.invalid_value@${RECEPTOR}/@DomicilioFiscalReceptor`,
    `cfdi.invalid_value@${RECEPTOR}/@RegimenFiscalReceptor`,
    `cfdi.invalid_value@${RECEPTOR}/@UsoCFDI`,
  ]);
});

test('InformacionGlobal is required for PUBLICO EN GENERAL and allowed only for XAXX010101000', () => {
  assert.deepEqual(errors(withReceptor(PUBLICO)), [`cfdi.missing_attribute@${ROOT}/cfdi:InformacionGlobal`]);
  assert.deepEqual(errors(withReceptor({}, GLOBAL)), [`cfdi.attribute_not_allowed@${ROOT}/cfdi:InformacionGlobal`]);
  assert.deepEqual(errors(withReceptor(PUBLICO, { InformacionGlobal: { Periodicidad: '04', Meses: '03', Año: '2020' } })), [
    `cfdi.invalid_value@${ROOT}/cfdi:InformacionGlobal/@Año`,
  ]);
});

test('ResidenciaFiscal and NumRegIdTrib only for the foreign receptor XEXX010101000', () => {
  assert.deepEqual(errors(withReceptor({ ResidenciaFiscal: 'USA', NumRegIdTrib: '123456789' })), [
    `cfdi.attribute_not_allowed@${RECEPTOR}/@ResidenciaFiscal`,
    `cfdi.attribute_not_allowed@${RECEPTOR}/@NumRegIdTrib`,
  ]);
  const foreign: Partial<Receptor> = {
    Rfc: 'XEXX010101000',
    DomicilioFiscalReceptor: '06600',
    RegimenFiscalReceptor: '616',
    UsoCFDI: 'S01',
    NumRegIdTrib: '123456789',
  };
  assert.ok(errors(withReceptor({ ...foreign, ResidenciaFiscal: 'MEX' })).includes(`cfdi.invalid_value@${RECEPTOR}/@ResidenciaFiscal`));
  assert.deepEqual(
    errors(withReceptor({ ...foreign, ResidenciaFiscal: 'USA' })).filter((error) => !error.startsWith('cfdi.catalog')),
    [],
  );
});

test('related CFDI are named by UUID and FacAtrAdquirente has 10 digits', () => {
  const related = [{ TipoRelacion: '01', UUIDs: ['6F35D3B5-0000-4000-8000-000000000001', 'not-a-uuid'] }];
  const base = comprobante();
  assert.deepEqual(
    errors({ ...base, CfdiRelacionados: related, Emisor: { ...base.Emisor, FacAtrAdquirente: '12345' } }).filter((error) => !error.includes('TipoRelacion')),
    [`cfdi.invalid_value@${ROOT}/cfdi:Emisor/@FacAtrAdquirente`, `cfdi.invalid_uuid@${ROOT}/cfdi:CfdiRelacionados[1]/cfdi:CfdiRelacionado[2]/@UUID`],
  );
});
