import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { computeTotals } from './totals.ts';
import type { ComprobanteAmounts, ComprobanteDraft, ConceptoDraft, TaxSpec, TotalsResult } from './totals.ts';
import { Decimal, productLimits, sum, withinLimits } from './amounts.ts';

const IVA16: TaxSpec = { Impuesto: '002', TipoFactor: 'Tasa', TasaOCuota: '0.160000' };
const IVA_EXENTO: TaxSpec = { Impuesto: '002', TipoFactor: 'Exento' };
const ISR10: TaxSpec = { Impuesto: '001', TipoFactor: 'Tasa', TasaOCuota: '0.100000' };

function amountsOf(result: TotalsResult): ComprobanteAmounts {
  if (!result.ok) assert.fail(`expected amounts, got ${JSON.stringify(result.errors)}`);
  return result.amounts;
}

function codesOf(result: TotalsResult): string[] {
  assert.equal(result.ok, false);
  return result.ok ? [] : result.errors.map((error) => `${error.code}@${error.path}`);
}

test('reproduces the amounts of the SAT-valid discounts sample (USD, IVA 16%)', () => {
  const amounts = amountsOf(
    computeTotals(
      {
        TipoDeComprobante: 'I',
        Conceptos: [
          { Cantidad: '4', ValorUnitario: '500', Descuento: '500', ObjetoImp: '02', Traslados: [IVA16] },
          { Cantidad: '1', ValorUnitario: '1000', ObjetoImp: '02', Traslados: [IVA16] },
          { Cantidad: '1', ValorUnitario: '300', ObjetoImp: '02', Traslados: [IVA16] },
        ],
      },
      { currencyDecimals: 2 },
    ),
  );
  assert.equal(amounts.SubTotal, '3300.00');
  assert.equal(amounts.Descuento, '500.00');
  assert.equal(amounts.Total, '3248.00');
  assert.deepEqual(amounts.Impuestos, {
    TotalImpuestosTrasladados: '448.00',
    Traslados: [{ Base: '2800.00', Impuesto: '002', TipoFactor: 'Tasa', TasaOCuota: '0.160000', Importe: '448.00' }],
  });
  assert.deepEqual(amounts.Conceptos[0], {
    Importe: '2000.00',
    Descuento: '500.00',
    Impuestos: { Traslados: [{ Base: '1500.00', Impuesto: '002', TipoFactor: 'Tasa', TasaOCuota: '0.160000', Importe: '240.00' }] },
  });
});

test('tax amounts are rounded half-up at item level and the node sums the rounded amounts', () => {
  const ieps: TaxSpec = { Impuesto: '003', TipoFactor: 'Tasa', TasaOCuota: '0.265' };
  const amounts = amountsOf(
    computeTotals(
      {
        TipoDeComprobante: 'I',
        Conceptos: [
          { Cantidad: '1', ValorUnitario: '1', ObjetoImp: '02', Traslados: [ieps] },
          { Cantidad: '1', ValorUnitario: '1', ObjetoImp: '02', Traslados: [ieps] },
        ],
      },
      { currencyDecimals: 2 },
    ),
  );
  // 1.00 × 0.265 = 0.265 → 0.27 half-up (banker's rounding would give 0.26); 2 × 0.27 = 0.54, not round(0.53).
  assert.equal(amounts.Conceptos[0]?.Impuestos?.Traslados?.[0]?.Importe, '0.27');
  assert.equal(amounts.Conceptos[0]?.Impuestos?.Traslados?.[0]?.TasaOCuota, '0.265000');
  assert.equal(amounts.Impuestos?.TotalImpuestosTrasladados, '0.54');
  assert.equal(amounts.Total, '2.54');
});

test('item Importe is Cantidad × ValorUnitario rounded half-up to the currency decimals', () => {
  const mxn = amountsOf(
    computeTotals({ TipoDeComprobante: 'I', Conceptos: [{ Cantidad: '3', ValorUnitario: '0.125', ObjetoImp: '01' }] }, { currencyDecimals: 2 }),
  );
  assert.equal(mxn.Conceptos[0]?.Importe, '0.38');
  const jpy = amountsOf(
    computeTotals({ TipoDeComprobante: 'I', Conceptos: [{ Cantidad: '1.5', ValorUnitario: '999', ObjetoImp: '01' }] }, { currencyDecimals: 0 }),
  );
  assert.equal(jpy.Conceptos[0]?.Importe, '1499');
  assert.equal(jpy.SubTotal, '1499');
  assert.equal(jpy.Total, '1499');
});

