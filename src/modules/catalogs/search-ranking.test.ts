import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { openTestDatabase } from '../../../test/support/database.ts';
import type { DatabaseHandle } from '../../platform/db/database.ts';
import { migrate } from '../../platform/db/migrate.ts';
import { packagePath } from '../../platform/runtime/layout.ts';
import { definitionOf } from './definitions.ts';
import type { CatalogSlug } from './lookup.ts';
import { searchTerms } from './normalize.ts';
import { searchEntries } from './repository.ts';
import { readShippedFile } from './shipped.ts';
import { writeCatalogs } from './store.ts';

// The shipped c_ClaveProdServ (52,514 keys) and c_ClaveUnidad, searched as the API searches them.
describe('catalog search ranks what people mean first', () => {
  let database: DatabaseHandle;

  before(async () => {
    database = await openTestDatabase();
    await migrate(database);
    for (const [slug, file] of [
      ['clave_prod_serv', 'c_ClaveProdServ.csv.gz'],
      ['clave_unidad', 'c_ClaveUnidad.csv.gz'],
    ] as const) {
      const entries = await readShippedFile(packagePath(`sat-catalogs/${file}`), definitionOf(slug), file);
      await writeCatalogs(database.db, [{ slug, entries, origin: 'shipped', source: file, release: 'test' }], { at: new Date(), policy: 'shipped' });
    }
  });
  after(async () => {
    await database.close();
  });

  const search = async (slug: CatalogSlug, q: string, options: { limit?: number; usage?: Map<string, number> } = {}) =>
    (await searchEntries(database.db, { slug, terms: searchTerms(q), limit: options.limit ?? 5, usage: options.usage })).rows.map((entry) => entry.code);

  test('"pieza" finds the unit H87 (Pieza) first: the exact name before names that merely hold the word', async () => {
    const codes = await search('clave_unidad', 'pieza');
    assert.equal(codes[0], 'H87');
    assert.ok(codes.includes('DPC'), 'Docenas de piezas also matches (a word that starts with the term)');
    assert.deepEqual(await search('clave_unidad', 'PIEZA'), codes, 'case is ignored');
  });

  test('"consultoria" finds the 80101500 family (consultoría de negocios) first, with or without the accent', async () => {
    const codes = await search('clave_prod_serv', 'consultoria', { limit: 10 });
    assert.equal(codes[0], '80101500');
    assert.deepEqual(await search('clave_prod_serv', 'Consultoría', { limit: 10 }), codes);
    // Entries whose own name says consultoría come before those that only list it among their similar words.
    assert.deepEqual(codes.slice(1, 4), ['71161605', '80151605', '81101516']);
  });

  test('the exact code comes first, and a code prefix finds its family', async () => {
    assert.equal((await search('clave_prod_serv', '84111506'))[0], '84111506');
    assert.deepEqual(await search('clave_prod_serv', '8411150', { limit: 3 }), ['84111500', '84111501', '84111502']);
    assert.equal((await search('clave_unidad', 'h87'))[0], 'H87');
  });

  test('every word must match the start of a word; function words and word order do not matter', async () => {
    assert.equal((await search('clave_prod_serv', 'servicios contables'))[0], '84111500');
    assert.equal((await search('clave_prod_serv', 'contables servicios'))[0], '84111500');
    assert.ok((await search('clave_prod_serv', 'servicios de consultoria', { limit: 20 })).includes('80101500'));
    assert.ok((await search('clave_prod_serv', 'consult', { limit: 50 })).includes('80101500'), 'a word prefix');
    assert.deepEqual(await search('clave_prod_serv', 'ultoria'), [], 'not the middle of a word');
  });

  test("the organization's most-used codes are ranked up, but never above the exact code", async () => {
    const usage = new Map([['81101516', 12]]);
    assert.equal((await search('clave_prod_serv', 'consultoria', { usage }))[0], '81101516');
    assert.equal((await search('clave_prod_serv', '80101500', { usage }))[0], '80101500');
  });
});
