import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CompactTable } from './compact-table.ts';
import type { CatalogEntry } from './lookup.ts';
import { ColumnarTable, indexOfTables } from './memory-lookup.ts';

const pedimentos: CatalogEntry[] = [
  {
    code: '47-3420-2024',
    description: '',
    valid_from: '2024-01-01',
    valid_to: null,
    data: { aduana: '47', patente: '3420', ejercicio: '2024', cantidad: 999_999 },
  },
  {
    code: '01-1001-2023',
    description: '',
    valid_from: '2023-01-01',
    valid_to: '2023-12-31',
    data: { aduana: '01', patente: '1001', ejercicio: '2023', cantidad: 500 },
  },
  {
    code: '16-3577-2024',
    description: '',
    valid_from: '2024-01-01',
    valid_to: null,
    data: { aduana: '16', patente: '3577', ejercicio: '2024', cantidad: 120 },
  },
];

function sealed(table: CompactTable, entries: readonly CatalogEntry[]): CompactTable {
  for (const entry of entries) table.add(entry);
  return table.seal();
}

test('a compact table finds every code it was given (in any order) by binary search, and no other', () => {
  const table = sealed(new CompactTable({ description: false, fields: ['cantidad'] }), pedimentos);
  assert.equal(table.size, 3);
  for (const entry of pedimentos) assert.equal(table.get(entry.code)?.code, entry.code);
  for (const absent of ['', '01-1001-202', '01-1001-20230', '00-0000-0000', '99-9999-9999', '16-3577-2023']) assert.equal(table.indexOf(absent), -1, absent);
  assert.deepEqual(
    table.entries().map((entry) => entry.code),
    ['01-1001-2023', '16-3577-2024', '47-3420-2024'],
  );
});

test('a compact table finds codes of different lengths and keeps more than 256 distinct values of a field', () => {
  const rows: CatalogEntry[] = Array.from({ length: 70_000 }, (_, index) => ({
    code: `K${index}`,
    description: '',
    valid_from: null,
    valid_to: null,
    data: { cantidad: index },
  }));
  const table = sealed(new CompactTable({ description: false, fields: ['cantidad'] }), rows);
  for (const index of [0, 9, 10, 255, 256, 65_535, 65_536, 69_999]) assert.equal(table.field(`K${index}`, 'cantidad'), index, `K${index}`);
  for (const absent of ['K', 'K70000', 'K00', 'J1', 'L1']) assert.equal(table.indexOf(absent), -1, absent);
});

test('a compact table keeps each row validity and only the fields of its projection', () => {
  const table = sealed(new CompactTable({ description: false, fields: ['cantidad'] }), pedimentos);
  assert.deepEqual(table.get('01-1001-2023'), {
    code: '01-1001-2023',
    description: '',
    valid_from: '2023-01-01',
    valid_to: '2023-12-31',
    data: { cantidad: 500 },
  });
  assert.equal(table.field('16-3577-2024', 'cantidad'), 120);
  assert.equal(table.field('16-3577-2024', 'patente'), undefined);
  assert.equal(table.field('16-3577-2025', 'cantidad'), undefined);
});

test('a compact table keeps descriptions beyond Latin-1 intact when its projection keeps them', () => {
  const products: CatalogEntry[] = [
    { code: '10101500', description: 'Animales vivos de granja', valid_from: '2019-01-07', valid_to: null, data: { similar_words: 'ganado' } },
    { code: '01010101', description: 'No existe en el catálogo', valid_from: '2019-01-07', valid_to: null, data: {} },
    { code: '43211500', description: 'Computadores “portátiles” – equipos', valid_from: '2019-01-07', valid_to: null, data: {} },
  ];
  const table = sealed(new CompactTable({ description: true, fields: [] }), products);
  assert.deepEqual(
    table.entries().map((entry) => [entry.code, entry.description, entry.data]),
    [
      ['01010101', 'No existe en el catálogo', {}],
      ['10101500', 'Animales vivos de granja', {}],
      ['43211500', 'Computadores “portátiles” – equipos', {}],
    ],
  );
});

test('the rules read a compact catalog as they read a columnar one: existence, validity and a field', () => {
  const columnar = new ColumnarTable();
  for (const entry of pedimentos) columnar.add(entry);
  const full = indexOfTables(new Map([['num_pedimento_aduana', columnar.seal()]]));
  const compact = indexOfTables(new Map([['num_pedimento_aduana', sealed(new CompactTable({ description: false, fields: ['cantidad'] }), pedimentos)]]));
  for (const code of ['01-1001-2023', '16-3577-2024', '47-3420-2024', '16-3577-2023', '1-1001-2023']) {
    for (const date of [undefined, '2023-06-01', '2024-06-01']) {
      const [expected, actual] = [full.check('num_pedimento_aduana', code, date), compact.check('num_pedimento_aduana', code, date)];
      assert.equal(actual.status, expected.status, `${code} ${date}`);
      if ('entry' in actual && 'entry' in expected) assert.equal(actual.entry.data.cantidad, expected.entry.data.cantidad);
    }
    assert.equal(compact.has('num_pedimento_aduana', code), full.has('num_pedimento_aduana', code));
  }
});

test('a compact table refuses rows once sealed', () => {
  const table = sealed(new CompactTable({ description: false, fields: [] }), pedimentos);
  assert.throws(() => table.add(pedimentos[0]!), /sealed/);
});
