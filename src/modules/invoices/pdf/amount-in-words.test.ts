import assert from 'node:assert/strict';
import { test } from 'node:test';
import { amountInWords, numberToSpanishWords } from './amount-in-words.ts';

test('amounts in pesos are written in words with the cents as XX/100 M.N.', () => {
  const cases: [string, string][] = [
    ['0', 'CERO PESOS 00/100 M.N.'],
    ['1', 'UN PESO 00/100 M.N.'],
    ['15', 'QUINCE PESOS 00/100 M.N.'],
    ['21', 'VEINTIÚN PESOS 00/100 M.N.'],
    ['100', 'CIEN PESOS 00/100 M.N.'],
    ['101', 'CIENTO UN PESOS 00/100 M.N.'],
    ['1000', 'MIL PESOS 00/100 M.N.'],
    ['1001', 'MIL UN PESOS 00/100 M.N.'],
    ['21000', 'VEINTIÚN MIL PESOS 00/100 M.N.'],
    ['1000000', 'UN MILLÓN DE PESOS 00/100 M.N.'],
    ['2500000.50', 'DOS MILLONES QUINIENTOS MIL PESOS 50/100 M.N.'],
    ['999999999.99', 'NOVECIENTOS NOVENTA Y NUEVE MILLONES NOVECIENTOS NOVENTA Y NUEVE MIL NOVECIENTOS NOVENTA Y NUEVE PESOS 99/100 M.N.'],
    ['1160.00', 'MIL CIENTO SESENTA PESOS 00/100 M.N.'],
  ];
  for (const [amount, words] of cases) assert.equal(amountInWords(amount, 'MXN'), words, amount);
});

test('dollars are DÓLARES with the code USD after the fraction', () => {
  assert.equal(amountInWords('1160.00', 'USD'), 'MIL CIENTO SESENTA DÓLARES 00/100 USD');
  assert.equal(amountInWords('1.00', 'USD'), 'UN DÓLAR 00/100 USD');
  assert.equal(amountInWords('31.07', 'USD'), 'TREINTA Y UN DÓLARES 07/100 USD');
});

test('a feminine currency makes one and the hundreds agree', () => {
  assert.equal(amountInWords('201', 'GBP'), 'DOSCIENTAS UNA LIBRAS ESTERLINAS 00/100 GBP');
  assert.equal(amountInWords('1', 'GBP'), 'UNA LIBRA ESTERLINA 00/100 GBP');
  assert.equal(amountInWords('3000000', 'GBP'), 'TRES MILLONES DE LIBRAS ESTERLINAS 00/100 GBP');
});

test('a currency without a known noun is named by its code', () => {
  assert.equal(amountInWords('21.5', 'BRL'), 'VEINTIUNO 50/100 BRL');
});

test('cents beyond two decimals round half-up, carrying into the integer part', () => {
  assert.equal(amountInWords('10.005', 'MXN'), 'DIEZ PESOS 01/100 M.N.');
  assert.equal(amountInWords('999.999', 'MXN'), 'MIL PESOS 00/100 M.N.');
  assert.equal(amountInWords('0.5', 'MXN'), 'CERO PESOS 50/100 M.N.');
});

test('the long scale reaches the 18 integer digits of t_Importe', () => {
  assert.equal(numberToSpanishWords(1_000_000_000n), 'MIL MILLONES');
  assert.equal(numberToSpanishWords(1_001_000_000n), 'MIL UN MILLONES');
  assert.equal(numberToSpanishWords(21_000_000n), 'VEINTIÚN MILLONES');
  assert.equal(numberToSpanishWords(1_000_000_000_000n), 'UN BILLÓN');
  assert.equal(
    numberToSpanishWords(999_999_999_999_999_999n),
    'NOVECIENTOS NOVENTA Y NUEVE MIL NOVECIENTOS NOVENTA Y NUEVE BILLONES NOVECIENTOS NOVENTA Y NUEVE MIL NOVECIENTOS NOVENTA Y NUEVE MILLONES NOVECIENTOS NOVENTA Y NUEVE MIL NOVECIENTOS NOVENTA Y NUEVE',
  );
  assert.equal(amountInWords('5000000000000.00', 'MXN'), 'CINCO BILLONES DE PESOS 00/100 M.N.');
  assert.throws(() => numberToSpanishWords(10n ** 18n), RangeError);
});

test('counting words keep the full form of one', () => {
  const expected: [number, string][] = [
    [0, 'CERO'],
    [1, 'UNO'],
    [16, 'DIECISÉIS'],
    [21, 'VEINTIUNO'],
    [22, 'VEINTIDÓS'],
    [30, 'TREINTA'],
    [41, 'CUARENTA Y UNO'],
    [100, 'CIEN'],
    [115, 'CIENTO QUINCE'],
    [500, 'QUINIENTOS'],
    [777, 'SETECIENTOS SETENTA Y SIETE'],
    [1001, 'MIL UNO'],
    [21_000, 'VEINTIÚN MIL'],
    [100_000, 'CIEN MIL'],
    [101_000, 'CIENTO UN MIL'],
  ];
  for (const [value, words] of expected) assert.equal(numberToSpanishWords(value), words, String(value));
});

test('negative or malformed amounts are refused', () => {
  assert.throws(() => amountInWords('-1', 'MXN'), RangeError);
  assert.throws(() => amountInWords('1e3', 'MXN'), RangeError);
  assert.throws(() => amountInWords('', 'MXN'), RangeError);
});
