import assert from 'node:assert/strict';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { sql } from 'kysely';
import { openTestDatabase } from '../../../test/support/database.ts';
import { migrate } from '../db/migrate.ts';
import { databaseBlobStore, fileBlobStore, type BlobStore } from './blob-store.ts';

async function readAll(store: BlobStore, key: string): Promise<{ body: Buffer; bytes: number; chunks: number; largest: number } | undefined> {
  const opened = await store.open(key);
  if (!opened) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of opened.stream as AsyncIterable<Uint8Array>) chunks.push(Buffer.from(chunk));
  return { body: Buffer.concat(chunks), bytes: opened.bytes, chunks: chunks.length, largest: Math.max(0, ...chunks.map((chunk) => chunk.length)) };
}

type BlobWrite = Awaited<ReturnType<BlobStore['create']>>;

/** Writes `parts` to the sink as a producer would, waiting for it to drain; resolves once each was taken. */
async function feed(write: BlobWrite, parts: Buffer[]): Promise<void> {
  for (const part of parts) if (!write.sink.write(part)) await once(write.sink, 'drain');
  await new Promise<void>((resolve, reject) => write.sink.write(Buffer.alloc(0), (error) => (error ? reject(error) : resolve())));
}

/** `count` distinct parts of `size` bytes. */
const parts = (count: number, size: number) => Array.from({ length: count }, (_, index) => Buffer.alloc(size, index + 1));

const MIB = 1024 * 1024;

interface OpenedStore {
  store: BlobStore;
  /** How many pieces (chunk rows, temporary files) streamed writes left that no blob holds. */
  strays(): Promise<number>;
  close(): Promise<void>;
}

/** What every blob store promises, whichever engine keeps the bytes. */
function contract(name: string, open: () => Promise<OpenedStore>) {
  describe(`${name} blob store`, () => {
    let opened: OpenedStore | undefined;
    const store = async () => (opened ??= await open()).store;
    const strays = async () => (opened ??= await open()).strays();
    after(async () => opened?.close());

    test('what is put is got and opened whole, replaced by the next put, and gone once deleted', async () => {
      const blobs = await store();
      assert.equal(await blobs.get('pdfs/inv_a/x.pdf'), undefined);
      assert.equal(await blobs.open('pdfs/inv_a/x.pdf'), undefined);
      await blobs.put('pdfs/inv_a/x.pdf', Buffer.from('%PDF-first'));
      assert.deepEqual(await blobs.get('pdfs/inv_a/x.pdf'), Buffer.from('%PDF-first'));
      await blobs.put('pdfs/inv_a/x.pdf', Buffer.from('%PDF-second'));
      assert.deepEqual(await readAll(blobs, 'pdfs/inv_a/x.pdf'), { body: Buffer.from('%PDF-second'), bytes: 11, chunks: 1, largest: 11 });
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

    test('a streamed write is kept only once committed, replacing what was there, and is read back a chunk at a time', async () => {
      const blobs = await store();
      await blobs.put('exports/exp_s', Buffer.from('the old file'));
      const write = await blobs.create('exports/exp_s');
      const body = parts(5, 512 * 1024);
      await feed(write, body);
      assert.deepEqual(await blobs.get('exports/exp_s'), Buffer.from('the old file'), 'before its commit the key keeps what it had');
      assert.deepEqual(await blobs.list('exports'), ['exports/exp_s'], 'and lists nothing of the write');
      write.sink.end();
      await write.commit();
      const read = await readAll(blobs, 'exports/exp_s');
      assert.equal(read?.bytes, 5 * 512 * 1024);
      assert.ok(read.body.equals(Buffer.concat(body)));
      assert.ok(read.chunks > 2 && read.largest <= MIB, `${read.chunks} chunk(s), the largest ${read.largest} bytes`);
      assert.deepEqual(await blobs.get('exports/exp_s'), Buffer.concat(body));
      await blobs.put('exports/exp_s', Buffer.from('small again'));
      assert.deepEqual(await blobs.get('exports/exp_s'), Buffer.from('small again'));
      assert.equal(await strays(), 0, 'nothing of the streamed body outlives it');
      await blobs.delete('exports/exp_s');
    });

    test('an aborted write leaves the key as it was and nothing of itself', async () => {
      const blobs = await store();
      await blobs.put('exports/exp_a', Buffer.from('kept'));
      const write = await blobs.create('exports/exp_a');
      await feed(write, parts(3, 512 * 1024));
      await write.abort();
      assert.deepEqual(await blobs.get('exports/exp_a'), Buffer.from('kept'));
      const fresh = await blobs.create('exports/exp_new');
      await feed(fresh, parts(3, 512 * 1024));
      await fresh.abort();
      assert.equal(await blobs.open('exports/exp_new'), undefined);
      assert.equal(await strays(), 0);
      await blobs.delete('exports/exp_a');
    });

    test('what a write that was never committed nor aborted left is discarded by the next write of the key, and that write cannot commit', async () => {
      const blobs = await store();
      const dead = await blobs.create('exports/exp_d');
      await feed(dead, parts(3, 512 * 1024));
      assert.ok((await strays()) > 0, 'the unfinished write has left something');
      const next = await blobs.create('exports/exp_d');
      assert.equal(await strays(), 0, 'the next write discarded it');
      next.sink.end(Buffer.from('rebuilt'));
      await next.commit();
      assert.deepEqual(await blobs.get('exports/exp_d'), Buffer.from('rebuilt'));
      dead.sink.end();
      await assert.rejects(dead.commit());
      await dead.abort();
      assert.deepEqual(await blobs.get('exports/exp_d'), Buffer.from('rebuilt'));
      assert.equal(await strays(), 0);
    });

    test('a streamed blob is deleted whole', async () => {
      const blobs = await store();
      const write = await blobs.create('exports/exp_x');
      await feed(write, parts(3, 512 * 1024));
      write.sink.end();
      await write.commit();
      await blobs.delete('exports/exp_x');
      assert.equal(await blobs.open('exports/exp_x'), undefined);
      assert.equal(await strays(), 0);
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
  return {
    store: databaseBlobStore(database.db, () => new Date()),
    strays: async () => {
      const { rows } = await sql<{ strays: number }>`SELECT count(*)::int AS strays FROM blob_chunks c
        WHERE NOT EXISTS (SELECT 1 FROM blobs b WHERE b.key = c.key AND b.upload = c.upload)`.execute(database.db);
      return rows[0]!.strays;
    },
    close: () => database.close(),
  };
});

const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'blob-store-'));
after(() => fs.rmSync(directory, { recursive: true, force: true }));
contract('the file', async () => ({
  store: fileBlobStore(directory),
  // The streamed writes above all write under exports/.
  strays: async () => fs.readdirSync(path.join(directory, 'exports')).filter((name) => name.endsWith('.tmp')).length,
  close: async () => {},
}));

test('the file store writes each key as a file at its own path, readable by the owner only, and lists no half-written file', async () => {
  const blobs = fileBlobStore(path.join(directory, 'own'));
  await blobs.put('pdfs/inv_a/b2.pdf', Buffer.from('%PDF'));
  const file = path.join(directory, 'own', 'pdfs', 'inv_a', 'b2.pdf');
  assert.deepEqual(fs.readFileSync(file), Buffer.from('%PDF'));
  assert.equal(fs.statSync(file).mode & 0o077, 0);
  fs.writeFileSync(`${file}.123.456.tmp`, 'half');
  assert.deepEqual(await blobs.list('pdfs/inv_a'), ['pdfs/inv_a/b2.pdf']);
});
