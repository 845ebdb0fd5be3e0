import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../../test/support/app.ts';
import { createCatalogStore, type CatalogStore } from './catalog-store.ts';
import { CATALOG_SLUGS, type CatalogSlug } from './lookup.ts';
import { registerCatalogRoutes } from './routes.ts';

describe('catalog endpoints', () => {
  let t: TestApp;
  let testKey: string;
  let liveKey: string;
  let store: CatalogStore;
  const get = (url: string, key = testKey) => t.request({ method: 'GET', url, key });

  before(async () => {
    t = await createTestApp();
    // The composition root wires these in the service; a test app may predate that wiring.
    if (!t.app.server.hasRoute({ method: 'GET', url: '/v1/catalogs' })) registerCatalogRoutes(t.app.server, t.app.services);
    store = await createCatalogStore(t.app.services.db, { clock: t.clock });
    ({ testKey, liveKey } = await t.bootstrap());
  });
  after(() => t.close());

  test('the catalogs need an API key', async () => {
    for (const url of ['/v1/catalogs', '/v1/catalogs/moneda', '/v1/catalogs/moneda/MXN']) {
      const response = await t.request({ method: 'GET', url });
      assert.equal(response.statusCode, 401, url);
      assert.equal(response.json().code, 'auth.unauthorized');
    }
  });

  test('GET /v1/catalogs lists every catalog with its SAT name, version and row count', async () => {
    // Every catalog fits one page of the largest size.
    const response = await get('/v1/catalogs?limit=100');
    assert.equal(response.statusCode, 200);
    const body = response.json();
    assert.equal(body.object, 'list');
    assert.equal(body.url, '/v1/catalogs');
    assert.equal(body.has_more, false);
    assert.equal(body.data.length, CATALOG_SLUGS.length);
    const uso = body.data.find((catalog: { slug: string }) => catalog.slug === 'uso_cfdi');
    assert.deepEqual(
      { ...uso, updated_at: typeof uso.updated_at },
      {
        object: 'catalog',
        slug: 'uso_cfdi',
        name: 'CFDI uses (uso del CFDI)',
        sat_name: 'c_UsoCFDI',
        builtin: true,
        loaded: true,
        loading: false,
        row_count: 24,
        version: 1,
        origin: 'builtin',
        release: null,
        source: 'builtin',
        updated_at: 'string',
      },
    );
    const products = body.data.find((catalog: { slug: string }) => catalog.slug === 'clave_prod_serv');
    assert.deepEqual([products.loaded, products.row_count, products.version, products.origin, products.updated_at], [false, 0, null, null, null]);
  });

  test('GET /v1/catalogs pages like every list: limit, starting_after and ending_before (a slug), and bad values are 422', async () => {
    const all = (await get('/v1/catalogs?limit=100')).json().data.map((catalog: { slug: string }) => catalog.slug);
    assert.equal(all.length, CATALOG_SLUGS.length);
    const firstPage = (await get('/v1/catalogs')).json();
    assert.deepEqual([firstPage.data.length, firstPage.has_more], [20, true], 'the default page holds 20');
    const first = (await get('/v1/catalogs?limit=7')).json();
    assert.deepEqual([first.data.map((catalog: { slug: string }) => catalog.slug), first.has_more], [all.slice(0, 7), true]);
    const next = (await get(`/v1/catalogs?limit=7&starting_after=${all[6]}`)).json();
    assert.deepEqual([next.data.map((catalog: { slug: string }) => catalog.slug), next.has_more], [all.slice(7, 14), true]);
    const last = (await get(`/v1/catalogs?limit=7&starting_after=${all[13]}`)).json();
    assert.deepEqual([last.data.map((catalog: { slug: string }) => catalog.slug), last.has_more], [all.slice(14, 21), true]);
    const end = (await get(`/v1/catalogs?limit=7&starting_after=${all.at(-4)}`)).json();
    assert.deepEqual([end.data.map((catalog: { slug: string }) => catalog.slug), end.has_more], [all.slice(-3), false]);
    const back = (await get(`/v1/catalogs?limit=7&ending_before=${all[14]}`)).json();
    assert.deepEqual([back.data.map((catalog: { slug: string }) => catalog.slug), back.has_more], [all.slice(7, 14), true]);
    const start = (await get(`/v1/catalogs?ending_before=${all[3]}`)).json();
    assert.deepEqual([start.data.map((catalog: { slug: string }) => catalog.slug), start.has_more], [all.slice(0, 3), false]);
    for (const [query, code, path] of [
      ['limit=0', 'request.validation_failed', 'limit'],
      ['limit=101', 'request.validation_failed', 'limit'],
      ['limit=ten', 'request.validation_failed', 'limit'],
      ['starting_after=', 'request.validation_failed', 'starting_after'],
      ['ending_before=', 'request.validation_failed', 'ending_before'],
      ['starting_after=no_such_catalog', 'request.invalid_cursor', 'starting_after'],
      ['ending_before=c_UsoCFDI', 'request.invalid_cursor', 'ending_before'],
      [`starting_after=${all[1]}&ending_before=${all[5]}`, 'request.validation_failed', 'ending_before'],
      ['colour=blue', 'request.validation_failed', 'colour'],
    ] as const) {
      const response = await get(`/v1/catalogs?${query}`);
      assert.equal(response.statusCode, 422, `${query}: ${response.body}`);
      assert.equal(response.json().code, code, query);
      assert.ok(
        response.json().errors.some((error: { path: string }) => error.path === path),
        `${query}: ${response.body}`,
      );
    }
  });

  test('catalogs are global: a live key and a test key read the same rows', async () => {
    const [test, live] = await Promise.all([get('/v1/catalogs/forma_pago?limit=100'), get('/v1/catalogs/forma_pago?limit=100', liveKey)]);
    assert.equal(live.statusCode, 200);
    assert.deepEqual(live.json().data, test.json().data);
    assert.equal(test.json().data.length, 22);
  });

  test('search ignores accents and case and needs every word', async () => {
    const codes = async (url: string) => (await get(url)).json().data.map((entry: { code: string }) => entry.code);
    assert.deepEqual(await codes('/v1/catalogs/uso_cfdi?q=GASTOS%20MEDICOS'), ['D02', 'D01', 'D07'], 'the name that starts with the query first');
    assert.deepEqual(await codes('/v1/catalogs/regimen_fiscal?q=r%C3%A9gimen%20simplificado'), ['626']);
    assert.deepEqual(await codes('/v1/catalogs/pais?q=m%C3%A9xico'), ['MEX']);
    assert.deepEqual(await codes('/v1/catalogs/forma_pago?q=0'), ['01', '02', '03', '04', '05', '06', '08'], 'digits match a key from its start');
    assert.deepEqual(await codes('/v1/catalogs/moneda?q=100%25'), [], 'LIKE wildcards are literal');
    const entry = (await get('/v1/catalogs/moneda?q=peso%20mexicano')).json().data[0];
    assert.deepEqual(entry, {
      object: 'catalog_entry',
      catalog: 'moneda',
      code: 'MXN',
      description: 'Peso Mexicano',
      valid_from: '2022-01-01',
      valid_to: null,
      data: { decimals: 2, variation_percent: '5' },
    });
  });

  test('the database search and the in-memory lookup agree, with and without digits in the descriptions', async () => {
    const cases: [CatalogSlug, string][] = [
      ['tasa_o_cuota', '16'],
      ['tasa_o_cuota', '0.16'],
      ['forma_pago', '0'],
      ['forma_pago', '2'],
      ['moneda', 'dolar'],
      ['pais', 'union europea'],
      ['uso_cfdi', 'g0'],
      ['clave_unidad', 'x'],
    ];
    for (const [slug, q] of cases) {
      const api = (await get(`/v1/catalogs/${slug}?limit=100&q=${encodeURIComponent(q)}`)).json().data.map((entry: { code: string }) => entry.code);
      assert.deepEqual(
        [...api].sort(),
        store.index.search(slug, q, 100).map((entry) => entry.code),
        `${slug} ${q}`,
      );
    }
    assert.ok((await get('/v1/catalogs/tasa_o_cuota?q=16')).json().data.length >= 3, 'digits found inside descriptions');
  });

  test('which CFDI uses does régimen 612 allow, and which apply to a persona moral', async () => {
    const for612 = (await get('/v1/catalogs/uso_cfdi?tax_regime=612&limit=100')).json().data.map((entry: { code: string }) => entry.code);
    assert.equal(for612.length, 23);
    assert.ok(!for612.includes('CN01'));
    const moral = (await get('/v1/catalogs/uso_cfdi?person_type=legal&q=gastos')).json().data.map((entry: { code: string }) => entry.code);
    assert.deepEqual(moral, ['G03']);
    const regimes = (await get('/v1/catalogs/regimen_fiscal?person_type=legal&limit=100')).json().data.map((entry: { code: string }) => entry.code);
    assert.deepEqual(regimes, ['601', '603', '610', '620', '622', '623', '624', '626']);
    const wrong = await get('/v1/catalogs/moneda?tax_regime=612');
    assert.equal(wrong.statusCode, 422);
    assert.deepEqual(wrong.json().errors, [{ path: 'tax_regime', code: 'not_applicable', message: 'applies to uso_cfdi only.' }]);
  });

  test('pages run in code order; starting_after and ending_before take a code', async () => {
    const all = (await get('/v1/catalogs/moneda?limit=100')).json();
    const next = (await get(`/v1/catalogs/moneda?limit=100&starting_after=${all.data[99].code}`)).json();
    const codes = [...all.data, ...next.data].map((entry: { code: string }) => entry.code);
    assert.equal(all.has_more, true);
    assert.equal(next.has_more, false);
    assert.equal(codes.length, 183);
    assert.deepEqual(codes, [...codes].sort());
    const before = (await get(`/v1/catalogs/moneda?limit=3&ending_before=${codes[10]}`)).json();
    assert.deepEqual(
      before.data.map((entry: { code: string }) => entry.code),
      codes.slice(7, 10),
    );
    assert.equal(before.has_more, true);
    const first = (await get(`/v1/catalogs/moneda?limit=3&ending_before=${codes[3]}`)).json();
    assert.deepEqual([first.data.length, first.has_more], [3, false]);
    const both = await get('/v1/catalogs/moneda?starting_after=AED&ending_before=USD');
    assert.equal(both.statusCode, 422);
    assert.equal(both.json().code, 'request.validation_failed');
    for (const query of ['limit=0', 'limit=101', 'person_type=other', 'tax_regime=61', 'extra=1']) {
      assert.equal((await get(`/v1/catalogs/moneda?${query}`)).statusCode, 422, query);
    }
  });

  test('GET /v1/catalogs/{slug}/{code} returns one key; the SAT name works as a slug', async () => {
    const response = await get('/v1/catalogs/tasa_o_cuota/iva-tasa-0.160000');
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json().data, {
      kind: 'fixed',
      tax: 'IVA',
      tax_code: '002',
      factor: 'Tasa',
      minimum: null,
      maximum: null,
      value: '0.160000',
      transfer: true,
      withholding: false,
    });
    const bySatName = await get('/v1/catalogs/c_UsoCFDI/D01');
    assert.equal(bySatName.statusCode, 200);
    assert.equal(bySatName.json().catalog, 'uso_cfdi');
    assert.deepEqual(bySatName.json().data.tax_regimes, ['605', '606', '608', '611', '612', '614', '607', '615', '625']);
    assert.equal((await get('/v1/catalogs/motivo_cancelacion/01')).json().data.requires_substitute, true);
  });

  test('an unknown slug is catalog.not_found and an unknown key resource.not_found', async () => {
    for (const url of ['/v1/catalogs/monedas', '/v1/catalogs/monedas/MXN']) {
      const response = await get(url);
      assert.equal(response.statusCode, 404, url);
      assert.equal(response.json().code, 'catalog.not_found');
      assert.match(response.json().detail, /There is no catalog 'monedas'/);
    }
    const unknown = await get('/v1/catalogs/moneda/ZZZ');
    assert.equal(unknown.statusCode, 404);
    assert.equal(unknown.json().code, 'resource.not_found');
    assert.match(unknown.json().detail, /'ZZZ' is not a key of c_Moneda/);
    const notImported = await get('/v1/catalogs/clave_prod_serv/80101500');
    assert.equal(notImported.statusCode, 404);
    assert.match(notImported.json().detail, /c_ClaveProdServ has not been imported on this server/);
    const empty = await get('/v1/catalogs/clave_prod_serv?q=consultoria');
    assert.deepEqual([empty.statusCode, empty.json().data], [200, []]);
  });
});
