/**
 * Where the service keeps bytes too large for a row of their own table: rendered PDFs, downloaded
 * SAT packages (docs/decisions.md, "Storage engines"). On a PostgreSQL server, in the `blobs` table,
 * so every node and worker reads what one wrote. On the embedded database, as files under
 * DATA_DIR: PGlite has one connection and moves a bytea at about 65 ms (read) and 180 ms (write)
 * per megabyte, during which no other statement of any tenant runs, while files are read and
 * written in parallel. The composition root picks one; modules name their keys and nothing else.
 *
 * A body too large to hold whole (an export's ZIP of 100,000 CFDIs is about 240 MB) is written as
 * a stream (`create`) and read as one (`open`): the file store streams to a temporary file renamed
 * on commit; the database store writes rows of CHUNK_ROW_BYTES to `blob_chunks`, and the `blobs`
 * row that names them is written only on commit, so neither side holds the body whole and a write
 * that fails or dies leaves nothing under its key.
 *
 * A key is a path of lower-case segments (`pdfs/inv_…/<fingerprint>.pdf`), so the file store can
 * use it as a relative file name as it is.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

interface OpenedBlob {
  stream: Readable | Iterable<Uint8Array>;
  bytes: number;
}

/** A streamed write under way: nothing of it is kept under its key before `commit`. */
interface BlobWrite {
  /** Takes the body, in order; end it before `commit`. */
  sink: Writable;
  /** Once the sink finished: makes what it took the body under the key (replacing what was there), durably. */
  commit(): Promise<void>;
  /** Discards what the sink took; the key keeps what it had. */
  abort(): Promise<void>;
}

export interface BlobStore {
  /** Keeps `body` under `key` (replacing what was there) once it is durable. */
  put(key: string, body: Buffer): Promise<void>;
  /**
   * A streamed write of `key`, for a body too large to hold whole. It discards what earlier writes
   * of the key that were never committed nor aborted left (a process killed mid-write), so one
   * writer a key at a time: a write another one discarded fails on commit.
   */
  create(key: string): Promise<BlobWrite>;
  /** The whole body, or undefined when nothing is kept under `key`. */
  get(key: string): Promise<Buffer | undefined>;
  /** The body as a stream of read-sized chunks, and its size; undefined when nothing is kept. */
  open(key: string): Promise<OpenedBlob | undefined>;
  /** The keys kept directly inside `folder` (one level: `folder/<name>`), in no particular order. */
  list(folder: string): Promise<string[]>;
  /** Forgets `key`; nothing happens when it is not kept. */
  delete(key: string): Promise<void>;
}

const SEGMENT = /^[a-z0-9_][a-z0-9_.-]*$/;

/** Throws unless `key` is segments of lower-case letters, digits, `_`, `.` and `-`, none starting with a dot. */
function checkKey(key: string): string {
  if (!key.split('/').every((segment) => SEGMENT.test(segment))) throw new Error(`not a blob key: ${key}`);
  return key;
}

const CHUNK_BYTES = 256 * 1024;

/** A body held in memory, handed on in read-sized slices so the reader's output stays small too. */
function* slices(content: Buffer): Iterable<Uint8Array> {
  for (let at = 0; at < content.length; at += CHUNK_BYTES) yield content.subarray(at, at + CHUNK_BYTES);
}

interface BlobTable {
  key: string;
  /** The body; empty when `upload` names the chunks that hold it. */
  body: Buffer;
  created_at: Date;
  /** The streamed write whose `blob_chunks` rows are the body, in order; null when `body` is. */
  upload: string | null;
  /** The body's size when it is in chunks. */
  bytes: string | number | null;
}

interface BlobChunkTable {
  key: string;
  upload: string;
  position: number;
  body: Buffer;
}

declare module '../db/schema.ts' {
  interface Database {
    blobs: BlobTable;
    blob_chunks: BlobChunkTable;
  }
}

/** The size of a row of `blob_chunks`: what a streamed write holds before it writes, and a read holds at once. */
const CHUNK_ROW_BYTES = 1024 * 1024;