test('Exento carries Base only and stays out of TotalImpuestosTrasladados', () => {
  const amounts = amountsOf(
    computeTotals(
      {
        TipoDeComprobante: 'I',
        Conceptos: [{ Cantidad: '1', ValorUnitario: '300', ObjetoImp: '02', Traslados: [IVA_EXENTO] }],
      },
      { currencyDecimals: 2 },
    ),
  );
  assert.deepEqual(amounts.Impuestos, { Traslados: [{ Base: '300.00', Impuesto: '002', TipoFactor: 'Exento' }] });
  assert.deepEqual(amounts.Conceptos[0]?.Impuestos?.Traslados, [{ Base: '300.00', Impuesto: '002', TipoFactor: 'Exento' }]);
  assert.equal(amounts.Total, '300.00');
});

test('retenciones are grouped by Impuesto and subtracted from the Total', () => {
  const ivaRetenido: TaxSpec = { Impuesto: '002', TipoFactor: 'Tasa', TasaOCuota: '0.106667' };
  const amounts = amountsOf(
    computeTotals(
      {
        TipoDeComprobante: 'I',
        Conceptos: [
          { Cantidad: '1', ValorUnitario: '1000', ObjetoImp: '02', Traslados: [IVA16], Retenciones: [ISR10, ivaRetenido] },
          { Cantidad: '2', ValorUnitario: '250', ObjetoImp: '02', Traslados: [IVA16], Retenciones: [ISR10] },
        ],
      },
      { currencyDecimals: 2 },
    ),
  );
  assert.deepEqual(amounts.Impuestos?.Retenciones, [
    { Impuesto: '001', Importe: '150.00' },
    { Impuesto: '002', Importe: '106.67' },
  ]);
  assert.equal(amounts.Impuestos?.TotalImpuestosRetenidos, '256.67');
  assert.equal(amounts.Total, '1483.33'); // 1500 + 240 − 256.67
});

test('a CFDI without taxes has no Impuestos node and no Descuento when no item has one', () => {
  const amounts = amountsOf(
    computeTotals({ TipoDeComprobante: 'I', Conceptos: [{ Cantidad: '2', ValorUnitario: '10.5', ObjetoImp: '01' }] }, { currencyDecimals: 2 }),
  );
  assert.deepEqual(amounts, { SubTotal: '21.00', Total: '21.00', Conceptos: [{ Importe: '21.00' }] });
});

test('an explicit Base serves an IEPS Cuota per litre', () => {
  const amounts = amountsOf(
    computeTotals(
      {
        TipoDeComprobante: 'I',
        Conceptos: [
          { Cantidad: '10', ValorUnitario: '20', ObjetoImp: '02', Traslados: [{ Impuesto: '003', TipoFactor: 'Cuota', TasaOCuota: '6.4500', Base: '10' }] },
        ],
      },
      { currencyDecimals: 2 },
    ),
  );
  assert.deepEqual(amounts.Conceptos[0]?.Impuestos?.Traslados?.[0], {
    Base: '10',
    Impuesto: '003',
    TipoFactor: 'Cuota',
    TasaOCuota: '6.450000',
    Importe: '64.50',
  });
  assert.equal(amounts.Total, '264.50');
});

test('types T and P have SubTotal and Total 0', () => {
  const pago = amountsOf(
    computeTotals({ TipoDeComprobante: 'P', Conceptos: [{ Cantidad: '1', ValorUnitario: '0', ObjetoImp: '01' }] }, { currencyDecimals: 0 }),
  );
  assert.deepEqual(pago, { SubTotal: '0', Total: '0', Conceptos: [{ Importe: '0' }] });
  const traslado = amountsOf(
    computeTotals({ TipoDeComprobante: 'T', Conceptos: [{ Cantidad: '5', ValorUnitario: '100', ObjetoImp: '01' }] }, { currencyDecimals: 2 }),
  );
  assert.equal(traslado.SubTotal, '0.00');
  assert.equal(traslado.Total, '0.00');
  assert.deepEqual(
    codesOf(
      computeTotals(
        { TipoDeComprobante: 'T', Conceptos: [{ Cantidad: '1', ValorUnitario: '1', ObjetoImp: '02', Traslados: [IVA16] }] },
        { currencyDecimals: 2 },
      ),
    ),
    ['cfdi.taxes_not_allowed_for_tipo@Conceptos.0'],
  );
});

