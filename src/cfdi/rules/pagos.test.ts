import { test } from 'node:test';
import assert from 'node:assert/strict';
import { validateComprobante } from './index.ts';
import type { Comprobante, DoctoRelacionado, Pago, Pagos } from '../model.ts';
import { computePagosTotals, PAGO_COMPROBANTE } from '../pagos-totals.ts';
import type { DoctoRelacionadoDraft, PagoDraft } from '../pagos-totals.ts';
import { CATALOGS, comprobante, errorsOf } from './fixtures.test-support.ts';

const PAGOS = '/cfdi:Comprobante/cfdi:Complemento/pago20:Pagos';
const PAGO = `${PAGOS}/pago20:Pago[1]`;
const DOCTO = `${PAGO}/pago20:DoctoRelacionado[1]`;
const IVA16 = { ImpuestoDR: '002', TipoFactorDR: 'Tasa', TasaOCuotaDR: '0.160000' };
const DECIMALS: Record<string, number> = { MXN: 2, USD: 2 };

function docto(overrides: Partial<DoctoRelacionadoDraft> = {}): DoctoRelacionadoDraft {
  return {
    IdDocumento: '6d7434a6-e3f2-47ad-9e4c-08849946afa0',
    MonedaDR: 'MXN',
    NumParcialidad: '1',
    ImpSaldoAnt: '11600.00',
    ImpPagado: '5800.00',
    ObjetoImpDR: '02',
    TrasladosDR: [IVA16],
    ...overrides,
  };
}

function pagosOf(drafts: PagoDraft[]): Pagos {
  const result = computePagosTotals({ Pago: drafts }, { currencyDecimals: (code) => DECIMALS[code] });
  if (!result.ok) assert.fail(JSON.stringify(result.errors));
  return result.pagos;
}

const PAGO_DRAFT: PagoDraft = { FechaPago: '2025-03-01T10:00:00', FormaDePagoP: '03', MonedaP: 'MXN', DoctoRelacionado: [docto()] };

/** A type P CFDI around the given Pagos complement. */
function pago(pagos: Pagos = pagosOf([PAGO_DRAFT])): Comprobante {
  const base = comprobante();
  return {
    ...base,
    TipoDeComprobante: 'P',
    SubTotal: PAGO_COMPROBANTE.SubTotal,
    Total: PAGO_COMPROBANTE.Total,
    Moneda: PAGO_COMPROBANTE.Moneda,
    FormaPago: undefined,
    MetodoPago: undefined,
    Impuestos: undefined,
    Receptor: { ...base.Receptor, UsoCFDI: 'CP01' },
    Conceptos: [{ ...PAGO_COMPROBANTE.Concepto }],
    Complemento: [{ Pagos: pagos }],
  };
}

function errors(model: Comprobante): string[] {
  return errorsOf(validateComprobante(model, { catalogs: CATALOGS }));
}

/** The reference Pago with its first Pago / DoctoRelacionado changed. */
function changed(change: (pago: Pago, docto: DoctoRelacionado) => Pago): Comprobante {
  const pagos = pagosOf([PAGO_DRAFT]);
  const first = pagos.Pago[0] as Pago;
  return pago({ ...pagos, Pago: [change(first, first.DoctoRelacionado[0] as DoctoRelacionado)] });
}

test('a Pago built by computePagosTotals passes every rule', () => {
  assert.deepEqual(errors(pago()), []);
  const foreign = pagosOf([{ ...PAGO_DRAFT, MonedaP: 'USD', TipoCambioP: '17.3608', DoctoRelacionado: [docto({ EquivalenciaDR: '17.36075' })] }]);
  assert.deepEqual(errors(pago(foreign)), []);
});

test('a type P CFDI has Moneda XXX, the fixed Concepto and the Pagos complement', () => {
  assert.deepEqual(errors({ ...pago(), Complemento: undefined }), ['cfdi.pagos_missing@/cfdi:Comprobante/cfdi:Complemento']);
  assert.ok(errors({ ...pago(), Moneda: 'MXN' }).includes('cfdi.invalid_value@/cfdi:Comprobante/@Moneda'));
  assert.deepEqual(errors({ ...pago(), Conceptos: [{ ...PAGO_COMPROBANTE.Concepto, Descripcion: 'Abono', Unidad: 'Actividad' }] }), [
    'cfdi.invalid_value@/cfdi:Comprobante/cfdi:Conceptos/cfdi:Concepto[1]/@Descripcion',
    'cfdi.attribute_not_allowed@/cfdi:Comprobante/cfdi:Conceptos/cfdi:Concepto[1]/@Unidad',
  ]);
  assert.deepEqual(errors({ ...pago(), SubTotal: '1', FormaPago: '03' }), [
    'cfdi.attribute_not_allowed@/cfdi:Comprobante/@FormaPago',
    'cfdi.subtotal_mismatch@/cfdi:Comprobante/@SubTotal',
  ]);
});

