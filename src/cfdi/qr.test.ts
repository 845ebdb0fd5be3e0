import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { Comprobante40, FormatTotal18x6 } from '@nodecfdi/cfdi-expresiones';
import { skipWithoutShared } from '../../test/support/shared.ts';
import { cfdi40Samples, readSample } from '../../test/support/sat-samples.ts';
import { parseCfdi } from './parse.ts';
import {
  consultaExpresionImpresa,
  formatVerificationRfc,
  formatVerificationTotal,
  verificationExpression,
  verificationExpressionFor,
  verificationInput,
} from './qr.ts';

test('the real CSM190311AH6 invoice gives the expression phpcfdi/cfdi-expresiones verified', { skip: skipWithoutShared }, () => {
  const { comprobante } = parseCfdi(readSample('real/I_CSM190311AH6_2022-01-12_real.xml'));
  assert.equal(
    verificationExpressionFor(comprobante),
    'https://verificacfdi.facturaelectronica.sat.gob.mx/default.aspx?id=04BF2854-FE7D-4377-9196-71248F060ABB&re=CSM190311AH6&rr=MCI7306249Y1&tt=459.36&fe=5tSZhA==',
  );
});

test('every stamped sample matches @nodecfdi/cfdi-expresiones’ CFDI 4.0 formatting', { skip: skipWithoutShared }, () => {
  const reference = new Comprobante40();
  const stamped = cfdi40Samples.filter((sample) => sample.tfd !== undefined);
  assert.ok(stamped.length >= 8);
  for (const sample of stamped) {
    const { comprobante } = parseCfdi(readSample(sample.file));
    const input = verificationInput(comprobante)!;
    const expected = reference.format({ id: input.uuid, re: input.rfcEmisor, rr: input.rfcReceptor, tt: input.total, fe: input.sello });
    assert.equal(verificationExpression(input), expected, sample.file);
    assert.equal(consultaExpresionImpresa(input), expected);
  }
});

test('an unstamped comprobante has no verification expression', { skip: skipWithoutShared }, () => {
  const { comprobante } = parseCfdi(readSample('sealed-no-tfd/E_EKU9003173C9_2025-03-03_generated.xml'));
  assert.equal(verificationExpressionFor(comprobante), undefined);
});

test('tt keeps up to six decimals, drops trailing zeros and keeps at least one decimal', () => {
  const cases: [string, string][] = [
    ['459.36', '459.36'],
    ['1000.00', '1000.0'],
    ['1000', '1000.0'],
    ['0', '0.0'],
    ['0.00', '0.0'],
    ['0.000001', '0.000001'],
    ['12.3456789', '12.345679'],
    ['00012.50', '12.5'],
    ['999999999999999999.999999', '999999999999999999.999999'],
    ['123456789012345678.120000', '123456789012345678.12'],
  ];
  for (const [input, expected] of cases) assert.equal(formatVerificationTotal(input), expected, input);
  for (const bad of ['', '-1.00', '1,000.00', 'abc', '1e5']) assert.throws(() => formatVerificationTotal(bad), RangeError);
});

test('tt equals the reference formatter wherever its float arithmetic is exact', () => {
  const reference = new FormatTotal18x6();
  const amount = fc
    .tuple(fc.bigInt({ min: 0n, max: 999_999_999n }), fc.integer({ min: 0, max: 6 }), fc.bigInt({ min: 0n, max: 999_999n }))
    .map(([integer, decimals, fraction]) => (decimals === 0 ? `${integer}` : `${integer}.${fraction.toString().padStart(6, '0').slice(0, decimals)}`));
  fc.assert(
    fc.property(amount, (text) => formatVerificationTotal(text) === reference.formatTotal(text)),
    { numRuns: 2000 },
  );
});

test('re/rr escape & as &amp; and keep Ñ', () => {
  assert.equal(formatVerificationRfc('H&E951128469'), 'H&amp;E951128469');
  assert.equal(formatVerificationRfc('OÑO120726RX3'), 'OÑO120726RX3');
  const expression = verificationExpression({
    uuid: 'ABC',
    rfcEmisor: 'H&E951128469',
    rfcReceptor: 'OÑO120726RX3',
    total: '1160.00',
    sello: 'abcdefghijKLMNOPQR==',
  });
  assert.equal(expression, 'https://verificacfdi.facturaelectronica.sat.gob.mx/default.aspx?id=ABC&re=H&amp;E951128469&rr=OÑO120726RX3&tt=1160.0&fe=MNOPQR==');
  const reference = new Comprobante40().format({ id: 'ABC', re: 'H&E951128469', rr: 'OÑO120726RX3', tt: '1160.00', fe: 'abcdefghijKLMNOPQR==' });
  assert.equal(expression, reference);
});
