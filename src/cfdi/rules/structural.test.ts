import { test } from 'node:test';
import assert from 'node:assert/strict';
import { validateComprobante } from './index.ts';
import type { ValidationResult } from './index.ts';
import type { Comprobante } from '../model.ts';
import { CATALOGS, comprobante, errorsOf } from './fixtures.test-support.ts';
import { REMEDIATIONS } from './codes.ts';

const ROOT = '/cfdi:Comprobante';

function validate(model: Comprobante): ValidationResult {
  return validateComprobante(model, { catalogs: CATALOGS });
}

function assertOnly(model: Comprobante, expected: string[]): void {
  assert.deepEqual(errorsOf(validate(model)), expected);
}

test('the reference Ingreso built by computeTotals passes every rule', () => {
  const result = validate(comprobante());
  assert.deepEqual(result.errors, []);
  assert.equal(result.valid, true);
});

test('every issue carries a message and the remediation of its code', () => {
  const result = validate(comprobante(undefined, { Fecha: 'yesterday', Moneda: 'ZZZ', Total: '1', Emisor: { Rfc: 'bad', Nombre: '', RegimenFiscal: '999' } }));
  assert.ok(result.errors.length > 0);
  for (const issue of result.errors) {
    assert.ok(issue.message.length > 0);
    assert.equal(issue.remediation, REMEDIATIONS[issue.code as keyof typeof REMEDIATIONS]);
  }
});

test('required Comprobante attributes are reported one by one', () => {
  assertOnly(comprobante(undefined, { Fecha: '', NoCertificado: undefined as unknown as string, Exportacion: '' }), [
    `cfdi.missing_attribute@${ROOT}/@Exportacion`,
    `cfdi.missing_attribute@${ROOT}/@NoCertificado`,
    `cfdi.missing_attribute@${ROOT}/@Fecha`,
  ]);
});

test('Fecha must be a real local date-time without zone', () => {
  for (const fecha of ['2025-02-30T10:00:00', '2025-03-03 12:00:00', '2025-03-03T12:00:00-06:00', '2025-03-03T24:00:00']) {
    assertOnly(comprobante(undefined, { Fecha: fecha }), [`cfdi.invalid_fecha@${ROOT}/@Fecha`]);
  }
  assertOnly(comprobante(undefined, { Fecha: '2024-02-29T23:59:59' }), []);
});

test('Version other than 4.0 is not a CFDI 4.0', () => {
  assertOnly(comprobante(undefined, { Version: '3.3' as '4.0' }), [`cfdi.not_comprobante@${ROOT}/@Version`]);
});

test('Sello and Certificado must be present; NoCertificado has 20 digits', () => {
  assertOnly(comprobante(undefined, { Sello: '', Certificado: undefined as unknown as string }), [
    `cfdi.sello_missing@${ROOT}/@Sello`,
    `cfdi.certificado_missing@${ROOT}/@Certificado`,
  ]);
  assertOnly(comprobante(undefined, { NoCertificado: '3000100000050000344' }), [`cfdi.invalid_no_certificado@${ROOT}/@NoCertificado`]);
});

test('text attributes reject the "|" separator and excess length', () => {
  assertOnly(comprobante(undefined, { Serie: 'A|B', Folio: 'F'.repeat(41) }), [`cfdi.invalid_text@${ROOT}/@Serie`, `cfdi.invalid_text@${ROOT}/@Folio`]);
  assertOnly(comprobante(undefined, { Serie: 'S'.repeat(25), Folio: 'F'.repeat(40) }), []);
});

test('LugarExpedicion is a 5-digit postal code and TipoDeComprobante a known type', () => {
  assertOnly(comprobante(undefined, { LugarExpedicion: '6600' }), [`cfdi.invalid_postal_code@${ROOT}/@LugarExpedicion`]);
  assert.ok(errorsOf(validate(comprobante(undefined, { TipoDeComprobante: 'X' }))).includes(`cfdi.invalid_value@${ROOT}/@TipoDeComprobante`));
});

test('Comprobante amounts follow t_Importe and the currency decimals', () => {
  assert.ok(errorsOf(validate(comprobante(undefined, { SubTotal: '1,000.00' }))).includes(`cfdi.invalid_amount@${ROOT}/@SubTotal`));
  assert.ok(errorsOf(validate(comprobante(undefined, { Total: '1160.001' }))).includes(`cfdi.amount_decimals@${ROOT}/@Total`));
  assertOnly(comprobante(undefined, { Total: '1160', SubTotal: '1000.0' }), []);
});

