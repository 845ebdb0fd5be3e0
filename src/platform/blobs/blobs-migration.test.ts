import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sql } from 'kysely';
import { openTestDatabase } from '../../../test/support/database.ts';
import { migrate, readMigrations } from '../db/migrate.ts';
import { databaseBlobStore } from './blob-store.ts';

/** A test database migrated up to the migration `name`, with `rows` (SQL, foreign keys not checked) inserted, then migrated to the end. */
async function migrateAcross(name: string, rows: string): Promise<Awaited<ReturnType<typeof openTestDatabase>>> {
  const database = await openTestDatabase();
  const all = readMigrations();
  const target = all.find((migration) => migration.name === name);
  assert.ok(target, `the ${name} migration exists`);
  await migrate(
    database,
    all.filter((migration) => migration.version < target.version),
  );
  await database.session((exec) => exec(`SET session_replication_role = replica;\n${rows}\nSET session_replication_role = origin;`));
  await migrate(database, all);
  return database;
}

test('the blobs migration moves kept PDFs and package contents under the keys the modules read', async () => {
  // The rows their owners (an invoice, a SAT request) would hold: the keys are what is tested here.
  const database = await migrateAcross(
    'blobs',
    `INSERT INTO invoice_pdfs (invoice_id, fingerprint, body, created_at) VALUES ('inv_01a', 'f00d', '\\x255044462d31'::bytea, now());
    INSERT INTO sat_packages (sat_request_id, position, sat_package_id, state, content, stored_at)
      VALUES ('sreq_01a', 0, 'P0', 'stored', '\\x504b0304'::bytea, now()), ('sreq_01a', 1, 'P1', 'pending', NULL, NULL);`,
  );
  try {
    const store = databaseBlobStore(database.db, () => new Date());
    assert.deepEqual(await store.get('pdfs/inv_01a/f00d.pdf'), Buffer.from('%PDF-1'));
    assert.deepEqual(await store.get('packages/sreq_01a/0.zip'), Buffer.from('PK\u0003\u0004', 'latin1'));
    assert.deepEqual(await store.list('packages/sreq_01a'), ['packages/sreq_01a/0.zip'], 'a package not yet kept has no blob');
  } finally {
    await database.close();
  }
});

test('the streamed blobs migration moves the files of completed exports under exports/<id>, in order, and drops export_chunks', async () => {
  // A completed export's file in two chunks, and the first chunk of one still being built.
  const database = await migrateAcross(
    'blob_chunks_exports',
    `INSERT INTO exports (id, organization_id, mode, source, format, filters, status, rows_written, completed_at, created_at, updated_at)
      VALUES ('exp_01a', 'org_01a', 'test', 'cfdis', 'csv', '{}', 'completed', 2, now(), now(), now()),
             ('exp_01b', 'org_01a', 'test', 'cfdis', 'csv', '{}', 'running', 1, NULL, now(), now());
    INSERT INTO export_chunks (export_id, position, content)
      VALUES ('exp_01a', 1, '\\x6c696e652032'::bytea), ('exp_01a', 0, '\\x6c696e6520310a'::bytea), ('exp_01b', 0, '\\x68616c66'::bytea);`,
  );
  try {
    const store = databaseBlobStore(database.db, () => new Date());
    assert.deepEqual(await store.get('exports/exp_01a'), Buffer.from('line 1\nline 2'));
    const opened = await store.open('exports/exp_01a');
    assert.equal(opened?.bytes, 13);
    const read: string[] = [];
    for await (const chunk of opened.stream as AsyncIterable<Uint8Array>) read.push(Buffer.from(chunk).toString());
    assert.deepEqual(read, ['line 1\n', 'line 2'], 'read a chunk at a time, in order');
    assert.equal(await store.open('exports/exp_01b'), undefined, 'a half-built file is not moved');
    const { rows } = await sql<{ tables: number }>`SELECT count(*)::int AS tables FROM pg_tables WHERE tablename = 'export_chunks'`.execute(database.db);
    assert.equal(rows[0]?.tables, 0, 'export_chunks is dropped');
  } finally {
    await database.close();
  }
});
