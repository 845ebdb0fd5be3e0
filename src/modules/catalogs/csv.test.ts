import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CsvSyntaxError, parseCsv } from './csv.ts';

test('quoted fields keep commas, doubled quotes and line breaks', () => {
  const rows = parseCsv('id,texto\n02,"Cheque, ""nominativo"""\n03,"dos\nlíneas"\n');
  assert.deepEqual(rows, [
    { line: 1, cells: ['id', 'texto'] },
    { line: 2, cells: ['02', 'Cheque, "nominativo"'] },
    { line: 3, cells: ['03', 'dos\nlíneas'] },
  ]);
});

test('CRLF and LF line ends, a UTF-8 BOM and a missing final newline read the same', () => {
  const expected = [
    ['id', 'texto'],
    ['MXN', 'Peso Mexicano'],
    ['USD', 'Dólar americano'],
  ];
  for (const text of [
    'id,texto\nMXN,Peso Mexicano\nUSD,Dólar americano\n',
    '\ufeffid,texto\r\nMXN,Peso Mexicano\r\nUSD,Dólar americano',
    'id,texto\r\nMXN,Peso Mexicano\nUSD,Dólar americano\r\n',
  ]) {
    assert.deepEqual(
      parseCsv(text).map((row) => row.cells),
      expected,
    );
  }
});

test('empty fields, trailing empty fields and blank lines', () => {
  const rows = parseCsv('a,b,c\n1,,\n\n,2,""\n');
  assert.deepEqual(
    rows.map((row) => [row.line, row.cells]),
    [
      [1, ['a', 'b', 'c']],
      [2, ['1', '', '']],
      [4, ['', '2', '']],
    ],
  );
});

test('a quote inside an unquoted field, text after a closing quote and an unclosed quote are errors with a line', () => {
  assert.throws(
    () => parseCsv('id,texto\n01,Efec"tivo\n'),
    (error: unknown) => error instanceof CsvSyntaxError && error.line === 2,
  );
  assert.throws(
    () => parseCsv('id,texto\n01,"Efectivo"x\n'),
    (error: unknown) => error instanceof CsvSyntaxError && /after a closing quote/.test(error.message),
  );
  assert.throws(
    () => parseCsv('id,texto\n01,ok\n02,"never closed\n'),
    (error: unknown) => error instanceof CsvSyntaxError && error.line === 3,
  );
});