test('ObjetoImp 02 without taxes and 01/03/04 with taxes are field errors', () => {
  const result = computeTotals(
    {
      TipoDeComprobante: 'I',
      Conceptos: [
        { Cantidad: '1', ValorUnitario: '10', ObjetoImp: '02' },
        { Cantidad: '1', ValorUnitario: '10', ObjetoImp: '01', Traslados: [IVA16] },
        { Cantidad: '1', ValorUnitario: '10', ObjetoImp: '03', Traslados: [IVA16] },
        { Cantidad: '1', ValorUnitario: '10', ObjetoImp: '04', Retenciones: [ISR10] },
        { Cantidad: '1', ValorUnitario: '10', ObjetoImp: '09' },
      ],
    },
    { currencyDecimals: 2 },
  );
  assert.deepEqual(codesOf(result), [
    'cfdi.objeto_imp_02_without_taxes@Conceptos.0.ObjetoImp',
    'cfdi.objeto_imp_taxes_not_allowed@Conceptos.1.ObjetoImp',
    'cfdi.objeto_imp_taxes_not_allowed@Conceptos.2.ObjetoImp',
    'cfdi.objeto_imp_taxes_not_allowed@Conceptos.3.ObjetoImp',
    'cfdi.invalid_objeto_imp@Conceptos.4.ObjetoImp',
  ]);
});

test('tax specification errors are collected for every item, not only the first', () => {
  const result = computeTotals(
    {
      TipoDeComprobante: 'I',
      Conceptos: [
        { Cantidad: '1', ValorUnitario: '10', ObjetoImp: '02', Retenciones: [{ Impuesto: '002', TipoFactor: 'Exento' }] },
        { Cantidad: '1', ValorUnitario: '10', ObjetoImp: '02', Traslados: [{ Impuesto: '002', TipoFactor: 'Tasa' }] },
        { Cantidad: '1', ValorUnitario: '10', ObjetoImp: '02', Traslados: [{ Impuesto: '002', TipoFactor: 'Exento', TasaOCuota: '0.160000' }] },
        { Cantidad: '1', ValorUnitario: '10', ObjetoImp: '02', Traslados: [{ Impuesto: '001', TipoFactor: 'Tasa', TasaOCuota: '0.1' }] },
        { Cantidad: '1', ValorUnitario: '10', ObjetoImp: '02', Traslados: [{ Impuesto: '004', TipoFactor: 'Porcentaje', TasaOCuota: '0.1' }] },
        { Cantidad: '1', ValorUnitario: '10', ObjetoImp: '02', Traslados: [{ Impuesto: '002', TipoFactor: 'Tasa', TasaOCuota: '0.1600001' }] },
      ],
    },
    { currencyDecimals: 2 },
  );
  assert.deepEqual(codesOf(result), [
    'cfdi.retencion_exento@Conceptos.0.Retenciones.0.TipoFactor',
    'cfdi.missing_tax_rate@Conceptos.1.Traslados.0.TasaOCuota',
    'cfdi.exento_with_rate@Conceptos.2.Traslados.0.TasaOCuota',
    'cfdi.invalid_impuesto@Conceptos.3.Traslados.0.Impuesto',
    'cfdi.invalid_impuesto@Conceptos.4.Traslados.0.Impuesto',
    'cfdi.invalid_tipo_factor@Conceptos.4.Traslados.0.TipoFactor',
    'cfdi.invalid_tax_rate@Conceptos.5.Traslados.0.TasaOCuota',
  ]);
});

test('quantities, prices and discounts are checked with their own decimal limits', () => {
  const result = computeTotals(
    {
      TipoDeComprobante: 'I',
      Conceptos: [
        { Cantidad: '0', ValorUnitario: '0', ObjetoImp: '01' },
        { Cantidad: '1.1234567', ValorUnitario: '-1', ObjetoImp: '01' },
        { Cantidad: '1', ValorUnitario: '10', Descuento: '0.001', ObjetoImp: '01' },
        { Cantidad: '1', ValorUnitario: '10', Descuento: '10.01', ObjetoImp: '01' },
        { Cantidad: '1', ValorUnitario: '10', Descuento: '10', ObjetoImp: '02', Traslados: [IVA16] },
      ],
    },
    { currencyDecimals: 2 },
  );
  assert.deepEqual(codesOf(result), [
    'cfdi.cantidad_not_positive@Conceptos.0.Cantidad',
    'cfdi.valor_unitario_not_positive@Conceptos.0.ValorUnitario',
    'cfdi.invalid_amount@Conceptos.1.Cantidad',
    'cfdi.invalid_amount@Conceptos.1.ValorUnitario',
    'cfdi.invalid_amount@Conceptos.2.Descuento',
    'cfdi.descuento_exceeds_importe@Conceptos.3.Descuento',
    'cfdi.tax_base_not_positive@Conceptos.4.Traslados.0.Base',
  ]);
});

