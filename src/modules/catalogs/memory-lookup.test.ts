import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BUILTIN_CATALOGS } from './builtin/index.ts';
import { personTypeOfRfc, type CatalogEntry, type CatalogSlug } from './lookup.ts';
import { createIndex } from './memory-lookup.ts';

const postalCodes: CatalogEntry[] = [
  { code: '22000', description: 'Baja California', valid_from: '2022-01-01', valid_to: null, data: { state: 'BCN', time_zone: 'America/Tijuana' } },
  { code: '06600', description: 'Ciudad de México', valid_from: '2022-01-01', valid_to: null, data: { state: 'CMX', time_zone: 'America/Mexico_City' } },
];
const units: CatalogEntry[] = [
  { code: 'H87', description: 'Pieza', valid_from: '2022-01-01', valid_to: null, data: {} },
  { code: 'E48', description: 'Unidad de servicio', valid_from: '2022-01-01', valid_to: null, data: {} },
  { code: 'XBX', description: 'Caja', valid_from: '2022-01-01', valid_to: '2023-06-30', data: {} },
];
const index = createIndex(new Map<CatalogSlug, readonly CatalogEntry[]>([...BUILTIN_CATALOGS, ['codigo_postal', postalCodes], ['clave_unidad', units]]));

test('régimen 612 allows the uses listed for it in c_UsoCFDI, and a persona moral cannot use D01', () => {
  const allowed = index
    .entries('uso_cfdi')
    .filter((entry) => index.usoAllowedForRegimen(entry.code, '612'))
    .map((entry) => entry.code);
  assert.deepEqual(allowed, [
    'CP01',
    'D01',
    'D02',
    'D03',
    'D04',
    'D05',
    'D06',
    'D07',
    'D08',
    'D09',
    'D10',
    'G01',
    'G02',
    'G03',
    'I01',
    'I02',
    'I03',
    'I04',
    'I05',
    'I06',
    'I07',
    'I08',
    'S01',
  ]);
  assert.equal(index.usoAllowedForRegimen('CN01', '612'), false);
  assert.equal(index.usoAllowedForRegimen('G03', '616'), false);
  assert.equal(index.usoAllowedForRegimen('ZZ99', '612'), false);
  assert.equal(index.usoAllowedForPersona('D01', 'legal'), false);
  assert.equal(index.usoAllowedForPersona('G03', 'legal'), true);
});

test('régimen fiscal applies to persona física or moral as the RFC length says', () => {
  assert.equal(personTypeOfRfc('EKU9003173C9'), 'legal');
  assert.equal(personTypeOfRfc('XAXX010101000'), 'natural');
  assert.equal(personTypeOfRfc('ABC'), undefined);
  assert.equal(index.regimenAllowedForPersona('601', personTypeOfRfc('EKU9003173C9')!), true);
  assert.equal(index.regimenAllowedForPersona('601', 'natural'), false);
  assert.equal(index.regimenAllowedForPersona('612', 'natural'), true);
  assert.equal(index.regimenAllowedForPersona('626', 'legal'), true);
});

test('currency decimals, postal-code time zones and tax rates come from their catalogs', () => {
  assert.deepEqual(
    ['MXN', 'JPY', 'BHD', 'XXX', 'ABC'].map((code) => index.currencyDecimals(code)),
    [2, 0, 3, 0, undefined],
  );
  assert.equal(index.postalCodeTimeZone('22000'), 'America/Tijuana');
  assert.equal(index.postalCodeTimeZone('99999'), undefined);
  assert.equal(index.tasaOCuotaAllowed({ tax: '002', factor: 'Tasa', kind: 'traslado', value: '0.160000' }), true);
  assert.equal(index.tasaOCuotaAllowed({ tax: '002', factor: 'Tasa', kind: 'traslado', value: '0.150000' }), false);
  assert.equal(index.tasaOCuotaAllowed({ tax: '002', factor: 'Tasa', kind: 'retencion', value: '0.106667' }), true, 'IVA withholding is a range');
  assert.equal(index.tasaOCuotaAllowed({ tax: '001', factor: 'Tasa', kind: 'retencion', value: '0.350001' }), false);
  assert.equal(index.tasaOCuotaAllowed({ tax: '001', factor: 'Tasa', kind: 'traslado', value: '0.100000' }), false, 'ISR is never transferred');
  assert.equal(index.tasaOCuotaAllowed({ tax: '003', factor: 'Cuota', kind: 'traslado', value: '12.500000' }), true);
  assert.equal(index.tasaOCuotaAllowed({ tax: '002', factor: 'Tasa', kind: 'traslado', value: '0.08' }), true, 'the IVA crédito 50% border rate');
  assert.equal(index.tasaOCuotaAllowed({ tax: '002', factor: 'Tasa', kind: 'traslado', value: 'abc' }), false);
});

test('search ignores accents and case, needs every word, and returns code order up to the limit', () => {
  assert.deepEqual(
    index
      .search('moneda', 'DOLAR', 50)
      .map((entry) => entry.code)
      .slice(0, 3),
    ['AUD', 'BBD', 'BMD'],
  );
  assert.deepEqual(
    index.search('regimen_fiscal', 'personas morales', 5).map((entry) => entry.code),
    ['601', '603'],
  );
  assert.deepEqual(
    index.search('uso_cfdi', 'gastos médicos', 5).map((entry) => entry.code),
    ['D01', 'D02', 'D07'],
  );
  assert.deepEqual(
    index.search('pais', 'mex').map((entry) => entry.code),
    ['MEX'],
  );
  assert.equal(index.search('moneda', '', 7).length, 7);
  assert.deepEqual(index.search('clave_prod_serv', 'servicios'), [], 'a catalog that is not loaded has no rows');
});

test('a code check finds keys, keys out of force, unknown keys, and only checks the format of unloaded catalogs', () => {
  assert.equal(index.check('clave_unidad', 'H87').status, 'found');
  const expired = index.check('clave_unidad', 'XBX', '2024-01-10');
  assert.equal(expired.status, 'not_in_force');
  assert.equal(index.check('clave_unidad', 'XBX', '2023-06-30').status, 'found', 'the last day is still in force');
  assert.equal(index.check('clave_unidad', 'ZZZ').status, 'not_found');
  assert.equal(index.check('clave_unidad', 'TOO-LONG').status, 'malformed');
  const unverified = index.check('clave_prod_serv', '80101500');
  assert.equal(unverified.status, 'unverified');
  assert.match(unverified.status === 'unverified' ? unverified.warning : '', /c_ClaveProdServ has not been imported/);
  assert.equal(index.check('clave_prod_serv', '8010150').status, 'malformed', 'garbage is never accepted');
  assert.equal(index.isLoaded('clave_prod_serv'), false);
  assert.equal(index.isLoaded('codigo_postal'), true);
  assert.equal(index.has('codigo_postal', '06600'), true);
  assert.equal(index.check('uso_cfdi', 'G03', '2021-12-31').status, 'not_in_force', 'CFDI 4.0 uses start on 2022-01-01');
});
