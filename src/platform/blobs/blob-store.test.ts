import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { openTestDatabase } from '../../../test/support/database.ts';
import { migrate } from '../db/migrate.ts';
import { databaseBlobStore, fileBlobStore, type BlobStore } from './blob-store.ts';

async function readAll(store: BlobStore, key: string): Promise<{ body: Buffer; bytes: number; chunks: number } | undefined> {
  const opened = await store.open(key);
  if (!opened) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of opened.stream as AsyncIterable<Uint8Array>) chunks.push(Buffer.from(chunk));
  return { body: Buffer.concat(chunks), bytes: opened.bytes, chunks: chunks.length };
}

/** What every blob store promises, whichever engine keeps the bytes. */
function contract(name: string, open: () => Promise<{ store: BlobStore; close(): Promise<void> }>) {
  describe(`${name} blob store`, () => {
    let opened: { store: BlobStore; close(): Promise<void> } | undefined;
    const store = async () => (opened ??= await open()).store;
    after(async () => opened?.close());

    test('what is put is got and opened whole, replaced by the next put, and gone once deleted', async () => {
      const blobs = await store();
      assert.equal(await blobs.get('pdfs/inv_a/x.pdf'), undefined);
      assert.equal(await blobs.open('pdfs/inv_a/x.pdf'), undefined);
      await blobs.put('pdfs/inv_a/x.pdf', Buffer.from('%PDF-first'));
      assert.deepEqual(await blobs.get('pdfs/inv_a/x.pdf'), Buffer.from('%PDF-first'));
      await blobs.put('pdfs/inv_a/x.pdf', Buffer.from('%PDF-second'));
      assert.deepEqual(await readAll(blobs, 'pdfs/inv_a/x.pdf'), { body: Buffer.from('%PDF-second'), bytes: 11, chunks: 1 });
      await blobs.delete('pdfs/inv_a/x.pdf');
      assert.equal(await blobs.get('pdfs/inv_a/x.pdf'), undefined);
      await blobs.delete('pdfs/inv_a/x.pdf');
    });

    test('a large body is opened as a stream of read-sized chunks with its size', async () => {
      const blobs = await store();
      const body = Buffer.alloc(700 * 1024, 7);
      body.write('PK', 0);
      await blobs.put('packages/sreq_a/0.zip', body);
      const read = await readAll(blobs, 'packages/sreq_a/0.zip');
      assert.equal(read?.bytes, body.length);
      assert.ok(read.chunks > 1, `${read.chunks} chunk(s)`);
      assert.ok(read.body.equals(body));
    });

    test('a folder lists the keys directly inside it, never a sibling folder that shares its prefix nor a nested one', async () => {
      const blobs = await store();
      await blobs.put('list/a_b/1.pdf', Buffer.from('1'));
      await blobs.put('list/a_b/2.pdf', Buffer.from('2'));
      await blobs.put('list/a_b/deeper/3.pdf', Buffer.from('3'));
      await blobs.put('list/a_bc/4.pdf', Buffer.from('4'));
      await blobs.put('list/axb/5.pdf', Buffer.from('5'));
      assert.deepEqual((await blobs.list('list/a_b')).sort(), ['list/a_b/1.pdf', 'list/a_b/2.pdf']);
      assert.deepEqual(await blobs.list('list/none'), []);
    });

    test('a key that could leave the store or name something else is refused', async () => {
      const blobs = await store();
      for (const key of ['../etc/passwd', 'pdfs/../../x', 'pdfs//x', '', '/abs', 'Pdfs/x', 'pdfs/.hidden']) {
        await assert.rejects(blobs.put(key, Buffer.from('x')), /not a blob key/, key);
        await assert.rejects(blobs.get(key), /not a blob key/, key);
      }
    });
  });
}

contract('the database', async () => {
  const database = await openTestDatabase();
  await migrate(database);
  return { store: databaseBlobStore(database.db, () => new Date()), close: () => database.close() };
});

const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'blob-store-'));
after(() => fs.rmSync(directory, { recursive: true, force: true }));
contract('the file', async () => ({ store: fileBlobStore(directory), close: async () => {} }));

test('the file store writes each key as a file at its own path, readable by the owner only, and lists no half-written file', async () => {
  const blobs = fileBlobStore(path.join(directory, 'own'));
  await blobs.put('pdfs/inv_a/b2.pdf', Buffer.from('%PDF'));
  const file = path.join(directory, 'own', 'pdfs', 'inv_a', 'b2.pdf');
  assert.deepEqual(fs.readFileSync(file), Buffer.from('%PDF'));
  assert.equal(fs.statSync(file).mode & 0o077, 0);
  fs.writeFileSync(`${file}.123.456.tmp`, 'half');
  assert.deepEqual(await blobs.list('pdfs/inv_a'), ['pdfs/inv_a/b2.pdf']);
});