test('FormaPago and MetodoPago are required for I and E, and PPD needs FormaPago 99', () => {
  assertOnly(comprobante(undefined, { FormaPago: undefined, MetodoPago: undefined }), [
    `cfdi.missing_attribute@${ROOT}/@FormaPago`,
    `cfdi.missing_attribute@${ROOT}/@MetodoPago`,
  ]);
  assertOnly(comprobante(undefined, { MetodoPago: 'PPD' }), [`cfdi.forma_pago_must_be_99@${ROOT}/@FormaPago`]);
  assertOnly(comprobante(undefined, { MetodoPago: 'PPD', FormaPago: '99' }), []);
});

test('TipoCambio: absent or 1 for MXN, absent for XXX, required otherwise', () => {
  assertOnly(comprobante(undefined, { TipoCambio: '17.50' }), [`cfdi.tipo_cambio_invalid@${ROOT}/@TipoCambio`]);
  assertOnly(comprobante(undefined, { TipoCambio: '1' }), []);
  assertOnly(comprobante(undefined, { Moneda: 'USD' }), [`cfdi.missing_attribute@${ROOT}/@TipoCambio`]);
  assertOnly(comprobante(undefined, { Moneda: 'USD', TipoCambio: '17.3608' }), []);
  assertOnly(comprobante(undefined, { TipoCambio: '0' }), [`cfdi.invalid_amount@${ROOT}/@TipoCambio`]);
  assert.ok(errorsOf(validate(comprobante(undefined, { Moneda: 'XXX', TipoCambio: '1' }))).includes(`cfdi.tipo_cambio_invalid@${ROOT}/@TipoCambio`));
});

test('Descuento cannot exceed SubTotal', () => {
  const model = comprobante([{ Cantidad: '1', ValorUnitario: '100', Descuento: '100', ObjetoImp: '01' }]);
  assertOnly(model, []);
  assert.ok(errorsOf(validate({ ...model, Descuento: '100.01' })).includes(`cfdi.descuento_exceeds_subtotal@${ROOT}/@Descuento`));
});

test('XXX is only for P and T; T carries no taxes; only P carries Pagos', () => {
  assert.ok(errorsOf(validate(comprobante(undefined, { Moneda: 'XXX' }))).includes(`cfdi.invalid_value@${ROOT}/@Moneda`));
  const traslado = comprobante(
    [{ Cantidad: '1', ValorUnitario: '10', ObjetoImp: '01' }],
    { TipoDeComprobante: 'T', FormaPago: undefined, MetodoPago: undefined, Moneda: 'XXX' },
    0,
  );
  assertOnly(traslado, []);
  assert.ok(
    errorsOf(validate({ ...traslado, Impuestos: { TotalImpuestosTrasladados: '0' } })).includes(`cfdi.taxes_not_allowed_for_tipo@${ROOT}/cfdi:Impuestos`),
  );
  const withPagos = { ...comprobante(), Complemento: [{ Pagos: { Version: '2.0' as const, Totales: { MontoTotalPagos: '1.00' }, Pago: [] } }] };
  assert.ok(errorsOf(validate(withPagos)).includes(`cfdi.pagos_not_allowed@${ROOT}/cfdi:Complemento/pago20:Pagos`));
});

test('a CFDI needs at least one Concepto', () => {
  assert.ok(
    errorsOf(validate({ ...comprobante(), Conceptos: [], Impuestos: undefined, SubTotal: '0.00', Total: '0.00' })).includes(
      `cfdi.missing_attribute@${ROOT}/cfdi:Conceptos/cfdi:Concepto[1]`,
    ),
  );
});

test('payment terms are forbidden in T and P: CondicionesDePago as well', () => {
  const traslado = comprobante(
    [{ Cantidad: '1', ValorUnitario: '10', ObjetoImp: '01' }],
    { TipoDeComprobante: 'T', FormaPago: undefined, MetodoPago: undefined, Moneda: 'XXX' },
    0,
  );
  assertOnly({ ...traslado, CondicionesDePago: 'Contado', MetodoPago: 'PUE' }, [
    `cfdi.attribute_not_allowed@${ROOT}/@MetodoPago`,
    `cfdi.attribute_not_allowed@${ROOT}/@CondicionesDePago`,
  ]);
});