test('payment fields: FechaPago, FormaDePagoP, MonedaP and TipoCambioP', () => {
  assert.deepEqual(errors(changed((p) => ({ ...p, FechaPago: '2025-03-01' }))), [`cfdi.invalid_fecha@${PAGO}/@FechaPago`]);
  assert.deepEqual(errors(changed((p) => ({ ...p, FormaDePagoP: '99' }))), [`cfdi.invalid_value@${PAGO}/@FormaDePagoP`]);
  assert.ok(errors(changed((p) => ({ ...p, TipoCambioP: '17.5' }))).includes(`cfdi.pagos_tipo_cambio_invalid@${PAGO}/@TipoCambioP`));
  assert.deepEqual(errors(changed((p) => ({ ...p, TipoCambioP: undefined }))), []);
  const usd = changed((p, d) => ({ ...p, MonedaP: 'USD', TipoCambioP: undefined, DoctoRelacionado: [{ ...d, EquivalenciaDR: '0.0576' }] }));
  assert.ok(errors(usd).includes(`cfdi.pagos_tipo_cambio_required@${PAGO}/@TipoCambioP`));
});

test('Monto covers the converted ImpPagado and has the payment currency decimals', () => {
  assert.deepEqual(errors(changed((p) => ({ ...p, Monto: '5799.99' }))).slice(0, 1), [`cfdi.pagos_monto_insufficient@${PAGO}/@Monto`]);
  assert.ok(errors(changed((p) => ({ ...p, Monto: '5800.001' }))).includes(`cfdi.amount_decimals@${PAGO}/@Monto`));
  assert.ok(errors(changed((p) => ({ ...p, Monto: '0' }))).includes(`cfdi.pagos_monto_not_positive@${PAGO}/@Monto`));
  // Paying more than the documents is allowed (the rest is an advance): only the Totales follow Monto.
  assert.deepEqual(errors(changed((p) => ({ ...p, Monto: '6000.00' }))), [`cfdi.pagos_totales_mismatch@${PAGOS}/pago20:Totales/@MontoTotalPagos`]);
});

test('document balances: ImpSaldoInsoluto = ImpSaldoAnt − ImpPagado, ImpPagado ≤ ImpSaldoAnt', () => {
  assert.deepEqual(errors(changed((p, d) => ({ ...p, DoctoRelacionado: [{ ...d, ImpSaldoInsoluto: '5800.01' }] }))), [
    `cfdi.pagos_saldo_insoluto_mismatch@${DOCTO}/@ImpSaldoInsoluto`,
  ]);
  assert.ok(
    errors(changed((p, d) => ({ ...p, DoctoRelacionado: [{ ...d, ImpSaldoAnt: '5000.00' }] }))).includes(
      `cfdi.pagos_imp_pagado_exceeds_saldo@${DOCTO}/@ImpPagado`,
    ),
  );
  assert.ok(
    errors(changed((p, d) => ({ ...p, DoctoRelacionado: [{ ...d, IdDocumento: 'ABC', NumParcialidad: '0' }] }))).includes(
      `cfdi.invalid_uuid@${DOCTO}/@IdDocumento`,
    ),
  );
  assert.ok(errors(changed((p, d) => ({ ...p, DoctoRelacionado: [{ ...d, NumParcialidad: '0' }] }))).includes(`cfdi.invalid_value@${DOCTO}/@NumParcialidad`));
});

test('EquivalenciaDR is 1 for the same currency and required for another', () => {
  assert.deepEqual(errors(changed((p, d) => ({ ...p, DoctoRelacionado: [{ ...d, EquivalenciaDR: '2' }] }))).slice(0, 1), [
    `cfdi.pagos_equivalencia_invalid@${DOCTO}/@EquivalenciaDR`,
  ]);
  assert.ok(
    errors(changed((p, d) => ({ ...p, DoctoRelacionado: [{ ...d, MonedaDR: 'USD', EquivalenciaDR: undefined }] }))).includes(
      `cfdi.pagos_equivalencia_required@${DOCTO}/@EquivalenciaDR`,
    ),
  );
});

test('ObjetoImpDR 02 requires ImpuestosDR and 01 forbids them', () => {
  assert.deepEqual(errors(changed((p, d) => ({ ...p, ImpuestosP: undefined, DoctoRelacionado: [{ ...d, ImpuestosDR: undefined }] }))).slice(0, 1), [
    `cfdi.objeto_imp_dr_02_without_taxes@${DOCTO}/@ObjetoImpDR`,
  ]);
  assert.ok(
    errors(changed((p, d) => ({ ...p, DoctoRelacionado: [{ ...d, ObjetoImpDR: '01' }] }))).includes(
      `cfdi.objeto_imp_dr_taxes_not_allowed@${DOCTO}/@ObjetoImpDR`,
    ),
  );
});

