import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { computePagosTotals, PAGO_COMPROBANTE } from './pagos-totals.ts';
import type { DoctoRelacionadoDraft, PagoDraft, PagoTaxSpec, PagosTotalsResult } from './pagos-totals.ts';
import { formatPagoAmount, pagosTotales } from './pagos-sums.ts';
import { computeTotals } from './totals.ts';
import type { Pagos } from './model.ts';
import { Decimal, sum } from './amounts.ts';

const DECIMALS: Record<string, number> = { MXN: 2, USD: 2, EUR: 2, JPY: 0 };
const options = { currencyDecimals: (code: string) => DECIMALS[code] };
const IVA16: PagoTaxSpec = { ImpuestoDR: '002', TipoFactorDR: 'Tasa', TasaOCuotaDR: '0.160000' };

function docto(overrides: Partial<DoctoRelacionadoDraft> = {}): DoctoRelacionadoDraft {
  return {
    IdDocumento: '00000000-1111-2222-3333-00000000000A',
    MonedaDR: 'MXN',
    NumParcialidad: '1',
    ImpSaldoAnt: '11600.00',
    ImpPagado: '11600.00',
    ObjetoImpDR: '02',
    TrasladosDR: [IVA16],
    ...overrides,
  };
}

function pago(overrides: Partial<PagoDraft> = {}): PagoDraft {
  return { FechaPago: '2023-06-12T17:18:19', FormaDePagoP: '03', MonedaP: 'MXN', DoctoRelacionado: [docto()], ...overrides };
}

function pagosOf(result: PagosTotalsResult): Pagos {
  if (!result.ok) assert.fail(`expected pagos, got ${JSON.stringify(result.errors)}`);
  return result.pagos;
}

function codesOf(result: PagosTotalsResult): string[] {
  assert.equal(result.ok, false);
  return result.ok ? [] : result.errors.map((error) => `${error.code}@${error.path}`);
}

test('reproduces the amounts of the SAT-valid Pagos 2.0 sample (two partial payments, IVA 16%)', () => {
  const pagos = pagosOf(
    computePagosTotals(
      {
        Pago: [
          pago({
            Monto: '15000.00',
            NumOperacion: '963852',
            DoctoRelacionado: [
              docto({ NumParcialidad: '2', ImpSaldoAnt: '12000.00', ImpPagado: '12000.00' }),
              docto({ IdDocumento: '00000000-1111-2222-3333-00000000000B', ImpSaldoAnt: '10000.00', ImpPagado: '3000.00' }),
            ],
          }),
        ],
      },
      options,
    ),
  );
  assert.deepEqual(pagos.Totales, { MontoTotalPagos: '15000.00', TotalTrasladosBaseIVA16: '12931.04', TotalTrasladosImpuestoIVA16: '2068.96' });
  const [first] = pagos.Pago;
  assert.ok(first);
  assert.equal(first.TipoCambioP, '1');
  assert.equal(first.NumOperacion, '963852');
  assert.deepEqual(
    first.DoctoRelacionado.map((item) => [
      item.EquivalenciaDR,
      item.ImpSaldoInsoluto,
      item.ImpuestosDR?.TrasladosDR?.[0]?.BaseDR,
      item.ImpuestosDR?.TrasladosDR?.[0]?.ImporteDR,
    ]),
    [
      ['1', '0.00', '10344.83', '1655.17'],
      ['1', '7000.00', '2586.21', '413.79'],
    ],
  );
  assert.deepEqual(first.ImpuestosP, {
    TrasladosP: [{ BaseP: '12931.04', ImpuestoP: '002', TipoFactorP: 'Tasa', TasaOCuotaP: '0.160000', ImporteP: '2068.96' }],
  });
});

