import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as XLSX from '@e965/xlsx';
import { openTestDatabase } from '../../../test/support/database.ts';
import { ManualClock } from '../../platform/clock.ts';
import type { DatabaseHandle } from '../../platform/db/database.ts';
import { migrate } from '../../platform/db/migrate.ts';
import { createCatalogStore, type CatalogStore } from './catalog-store.ts';
import { importCatalogs } from './import-catalogs.ts';
import { CatalogImportError } from './parse-table.ts';
import { findEntry } from './repository.ts';
import { readWorkbook } from './workbook.ts';

// A date cell as the SAT writes it: an Excel serial number with a date format.
const JAN_1_2022 = { t: 'n', v: 44562, z: 'dd/mm/yyyy' };
const RATE = (value: number) => ({ t: 'n', v: value, z: '0.000000' });

/** Sheets laid out like the SAT's catCFDI workbook: title rows, then a header of one or two rows. */
function satLikeWorkbook(): XLSX.WorkBook {
  const workbook = XLSX.utils.book_new();
  const add = (name: string, rows: unknown[][]) => XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(rows), name);
  add('Notas', [['Catálogos del CFDI versión 4.0'], ['Fecha de publicación', JAN_1_2022]]);
  add('c_UsoCFDI', [
    ['Catálogo de uso de comprobantes.'],
    [],
    ['Versión', '1.0', 'Revisión', '0'],
    ['c_UsoCFDI', 'Descripción', 'Aplica para tipo persona', '', 'Fecha inicio de vigencia', 'Fecha fin de vigencia', 'Régimen Fiscal Receptor'],
    ['', '', 'Física', 'Moral', '', '', ''],
    ['G03', 'Gastos en general.', 'Sí', 'Sí', JAN_1_2022, '', '601, 603, 606, 612, 620, 621, 622, 623, 624, 625, 626'],
    ['D01', 'Honorarios médicos, dentales y gastos hospitalarios.', 'Sí', 'No', JAN_1_2022, '', '605, 606, 608, 611, 612, 614, 607, 615, 625'],
  ]);
  add('c_TasaOCuota', [
    ['Catálogo de tasas o cuotas de impuestos.'],
    ['Rango o Fijo', 'c_TasaOCuota', '', 'Impuesto', 'Factor', 'Traslado', 'Retención', 'Fecha inicio de vigencia', 'Fecha fin de vigencia'],
    ['', 'Valor mínimo', 'Valor máximo', '', '', '', '', '', ''],
    ['Fijo', '', RATE(0.16), 'IVA', 'Tasa', 'Sí', 'No', JAN_1_2022, ''],
    ['Rango', RATE(0), RATE(0.16), 'IVA', 'Tasa', 'No', 'Sí', JAN_1_2022, ''],
  ]);
  const postalHeader = [
    'c_CodigoPostal',
    'c_Estado',
    'c_Municipio',
    'c_Localidad',
    'Estímulo Franja Fronteriza',
    'Fecha inicio de vigencia',
    'Fecha fin de vigencia',
    'Descripción del Huso Horario',
  ];
  add('c_CodigoPostal_Parte_1', [
    ['Catálogo de códigos postales.'],
    postalHeader,
    [1000, 'CMX', 10, 1, 0, JAN_1_2022, '', 'Tiempo del Centro'],
    ['22000', 'BCN', '004', '01', 1, JAN_1_2022, '', 'Tiempo del Noroeste'],
  ]);
  add('c_CodigoPostal_Parte_2', [
    ['Catálogo de códigos postales.'],
    postalHeader,
    ['83000', 'SON', '030', '01', 0, JAN_1_2022, '', 'Tiempo del Pacífico Sonora'],
  ]);
  for (const sheetName of workbook.SheetNames) {
    const sheet = workbook.Sheets[sheetName]!;
    for (const address of Object.keys(sheet)) {
      const cell = sheet[address] as XLSX.CellObject & { v?: unknown };
      if (cell && typeof cell.v === 'object' && cell.v !== null && 't' in cell.v) sheet[address] = cell.v as XLSX.CellObject;
    }
  }
  return workbook;
}