test('DR taxes: ImporteDR within the limits of BaseDR × TasaOCuotaDR, retenciones never Exento', () => {
  const line = `${DOCTO}/pago20:ImpuestosDR/pago20:TrasladosDR/pago20:TrasladoDR[1]`;
  const withTraslado = (change: object) =>
    changed((p, d) => ({ ...p, DoctoRelacionado: [{ ...d, ImpuestosDR: { TrasladosDR: [{ ...d.ImpuestosDR!.TrasladosDR![0]!, ...change }] } }] }));
  assert.ok(errors(withTraslado({ ImporteDR: '900.00' })).includes(`cfdi.tax_importe_out_of_limits@${line}/@ImporteDR`));
  assert.ok(errors(withTraslado({ TasaOCuotaDR: undefined })).includes(`cfdi.missing_tax_rate@${line}/@TasaOCuotaDR`));
  const retencion = changed((p, d) => ({
    ...p,
    DoctoRelacionado: [
      {
        ...d,
        ImpuestosDR: { ...d.ImpuestosDR, RetencionesDR: [{ BaseDR: '5000.00', ImpuestoDR: '001', TipoFactorDR: 'Exento', TasaOCuotaDR: '', ImporteDR: '' }] },
      },
    ],
  }));
  assert.ok(errors(retencion).includes(`cfdi.retencion_exento@${DOCTO}/pago20:ImpuestosDR/pago20:RetencionesDR/pago20:RetencionDR[1]/@TipoFactorDR`));
});

test('ImpuestosP equals the converted sums of the DR taxes', () => {
  const trasladoP = `${PAGO}/pago20:ImpuestosP/pago20:TrasladosP/pago20:TrasladoP[1]`;
  assert.ok(
    errors(changed((p) => ({ ...p, ImpuestosP: { TrasladosP: [{ ...p.ImpuestosP!.TrasladosP![0]!, BaseP: '5000.02' }] } }))).includes(
      `cfdi.pagos_impuestos_p_mismatch@${trasladoP}/@BaseP`,
    ),
  );
  assert.deepEqual(errors(changed((p) => ({ ...p, ImpuestosP: { TrasladosP: [{ ...p.ImpuestosP!.TrasladosP![0]!, BaseP: '5000.000000' }] } }))), []);
  assert.deepEqual(errors(changed((p) => ({ ...p, ImpuestosP: undefined }))).slice(0, 1), [`cfdi.pagos_impuestos_p_mismatch@${PAGO}/pago20:ImpuestosP`]);
  const extra = changed((p) => ({ ...p, ImpuestosP: { ...p.ImpuestosP, RetencionesP: [{ ImpuestoP: '001', ImporteP: '1.00' }] } }));
  assert.ok(errors(extra).includes(`cfdi.pagos_impuestos_p_mismatch@${PAGO}/pago20:ImpuestosP/pago20:RetencionesP/pago20:RetencionP[1]`));
});

test('Totales are the MXN sums of ImpuestosP and Monto', () => {
  const pagos = pagosOf([PAGO_DRAFT]);
  const totales = `${PAGOS}/pago20:Totales`;
  assert.deepEqual(errors(pago({ ...pagos, Totales: { ...pagos.Totales, TotalTrasladosBaseIVA16: '5000.02' } })), [
    `cfdi.pagos_totales_mismatch@${totales}/@TotalTrasladosBaseIVA16`,
  ]);
  assert.deepEqual(errors(pago({ ...pagos, Totales: { ...pagos.Totales, TotalTrasladosBaseIVA16: '5000.01' } })), []);
  assert.deepEqual(errors(pago({ ...pagos, Totales: { ...pagos.Totales, TotalRetencionesISR: '1.00' } })), [
    `cfdi.pagos_totales_mismatch@${totales}/@TotalRetencionesISR`,
  ]);
  assert.deepEqual(errors(pago({ ...pagos, Totales: { MontoTotalPagos: pagos.Totales.MontoTotalPagos } })), [
    `cfdi.pagos_totales_mismatch@${totales}/@TotalTrasladosBaseIVA16`,
    `cfdi.pagos_totales_mismatch@${totales}/@TotalTrasladosImpuestoIVA16`,
  ]);
});

test('balances and payments must be greater than 0; a Pagos complement lists at least one Pago', () => {
  const zero = changed((p, d) => ({ ...p, DoctoRelacionado: [{ ...d, ImpSaldoAnt: '0', ImpPagado: '0', ImpSaldoInsoluto: '0' }] }));
  const found = errors(zero);
  assert.ok(found.includes(`cfdi.pagos_saldo_not_positive@${DOCTO}/@ImpSaldoAnt`));
  assert.ok(found.includes(`cfdi.pagos_imp_pagado_not_positive@${DOCTO}/@ImpPagado`));
  const pagos = pagosOf([PAGO_DRAFT]);
  assert.ok(errors(pago({ ...pagos, Pago: [] })).includes(`cfdi.missing_attribute@${PAGOS}/pago20:Pago`));
});
