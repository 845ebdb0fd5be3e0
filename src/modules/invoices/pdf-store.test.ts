import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import type { Db } from '../../platform/db/database.ts';
import { filePdfStore } from './pdf-store.ts';

test('the file store keeps one rendering per invoice, by fingerprint, readable by the owner only', async () => {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-store-'));
  try {
    const store = filePdfStore(path.join(directory, 'pdfs'));
    const db = undefined as unknown as Db;
    const id = 'inv_01m88f2k7c3x9d0q4r6t8v1w2y';
    assert.equal(await store.find(db, id, 'a1'), undefined);
    await store.store(db, id, 'a1', Buffer.from('%PDF-first'), new Date());
    assert.deepEqual(await store.find(db, id, 'a1'), Buffer.from('%PDF-first'));
    assert.equal(await store.find(db, id, 'b2'), undefined, 'another fingerprint is another rendering');
    await store.store(db, id, 'b2', Buffer.from('%PDF-second'), new Date());
    assert.deepEqual(await store.find(db, id, 'b2'), Buffer.from('%PDF-second'));
    assert.equal(await store.find(db, id, 'a1'), undefined, 'the earlier rendering is gone');
    assert.deepEqual(fs.readdirSync(path.join(directory, 'pdfs', id)), ['b2.pdf']);
    assert.equal(fs.statSync(path.join(directory, 'pdfs', id, 'b2.pdf')).mode & 0o077, 0);
    await assert.rejects(store.find(db, '../../etc', 'x'), /not an invoice id/);
  } finally {
    fs.rmSync(directory, { recursive: true, force: true });
  }
});
