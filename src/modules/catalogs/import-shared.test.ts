import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { openTestDatabase } from '../../../test/support/database.ts';
import { hasShared, satPath, skipWithoutShared } from '../../../test/support/shared.ts';
import { ManualClock } from '../../platform/clock.ts';
import type { DatabaseHandle } from '../../platform/db/database.ts';
import { migrate } from '../../platform/db/migrate.ts';
import { createCatalogStore, type CatalogStore } from './catalog-store.ts';
import { importCatalogs, type ImportReport } from './import-catalogs.ts';
import type { CatalogEntry } from './lookup.ts';
import { activeCatalogs, entriesAfter, findEntry, searchEntries } from './repository.ts';

// One import of ../shared/sat/catalogs (95,748 postal codes) shared by every test below.
describe('importing the SAT catalog files of ../shared/sat/catalogs', { skip: skipWithoutShared }, () => {
  let database: DatabaseHandle;
  let store: CatalogStore;
  let report: ImportReport;
  const clock = new ManualClock('2026-07-15T12:00:00Z');

  before(async () => {
    if (!hasShared) return;
    database = await openTestDatabase();
    await migrate(database);
    store = await createCatalogStore(database.db, { clock });
    report = await importCatalogs(database.db, satPath('catalogs'), { clock });
    await store.refresh();
  });
  after(async () => {
    if (hasShared) await database.close();
  });

  test('the large catalogs are created with every row; the built-in ones are unchanged', () => {
    const byCatalog = Object.fromEntries(report.catalogs.map((change) => [change.catalog, [change.status, change.rows]]));
    assert.deepEqual(byCatalog.codigo_postal, ['created', 95_748]);
    assert.deepEqual(byCatalog.clave_unidad, ['created', 2_418]);
    assert.deepEqual(byCatalog.estado, ['created', 95]);
    for (const slug of ['uso_cfdi', 'regimen_fiscal', 'forma_pago', 'moneda', 'pais', 'tasa_o_cuota', 'meses'])
      assert.deepEqual(byCatalog[slug]![0], 'unchanged', slug);
    assert.deepEqual(report.catalogs.find((change) => change.catalog === 'codigo_postal')!.sources, [
      'c_CodigoPostal.csv',
      'supplementary/c_CodigoPostal_Parte_2_catCFDI_V_40_18012022.csv',
    ]);
    assert.deepEqual(byCatalog.municipio, ['created', 2_478]);
    assert.deepEqual(byCatalog.localidad, ['created', 664]);
    assert.deepEqual(byCatalog.aduana, ['created', 50]);
    assert.deepEqual(byCatalog.patente_aduanal, ['created', 3_413]);
    assert.deepEqual(report.skipped, []);
  });

  // Every column is in the database (the API reads it there); memory holds a postal code's time zone only.
  test('postal codes carry their state, municipio, localidad and time zone', async () => {
    const sample = async (code: string) => {
      const entry = (await findEntry(database.db, 'codigo_postal', code))!;
      return [entry.description, entry.data.state, entry.data.municipality, entry.data.locality, entry.data.time_zone, entry.data.time_zone_source];
    };
    assert.deepEqual(await sample('64280'), ['Nuevo León', 'NLE', '039', '07', 'America/Mexico_City', 'sat_description']);
    assert.deepEqual(await sample('06600'), ['Ciudad de México', 'CMX', '015', '06', 'America/Mexico_City', 'state']);
    assert.deepEqual((await sample('22000')).slice(4), ['America/Tijuana', 'state']);
    assert.deepEqual((await sample('83000')).slice(4), ['America/Hermosillo', 'sat_description']);
    assert.deepEqual((await sample('77500')).slice(4), ['America/Cancun', 'sat_description']);
    assert.deepEqual((await sample('80000')).slice(4), ['America/Mazatlan', 'sat_description']);
    assert.equal((await findEntry(database.db, 'codigo_postal', '64280'))!.valid_from, '2022-01-01');
    assert.equal(store.index.get('codigo_postal', '64280')!.valid_from, '2022-01-01');
    for (const [code, zone] of [
      ['64280', 'America/Mexico_City'],
      ['22000', 'America/Tijuana'],
      ['83000', 'America/Hermosillo'],
      ['77500', 'America/Cancun'],
    ] as const)
      assert.equal(store.index.postalCodeTimeZone(code), zone, code);
    const version = (await activeCatalogs(database.db)).find((row) => row.slug === 'codigo_postal')!.version;
    const entries: CatalogEntry[] = [];
    for (let after: string | null = null; ; ) {
      const slice = await entriesAfter(database.db, 'codigo_postal', version, after, 20_000);
      entries.push(...slice);
      if (slice.length < 20_000) break;
      after = slice.at(-1)!.code;
    }
    const sources = new Map<unknown, number>();
    for (const entry of entries) sources.set(entry.data.time_zone_source, (sources.get(entry.data.time_zone_source) ?? 0) + 1);
    assert.deepEqual(Object.fromEntries(sources), { state: 95_748 - 35_667, sat_description: 35_667 });
    const border = entries.filter((entry) => entry.data.time_zone === 'America/Matamoros');
    assert.equal(border.length, 1_081, 'every "Tiempo del Centro en Frontera" code of Nuevo León and Tamaulipas');
    assert.equal(
      store.index.entries('codigo_postal').filter((entry) => entry.data.time_zone === 'America/Matamoros').length,
      1_081,
      'the same time zones in memory',
    );
  });

  test("the CFDI engine's lookup sees the imported catalogs with the export's columns", () => {
    assert.equal(store.isLoaded('c_CodigoPostal'), true);
    assert.equal(store.isLoaded('c_ClaveProdServ'), false, 'c_ClaveProdServ is not in ../shared: format checks only');
    assert.equal(store.get('c_CodigoPostal', '83000')?.huso_horario, 'America/Hermosillo');
    assert.equal(store.get('c_ClaveUnidad', 'H87')?.texto, 'Pieza');
    assert.equal(store.get('c_ClaveUnidad', 'KGM')?.simbolo, 'kg');
    assert.equal(store.has('c_CodigoPostal', '00000'), false);
  });

  test('importing the same files again changes nothing and says so', async () => {
    const versions = await activeCatalogs(database.db);
    const again = await importCatalogs(database.db, satPath('catalogs'), { clock });
    assert.deepEqual([...new Set(again.catalogs.map((change) => change.status))], ['unchanged']);
    assert.deepEqual(await activeCatalogs(database.db), versions);
    assert.equal(await store.refresh(), false);
  });

  test('searching 95,748 postal codes by code prefix, digits and state name', async () => {
    const search = (terms: string[], limit = 3) => searchEntries(database.db, { slug: 'codigo_postal', terms, limit });
    const byDigits = await search(['6428']);
    assert.deepEqual(
      byDigits.rows.map((entry) => entry.code),
      ['64280', '64281', '64282'],
    );
    assert.equal(byDigits.hasMore, true);
    const byState = await search(['nuevo', 'leon'], 2);
    assert.deepEqual(
      byState.rows.map((entry) => entry.data.state),
      ['NLE', 'NLE'],
    );
    const none = await search(['zzzz']);
    assert.deepEqual(none, { rows: [], hasMore: false });
    const count = await sql<{ count: number }>`SELECT count(*)::int AS count FROM catalog_entries WHERE slug = 'codigo_postal'`.execute(database.db);
    assert.equal(count.rows[0]!.count, 95_748, "only the active version's rows are kept");
  });
});