describe('importing the SAT catalog workbook', () => {
  let database: DatabaseHandle;
  let store: CatalogStore;
  let folder: string;
  const clock = new ManualClock('2026-07-15T12:00:00Z');

  before(async () => {
    database = await openTestDatabase();
    await migrate(database);
    store = await createCatalogStore(database.db, { clock });
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'catalog-workbook-'));
    const workbook = satLikeWorkbook();
    fs.writeFileSync(path.join(folder, 'catCFDI_V_4_20260806.xlsx'), XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx' }));
    fs.writeFileSync(path.join(folder, 'catCFDI_V_4_20260806.xls'), XLSX.write(workbook, { type: 'buffer', bookType: 'biff8' }));
  });
  after(() => database.close());

  test('cells read as a CSV export would hold them: dates from serials, rates with their six decimals', async () => {
    const sheets = await readWorkbook(path.join(folder, 'catCFDI_V_4_20260806.xls'));
    assert.deepEqual(
      sheets.map((sheet) => sheet.name),
      ['Notas', 'c_UsoCFDI', 'c_TasaOCuota', 'c_CodigoPostal_Parte_1', 'c_CodigoPostal_Parte_2'],
    );
    const rates = sheets[2]!.rows;
    assert.deepEqual(rates[3], { line: 4, cells: ['Fijo', '', '0.160000', 'IVA', 'Tasa', 'Sí', 'No', '2022-01-01', ''] });
  });

  test('an .xlsx workbook imports every catalog sheet; Parte 1 and Parte 2 form one c_CodigoPostal', async () => {
    const report = await importCatalogs(database.db, path.join(folder, 'catCFDI_V_4_20260806.xlsx'), { clock });
    assert.deepEqual(
      report.catalogs.map((change) => [change.catalog, change.status, change.rows]),
      [
        ['uso_cfdi', 'updated', 2],
        ['tasa_o_cuota', 'updated', 2],
        ['codigo_postal', 'created', 3],
      ],
    );
    assert.deepEqual(report.skipped, [{ source: 'catCFDI_V_4_20260806.xlsx [Notas]', reason: 'not a catalog this service keeps.' }]);
    await store.refresh();
    assert.deepEqual(store.index.get('uso_cfdi', 'D01'), {
      code: 'D01',
      description: 'Honorarios médicos, dentales y gastos hospitalarios.',
      valid_from: '2022-01-01',
      valid_to: null,
      data: { natural_person: true, legal_person: false, tax_regimes: ['605', '606', '608', '611', '612', '614', '607', '615', '625'] },
    });
    assert.deepEqual(
      store.index.entries('tasa_o_cuota').map((entry) => entry.code),
      ['iva-tasa-0.000000-0.160000', 'iva-tasa-0.160000'],
    );
    // Memory holds a postal code's time zone; every other column is read from the database.
    assert.deepEqual(
      store.index.entries('codigo_postal').map((entry) => [entry.code, entry.data.time_zone]),
      [
        ['01000', 'America/Mexico_City'],
        ['22000', 'America/Tijuana'],
        ['83000', 'America/Hermosillo'],
      ],
    );
    assert.deepEqual(
      await Promise.all(['01000', '22000', '83000'].map(async (code) => (await findEntry(database.db, 'codigo_postal', code))?.data.municipality)),
      ['010', '004', '030'],
    );
  });

  test("the SAT's .xls (BIFF8) format reads to exactly the same catalogs", async () => {
    const report = await importCatalogs(database.db, path.join(folder, 'catCFDI_V_4_20260806.xls'), { clock });
    assert.deepEqual(
      report.catalogs.map((change) => change.status),
      ['unchanged', 'unchanged', 'unchanged'],
    );
  });

  test('a file that is not a workbook, or a workbook without catalog sheets, is rejected', async () => {
    const fake = path.join(folder, 'broken.xlsx');
    fs.writeFileSync(fake, 'PK\u0003\u0004 not really a zip');
    await assert.rejects(
      importCatalogs(database.db, fake, { clock }),
      (error: unknown) => error instanceof CatalogImportError && /broken\.xlsx: not a readable Excel workbook/.test(error.message),
    );
    const empty = path.join(folder, 'notas.xlsx');
    const workbook = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet([['nada']]), 'Notas');
    fs.writeFileSync(empty, XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx' }));
    await assert.rejects(
      importCatalogs(database.db, empty, { clock }),
      (error: unknown) => error instanceof CatalogImportError && /no sheet is named after a catalog/.test(error.message),
    );
  });
});
