import { test } from 'node:test';
import assert from 'node:assert/strict';
import { inMemoryCatalogs, validateComprobante, type CatalogLookup } from './index.ts';
import type { Comprobante, Concepto } from '../model.ts';
import type { XmlElement } from '../xml/tree.ts';
import { CATALOGS, comprobante, errorsOf } from './fixtures.test-support.ts';
import { flag, inForce, listColumn } from './catalog-lookup.ts';

const ROOT = '/cfdi:Comprobante';
const CONCEPTO = `${ROOT}/cfdi:Conceptos/cfdi:Concepto[1]`;

function errors(model: Comprobante): string[] {
  return errorsOf(validateComprobante(model, { catalogs: CATALOGS }));
}

function withTaxRate(kind: 'Traslados' | 'Retenciones', impuesto: string, rate: string): Comprobante {
  const drafts =
    kind === 'Traslados'
      ? { Traslados: [{ Impuesto: impuesto, TipoFactor: 'Tasa', TasaOCuota: rate }] }
      : {
          Traslados: [{ Impuesto: '002', TipoFactor: 'Tasa', TasaOCuota: '0.160000' }],
          Retenciones: [{ Impuesto: impuesto, TipoFactor: 'Tasa', TasaOCuota: rate }],
        };
  return comprobante([{ Cantidad: '1', ValorUnitario: '1000', ObjetoImp: '02', ...drafts }]);
}

test('an unknown currency is cfdi.unknown_currency; other unknown keys are cfdi.unknown_catalog_code', () => {
  assert.ok(errors(comprobante(undefined, { Moneda: 'ZZZ', TipoCambio: '1.5' })).includes(`cfdi.unknown_currency@${ROOT}/@Moneda`));
  assert.deepEqual(errors(comprobante(undefined, { FormaPago: '77' })), [`cfdi.unknown_catalog_code@${ROOT}/@FormaPago`]);
  const base = comprobante();
  assert.deepEqual(errors({ ...base, Conceptos: [{ ...(base.Conceptos[0] as Concepto), ClaveProdServ: '99999999', ClaveUnidad: 'ZZZ' }] }), [
    `cfdi.unknown_catalog_code@${CONCEPTO}/@ClaveProdServ`,
    `cfdi.unknown_catalog_code@${CONCEPTO}/@ClaveUnidad`,
  ]);
  assert.deepEqual(errors(comprobante(undefined, { LugarExpedicion: '99998' })), [`cfdi.unknown_catalog_code@${ROOT}/@LugarExpedicion`]);
});

test('a key must be in force at Fecha', () => {
  const objeto06 = comprobante([
    { Cantidad: '1', ValorUnitario: '10', ObjetoImp: '06', Traslados: [{ Impuesto: '003', TipoFactor: 'Tasa', TasaOCuota: '0.265000' }] },
  ]);
  assert.deepEqual(errors(objeto06), []);
  assert.deepEqual(errors({ ...objeto06, Fecha: '2024-12-12T10:00:00' }), [`cfdi.catalog_code_not_in_force@${CONCEPTO}/@ObjetoImp`]);
});

test('RegimenFiscal must apply to the persona of the RFC', () => {
  const base = comprobante();
  assert.deepEqual(errors({ ...base, Emisor: { ...base.Emisor, RegimenFiscal: '601' } }), [
    `cfdi.regimen_fiscal_not_allowed@${ROOT}/cfdi:Emisor/@RegimenFiscal`,
  ]);
  assert.deepEqual(errors({ ...base, Receptor: { ...base.Receptor, RegimenFiscalReceptor: '612' } }).slice(0, 1), [
    `cfdi.regimen_fiscal_not_allowed@${ROOT}/cfdi:Receptor/@RegimenFiscalReceptor`,
  ]);
  assert.deepEqual(errors({ ...base, Emisor: { ...base.Emisor, RegimenFiscal: '626' } }), []);
});

