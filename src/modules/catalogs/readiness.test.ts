import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openTestDatabase } from '../../../test/support/database.ts';
import { migrate } from '../../platform/db/migrate.ts';
import { seedBuiltinCatalogs } from './catalog-store.ts';
import { catalogsReadinessCheck } from './readiness.ts';
import { writeCatalogs } from './store.ts';

test('readiness fails without the built-in catalogs and names the large ones not imported without failing', async () => {
  const database = await openTestDatabase();
  try {
    await migrate(database);
    const check = catalogsReadinessCheck(database.db);
    assert.equal(check.name, 'catalogs');
    const empty = await check.run();
    assert.equal(empty.ok, false);
    assert.match(empty.detail ?? '', /^Built-in catalogs missing: uso_cfdi, regimen_fiscal, .*motivo_cancelacion; restart the service to seed them\.$/);

    await seedBuiltinCatalogs(database.db, new Date('2026-07-15T12:00:00Z'));
    const seeded = await check.run();
    assert.equal(seeded.ok, true);
    assert.deepEqual((seeded.facts!.not_imported as string[]).slice(0, 6), [
      'clave_prod_serv',
      'clave_unidad',
      'codigo_postal',
      'estado',
      'municipio',
      'localidad',
    ]);
    assert.equal(
      seeded.facts?.warning,
      'c_ClaveProdServ, c_ClaveUnidad, c_CodigoPostal, c_Estado, c_Municipio, c_Localidad and 53 more not imported: their keys are checked for format only (run `invoicing catalogs import`).',
    );

    const entry = {
      code: '80101500',
      description: 'Servicios de consultoría de negocios y administración corporativa',
      valid_from: '2022-01-01',
      valid_to: null,
      data: {},
    };
    await writeCatalogs(database.db, [{ slug: 'clave_prod_serv', entries: [entry], origin: 'import', source: 'test' }], { at: new Date(), policy: 'replace' });
    const imported = await check.run();
    assert.deepEqual(
      [imported.ok, imported.facts?.loaded, (imported.facts!.not_imported as string[]).slice(0, 3)],
      [true, 17, ['clave_unidad', 'codigo_postal', 'estado']],
    );
  } finally {
    await database.close();
  }
});