test('withholdings with an explicit BaseDR group by Impuesto and reach the Totales', () => {
  const base = '15390.30';
  const doc = docto({
    ImpSaldoAnt: '14672.08',
    ImpPagado: '14672.08',
    RetencionesDR: [
      { ImpuestoDR: '001', TipoFactorDR: 'Tasa', TasaOCuotaDR: '0.100000', BaseDR: base },
      { ImpuestoDR: '002', TipoFactorDR: 'Tasa', TasaOCuotaDR: '0.106667', BaseDR: base },
    ],
    TrasladosDR: [{ ...IVA16, BaseDR: base }],
  });
  const pagos = pagosOf(computePagosTotals({ Pago: [pago({ Monto: '29344.16', DoctoRelacionado: [doc, doc] })] }, options));
  assert.deepEqual(pagos.Totales, {
    MontoTotalPagos: '29344.16',
    TotalRetencionesISR: '3078.06',
    TotalRetencionesIVA: '3283.28',
    TotalTrasladosBaseIVA16: '30780.60',
    TotalTrasladosImpuestoIVA16: '4924.90',
  });
  assert.deepEqual(pagos.Pago[0]?.ImpuestosP?.RetencionesP, [
    { ImpuestoP: '001', ImporteP: '3078.06' },
    { ImpuestoP: '002', ImporteP: '3283.28' },
  ]);
});

test('BaseDR is derived from ImpPagado net of every rate when not given', () => {
  const pagos = pagosOf(
    computePagosTotals(
      {
        Pago: [
          pago({
            DoctoRelacionado: [
              docto({
                ImpSaldoAnt: '1060.00',
                ImpPagado: '1060.00',
                TrasladosDR: [IVA16],
                RetencionesDR: [{ ImpuestoDR: '001', TipoFactorDR: 'Tasa', TasaOCuotaDR: '0.100000' }],
              }),
            ],
          }),
        ],
      },
      options,
    ),
  );
  const impuestos = pagos.Pago[0]?.DoctoRelacionado[0]?.ImpuestosDR;
  assert.deepEqual(impuestos?.TrasladosDR, [{ BaseDR: '1000.00', ImpuestoDR: '002', TipoFactorDR: 'Tasa', TasaOCuotaDR: '0.160000', ImporteDR: '160.00' }]);
  assert.deepEqual(impuestos?.RetencionesDR, [{ BaseDR: '1000.00', ImpuestoDR: '001', TipoFactorDR: 'Tasa', TasaOCuotaDR: '0.100000', ImporteDR: '100.00' }]);
  assert.equal(pagos.Pago[0]?.Monto, '1060.00');
});

test('a payment in USD for a document in MXN converts with EquivalenciaDR and TipoCambioP', () => {
  const pagos = pagosOf(
    computePagosTotals(
      {
        Pago: [
          pago({
            MonedaP: 'USD',
            TipoCambioP: '17.3608',
            DoctoRelacionado: [
              docto({ EquivalenciaDR: '17.36075', ImpSaldoAnt: '2817.00', ImpPagado: '100.00', TrasladosDR: [{ ...IVA16, BaseDR: '86.21' }] }),
            ],
          }),
        ],
      },
      options,
    ),
  );
  const [first] = pagos.Pago;
  // 100.00 / 17.36075 = 5.76012…; an absent Monto is rounded up so that it covers ImpPagado.
  assert.equal(first?.Monto, '5.77');
  assert.equal(first?.DoctoRelacionado[0]?.ImpSaldoInsoluto, '2717.00');
  assert.deepEqual(first?.ImpuestosP?.TrasladosP?.[0], {
    BaseP: '4.965799',
    ImpuestoP: '002',
    TipoFactorP: 'Tasa',
    TasaOCuotaP: '0.160000',
    ImporteP: '0.794321',
  });
  // ImporteDR = 86.21 × 0.16 = 13.7936 → 13.79 (MXN); Totales bring every amount back to MXN with TipoCambioP.
  assert.deepEqual(pagos.Totales, { MontoTotalPagos: '100.17', TotalTrasladosBaseIVA16: '86.21', TotalTrasladosImpuestoIVA16: '13.79' });
});

test('Exento lines carry BaseDR only and sum into TotalTrasladosBaseIVAExento', () => {
  const pagos = pagosOf(
    computePagosTotals(
      { Pago: [pago({ DoctoRelacionado: [docto({ ImpSaldoAnt: '500', ImpPagado: '500', TrasladosDR: [{ ImpuestoDR: '002', TipoFactorDR: 'Exento' }] })] })] },
      options,
    ),
  );
  assert.deepEqual(pagos.Pago[0]?.DoctoRelacionado[0]?.ImpuestosDR?.TrasladosDR, [{ BaseDR: '500.00', ImpuestoDR: '002', TipoFactorDR: 'Exento' }]);
  assert.deepEqual(pagos.Pago[0]?.ImpuestosP?.TrasladosP, [{ BaseP: '500.00', ImpuestoP: '002', TipoFactorP: 'Exento' }]);
  assert.deepEqual(pagos.Totales, { MontoTotalPagos: '500.00', TotalTrasladosBaseIVAExento: '500.00' });
});

