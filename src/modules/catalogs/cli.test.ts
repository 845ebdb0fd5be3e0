import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { CATALOG_SLUGS } from './lookup.ts';
import { openTestDatabase } from '../../../test/support/database.ts';
import { ManualClock } from '../../platform/clock.ts';
import type { DatabaseHandle } from '../../platform/db/database.ts';
import { migrate } from '../../platform/db/migrate.ts';
import { seedBuiltinCatalogs } from './catalog-store.ts';
import { runCatalogsCommand } from './cli.ts';

describe('invoicing catalogs', () => {
  let database: DatabaseHandle;
  let folder: string;
  let opened = 0;
  const clock = new ManualClock('2026-07-15T12:00:00Z');

  async function run(...args: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runCatalogsCommand(args, {
      stdout: (text) => out.push(text),
      stderr: (text) => err.push(text),
      // The command closes what it opens; the test keeps the database for the next run.
      openDatabase: async () => {
        opened++;
        return { db: database.db, close: async () => {} };
      },
      clock,
    });
    return { code, out: out.join('\n'), err: err.join('\n') };
  }

  before(async () => {
    database = await openTestDatabase();
    await migrate(database);
    await seedBuiltinCatalogs(database.db, clock.now());
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'catalogs-cli-'));
    fs.writeFileSync(path.join(folder, 'c_ClaveUnidad.csv'), 'id,texto,vigencia_desde\nH87,Pieza,2022-01-01\nE48,Unidad de servicio,2022-01-01\n');
    fs.writeFileSync(path.join(folder, 'c_Moneda.csv'), 'id,texto,decimales\nMXN,Peso Mexicano,2\n');
  });
  after(() => database.close());

  test('bad usage exits 2 with the usage text and never opens the database', async () => {
    for (const args of [[], ['import'], ['import', 'a', 'b'], ['import', folder, '--force'], ['export'], ['list', 'x']]) {
      const result = await run(...args);
      assert.equal(result.code, 2, args.join(' '));
      assert.match(result.out + result.err, /Usage: invoicing catalogs/);
    }
    assert.equal((await run('help')).code, 0);
    assert.equal(opened, 0);
  });

  test('import prints what changed per catalog; --json prints the report', async () => {
    const dry = await run('import', path.join(folder, 'c_ClaveUnidad.csv'), '--dry-run');
    assert.equal(dry.code, 0);
    assert.match(dry.out, /^Dry run of .*c_ClaveUnidad\.csv \(nothing was written\):\n {2}c_ClaveUnidad +created +v1 +2 rows \(\+2 −0 ~0\)/);
    const real = await run('import', path.join(folder, 'c_ClaveUnidad.csv'), '--json');
    assert.equal(real.code, 0);
    const report = JSON.parse(real.out);
    assert.deepEqual(
      report.catalogs.map((change: { catalog: string; status: string; version: number }) => [change.catalog, change.status, change.version]),
      [['clave_unidad', 'created', 1]],
    );
    const again = await run('import', path.join(folder, 'c_ClaveUnidad.csv'));
    assert.match(again.out, /c_ClaveUnidad +unchanged +v1 +2 rows/);
  });

  test('a rejected import exits 1, names the problem and says nothing changed', async () => {
    fs.writeFileSync(path.join(folder, 'c_Moneda.csv'), 'id,texto,decimales\nMXN,Peso Mexicano,dos\n');
    const result = await run('import', folder);
    assert.equal(result.code, 1);
    assert.match(
      result.err,
      /invoicing catalogs import: c_Moneda\.csv, line 2, column 'decimals': 'dos' is not a whole number\.\nNothing was imported; the active catalog versions stay in use\./,
    );
  });

  test("list shows each catalog's version, origin and rows, or that it was never imported", async () => {
    const result = await run('list');
    assert.equal(result.code, 0);
    assert.match(result.out, /^uso_cfdi +c_UsoCFDI +v1 builtin +24 rows$/m);
    assert.match(result.out, /^clave_unidad +c_ClaveUnidad +v1 import +2 rows$/m);
    assert.match(result.out, /^clave_prod_serv +c_ClaveProdServ +not imported$/m);
    assert.equal(result.out.split('\n').length, CATALOG_SLUGS.length);
  });
});
