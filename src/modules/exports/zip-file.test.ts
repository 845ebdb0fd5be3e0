import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { test } from 'node:test';
import { strFromU8, unzipSync } from 'fflate';
import { ZipFile, type ZipEntry } from './zip-file.ts';

/** A sink that keeps what it is given and drains slowly, so the writer must wait for it. */
function collecting(): { sink: Writable; bytes(): Buffer } {
  const chunks: Buffer[] = [];
  const sink = new Writable({
    highWaterMark: 16 * 1024,
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      setImmediate(callback);
    },
  });
  return { sink, bytes: () => Buffer.concat(chunks) };
}

async function zipOf(pages: ZipEntry[][], level?: number): Promise<Buffer> {
  const { sink, bytes } = collecting();
  const zip = new ZipFile(sink, level);
  for (const page of pages) await zip.add(page);
  await zip.end();
  await new Promise((resolve) => sink.on('finish', resolve));
  return bytes();
}

const modified = new Date(2026, 5, 15, 10, 30, 20);

test('each entry holds its bytes under its UTF-8 name, deflated or stored when deflate does not shrink it', async () => {
  const xml = `<?xml version="1.0" encoding="UTF-8"?><cfdi:Comprobante Nombre="JOSÉ ÑÚÑEZ">${'<cfdi:Concepto/>'.repeat(200)}</cfdi:Comprobante>`;
  const tiny = Buffer.from([0x01]);
  const file = await zipOf([[{ name: 'año/ü.xml', content: Buffer.from(xml, 'utf8'), modified }], [{ name: 'uno.bin', content: tiny, modified }]]);
  const entries = unzipSync(new Uint8Array(file));
  assert.deepEqual(Object.keys(entries), ['año/ü.xml', 'uno.bin']);
  assert.equal(strFromU8(entries['año/ü.xml']!), xml);
  assert.deepEqual(Buffer.from(entries['uno.bin']!), tiny);
  // The first entry is deflated (method 8), the one-byte one stored (method 0).
  assert.equal(file.readUInt16LE(8), 8);
  assert.equal(file.includes(Buffer.from([0x50, 0x4b, 0x06, 0x06])), false, 'a small archive has no ZIP64 records');
});

test('an empty archive is a valid ZIP with no entries', async () => {
  const file = await zipOf([]);
  assert.equal(file.length, 22);
  assert.deepEqual(unzipSync(new Uint8Array(file)), {});
});

test('65,535 entries and more are written with ZIP64 end records that readers follow', async () => {
  const count = 70_000;
  const pages: ZipEntry[][] = [];
  for (let start = 0; start < count; start += 500) {
    pages.push(
      Array.from({ length: Math.min(500, count - start) }, (_, index) => ({
        name: `${start + index}.txt`,
        content: Buffer.from(String(start + index)),
        modified,
      })),
    );
  }
  const file = await zipOf(pages, 0);
  assert.ok(file.includes(Buffer.from([0x50, 0x4b, 0x06, 0x06])), 'the ZIP64 end of central directory record is present');
  const entries = unzipSync(new Uint8Array(file));
  assert.equal(Object.keys(entries).length, count);
  assert.equal(strFromU8(entries['69999.txt']!), '69999');
  const unzip = ['/usr/bin/unzip', '/bin/unzip'].find((candidate) => fs.existsSync(candidate));
  if (unzip) {
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'zip-file-'));
    try {
      fs.writeFileSync(path.join(directory, 'many.zip'), file);
      assert.match(execFileSync(unzip, ['-tq', path.join(directory, 'many.zip')], { encoding: 'utf8' }), /No errors detected/);
    } finally {
      fs.rmSync(directory, { recursive: true, force: true });
    }
  }
});