/** Writes what it takes as `blob_chunks` rows of CHUNK_ROW_BYTES (the last one shorter), in order. */
class ChunkWriter extends Writable {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  /** Rows written. */
  positions = 0;
  bytes = 0;
  /** The row being written, awaited by an abort before it deletes what was written. */
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly key: string,
    private readonly upload: string,
  ) {
    super({ highWaterMark: CHUNK_ROW_BYTES });
  }

  private flush(all: boolean): Promise<void> {
    this.writing = (async () => {
      while (this.pendingBytes >= CHUNK_ROW_BYTES || (all && this.pendingBytes > 0)) {
        const joined = this.pending.length === 1 ? this.pending[0]! : Buffer.concat(this.pending);
        const body = joined.subarray(0, CHUNK_ROW_BYTES);
        const rest = joined.subarray(body.length);
        this.pending = rest.length > 0 ? [rest] : [];
        this.pendingBytes = rest.length;
        await this.db.insertInto('blob_chunks').values({ key: this.key, upload: this.upload, position: this.positions, body }).execute();
        this.positions += 1;
        this.bytes += body.length;
      }
    })();
    return this.writing;
  }

  /** Resolves once no row is being written. */
  async settled(): Promise<void> {
    await this.writing.catch(() => {});
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.pending.push(chunk);
    this.pendingBytes += chunk.length;
    this.flush(false).then(() => callback(), callback);
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.flush(true).then(() => callback(), callback);
  }
}

/** The `blobs` table (migration 0028), with the chunks of streamed writes in `blob_chunks` (0029). */
export function databaseBlobStore(db: Db, now: () => Date): BlobStore {
  const chunkAt = async (key: string, upload: string, position: number) => {
    const row = await db
      .selectFrom('blob_chunks')
      .select('body')
      .where('key', '=', key)
      .where('upload', '=', upload)
      .where('position', '=', position)
      .executeTakeFirst();
    return row && Buffer.from(row.body);
  };
  /** The chunks of `upload`, one row at a time; throws when one is gone before its turn (the blob was replaced or deleted meanwhile). */
  async function* chunks(key: string, upload: string, bytes: number): AsyncGenerator<Buffer> {
    let read = 0;
    for (let position = 0; read < bytes; position += 1) {
      const body = await chunkAt(key, upload, position);
      if (!body) throw new Error(`the blob ${key} was replaced or deleted while it was read`);
      read += body.length;
      yield body;
    }
  }
  const row = (key: string) => db.selectFrom('blobs').select(['body', 'upload', 'bytes']).where('key', '=', checkKey(key)).executeTakeFirst();
  return {
    async put(key, body) {
      const at = now();
      // The chunks of a streamed body this one replaces, and of writes never committed, go with it.
      await db
        .with('replaced', (query) => query.deleteFrom('blob_chunks').where('key', '=', checkKey(key)))
        .insertInto('blobs')
        .values({ key, body, created_at: at, upload: null, bytes: null })
        .onConflict((conflict) => conflict.column('key').doUpdateSet({ body, created_at: at, upload: null, bytes: null }))
        .execute();
    },
    async create(key) {
      checkKey(key);
      await db
        .deleteFrom('blob_chunks')
        .where('key', '=', key)
        .where(sql<boolean>`upload IS DISTINCT FROM (SELECT upload FROM blobs WHERE key = ${key})`)
        .execute();
      const upload = randomUUID();
      const sink = new ChunkWriter(db, key, upload);
      return {
        sink,
        async commit() {
          await finished(sink);
          await db.transaction().execute(async (trx) => {
            const { rows } = await trx
              .selectFrom('blob_chunks')
              .select((eb) => eb.fn.countAll<string>().as('rows'))
              .where('key', '=', key)
              .where('upload', '=', upload)
              .executeTakeFirstOrThrow();
            if (Number(rows) !== sink.positions) throw new Error(`the streamed write of ${key} was discarded by another write of it before its commit`);
            const at = now();
            const values = { body: Buffer.alloc(0), created_at: at, upload, bytes: sink.bytes };
            await trx
              .with('replaced', (query) => query.deleteFrom('blob_chunks').where('key', '=', key).where('upload', '<>', upload))
              .insertInto('blobs')
              .values({ key, ...values })
              .onConflict((conflict) => conflict.column('key').doUpdateSet(values))
              .execute();
          });
        },
        async abort() {
          sink.destroy();
          await sink.settled();
          await db.deleteFrom('blob_chunks').where('key', '=', key).where('upload', '=', upload).execute();
        },
      };
    },
    async get(key) {
      const found = await row(key);
      if (!found) return undefined;
      if (found.upload === null) return Buffer.from(found.body);
      const parts: Buffer[] = [];
      for await (const body of chunks(key, found.upload, Number(found.bytes))) parts.push(body);
      return Buffer.concat(parts);
    },
    async open(key) {
      const found = await row(key);
      if (!found) return undefined;
      if (found.upload === null) return { stream: slices(Buffer.from(found.body)), bytes: found.body.length };
      const bytes = Number(found.bytes);
      return { stream: Readable.from(chunks(key, found.upload, bytes)), bytes };
    },
    async list(folder) {
      const prefix = `${checkKey(folder)}/`;
      const rows = await db.selectFrom('blobs').select('key').where(sql<boolean>`starts_with(key, ${prefix})`).execute();
      return rows.map((row) => row.key).filter((key) => !key.slice(prefix.length).includes('/'));
    },
    async delete(key) {
      await db
        .with('chunks', (query) => query.deleteFrom('blob_chunks').where('key', '=', checkKey(key)))
        .deleteFrom('blobs')
        .where('key', '=', key)
        .execute();
    },
  };
}