test('UsoCFDI must apply to the receptor persona and its RegimenFiscalReceptor', () => {
  const base = comprobante();
  assert.deepEqual(errors({ ...base, Receptor: { ...base.Receptor, UsoCFDI: 'D01' } }), [
    `cfdi.uso_cfdi_not_allowed@${ROOT}/cfdi:Receptor/@UsoCFDI`,
    `cfdi.uso_cfdi_not_allowed@${ROOT}/cfdi:Receptor/@UsoCFDI`,
  ]);
  const fisica = { ...base.Receptor, Rfc: 'COSC8001137NA', RegimenFiscalReceptor: '605' };
  assert.deepEqual(errors({ ...base, Receptor: { ...fisica, UsoCFDI: 'G03' } }), [`cfdi.uso_cfdi_not_allowed@${ROOT}/cfdi:Receptor/@UsoCFDI`]);
  assert.deepEqual(errors({ ...base, Receptor: { ...fisica, UsoCFDI: 'D01' } }), []);
});

test('TasaOCuota must match a c_TasaOCuota rule (fixed value or range) for the tax, factor and kind', () => {
  const traslado = `${CONCEPTO}/cfdi:Impuestos/cfdi:Traslados/cfdi:Traslado[1]/@TasaOCuota`;
  assert.ok(errors(withTaxRate('Traslados', '002', '0.150000')).includes(`cfdi.invalid_tax_rate@${traslado}`));
  assert.deepEqual(errors(withTaxRate('Traslados', '002', '0.080000')), []);
  assert.deepEqual(errors(withTaxRate('Retenciones', '002', '0.106667')), []);
  assert.deepEqual(errors(withTaxRate('Retenciones', '001', '0.350000')), []);
  assert.ok(
    errors(withTaxRate('Retenciones', '001', '0.400000')).includes(
      `cfdi.invalid_tax_rate@${CONCEPTO}/cfdi:Impuestos/cfdi:Retenciones/cfdi:Retencion[1]/@TasaOCuota`,
    ),
  );
});

test('without a catalog, only the key format is checked and one warning names the catalog', () => {
  const result = validateComprobante(comprobante(), {});
  assert.deepEqual(result.errors, []);
  const warned = result.warnings.filter((warning) => warning.code === 'cfdi.catalog_not_loaded').map((warning) => warning.message.split(' ')[0]);
  assert.ok(warned.includes('c_Moneda') && warned.includes('c_ClaveProdServ') && warned.includes('c_TasaOCuota'));
  assert.equal(new Set(warned).size, warned.length, 'one warning per catalog');
  const base = comprobante();
  const bad = { ...base, Moneda: 'mxn', Conceptos: [{ ...(base.Conceptos[0] as Concepto), ClaveProdServ: '123' }] };
  const found = errorsOf(validateComprobante(bad, {}));
  assert.ok(found.includes(`cfdi.unknown_currency@${ROOT}/@Moneda`));
  assert.ok(found.includes(`cfdi.unknown_catalog_code@${CONCEPTO}/@ClaveProdServ`));
});

test('currency decimals come from c_Moneda', () => {
  const yen = comprobante([{ Cantidad: '1', ValorUnitario: '1000', ObjetoImp: '01' }], { Moneda: 'JPY', TipoCambio: '0.1150' }, 0);
  assert.deepEqual(errors(yen), []);
  assert.deepEqual(errors({ ...yen, SubTotal: '1000.00', Total: '1000.00' }), [
    `cfdi.amount_decimals@${ROOT}/@SubTotal`,
    `cfdi.amount_decimals@${ROOT}/@Total`,
  ]);
  const dinar = comprobante([{ Cantidad: '1', ValorUnitario: '1.2345', ObjetoImp: '01' }], { Moneda: 'BHD', TipoCambio: '45.1' }, 3);
  assert.equal(dinar.Total, '1.235');
  assert.deepEqual(errors(dinar), []);
});

