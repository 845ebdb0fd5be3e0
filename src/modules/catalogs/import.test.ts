import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { openTestDatabase } from '../../../test/support/database.ts';
import { ManualClock } from '../../platform/clock.ts';
import type { DatabaseHandle } from '../../platform/db/database.ts';
import { migrate } from '../../platform/db/migrate.ts';
import { createCatalogStore, seedBuiltinCatalogs, type CatalogStore } from './catalog-store.ts';
import { importCatalogs } from './import-catalogs.ts';
import { CatalogImportError } from './parse-table.ts';
import { activeCatalogs } from './repository.ts';

const UNITS =
  'id,texto,descripcion,notas,vigencia_desde,vigencia_hasta,simbolo\nH87,Pieza,Unidad contable,,2022-01-01,,\nE48,Unidad de servicio,,,2022-01-01,,\n';
const MONEDA_HEADER = 'id,texto,decimales,porcentaje_variacion,vigencia_desde,vigencia_hasta';

function directory(files: Record<string, string | Buffer>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'catalogs-'));
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), content);
  }
  return root;
}

describe('catalog imports', () => {
  let database: DatabaseHandle;
  let store: CatalogStore;
  const clock = new ManualClock('2026-07-15T12:00:00Z');
  const versionOf = async (slug: string) => (await activeCatalogs(database.db)).find((row) => row.slug === slug);
  const rejected = (message: RegExp) => (error: unknown) => error instanceof CatalogImportError && message.test(error.message);

  before(async () => {
    database = await openTestDatabase();
    await migrate(database);
    store = await createCatalogStore(database.db, { clock });
  });
  after(() => database.close());

  test('a fresh database gets every built-in catalog as version 1, and seeding again changes nothing', async () => {
    const active = await activeCatalogs(database.db);
    assert.equal(active.length, 16);
    assert.ok(active.every((row) => row.version === 1 && row.origin === 'builtin'));
    assert.deepEqual(await seedBuiltinCatalogs(database.db, clock.now()), []);
    assert.equal(store.index.isLoaded('uso_cfdi'), true);
    assert.equal(store.index.isLoaded('clave_unidad'), false);
  });

  test('a CSV import creates a version, an update reports what changed, and the store picks it up', async () => {
    const first = await importCatalogs(database.db, directory({ 'c_ClaveUnidad.csv': UNITS }), { clock });
    assert.deepEqual(
      first.catalogs.map((change) => [change.catalog, change.status, change.version, change.rows, change.added]),
      [['clave_unidad', 'created', 1, 2, 2]],
    );
    assert.equal(await store.refresh(), true);
    assert.equal(store.index.get('clave_unidad', 'H87')?.data.details, 'Unidad contable');

    const changed = UNITS.replace('Unidad de servicio', 'Unidad de servicio (actualizada)').replace('E48', 'ACT') + 'XBX,Caja,,,2022-01-01,2023-06-30,\n';
    const second = await importCatalogs(database.db, directory({ 'c_ClaveUnidad.csv': changed.replace(/\n/g, '\r\n') }), { clock });
    assert.deepEqual(
      second.catalogs.map((change) => [change.status, change.previous_version, change.version, change.rows, change.added, change.removed, change.changed]),
      [['updated', 1, 2, 3, 2, 1, 0]],
    );
    await store.refresh();
    assert.equal(store.index.has('clave_unidad', 'E48'), false);
    assert.equal(store.index.get('clave_unidad', 'XBX')?.valid_to, '2023-06-30');
    const rows = await sql<{ version: number }>`SELECT DISTINCT version FROM catalog_entries WHERE slug = 'clave_unidad'`.execute(database.db);
    assert.deepEqual(rows.rows, [{ version: 2 }], "the superseded version's rows are gone");
  });

  test('a malformed file rejects the whole import and every previous version stays active', async () => {
    const before = await activeCatalogs(database.db);
    const badMoneda = `${MONEDA_HEADER}\nMXN,Peso Mexicano,2,5,2022-01-01,\nUSD,Dólar,2.5,5,2022-01-01,\n`;
    const goodUnits = `${UNITS}KGM,Kilogramo,,,2022-01-01,,kg\n`;
    await assert.rejects(
      importCatalogs(database.db, directory({ 'c_ClaveUnidad.csv': goodUnits, 'c_Moneda.csv': badMoneda }), { clock }),
      rejected(/c_Moneda\.csv, line 3, column 'decimals': '2\.5' is not a whole number/),
    );
    await assert.rejects(
      importCatalogs(database.db, directory({ 'c_Moneda.csv': 'id;texto;decimales\nMXN;Peso;2\n' }), { clock }),
      rejected(/no header row naming the c_Moneda column/),
    );
    await assert.rejects(
      importCatalogs(database.db, directory({ 'c_Moneda.csv': `${MONEDA_HEADER}\nMXN,"Peso,2,5,2022-01-01,\n` }), { clock }),
      rejected(/c_Moneda\.csv, line 2: a quoted field is never closed/),
    );
    await assert.rejects(
      importCatalogs(
        database.db,
        directory({ 'c_Moneda.csv': Buffer.from(`${MONEDA_HEADER}\nMXN,Peso Mexicano,2,5,2022-01-01,\nEUR,Euro \xa4,2,5,2022-01-01,\n`, 'latin1') }),
        { clock },
      ),
      rejected(/not UTF-8 text/),
    );
    assert.deepEqual(await activeCatalogs(database.db), before);
    await store.refresh();
    assert.equal(store.index.has('clave_unidad', 'KGM'), false);
    assert.equal(store.index.currencyDecimals('USD'), 2);
  });

  test('a watching store picks up an import made elsewhere without being asked', async () => {
    const stop = store.watch(20);
    try {
      await importCatalogs(
        database.db,
        directory({ 'c_Estado.csv': 'estado,pais,texto,vigencia_desde,vigencia_hasta\nAGU,MEX,Aguascalientes,2022-01-01,\n' }),
        { clock },
      );
      const deadline = Date.now() + 5_000;
      while (!store.index.isLoaded('estado') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
      assert.equal(store.index.get('estado', 'AGU')?.data.country, 'MEX');
    } finally {
      stop();
    }
  });

  test('paths that hold no catalog are rejected with a clear message', async () => {
    await assert.rejects(importCatalogs(database.db, path.join(os.tmpdir(), 'no-such-catalogs'), { clock }), rejected(/no such file or directory/));
    const unknown = directory({ 'c_Municipios2.csv': 'municipio,estado,texto\n001,AGU,Aguascalientes\n', 'notes.txt': 'hello' });
    await assert.rejects(
      importCatalogs(database.db, path.join(unknown, 'c_Municipios2.csv'), { clock }),
      rejected(/c_Municipios2\.csv: not named after a catalog/),
    );
    await assert.rejects(importCatalogs(database.db, unknown, { clock }), rejected(/no catalog files found/));
  });

  test('a dry run reports the changes and writes nothing', async () => {
    const before = await activeCatalogs(database.db);
    const moneda = `${MONEDA_HEADER}\nMXN,Peso Mexicano,2,5,2022-01-01,\nUSD,Dólar americano,2,5,2022-01-01,\n`;
    const report = await importCatalogs(database.db, directory({ 'c_Moneda.csv': moneda }), { clock, dryRun: true });
    assert.equal(report.dry_run, true);
    assert.deepEqual(
      report.catalogs.map((change) => [change.catalog, change.status, change.version, change.rows, change.removed]),
      [['moneda', 'updated', 2, 2, 181]],
    );
    assert.deepEqual(await activeCatalogs(database.db), before);
  });

  test('an imported update of a built-in catalog is kept when the built-in data is seeded again', async () => {
    const moneda = `${MONEDA_HEADER}\nMXN,Peso Mexicano,2,5,2022-01-01,\nUSD,Dólar americano,2,5,2022-01-01,\nXTS,Moneda de prueba,3,5,2026-07-01,\n`;
    await importCatalogs(database.db, directory({ 'c_Moneda.csv': moneda }), { clock });
    const changes = await seedBuiltinCatalogs(database.db, clock.now());
    assert.deepEqual(changes, []);
    assert.equal((await versionOf('moneda'))?.origin, 'import');
    await store.refresh();
    assert.equal(store.index.currencyDecimals('XTS'), 3);
    assert.equal(store.index.currencyDecimals('EUR'), undefined);
  });

  test('a built-in catalog seeded by an older release is replaced by the current built-in data', async () => {
    await sql`UPDATE catalog_versions SET content_hash = 'older release' WHERE slug = 'meses' AND version = 1`.execute(database.db);
    const changes = await seedBuiltinCatalogs(database.db, clock.now());
    assert.deepEqual(
      changes.map((change) => [change.catalog, change.status, change.version, change.changed]),
      [['meses', 'updated', 2, 0]],
    );
    assert.equal((await versionOf('meses'))?.origin, 'builtin');
  });
});
