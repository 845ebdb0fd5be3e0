/**
 * Where the service keeps bytes too large for a row of their own table: rendered PDFs, downloaded
 * SAT packages (docs/decisions.md, "Storage engines"). On a PostgreSQL server, in the `blobs` table,
 * so every node and worker reads what one wrote. On the embedded database, as files under
 * DATA_DIR: PGlite has one connection and moves a bytea at about 65 ms (read) and 180 ms (write)
 * per megabyte, during which no other statement of any tenant runs, while files are read and
 * written in parallel. The composition root picks one; modules name their keys and nothing else.
 *
 * A key is a path of lower-case segments (`pdfs/inv_…/<fingerprint>.pdf`), so the file store can
 * use it as a relative file name as it is.
 */
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

interface OpenedBlob {
  stream: Readable | Iterable<Uint8Array>;
  bytes: number;
}

export interface BlobStore {
  /** Keeps `body` under `key` (replacing what was there) once it is durable. */
  put(key: string, body: Buffer): Promise<void>;
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
  body: Buffer;
  created_at: Date;
}

declare module '../db/schema.ts' {
  interface Database {
    blobs: BlobTable;
  }
}

/** The `blobs` table (migration 0028). */
export function databaseBlobStore(db: Db, now: () => Date): BlobStore {
  const read = async (key: string) => {
    const row = await db.selectFrom('blobs').select('body').where('key', '=', checkKey(key)).executeTakeFirst();
    return row && Buffer.from(row.body);
  };
  return {
    async put(key, body) {
      const at = now();
      await db
        .insertInto('blobs')
        .values({ key: checkKey(key), body, created_at: at })
        .onConflict((conflict) => conflict.column('key').doUpdateSet({ body, created_at: at }))
        .execute();
    },
    get: read,
    async open(key) {
      const body = await read(key);
      return body && { stream: slices(body), bytes: body.length };
    },
    async list(folder) {
      const prefix = `${checkKey(folder)}/`;
      const rows = await db.selectFrom('blobs').select('key').where(sql<boolean>`starts_with(key, ${prefix})`).execute();
      return rows.map((row) => row.key).filter((key) => !key.slice(prefix.length).includes('/'));
    },
    async delete(key) {
      await db.deleteFrom('blobs').where('key', '=', checkKey(key)).execute();
    },
  };
}

function missing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

/** Files under `directory`, one per key; written to a temporary name, synced, then renamed. */
export function fileBlobStore(directory: string): BlobStore {
  const fileOf = (key: string) => path.join(directory, checkKey(key));
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
