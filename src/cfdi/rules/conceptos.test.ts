import { test } from 'node:test';
import assert from 'node:assert/strict';
import { validateComprobante } from './index.ts';
import type { Comprobante, Concepto, Traslado } from '../model.ts';
import { CATALOGS, comprobante, errorsOf } from './fixtures.test-support.ts';

const CONCEPTO = '/cfdi:Comprobante/cfdi:Conceptos/cfdi:Concepto[1]';
const TRASLADO = `${CONCEPTO}/cfdi:Impuestos/cfdi:Traslados/cfdi:Traslado[1]`;

function errors(model: Comprobante): string[] {
  return errorsOf(validateComprobante(model, { catalogs: CATALOGS }));
}

/** The reference CFDI with its first Concepto changed (totals left as they were). */
function withConcepto(change: Partial<Concepto>): Comprobante {
  const base = comprobante();
  const [first, ...rest] = base.Conceptos;
  return { ...base, Conceptos: [{ ...(first as Concepto), ...change }, ...rest] };
}

function withItemTraslado(change: Partial<Traslado>): Comprobante {
  const base = comprobante();
  const first = base.Conceptos[0] as Concepto;
  const traslado = first.Impuestos?.Traslados?.[0] as Traslado;
  return { ...base, Conceptos: [{ ...first, Impuestos: { Traslados: [{ ...traslado, ...change }] } }] };
}

test('Cantidad is a positive decimal with up to six decimals', () => {
  assert.ok(errors(withConcepto({ Cantidad: '0' })).includes(`cfdi.cantidad_not_positive@${CONCEPTO}/@Cantidad`));
  assert.ok(errors(withConcepto({ Cantidad: '1.1234567' })).includes(`cfdi.invalid_amount@${CONCEPTO}/@Cantidad`));
  assert.deepEqual(errors(withConcepto({ Cantidad: '1.000000' })), []);
});

test('ValorUnitario must be greater than 0 for an Ingreso', () => {
  assert.ok(errors(withConcepto({ ValorUnitario: '0' })).includes(`cfdi.valor_unitario_not_positive@${CONCEPTO}/@ValorUnitario`));
});

test('an item discount cannot exceed its Importe', () => {
  const model = comprobante([{ Cantidad: '1', ValorUnitario: '100', Descuento: '10', ObjetoImp: '01' }]);
  assert.deepEqual(errors(model), []);
  const concepto = model.Conceptos[0] as Concepto;
  assert.ok(errors({ ...model, Conceptos: [{ ...concepto, Descuento: '100.01' }] }).includes(`cfdi.descuento_exceeds_importe@${CONCEPTO}/@Descuento`));
});

test('ObjetoImp 02 needs taxes and 01, 03 and 04 forbid them', () => {
  assert.ok(errors(withConcepto({ Impuestos: undefined })).includes(`cfdi.objeto_imp_02_without_taxes@${CONCEPTO}/@ObjetoImp`));
  for (const objeto of ['01', '03', '04']) {
    assert.ok(errors(withConcepto({ ObjetoImp: objeto })).includes(`cfdi.objeto_imp_taxes_not_allowed@${CONCEPTO}/@ObjetoImp`), objeto);
  }
  const noTaxes = comprobante([{ Cantidad: '1', ValorUnitario: '100', ObjetoImp: '03' }]);
  assert.deepEqual(errors(noTaxes), []);
});

test('an Exento traslado carries no TasaOCuota nor Importe, and withholdings are never Exento', () => {
  const exento = comprobante([{ Cantidad: '1', ValorUnitario: '100', ObjetoImp: '02', Traslados: [{ Impuesto: '002', TipoFactor: 'Exento' }] }]);
  assert.deepEqual(errors(exento), []);
  const concepto = exento.Conceptos[0] as Concepto;
  const withRate = {
    ...exento,
    Conceptos: [
      { ...concepto, Impuestos: { Traslados: [{ Base: '100.00', Impuesto: '002', TipoFactor: 'Exento', TasaOCuota: '0.160000', Importe: '16.00' }] } },
    ],
  };
  assert.ok(errors(withRate).includes(`cfdi.exento_with_rate@${TRASLADO}`));
  const retencion = {
    ...exento,
    Conceptos: [{ ...concepto, Impuestos: { Retenciones: [{ Base: '100.00', Impuesto: '001', TipoFactor: 'Exento', TasaOCuota: '', Importe: '' }] } }],
  };
  assert.ok(errors(retencion).includes(`cfdi.retencion_exento@${CONCEPTO}/cfdi:Impuestos/cfdi:Retenciones/cfdi:Retencion[1]/@TipoFactor`));
});

test('item tax lines: rate present with six decimals, known tax and factor, positive Base, Importe present', () => {
  assert.ok(errors(withItemTraslado({ TasaOCuota: undefined })).includes(`cfdi.missing_tax_rate@${TRASLADO}/@TasaOCuota`));
  assert.ok(errors(withItemTraslado({ TasaOCuota: '0.16' })).includes(`cfdi.invalid_tax_rate@${TRASLADO}/@TasaOCuota`));
  assert.ok(errors(withItemTraslado({ Impuesto: '001' })).includes(`cfdi.invalid_impuesto@${TRASLADO}/@Impuesto`));
  assert.ok(errors(withItemTraslado({ TipoFactor: 'Porcentaje' })).includes(`cfdi.invalid_tipo_factor@${TRASLADO}/@TipoFactor`));
  assert.ok(errors(withItemTraslado({ Base: '0' })).includes(`cfdi.tax_base_not_positive@${TRASLADO}/@Base`));
  assert.ok(errors(withItemTraslado({ Importe: undefined })).includes(`cfdi.missing_attribute@${TRASLADO}/@Importe`));
  assert.deepEqual(errors(withItemTraslado({ Base: '1000.000000', Importe: '160.000000' })), []);
});

test('the Comprobante Impuestos amounts have at most the currency decimals', () => {
  const base = comprobante();
  const impuestos = { ...base.Impuestos, TotalImpuestosTrasladados: '160.000' };
  assert.ok(errors({ ...base, Impuestos: impuestos }).includes('cfdi.amount_decimals@/cfdi:Comprobante/cfdi:Impuestos/@TotalImpuestosTrasladados'));
});