test('an empty draft, a negative Total and an invalid currency precision are rejected', () => {
  assert.deepEqual(codesOf(computeTotals({ TipoDeComprobante: 'I', Conceptos: [] }, { currencyDecimals: 2 })), ['cfdi.no_conceptos@Conceptos']);
  const negative = computeTotals(
    {
      TipoDeComprobante: 'I',
      Conceptos: [{ Cantidad: '1', ValorUnitario: '100', ObjetoImp: '02', Retenciones: [{ ...ISR10, TasaOCuota: '0.350000', Base: '1000' }] }],
    },
    { currencyDecimals: 2 },
  );
  assert.deepEqual(codesOf(negative), ['cfdi.negative_total@Conceptos']);
  assert.throws(() => computeTotals({ TipoDeComprobante: 'I', Conceptos: [] }, { currencyDecimals: 7 }), RangeError);
});

// ---- property tests -------------------------------------------------------------------------

const TAX_CHOICES: { traslados: TaxSpec[]; retenciones: TaxSpec[] }[] = [
  { traslados: [], retenciones: [] },
  { traslados: [IVA16], retenciones: [] },
  { traslados: [{ Impuesto: '002', TipoFactor: 'Tasa', TasaOCuota: '0.080000' }], retenciones: [] },
  { traslados: [{ Impuesto: '002', TipoFactor: 'Tasa', TasaOCuota: '0.000000' }], retenciones: [] },
  { traslados: [IVA_EXENTO], retenciones: [] },
  { traslados: [IVA16, { Impuesto: '003', TipoFactor: 'Tasa', TasaOCuota: '0.265000' }], retenciones: [] },
  { traslados: [IVA16], retenciones: [ISR10, { Impuesto: '002', TipoFactor: 'Tasa', TasaOCuota: '0.106667' }] },
  { traslados: [IVA_EXENTO], retenciones: [ISR10] },
];

/** A positive decimal string ≥ 1 with 0–6 decimals. */
const positiveDecimal = fc
  .tuple(fc.integer({ min: 1, max: 99_999 }), fc.integer({ min: 0, max: 999_999 }), fc.integer({ min: 0, max: 6 }))
  .map(([whole, fraction, places]) => (places === 0 ? String(whole) : `${whole}.${String(fraction).padStart(6, '0').slice(0, places)}`));

const conceptoArbitrary = (decimals: number): fc.Arbitrary<ConceptoDraft> =>
  fc
    .record({
      cantidad: positiveDecimal,
      valor: positiveDecimal,
      discountPercent: fc.option(fc.integer({ min: 0, max: 90 }), { nil: undefined }),
      taxes: fc.constantFrom(...TAX_CHOICES),
    })
    .map(({ cantidad, valor, discountPercent, taxes }) => {
      const concepto: ConceptoDraft = {
        Cantidad: cantidad,
        ValorUnitario: valor,
        ObjetoImp: taxes.traslados.length + taxes.retenciones.length > 0 ? '02' : '01',
      };
      if (discountPercent !== undefined) {
        const importe = new Decimal(cantidad).times(valor).toDecimalPlaces(decimals, Decimal.ROUND_HALF_UP);
        concepto.Descuento = importe.times(discountPercent).div(100).toDecimalPlaces(decimals, Decimal.ROUND_DOWN).toFixed(decimals);
      }
      if (taxes.traslados.length > 0) concepto.Traslados = taxes.traslados;
      if (taxes.retenciones.length > 0) concepto.Retenciones = taxes.retenciones;
      return concepto;
    });

const draftArbitrary = fc.constantFrom(0, 2, 3).chain((decimals) =>
  fc.tuple(
    fc.constant(decimals),
    fc
      .array(conceptoArbitrary(decimals), { minLength: 1, maxLength: 6 })
      .map((conceptos): ComprobanteDraft => ({ TipoDeComprobante: 'I', Conceptos: conceptos })),
  ),
);

test('property: Total = SubTotal − Descuento + traslados − retenciones, always', () => {
  fc.assert(
    fc.property(draftArbitrary, ([decimals, draft]) => {
      const amounts = amountsOf(computeTotals(draft, { currencyDecimals: decimals }));
      const expected = new Decimal(amounts.SubTotal)
        .minus(amounts.Descuento ?? 0)
        .plus(amounts.Impuestos?.TotalImpuestosTrasladados ?? 0)
        .minus(amounts.Impuestos?.TotalImpuestosRetenidos ?? 0);
      assert.ok(new Decimal(amounts.Total).eq(expected), `${amounts.Total} ≠ ${expected.toString()}`);
      assert.ok(new Decimal(amounts.SubTotal).eq(sum(amounts.Conceptos.map((concepto) => new Decimal(concepto.Importe)))));
    }),
    { numRuns: 300 },
  );
});