test('catalog row helpers read flags, lists and validity dates', () => {
  assert.equal(flag({ aplica_fisica: '1' }, 'aplica_fisica'), true);
  assert.equal(flag({ aplica_fisica: '' }, 'aplica_fisica'), false);
  assert.deepEqual(listColumn({ r: '601, 603,605' }, 'r'), ['601', '603', '605']);
  assert.equal(inForce({ vigencia_desde: '2022-01-01', vigencia_hasta: '2023-12-31' }, '2024-01-01'), false);
  assert.equal(inForce({ vigencia_desde: '2022-01-01', vigencia_hasta: '' }, '2024-01-01'), true);
  const lookup = inMemoryCatalogs({ c_Moneda: { key: 'id', rows: [{ id: 'MXN', decimales: '2' }] } });
  assert.equal(lookup.isLoaded('c_Moneda'), true);
  assert.equal(lookup.isLoaded('c_Pais'), false);
  assert.equal(lookup.has('c_Moneda', 'MXN'), true);
  assert.equal(lookup.get('c_Moneda', 'USD'), undefined);
});

/** Rows of c_NumPedimentoAduana as shipped (07-0823-2025), and one with a lower `cantidad` than the SAT's usual 999999. */
const PEDIMENTOS = inMemoryCatalogs({
  c_NumPedimentoAduana: {
    key: 'id',
    rows: [
      { id: '07-0823-2025', cantidad: '999999', vigencia_desde: '2025-01-01', vigencia_hasta: '' },
      { id: '24-3420-2025', cantidad: '1500', vigencia_desde: '2025-01-01', vigencia_hasta: '' },
    ],
  },
});
const WITH_PEDIMENTOS: CatalogLookup = {
  isLoaded: (name) => (name === 'c_NumPedimentoAduana' ? PEDIMENTOS : CATALOGS).isLoaded(name),
  has: (name, code) => (name === 'c_NumPedimentoAduana' ? PEDIMENTOS : CATALOGS).has(name, code),
  get: (name, code) => (name === 'c_NumPedimentoAduana' ? PEDIMENTOS : CATALOGS).get(name, code),
  rows: (name) => (name === 'c_NumPedimentoAduana' ? PEDIMENTOS : CATALOGS).rows!(name),
};

function withPedimentos(concepto: readonly string[], parte: readonly string[] = []): Comprobante {
  const base = comprobante();
  const first = base.Conceptos[0] as Concepto;
  const aduanera = (numbers: readonly string[]) => numbers.map((NumeroPedimento) => ({ NumeroPedimento }));
  return {
    ...base,
    Conceptos: [
      {
        ...first,
        InformacionAduanera: aduanera(concepto),
        ...(parte.length > 0
          ? { Parte: [{ ClaveProdServ: first.ClaveProdServ, Cantidad: '1', Descripcion: 'Pieza', InformacionAduanera: aduanera(parte) }] }
          : {}),
      },
    ],
  };
}

test('NumeroPedimento: its aduana, patente and year are a row of c_NumPedimentoAduana and its consecutive is within the row’s cantidad', () => {
  const check = (model: Comprobante) => errorsOf(validateComprobante(model, { catalogs: WITH_PEDIMENTOS }));
  assert.deepEqual(check(withPedimentos(['25  07  0823  5000123'], ['25  24  3420  5001500'])), [], 'rows of the catalog, consecutives within cantidad');
  assert.deepEqual(check(withPedimentos(['25  07  9999  5000123', '06  07  0823  6000123'])), [
    `cfdi.unknown_catalog_code@${CONCEPTO}/cfdi:InformacionAduanera[1]/@NumeroPedimento`,
    `cfdi.unknown_catalog_code@${CONCEPTO}/cfdi:InformacionAduanera[2]/@NumeroPedimento`,
  ]);
  const [over] = validateComprobante(withPedimentos([], ['25  24  3420  5001501']), { catalogs: WITH_PEDIMENTOS }).errors;
  assert.equal(`${over?.code}@${over?.path}`, `cfdi.unknown_catalog_code@${CONCEPTO}/cfdi:Parte[1]/cfdi:InformacionAduanera[1]/@NumeroPedimento`);
  assert.match(over?.message ?? '', /consecutive 001501 is above 1500/);
  const unloaded = validateComprobante(withPedimentos(['25  07  9999  5000123']), { catalogs: CATALOGS });
  assert.deepEqual(errorsOf(unloaded), [], 'without the catalog only the schema’s pattern applies');
  assert.ok(unloaded.warnings.some((warning) => warning.code === 'cfdi.catalog_not_loaded' && warning.message.startsWith('c_NumPedimentoAduana')));
});

