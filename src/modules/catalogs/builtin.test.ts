import fs from 'node:fs';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { satPath, skipWithoutShared } from '../../../test/support/shared.ts';
import { assembleCatalog } from './assemble.ts';
import { BUILTIN_CATALOGS } from './builtin/index.ts';
import { rowOfEntry } from './cfdi-lookup.ts';
import { parseCsv } from './csv.ts';
import { definitionOf } from './definitions.ts';
import { parseTable } from './parse-table.ts';

const builtin = (slug: Parameters<typeof definitionOf>[0]) => BUILTIN_CATALOGS.get(slug)!;
const withCsv = [...BUILTIN_CATALOGS.keys()].filter((slug) => slug !== 'motivo_cancelacion');

function csvRows(satName: string) {
  return parseCsv(fs.readFileSync(satPath('catalogs', `${satName}.csv`), 'utf8'));
}

test('every catalog the service needs without an import is built in, with its row count', () => {
  const counts = Object.fromEntries([...BUILTIN_CATALOGS].map(([slug, entries]) => [slug, entries.length]));
  assert.deepEqual(counts, {
    uso_cfdi: 24,
    regimen_fiscal: 19,
    forma_pago: 22,
    metodo_pago: 2,
    moneda: 183,
    impuesto: 3,
    tipo_factor: 3,
    tasa_o_cuota: 19,
    objeto_imp: 8,
    exportacion: 4,
    tipo_comprobante: 5,
    tipo_relacion: 7,
    periodicidad: 5,
    meses: 18,
    pais: 250,
    motivo_cancelacion: 4,
  });
  for (const [slug, entries] of BUILTIN_CATALOGS) {
    const definition = definitionOf(slug);
    assert.equal(definition.builtin, true, slug);
    for (const entry of entries) assert.match(entry.code, definition.codePattern, `${slug} ${entry.code}`);
    assert.equal(new Set(entries.map((entry) => entry.code)).size, entries.length, `${slug} has unique keys`);
  }
});

test('built-in rows carry the compatibility data the CFDI 4.0 rules need', () => {
  const uso = new Map(builtin('uso_cfdi').map((entry) => [entry.code, entry]));
  assert.deepEqual(uso.get('D01')!.data, {
    natural_person: true,
    legal_person: false,
    tax_regimes: ['605', '606', '608', '611', '612', '614', '607', '615', '625'],
  });
  assert.deepEqual(uso.get('CN01')!.data.tax_regimes, ['605']);
  const regimen = new Map(builtin('regimen_fiscal').map((entry) => [entry.code, entry]));
  assert.deepEqual(
    [regimen.get('601')!.data, regimen.get('612')!.data, regimen.get('626')!.data],
    [
      { natural_person: false, legal_person: true },
      { natural_person: true, legal_person: false },
      { natural_person: true, legal_person: true },
    ],
  );
  const moneda = new Map(builtin('moneda').map((entry) => [entry.code, entry.data.decimals]));
  assert.deepEqual([moneda.get('MXN'), moneda.get('JPY'), moneda.get('BHD'), moneda.get('CLF')], [2, 0, 3, 4]);
  assert.deepEqual(
    builtin('motivo_cancelacion').map((entry) => [entry.code, entry.data.requires_substitute]),
    [
      ['01', true],
      ['02', false],
      ['03', false],
      ['04', false],
    ],
  );
  assert.equal(builtin('objeto_imp').find((entry) => entry.code === '08')!.valid_from, '2024-12-13');
});

test('built-in catalogs equal the SAT catalog files row for row', { skip: skipWithoutShared }, () => {
  for (const slug of withCsv) {
    const definition = definitionOf(slug);
    const table = parseTable(definition, { source: `${definition.satName}.csv`, rows: csvRows(definition.satName), headerSearch: false });
    assert.deepEqual(assembleCatalog(definition, [table]), builtin(slug), definition.satName);
  }
});

test("the CFDI engine sees built-in rows with the SAT export's columns and values", { skip: skipWithoutShared }, () => {
  // Lists compare item by item: the export writes "601, 603" and the engine splits on commas.
  const normalise = (value: string) =>
    value
      .split(',')
      .map((item) => item.trim())
      .join(',');
  for (const slug of withCsv) {
    const { satName } = definitionOf(slug);
    const [header, ...rows] = csvRows(satName);
    const columns = header!.cells;
    const entries = builtin(slug);
    for (const row of rows) {
      const expected = Object.fromEntries(columns.map((column, index) => [column, normalise(row.cells[index]!)]));
      const engineRow =
        slug === 'tasa_o_cuota'
          ? entries
              .map(rowOfEntry)
              .find(
                (candidate) =>
                  candidate.valor === expected.valor &&
                  candidate.impuesto === expected.impuesto &&
                  candidate.factor === expected.factor &&
                  candidate.tipo === expected.tipo,
              )
          : rowOfEntry(entries.find((entry) => entry.code === expected.id)!);
      assert.ok(engineRow, `${satName} ${JSON.stringify(expected)}`);
      for (const column of columns) assert.equal(normalise(engineRow[column] ?? ''), expected[column], `${satName} ${expected.id ?? expected.valor} ${column}`);
    }
  }
});