test('property: grouped taxes equal the sums of the item taxes', () => {
  fc.assert(
    fc.property(draftArbitrary, ([decimals, draft]) => {
      const amounts = amountsOf(computeTotals(draft, { currencyDecimals: decimals }));
      const items = amounts.Conceptos.flatMap((concepto) => concepto.Impuestos?.Traslados ?? []);
      for (const group of amounts.Impuestos?.Traslados ?? []) {
        const members = items.filter(
          (item) => item.Impuesto === group.Impuesto && item.TipoFactor === group.TipoFactor && item.TasaOCuota === group.TasaOCuota,
        );
        assert.ok(new Decimal(group.Base).eq(sum(members.map((item) => new Decimal(item.Base)))));
        if (group.Importe !== undefined) assert.ok(new Decimal(group.Importe).eq(sum(members.map((item) => new Decimal(item.Importe ?? 0)))));
      }
      const taxed = items.filter((item) => item.TipoFactor !== 'Exento');
      assert.equal(amounts.Impuestos?.TotalImpuestosTrasladados === undefined, taxed.length === 0);
      assert.ok(new Decimal(amounts.Impuestos?.TotalImpuestosTrasladados ?? 0).eq(sum(taxed.map((item) => new Decimal(item.Importe ?? 0)))));
      const withheld = amounts.Conceptos.flatMap((concepto) => concepto.Impuestos?.Retenciones ?? []);
      for (const group of amounts.Impuestos?.Retenciones ?? []) {
        const members = withheld.filter((item) => item.Impuesto === group.Impuesto);
        assert.ok(new Decimal(group.Importe).eq(sum(members.map((item) => new Decimal(item.Importe)))));
      }
    }),
    { numRuns: 300 },
  );
});

test('property: every computed amount has exactly the currency decimals and Exento never has Importe', () => {
  fc.assert(
    fc.property(draftArbitrary, ([decimals, draft]) => {
      const amounts = amountsOf(computeTotals(draft, { currencyDecimals: decimals }));
      const pattern = decimals === 0 ? /^[0-9]+$/ : new RegExp(`^[0-9]+\\.[0-9]{${decimals}}$`);
      const taxes = [
        ...(amounts.Impuestos?.Traslados ?? []),
        ...amounts.Conceptos.flatMap((concepto) => [...(concepto.Impuestos?.Traslados ?? []), ...(concepto.Impuestos?.Retenciones ?? [])]),
      ];
      const values = [
        amounts.SubTotal,
        amounts.Total,
        amounts.Descuento,
        amounts.Impuestos?.TotalImpuestosTrasladados,
        amounts.Impuestos?.TotalImpuestosRetenidos,
        ...(amounts.Impuestos?.Retenciones ?? []).map((retencion) => retencion.Importe),
        ...amounts.Conceptos.flatMap((concepto) => [concepto.Importe, concepto.Descuento]),
        ...taxes.flatMap((tax) => [tax.Base, tax.Importe]),
      ];
      for (const value of values) if (value !== undefined) assert.match(value, pattern);
      for (const tax of taxes) {
        if (tax.TipoFactor === 'Exento') {
          assert.equal(tax.Importe, undefined);
          assert.equal(tax.TasaOCuota, undefined);
        }
      }
    }),
    { numRuns: 300 },
  );
});

test('property: item amounts always fall inside the Anexo 20 tolerance limits', () => {
  fc.assert(
    fc.property(draftArbitrary, ([decimals, draft]) => {
      const amounts = amountsOf(computeTotals(draft, { currencyDecimals: decimals }));
      draft.Conceptos.forEach((concepto, index) => {
        const computed = amounts.Conceptos[index];
        assert.ok(computed);
        const limits = productLimits({ text: concepto.Cantidad }, { text: concepto.ValorUnitario }, decimals);
        assert.ok(withinLimits(new Decimal(computed.Importe), limits));
        for (const tax of [...(computed.Impuestos?.Traslados ?? []), ...(computed.Impuestos?.Retenciones ?? [])]) {
          if (tax.Importe === undefined || tax.TasaOCuota === undefined) continue;
          const taxLimits = productLimits({ text: tax.Base }, { text: tax.TasaOCuota, exact: true }, decimals);
          assert.ok(withinLimits(new Decimal(tax.Importe), taxLimits));
        }
      });
    }),
    { numRuns: 300 },
  );
});
