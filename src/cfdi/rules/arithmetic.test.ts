import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { validateComprobante } from './index.ts';
import type { Comprobante, Concepto, Impuestos } from '../model.ts';
import type { ConceptoDraft, TaxSpec } from '../totals.ts';
import { CATALOGS, comprobante, errorsOf } from './fixtures.test-support.ts';

const ROOT = '/cfdi:Comprobante';
const CONCEPTO = `${ROOT}/cfdi:Conceptos/cfdi:Concepto[1]`;
const IVA16: TaxSpec = { Impuesto: '002', TipoFactor: 'Tasa', TasaOCuota: '0.160000' };

function errors(model: Comprobante): string[] {
  return errorsOf(validateComprobante(model, { catalogs: CATALOGS }));
}

function withFirst(model: Comprobante, change: (concepto: Concepto) => Concepto): Comprobante {
  const [first, ...rest] = model.Conceptos;
  return { ...model, Conceptos: [change(first as Concepto), ...rest] };
}

test('item Importe must lie within the limits of Cantidad × ValorUnitario', () => {
  const model = comprobante([{ Cantidad: '2.000000', ValorUnitario: '10.000000', ObjetoImp: '01' }]);
  assert.deepEqual(errors(model), []);
  // (2 ± 0.0000005) × (10 ± 0.0000005) lies in [19.99, 20.01] at two decimals; 20.02 does not.
  const outside = withFirst(model, (concepto) => ({ ...concepto, Importe: '20.02' }));
  assert.ok(errors({ ...outside, SubTotal: '20.02', Total: '20.02' }).includes(`cfdi.importe_out_of_limits@${CONCEPTO}/@Importe`));
  const edge = withFirst(model, (concepto) => ({ ...concepto, Importe: '20.01' }));
  assert.deepEqual(errors({ ...edge, SubTotal: '20.01', Total: '20.01' }), []);
});

test('a tax Importe must lie within the limits of Base × TasaOCuota', () => {
  const model = comprobante();
  const setImporte = (importe: string): Comprobante => {
    const changed = withFirst(model, (concepto) => ({
      ...concepto,
      Impuestos: { Traslados: [{ Base: '1000.00', Impuesto: '002', TipoFactor: 'Tasa', TasaOCuota: '0.160000', Importe: importe }] },
    }));
    const impuestos: Impuestos = {
      TotalImpuestosTrasladados: importe,
      Traslados: [{ Base: '1000.00', Impuesto: '002', TipoFactor: 'Tasa', TasaOCuota: '0.160000', Importe: importe }],
    };
    return { ...changed, Impuestos: impuestos, Total: String(1000 + Number(importe)) };
  };
  // (1000.00 ± 0.005) × 0.16 = [159.9992, 160.0008] → [159.99, 160.01].
  assert.deepEqual(errors(setImporte('160.01')), []);
  assert.deepEqual(errors(setImporte('159.99')), []);
  assert.ok(errors(setImporte('160.02')).includes(`cfdi.tax_importe_out_of_limits@${CONCEPTO}/cfdi:Impuestos/cfdi:Traslados/cfdi:Traslado[1]/@Importe`));
});

test('SubTotal is the rounded sum of the item amounts, and 0 for T and P', () => {
  assert.deepEqual(errors({ ...comprobante(), SubTotal: '1000.01', Total: '1160.01' }), [`cfdi.subtotal_mismatch@${ROOT}/@SubTotal`]);
  const traslado = comprobante(
    [{ Cantidad: '1', ValorUnitario: '10', ObjetoImp: '01' }],
    { TipoDeComprobante: 'T', FormaPago: undefined, MetodoPago: undefined, Moneda: 'XXX' },
    0,
  );
  assert.deepEqual(errors({ ...traslado, SubTotal: '10' }), [`cfdi.subtotal_mismatch@${ROOT}/@SubTotal`]);
});