const CARTA_PORTE_31 = 'http://www.sat.gob.mx/CartaPorte31';

function cartaPorteElement(local: string, attributes: Record<string, string>, children: XmlElement[] = []): XmlElement {
  return {
    namespace: CARTA_PORTE_31,
    prefix: 'cartaporte31',
    local,
    attributes: Object.entries(attributes).map(([name, value]) => ({ namespace: null, prefix: null, local: name, value })),
    children,
  };
}

/** A Carta Porte 3.1 complemento whose Mercancias carry these BienesTransp (only what the rule reads). */
function withCartaPorte(keys: readonly string[]): Comprobante {
  const mercancias = keys.map((key) =>
    cartaPorteElement('Mercancia', { BienesTransp: key, Descripcion: 'Carga', Cantidad: '1', ClaveUnidad: 'H87', PesoEnKg: '1' }),
  );
  const cartaPorte = cartaPorteElement('CartaPorte', { Version: '3.1' }, [
    cartaPorteElement('Mercancias', { NumTotalMercancias: String(keys.length) }, mercancias),
  ]);
  return { ...comprobante(), Complemento: [{ Otro: { Xml: cartaPorte } }] };
}

const PRODUCTOS_CP = inMemoryCatalogs({
  c_ClaveProdServCP: {
    key: 'id',
    rows: [
      { id: '24112700', texto: 'Estibas', material_peligroso: '0,1', vigencia_desde: '2024-07-17', vigencia_hasta: '' },
      { id: '10102000', texto: 'Animales salvajes vivos', material_peligroso: '0', vigencia_desde: '2024-07-17', vigencia_hasta: '' },
    ],
  },
});
const WITH_PRODUCTOS_CP: CatalogLookup = {
  isLoaded: (name) => (name === 'c_ClaveProdServCP' ? PRODUCTOS_CP : CATALOGS).isLoaded(name),
  has: (name, code) => (name === 'c_ClaveProdServCP' ? PRODUCTOS_CP : CATALOGS).has(name, code),
  get: (name, code) => (name === 'c_ClaveProdServCP' ? PRODUCTOS_CP : CATALOGS).get(name, code),
  rows: (name) => (name === 'c_ClaveProdServCP' ? PRODUCTOS_CP : CATALOGS).rows!(name),
};

test('Carta Porte 3.1: Mercancia/@BienesTransp is a key of c_ClaveProdServCP', () => {
  const check = (model: Comprobante) => errorsOf(validateComprobante(model, { catalogs: WITH_PRODUCTOS_CP }));
  assert.deepEqual(check(withCartaPorte(['24112700', '10102000'])), []);
  // 15101506 is a key of Carta Porte 2.0 that 3.1 no longer lists.
  assert.deepEqual(check(withCartaPorte(['24112700', '15101506'])), [
    `cfdi.unknown_catalog_code@${ROOT}/cfdi:Complemento/cartaporte31:CartaPorte/cartaporte31:Mercancias/cartaporte31:Mercancia[2]/@BienesTransp`,
  ]);
  const unloaded = validateComprobante(withCartaPorte(['15101506']), { catalogs: CATALOGS });
  assert.deepEqual(errorsOf(unloaded), [], 'without the catalog only the format is checked');
  assert.ok(unloaded.warnings.some((warning) => warning.code === 'cfdi.catalog_not_loaded' && warning.message.startsWith('c_ClaveProdServCP')));
});
