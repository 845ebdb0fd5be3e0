import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { zipSync } from 'fflate';
import { createTestApp, type TestApp } from '../../../test/support/app.ts';
import { packagePath } from '../../platform/runtime/layout.ts';
import { runCatalogsCommand } from './cli.ts';

const ADMIN_TOKEN = 'operator-token-0123456789abcdef0123456789';
const FRACCIONES = gunzipSync(fs.readFileSync(packagePath('sat-catalogs/c_FraccionArancelaria.csv.gz'))).toString('utf8');
const CODE = '0101210100';

/** c_FraccionArancelaria (11,519 rows) with the description of 0101210100 changed. */
const renamed = (description: string) => gzipSync(FRACCIONES.replace(`${CODE},Reproductores de raza pura,`, `${CODE},${description},`));

describe('importing catalogs into a running server', () => {
  let t: TestApp;
  let key: string;

  const importFile = (name: string, body: Buffer | Uint8Array, token = ADMIN_TOKEN) =>
    t.request({
      method: 'POST',
      url: `/v1/admin/catalogs/imports?name=${encodeURIComponent(name)}`,
      headers: { 'content-type': 'application/octet-stream', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      payload: Buffer.from(body),
    });

  before(async () => {
    t = await createTestApp({ env: { ADMIN_TOKEN } });
    key = (await t.bootstrap()).testKey;
    const first = await importFile('c_FraccionArancelaria.csv.gz', renamed('Reproductores de raza pura'));
    assert.equal(first.statusCode, 200, first.body);
  });
  after(async () => {
    await t.close();
  });

  test('the old version answers every request until the new one is complete; no request fails meanwhile', async () => {
    const answers: { status: number; description: string | undefined; version: number | undefined }[] = [];
    let importing = true;
    const importDone = importFile('c_FraccionArancelaria.csv.gz', renamed('Reproductores de raza pura (actualizado)')).finally(() => {
      importing = false;
    });
    while (importing) {
      // The entry, then the list: the switch may fall between the two, never before the entry.
      const entry = await t.request({ method: 'GET', url: `/v1/catalogs/fraccion_arancelaria/${CODE}`, key });
      const list = await t.request({ method: 'GET', url: '/v1/catalogs?limit=100', key });
      const catalog = list.json().data?.find((item: { slug: string }) => item.slug === 'fraccion_arancelaria');
      answers.push({ status: Math.max(entry.statusCode, list.statusCode), description: entry.json().description, version: catalog?.version });
    }
    const response = await importDone;
    assert.equal(response.statusCode, 200, response.body);
    const report = response.json();
    assert.deepEqual(
      [report.catalogs[0].catalog, report.catalogs[0].status, report.catalogs[0].version, report.catalogs[0].changed],
      ['fraccion_arancelaria', 'updated', 2, 1],
    );
    assert.ok(answers.length >= 3, `requests were answered while the import ran (${answers.length})`);
    assert.deepEqual(
      answers.filter((answer) => answer.status >= 500),
      [],
    );
    const firstNew = answers.findIndex((answer) => answer.description !== 'Reproductores de raza pura');
    const before = firstNew === -1 ? answers : answers.slice(0, firstNew);
    assert.ok(before.length >= 2, 'the old version answered during the import');
    assert.ok(
      before.slice(0, -1).every((answer) => answer.version === 1),
      'the old version stays active until the switch',
    );
    assert.ok(
      answers.every((answer) => answer.version !== 1 || answer.description === 'Reproductores de raza pura'),
      'while version 1 is listed, the old rows answer',
    );
    assert.ok(answers.slice(before.length).every((answer) => answer.description === 'Reproductores de raza pura (actualizado)' && answer.version === 2));
    const after = await t.request({ method: 'GET', url: `/v1/catalogs/fraccion_arancelaria/${CODE}`, key });
    assert.equal(after.json().description, 'Reproductores de raza pura (actualizado)');
    const search = await t.request({ method: 'GET', url: '/v1/catalogs/fraccion_arancelaria?q=reproductores%20actualizado', key });
    assert.deepEqual(
      search.json().data.map((entry: { code: string }) => entry.code),
      [CODE],
      'the word index is the new version',
    );
  });

  test('only the operator token may import; a bad file is rejected whole with its line, and nothing changes', async () => {
    const withoutToken = await importFile('c_FraccionArancelaria.csv.gz', renamed('x'), '');
    assert.deepEqual([withoutToken.statusCode, withoutToken.json().code], [401, 'admin.unauthorized']);
    const wrongToken = await importFile('c_FraccionArancelaria.csv.gz', renamed('x'), `${ADMIN_TOKEN}x`);
    assert.deepEqual([wrongToken.statusCode, wrongToken.json().code], [401, 'admin.unauthorized']);
    const apiKey = await importFile('c_FraccionArancelaria.csv.gz', renamed('x'), key);
    assert.deepEqual([apiKey.statusCode, apiKey.json().code], [401, 'admin.unauthorized'], 'an API key is not the operator token');

    const broken = await importFile('c_Moneda.csv', Buffer.from('c_Moneda,Descripción,Decimales\nMXN,Peso Mexicano,2.5\n'));
    assert.equal(broken.statusCode, 422);
    assert.equal(broken.json().code, 'catalog.import_rejected');
    assert.match(broken.json().detail, /c_Moneda\.csv, line 2, column 'decimals'/);
    const escaping = await importFile('catalogs.zip', zipSync({ '../c_Moneda.csv': Buffer.from('x') }));
    assert.deepEqual([escaping.statusCode, escaping.json().code], [422, 'catalog.import_rejected']);
    const entry = await t.request({ method: 'GET', url: '/v1/catalogs/moneda/MXN', key });
    assert.equal(entry.json().data.decimals, 2);
  });

  test('a zip whose files declare more than 256 MB once unzipped is refused before anything is inflated', async () => {
    const zip = Buffer.from(zipSync({ 'c_Moneda.csv': Buffer.from('c_Moneda,Descripción,Decimales\nMXN,Peso Mexicano,3\n') }));
    // The uncompressed size in the central directory (what the server reads first) says 300 MB.
    const central = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    zip.writeUInt32LE(300 * 1024 * 1024, central + 24);
    const response = await importFile('catalogs.zip', zip);
    assert.deepEqual([response.statusCode, response.json().code], [422, 'catalog.import_rejected'], response.body);
    assert.match(response.json().detail, /more than 256 MB once unzipped/);
    assert.equal((await t.request({ method: 'GET', url: '/v1/catalogs/moneda/MXN', key })).json().data.decimals, 2);
  });

  test('a zip of several files is one import; a dry run writes nothing', async () => {
    const zip = zipSync({
      'c_Estado.csv': Buffer.from('c_Estado,c_Pais,Nombre del estado\nAGU,MEX,Aguascalientes\nJAL,MEX,Jalisco\n'),
      'more/c_Municipio.csv': Buffer.from('c_Municipio,c_Estado,Descripción\n039,JAL,Guadalajara\n'),
    });
    const dry = await t.request({
      method: 'POST',
      url: '/v1/admin/catalogs/imports?name=catalogs.zip&dry_run=true',
      headers: { 'content-type': 'application/octet-stream', authorization: `Bearer ${ADMIN_TOKEN}` },
      payload: Buffer.from(zip),
    });
    assert.equal(dry.statusCode, 200, dry.body);
    assert.equal((await t.request({ method: 'GET', url: '/v1/catalogs/municipio/JAL-039', key })).statusCode, 404);
    const response = await importFile('catalogs.zip', zip);
    assert.equal(response.statusCode, 200, response.body);
    assert.deepEqual(
      response
        .json()
        .catalogs.map((change: { catalog: string; status: string }) => [change.catalog, change.status])
        .sort(),
      [
        ['estado', 'created'],
        ['municipio', 'created'],
      ],
    );
    assert.equal((await t.request({ method: 'GET', url: '/v1/catalogs/municipio/JAL-039', key })).json().description, 'Guadalajara');
    assert.equal(t.app.catalogs.index.get('estado', 'JAL')?.description, 'Jalisco', 'the server switched its memory too');
  });

  test('`invoicing catalogs import` sends its files to a server running on the embedded database, and refuses without ADMIN_TOKEN', async () => {
    const address = await t.app.server.listen({ port: 0, host: '127.0.0.1' });
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'catalogs-cli-'));
    fs.writeFileSync(path.join(folder, 'c_Estado.csv'), 'c_Estado,c_Pais,Nombre del estado\nAGU,MEX,Aguascalientes\nJAL,MEX,Jalisco (Guadalajara)\n');
    const run = async (adminToken: string | undefined) => {
      const out: string[] = [];
      const err: string[] = [];
      const code = await runCatalogsCommand(['import', folder], {
        stdout: (text) => out.push(text),
        stderr: (text) => err.push(text),
        openDatabase: () => Promise.reject(new Error('the embedded database belongs to the running server')),
        runningServer: async () => ({ url: address, adminToken }),
      });
      return { code, out: out.join('\n'), err: err.join('\n') };
    };
    const refused = await run(undefined);
    assert.equal(refused.code, 1);
    assert.match(refused.err, /a server is running on the embedded database \(http:\/\/127\.0\.0\.1:\d+\).*Set ADMIN_TOKEN/);
    const imported = await run(ADMIN_TOKEN);
    assert.equal(imported.code, 0, imported.err);
    assert.match(imported.out, /c_Estado\s+updated\s+v1 → v2\s+2 rows/);
    assert.match(imported.out, /imported through the server at http:\/\/127\.0\.0\.1/);
    assert.equal(t.app.catalogs.index.get('estado', 'JAL')?.description, 'Jalisco (Guadalajara)');
  });
});

test('without ADMIN_TOKEN the operator endpoint is turned off', async () => {
  const t = await createTestApp();
  try {
    const response = await t.request({
      method: 'POST',
      url: '/v1/admin/catalogs/imports?name=c_Moneda.csv',
      headers: { 'content-type': 'application/octet-stream', authorization: 'Bearer anything' },
      payload: Buffer.from('x'),
    });
    assert.deepEqual([response.statusCode, response.json().code], [403, 'admin.disabled']);
  } finally {
    await t.close();
  }
});