test('payment-level errors: currency, TipoCambioP, Monto', () => {
  assert.deepEqual(
    codesOf(
      computePagosTotals(
        {
          Pago: [
            pago({ MonedaP: 'XXX' }),
            pago({ MonedaP: 'USD' }),
            pago({ TipoCambioP: '17.5' }),
            pago({ Monto: '11599.99' }),
            pago({ Monto: '0' }),
            pago({ DoctoRelacionado: [] }),
          ],
        },
        options,
      ),
    ),
    [
      'cfdi.unknown_currency@Pago.0.MonedaP',
      'cfdi.pagos_equivalencia_required@Pago.0.DoctoRelacionado.0.EquivalenciaDR',
      'cfdi.pagos_tipo_cambio_required@Pago.1.TipoCambioP',
      'cfdi.pagos_equivalencia_required@Pago.1.DoctoRelacionado.0.EquivalenciaDR',
      'cfdi.pagos_tipo_cambio_invalid@Pago.2.TipoCambioP',
      'cfdi.pagos_monto_insufficient@Pago.3.Monto',
      'cfdi.pagos_monto_not_positive@Pago.4.Monto',
      'cfdi.pagos_without_documents@Pago.5.DoctoRelacionado',
    ],
  );
  assert.deepEqual(codesOf(computePagosTotals({ Pago: [] }, options)), ['cfdi.pagos_without_pago@Pago']);
});

test('document-level errors are collected with their paths', () => {
  const result = computePagosTotals(
    {
      Pago: [
        pago({
          DoctoRelacionado: [
            docto({ ObjetoImpDR: '02', TrasladosDR: [] }),
            docto({ ObjetoImpDR: '01' }),
            docto({ ImpPagado: '12000.00' }),
            docto({ ImpPagado: '1.001', EquivalenciaDR: '2' }),
            docto({ MonedaDR: 'ABC' }),
            docto({ RetencionesDR: [{ ImpuestoDR: '002', TipoFactorDR: 'Exento' }] }),
            docto({ TrasladosDR: [{ ImpuestoDR: '003', TipoFactorDR: 'Cuota', TasaOCuotaDR: '6.450000' }] }),
          ],
        }),
      ],
    },
    options,
  );
  assert.deepEqual(codesOf(result), [
    'cfdi.objeto_imp_dr_02_without_taxes@Pago.0.DoctoRelacionado.0.ObjetoImpDR',
    'cfdi.objeto_imp_dr_taxes_not_allowed@Pago.0.DoctoRelacionado.1.ObjetoImpDR',
    'cfdi.pagos_imp_pagado_exceeds_saldo@Pago.0.DoctoRelacionado.2.ImpPagado',
    'cfdi.invalid_amount@Pago.0.DoctoRelacionado.3.ImpPagado',
    'cfdi.pagos_equivalencia_invalid@Pago.0.DoctoRelacionado.3.EquivalenciaDR',
    'cfdi.unknown_currency@Pago.0.DoctoRelacionado.4.MonedaDR',
    'cfdi.pagos_equivalencia_required@Pago.0.DoctoRelacionado.4.EquivalenciaDR',
    'cfdi.retencion_exento@Pago.0.DoctoRelacionado.5.RetencionesDR.0.TipoFactorDR',
    'cfdi.pagos_base_dr_required@Pago.0.DoctoRelacionado.6.TrasladosDR.0.BaseDR',
  ]);
});

test('the type P Comprobante has SubTotal 0, Total 0, Moneda XXX and the fixed Pago concept', () => {
  assert.equal(PAGO_COMPROBANTE.Moneda, 'XXX');
  assert.deepEqual(PAGO_COMPROBANTE.Concepto, {
    ClaveProdServ: '84111506',
    Cantidad: '1',
    ClaveUnidad: 'ACT',
    Descripcion: 'Pago',
    ValorUnitario: '0',
    Importe: '0',
    ObjetoImp: '01',
  });
  const result = computeTotals({ TipoDeComprobante: 'P', Conceptos: [PAGO_COMPROBANTE.Concepto] }, { currencyDecimals: 0 });
  assert.ok(result.ok);
  assert.equal(result.amounts.SubTotal, PAGO_COMPROBANTE.SubTotal);
  assert.equal(result.amounts.Total, PAGO_COMPROBANTE.Total);
});