test('items with six-decimal amounts sum and round to the currency decimals', () => {
  const model = comprobante([
    { Cantidad: '1', ValorUnitario: '0.333333', ObjetoImp: '01' },
    { Cantidad: '1', ValorUnitario: '0.333333', ObjetoImp: '01' },
  ]);
  const sixDecimals = { ...model, Conceptos: model.Conceptos.map((concepto) => ({ ...concepto, Importe: '0.333333' })), SubTotal: '0.67', Total: '0.67' };
  assert.deepEqual(errors(sixDecimals), []);
  assert.deepEqual(errors({ ...sixDecimals, SubTotal: '0.66', Total: '0.66' }), [`cfdi.subtotal_mismatch@${ROOT}/@SubTotal`]);
});

test('Descuento equals the sum of the item discounts', () => {
  const model = comprobante([{ Cantidad: '1', ValorUnitario: '100', Descuento: '10', ObjetoImp: '01' }]);
  assert.deepEqual(errors({ ...model, Descuento: undefined, Total: '100.00' }), [`cfdi.descuento_mismatch@${ROOT}/@Descuento`]);
  assert.deepEqual(errors({ ...comprobante(), Descuento: '5.00', Total: '1155.00' }), [`cfdi.descuento_mismatch@${ROOT}/@Descuento`]);
});

test('the Impuestos node groups the item taxes exactly', () => {
  const model = comprobante([
    { Cantidad: '1', ValorUnitario: '100', ObjetoImp: '02', Traslados: [IVA16] },
    {
      Cantidad: '1',
      ValorUnitario: '50',
      ObjetoImp: '02',
      Traslados: [{ Impuesto: '002', TipoFactor: 'Exento' }],
      Retenciones: [{ Impuesto: '001', TipoFactor: 'Tasa', TasaOCuota: '0.100000' }],
    },
  ]);
  assert.deepEqual(errors(model), []);
  const node = model.Impuestos as Impuestos;
  const traslados = node.Traslados ?? [];
  assert.deepEqual(errors({ ...model, Impuestos: undefined }), [`cfdi.impuestos_mismatch@${ROOT}/cfdi:Impuestos`, `cfdi.total_mismatch@${ROOT}/@Total`]);
  assert.deepEqual(errors({ ...model, Impuestos: { ...node, Traslados: [{ ...traslados[0]!, Base: '100.01' }, traslados[1]!] } }), [
    `cfdi.impuestos_mismatch@${ROOT}/cfdi:Impuestos/cfdi:Traslados/cfdi:Traslado[1]/@Base`,
  ]);
  assert.deepEqual(errors({ ...model, Impuestos: { ...node, Traslados: [traslados[0]!] } }), [`cfdi.impuestos_mismatch@${ROOT}/cfdi:Impuestos/cfdi:Traslados`]);
  const extra = { Base: '1.00', Impuesto: '003', TipoFactor: 'Tasa', TasaOCuota: '0.265000', Importe: '0.27' };
  assert.deepEqual(errors({ ...model, Impuestos: { ...node, Traslados: [...traslados, extra] } }), [
    `cfdi.impuestos_mismatch@${ROOT}/cfdi:Impuestos/cfdi:Traslados/cfdi:Traslado[3]`,
    `cfdi.total_impuestos_mismatch@${ROOT}/cfdi:Impuestos/@TotalImpuestosTrasladados`,
  ]);
  assert.deepEqual(errors({ ...model, Impuestos: { ...node, Retenciones: [{ Impuesto: '001', Importe: '5.01' }] } }), [
    `cfdi.impuestos_mismatch@${ROOT}/cfdi:Impuestos/cfdi:Retenciones/cfdi:Retencion[1]/@Importe`,
    `cfdi.total_impuestos_mismatch@${ROOT}/cfdi:Impuestos/@TotalImpuestosRetenidos`,
  ]);
});