function missing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

/** The temporary file of a streamed write of `file`: `<file>.<uuid>.partial.tmp`. */
const PARTIAL = /^(.+)\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.partial\.tmp$/;

async function syncFile(file: string): Promise<void> {
  const handle = await fs.open(file, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Files under `directory`, one per key; written to a temporary name, synced, then renamed. */
export function fileBlobStore(directory: string): BlobStore {
  const fileOf = (key: string) => path.join(directory, checkKey(key));
  /** Removes the temporary files of streamed writes of `file` that were never committed nor aborted. */
  const discardPartial = async (file: string) => {
    const name = path.basename(file);
    for (const entry of await fs.readdir(path.dirname(file))) {
      if (PARTIAL.exec(entry)?.[1] === name) await fs.rm(path.join(path.dirname(file), entry), { force: true });
    }
  };
  return {
    async put(key, body) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
      const handle = await fs.open(temporary, 'w', 0o600);
      try {
        await handle.writeFile(body);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fs.rename(temporary, file);
    },
    async create(key) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      await discardPartial(file);
      const temporary = `${file}.${randomUUID()}.partial.tmp`;
      const sink = createWriteStream(temporary, { mode: 0o600 });
      return {
        sink,
        async commit() {
          await finished(sink);
          await syncFile(temporary);
          await fs.rename(temporary, file);
        },
        async abort() {
          sink.destroy();
          if (!sink.closed) await new Promise<void>((resolve) => sink.once('close', () => resolve()));
          await fs.rm(temporary, { force: true });
        },
      };
    },
    async get(key) {
      try {
        return await fs.readFile(fileOf(key));
      } catch (error) {
        if (missing(error)) return undefined;
        throw error;
      }
    },
    async open(key) {
      const file = fileOf(key);
      try {
        const { size } = await fs.stat(file);
        return { stream: createReadStream(file, { highWaterMark: CHUNK_BYTES }), bytes: size };
      } catch (error) {
        if (missing(error)) return undefined;
        throw error;
      }
    },
    async list(folder) {
      let entries;
      try {
        entries = await fs.readdir(fileOf(folder), { withFileTypes: true });
      } catch (error) {
        if (missing(error)) return [];
        throw error;
      }
      return entries.filter((entry) => entry.isFile() && !entry.name.endsWith('.tmp')).map((entry) => `${folder}/${entry.name}`);
    },
    async delete(key) {
      await fs.rm(fileOf(key), { force: true });
    },
  };
}
