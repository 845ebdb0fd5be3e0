import assert from 'node:assert/strict';
import { test } from 'node:test';
import { openTestDatabase } from '../../../test/support/database.ts';
import { migrate, readMigrations } from '../db/migrate.ts';
import { databaseBlobStore } from './blob-store.ts';

test('the blobs migration moves kept PDFs and package contents under the keys the modules read', async () => {
  const database = await openTestDatabase();
  try {
    const all = readMigrations();
    const blobs = all.find((migration) => migration.name === 'blobs');
    assert.ok(blobs, 'the blobs migration exists');
    await migrate(
      database,
      all.filter((migration) => migration.version < blobs.version),
    );
    // The rows their owners (an invoice, a SAT request) would hold: the keys are what is tested here.
    await database.session((exec) =>
      exec(`SET session_replication_role = replica;
        INSERT INTO invoice_pdfs (invoice_id, fingerprint, body, created_at) VALUES ('inv_01a', 'f00d', '\\x255044462d31'::bytea, now());
        INSERT INTO sat_packages (sat_request_id, position, sat_package_id, state, content, stored_at)
          VALUES ('sreq_01a', 0, 'P0', 'stored', '\\x504b0304'::bytea, now()), ('sreq_01a', 1, 'P1', 'pending', NULL, NULL);
        SET session_replication_role = origin;`),
    );
    await migrate(database, all);
    const store = databaseBlobStore(database.db, () => new Date());
    assert.deepEqual(await store.get('pdfs/inv_01a/f00d.pdf'), Buffer.from('%PDF-1'));
    assert.deepEqual(await store.get('packages/sreq_01a/0.zip'), Buffer.from('PK\u0003\u0004', 'latin1'));
    assert.deepEqual(await store.list('packages/sreq_01a'), ['packages/sreq_01a/0.zip'], 'a package not yet kept has no blob');
  } finally {
    await database.close();
  }
});