test('payment amounts keep six decimals at most and trim zeros beyond the currency decimals', () => {
  assert.equal(formatPagoAmount(new Decimal('12931.04'), 2), '12931.04');
  assert.equal(formatPagoAmount(new Decimal('34.4827253430'), 2), '34.482725');
  assert.equal(formatPagoAmount(new Decimal('0.0000005'), 2), '0.000001');
  assert.equal(formatPagoAmount(new Decimal('7'), 0), '7');
});

// ---- property tests -------------------------------------------------------------------------

const amountArbitrary = fc.integer({ min: 1, max: 5_000_000 }).map((cents) => new Decimal(cents).div(100).toFixed(2));
const doctoArbitrary = fc
  .record({
    saldo: amountArbitrary,
    percent: fc.integer({ min: 1, max: 100 }),
    usd: fc.boolean(),
    taxes: fc.constantFrom<PagoTaxSpec[]>(
      [IVA16],
      [{ ImpuestoDR: '002', TipoFactorDR: 'Tasa', TasaOCuotaDR: '0.080000' }],
      [{ ImpuestoDR: '002', TipoFactorDR: 'Exento' }],
      [IVA16, { ImpuestoDR: '001', TipoFactorDR: 'Tasa', TasaOCuotaDR: '0.100000' }],
    ),
  })
  .map(({ saldo, percent, usd, taxes }): DoctoRelacionadoDraft => {
    const pagado = new Decimal(saldo).times(percent).div(100).toDecimalPlaces(2, Decimal.ROUND_DOWN);
    return docto({
      MonedaDR: usd ? 'USD' : 'MXN',
      ImpSaldoAnt: saldo,
      ImpPagado: (pagado.isZero() ? new Decimal(saldo) : pagado).toFixed(2),
      TrasladosDR: taxes.filter((tax) => tax.ImpuestoDR !== '001'),
      RetencionesDR: taxes.filter((tax) => tax.ImpuestoDR === '001'),
    });
  });
const pagoArbitrary = fc.record({ usd: fc.boolean(), doctos: fc.array(doctoArbitrary, { minLength: 1, maxLength: 4 }) }).map(
  ({ usd, doctos }): PagoDraft =>
    pago({
      MonedaP: usd ? 'USD' : 'MXN',
      ...(usd ? { TipoCambioP: '17.3608' } : {}),
      DoctoRelacionado: doctos.map((item) => (item.MonedaDR === (usd ? 'USD' : 'MXN') ? item : { ...item, EquivalenciaDR: usd ? '17.36075' : '0.0576' })),
    }),
);

test('property: balances, Monto and Totales follow from the documents', () => {
  fc.assert(
    fc.property(fc.array(pagoArbitrary, { minLength: 1, maxLength: 3 }), (drafts) => {
      const pagos = pagosOf(computePagosTotals({ Pago: drafts }, options));
      for (const computed of pagos.Pago) {
        const paid = sum(computed.DoctoRelacionado.map((item) => new Decimal(item.ImpPagado).div(item.EquivalenciaDR ?? 1)));
        assert.ok(new Decimal(computed.Monto).gte(paid), 'Monto covers the converted ImpPagado');
        for (const item of computed.DoctoRelacionado) {
          assert.ok(new Decimal(item.ImpSaldoInsoluto).eq(new Decimal(item.ImpSaldoAnt).minus(item.ImpPagado)));
          for (const tax of item.ImpuestosDR?.TrasladosDR ?? []) assert.equal(tax.TipoFactorDR === 'Exento', tax.ImporteDR === undefined);
        }
      }
      const expected = sum(pagos.Pago.map((item) => new Decimal(item.Monto).times(item.TipoCambioP ?? 1))).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
      assert.equal(pagos.Totales.MontoTotalPagos, expected.toFixed(2));
      assert.deepEqual(pagos.Totales, pagosTotales(pagos.Pago));
    }),
    { numRuns: 200 },
  );
});
