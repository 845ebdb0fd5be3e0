import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp } from '../../../test/support/app.ts';
import { hasShared, satPath, skipWithoutShared } from '../../../test/support/shared.ts';
import { packagePath } from '../../platform/runtime/layout.ts';
import { parseCsv } from './csv.ts';
import { definitionForFileName } from './definitions.ts';
import { readManifest, readShippedFile } from './shipped.ts';

const SHIPPED = packagePath('sat-catalogs');

/** A folder of shipped catalogs holding only `files`, under `release`. */
async function shippedSubset(files: readonly string[], release: string): Promise<string> {
  const manifest = await readManifest(SHIPPED);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'shipped-catalogs-'));
  for (const file of files) fs.copyFileSync(path.join(SHIPPED, file), path.join(folder, file));
  const catalogs = manifest.catalogs.filter((item) => files.includes(item.file));
  fs.writeFileSync(path.join(folder, 'MANIFEST.json'), JSON.stringify({ release, catalogs }));
  return folder;
}

async function until(condition: () => Promise<boolean>, what: string): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt++) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('the SAT catalogs shipped with the service', () => {
  test('every shipped file is what its manifest says (rows, checksum, source) and reads into its catalog', async () => {
    const manifest = await readManifest(SHIPPED);
    assert.match(manifest.release, /^\d+\.\d+\.\d{8}$/);
    const files = fs.readdirSync(SHIPPED).filter((name) => name.endsWith('.csv.gz'));
    assert.deepEqual(manifest.catalogs.map((item) => item.file).sort(), files.sort(), 'the manifest names every file, and only them');
    for (const item of manifest.catalogs) {
      const text = gunzipSync(fs.readFileSync(path.join(SHIPPED, item.file)));
      assert.equal(createHash('sha256').update(text).digest('hex'), item.sha256, item.file);
      const definition = definitionForFileName(item.file);
      assert.ok(definition, `${item.file} is named after a catalog`);
      assert.equal(definition.satName, item.catalog);
      const entries = await readShippedFile(path.join(SHIPPED, item.file), definition, item.file);
      assert.equal(entries.length, item.rows, item.file);
      assert.ok((item as unknown as { sources: unknown[] }).sources.length > 0, `${item.file} names its source`);
    }
    const bySatName = new Map(manifest.catalogs.map((item) => [item.catalog, item.rows]));
    assert.ok((bySatName.get('c_ClaveProdServ') ?? 0) > 50_000);
    assert.equal(bySatName.get('c_CodigoPostal'), 95_748);
    assert.ok((bySatName.get('c_Colonia') ?? 0) > 140_000);
    assert.equal(bySatName.get('c_NumPedimentoAduana'), 58_853);
    assert.equal(bySatName.get('c_MaterialPeligroso'), 2_337, 'one row per UN number');
    assert.equal(bySatName.get('c_ClaveProdServCP'), 48_757);
    for (const complement of ['c_TipoCadenaPago', 'c_TipoPercepcion', 'c_FraccionArancelaria', 'c_ConfigAutotransporte', 'c_Estaciones']) {
      assert.ok(bySatName.has(complement), complement);
    }
  });

  test('the shipped keys agree with the SAT test material of ../shared/sat/catalogs', { skip: skipWithoutShared }, async () => {
    if (!hasShared) return;
    const codes = (file: string, column: number) =>
      parseCsv(fs.readFileSync(file, 'utf8'))
        .slice(1)
        .map((row) => row.cells[column]!)
        .sort();
    const shipped = async (file: string) =>
      (await readShippedFile(path.join(SHIPPED, file), definitionForFileName(file)!, file)).map((entry) => entry.code).sort();
    assert.deepEqual(await shipped('c_CodigoPostal.csv.gz'), codes(satPath('catalogs/c_CodigoPostal.csv'), 1));
    assert.deepEqual(await shipped('c_ClaveUnidad.csv.gz'), codes(satPath('catalogs/c_ClaveUnidad.csv'), 0));
    assert.deepEqual(await shipped('c_Aduana.csv.gz'), codes(satPath('catalogs/c_Aduana.csv'), 0));
    const municipios = parseCsv(fs.readFileSync(satPath('catalogs/c_Municipio.csv'), 'utf8'))
      .slice(1)
      .map((row) => `${row.cells[1]}-${row.cells[0]}`)
      .sort();
    assert.deepEqual(await shipped('c_Municipio.csv.gz'), municipios);
  });

  test('a first start is ready at once and loads the shipped catalogs in the background; /v1/catalogs reports versions', async () => {
    const folder = await shippedSubset(['c_Estado.csv.gz', 'c_Municipio.csv.gz', 'c_ClaveUnidad.csv.gz', 'c_Estaciones.csv.gz'], '1.0.20260101');
    const t = await createTestApp({ shippedCatalogs: folder });
    try {
      const { testKey } = await t.bootstrap();
      void t.app.startCatalogLoad();
      const ready = await t.request({ method: 'GET', url: '/readyz' });
      assert.equal(ready.statusCode, 200, 'readiness does not wait for the shipped catalogs');
      const shipped = ready.json().checks.find((check: { name: string }) => check.name === 'catalogs').shipped;
      assert.equal(shipped.state, 'loading');
      await until(async () => {
        const listed = (await t.request({ method: 'GET', url: '/v1/catalogs?limit=100', key: testKey })).json().data;
        return listed.find((catalog: { slug: string }) => catalog.slug === 'estaciones').loading === true;
      }, 'c_Estaciones listed as loading');

      await until(
        async () =>
          (await t.request({ method: 'GET', url: '/readyz' })).json().checks.find((check: { name: string }) => check.name === 'catalogs').shipped.state ===
          'done',
        'the load',
      );
      const done = (await t.request({ method: 'GET', url: '/readyz' })).json().checks.find((check: { name: string }) => check.name === 'catalogs').shipped;
      assert.deepEqual([done.release, done.active_releases, done.catalogs_done, done.catalogs_total], ['1.0.20260101', ['1.0.20260101'], 4, 4]);
      const catalogs = (await t.request({ method: 'GET', url: '/v1/catalogs?limit=100', key: testKey })).json().data;
      const row = (slug: string) => {
        const catalog = catalogs.find((item: { slug: string }) => item.slug === slug);
        return [catalog.loaded, catalog.loading, catalog.version, catalog.origin, catalog.release, catalog.row_count, catalog.source];
      };
      assert.deepEqual(row('clave_unidad'), [true, false, 1, 'shipped', '1.0.20260101', 2_418, 'sat-catalogs/c_ClaveUnidad.csv.gz']);
      assert.deepEqual(row('municipio'), [true, false, 1, 'shipped', '1.0.20260101', 2_478, 'sat-catalogs/c_Municipio.csv.gz']);
      assert.deepEqual(row('codigo_postal'), [false, false, null, null, null, 0, null], 'not in this release');
      assert.equal(t.app.catalogs.index.get('clave_unidad', 'H87')?.description, 'Pieza', 'the store picked the new catalog up');
      const municipio = await t.request({ method: 'GET', url: '/v1/catalogs/municipio/JAL-039', key: testKey });
      assert.deepEqual([municipio.statusCode, municipio.json().description], [200, 'Guadalajara']);
    } finally {
      await t.close();
    }
  });

  test('c_NumPedimentoAduana, c_MaterialPeligroso and c_ClaveProdServCP are shipped, answer by key and are searchable', async () => {
    const folder = await shippedSubset(['c_NumPedimentoAduana.csv.gz', 'c_MaterialPeligroso.csv.gz', 'c_ClaveProdServCP.csv.gz'], '1.0.20260101');
    const t = await createTestApp({ shippedCatalogs: folder });
    try {
      const { testKey } = await t.bootstrap();
      void t.app.startCatalogLoad();
      await until(
        async () =>
          (await t.request({ method: 'GET', url: '/readyz' })).json().checks.find((check: { name: string }) => check.name === 'catalogs').shipped.state ===
          'done',
        'the load',
      );
      const get = async (url: string) => {
        const response = await t.request({ method: 'GET', url, key: testKey });
        assert.equal(response.statusCode, 200, url);
        return response.json();
      };
      const codes = async (url: string) => (await get(url)).data.map((entry: { code: string }) => entry.code);

      const pedimento = await get('/v1/catalogs/num_pedimento_aduana/07-0823-2024');
      assert.deepEqual([pedimento.data.aduana, pedimento.data.patente, pedimento.data.ejercicio, pedimento.data.cantidad], ['07', '0823', '2024', 999_999]);
      const byPrefix = await codes('/v1/catalogs/num_pedimento_aduana?q=07-0823');
      assert.ok(byPrefix.length > 0 && byPrefix.every((code: string) => code.startsWith('07-0823-')), 'a key prefix finds its rows');
      assert.equal((await t.request({ method: 'GET', url: '/v1/catalogs/num_pedimento_aduana/07-0823-1999', key: testKey })).statusCode, 404);

      const acid = await get('/v1/catalogs/material_peligroso/2031');
      assert.deepEqual([acid.data.clase_o_div, acid.data.peligro_secundario], [['8'], ['5.1']], 'the three rows of UN 2031 are one entry');
      assert.match(acid.description, /más del 70% .* \| .*menos del 65%/);
      assert.deepEqual((await get('/v1/catalogs/material_peligroso/1090')).description, 'ACETONA');
      assert.equal((await codes('/v1/catalogs/material_peligroso?q=acetona'))[0], '1090', 'search ignores case and accents');
      assert.ok((await codes('/v1/catalogs/material_peligroso?q=nitrico%20fumante')).includes('2031'), 'a word of any of its rows finds the UN number');

      const goods = await get('/v1/catalogs/clave_prod_serv_cp/24112700');
      assert.deepEqual([goods.description, goods.data.material_peligroso, goods.valid_from], ['Estibas', '0,1', '2024-07-17']);
      assert.equal((await t.request({ method: 'GET', url: '/v1/catalogs/clave_prod_serv_cp/15101506', key: testKey })).statusCode, 404, 'dropped in 3.1');
      assert.equal((await codes('/v1/catalogs/clave_prod_serv_cp?q=estibas'))[0], '24112700');

      // The rules on NumeroPedimento and BienesTransp read these two synchronously, from memory.
      assert.equal(t.app.catalogs.get('c_NumPedimentoAduana', '07-0823-2024')?.['cantidad'], '999999');
      assert.equal(t.app.catalogs.get('c_ClaveProdServCP', '24112700')?.['vigencia_desde'], '2024-07-17');
      assert.equal(t.app.catalogs.has('c_ClaveProdServCP', '15101506'), false);
    } finally {
      await t.close();
    }
  });
});