test('TotalImpuestos* sum the node lines; all-Exento traslados omit TotalImpuestosTrasladados', () => {
  const model = comprobante();
  const node = model.Impuestos as Impuestos;
  assert.deepEqual(errors({ ...model, Impuestos: { ...node, TotalImpuestosTrasladados: '161.00' }, Total: '1161.00' }), [
    `cfdi.total_impuestos_mismatch@${ROOT}/cfdi:Impuestos/@TotalImpuestosTrasladados`,
  ]);
  assert.deepEqual(errors({ ...model, Impuestos: { Traslados: node.Traslados }, Total: '1000.00' }), [
    `cfdi.total_impuestos_mismatch@${ROOT}/cfdi:Impuestos/@TotalImpuestosTrasladados`,
  ]);
  const exento = comprobante([{ Cantidad: '1', ValorUnitario: '100', ObjetoImp: '02', Traslados: [{ Impuesto: '002', TipoFactor: 'Exento' }] }]);
  assert.equal(exento.Impuestos?.TotalImpuestosTrasladados, undefined);
  assert.deepEqual(errors(exento), []);
  assert.deepEqual(errors({ ...exento, Impuestos: { ...exento.Impuestos, TotalImpuestosTrasladados: '0.00' } }), [
    `cfdi.total_impuestos_mismatch@${ROOT}/cfdi:Impuestos/@TotalImpuestosTrasladados`,
  ]);
});

test('Total = SubTotal − Descuento + trasladados − retenidos + local taxes, exactly', () => {
  assert.deepEqual(errors({ ...comprobante(), Total: '1160.01' }), [`cfdi.total_mismatch@${ROOT}/@Total`]);
  const implocal = {
    Otro: {
      Xml: {
        namespace: 'http://www.sat.gob.mx/implocal',
        prefix: 'implocal',
        local: 'ImpuestosLocales',
        children: [],
        attributes: [
          { namespace: null, prefix: null, local: 'Version', value: '1.0' },
          { namespace: null, prefix: null, local: 'TotaldeRetenciones', value: '0.00' },
          { namespace: null, prefix: null, local: 'TotaldeTraslados', value: '20.00' },
        ],
      },
    },
  };
  assert.deepEqual(errors({ ...comprobante(), Total: '1180.00', Complemento: [implocal] }), []);
  assert.deepEqual(errors({ ...comprobante(), Complemento: [implocal] }), [`cfdi.total_mismatch@${ROOT}/@Total`]);
});

const taxChoices: { traslados: TaxSpec[]; retenciones: TaxSpec[] }[] = [
  { traslados: [], retenciones: [] },
  { traslados: [IVA16], retenciones: [] },
  { traslados: [{ Impuesto: '002', TipoFactor: 'Exento' }], retenciones: [] },
  {
    traslados: [IVA16, { Impuesto: '003', TipoFactor: 'Tasa', TasaOCuota: '0.265000' }],
    retenciones: [{ Impuesto: '001', TipoFactor: 'Tasa', TasaOCuota: '0.100000' }],
  },
];
const decimalText = fc
  .tuple(fc.integer({ min: 1, max: 99_999 }), fc.integer({ min: 0, max: 999_999 }), fc.integer({ min: 0, max: 6 }))
  .map(([whole, fraction, places]) => (places === 0 ? String(whole) : `${whole}.${String(fraction).padStart(6, '0').slice(0, places)}`));
const draftConcepto: fc.Arbitrary<ConceptoDraft> = fc
  .record({ cantidad: decimalText, valor: decimalText, taxes: fc.constantFrom(...taxChoices) })
  .map(({ cantidad, valor, taxes }) => ({
    Cantidad: cantidad,
    ValorUnitario: valor,
    ObjetoImp: taxes.traslados.length + taxes.retenciones.length > 0 ? '02' : '01',
    ...(taxes.traslados.length > 0 ? { Traslados: taxes.traslados } : {}),
    ...(taxes.retenciones.length > 0 ? { Retenciones: taxes.retenciones } : {}),
  }));

test('property: whatever computeTotals writes, the validator accepts', () => {
  fc.assert(
    fc.property(fc.array(draftConcepto, { minLength: 1, maxLength: 5 }), (conceptos) => {
      assert.deepEqual(errors(comprobante(conceptos)), []);
    }),
    { numRuns: 200 },
  );
});
