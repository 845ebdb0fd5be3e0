/**
 * Where downloaded SAT packages are kept (docs/decisions.md, "Downloads"). The SAT lets a package
 * be downloaded twice and forgets it after 72 hours, so the service keeps its own copy before it
 * reads a single CFDI from it. On PostgreSQL, in `sat_packages.content`, so every node and worker
 * serves what one downloaded. On the embedded database, as files under DATA_DIR (synced to disk
 * before the row says `stored`): PGlite has one connection and moves a bytea at about 180 ms per
 * megabyte written, during which no other statement of any tenant runs.
 */
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Db } from '../../platform/db/database.ts';
import { packageContent } from './repository.ts';

export interface PackageKey {
  requestId: string;
  position: number;
}

export interface PackageStore {
  /** Keeps the zip; returns what the row's `content` column holds (the zip, or null for a file). */
  put(key: PackageKey, zip: Buffer): Promise<Buffer | null>;
  /** The stored zip as a stream, and its size; undefined when it is not kept. */
  open(db: Db, key: PackageKey): Promise<{ stream: Readable | AsyncIterable<Uint8Array> | Iterable<Uint8Array>; bytes: number } | undefined>;
}

export const databasePackageStore: PackageStore = {
  put: async (_key, zip) => zip,
  async open(db, key) {
    const content = await packageContent(db, key);
    return content ? { stream: slices(content), bytes: content.length } : undefined;
  },
};

const CHUNK_BYTES = 256 * 1024;

/** A zip held in memory, handed on in read-sized slices so the reader's output stays small too. */
function* slices(content: Buffer): Iterable<Uint8Array> {
  for (let at = 0; at < content.length; at += CHUNK_BYTES) yield content.subarray(at, at + CHUNK_BYTES);
}

const SAFE_NAME = /^[a-z0-9_]+$/;

/** `<directory>/<request id>/<position>.zip`, written to a temporary name, synced, then renamed. */
export function filePackageStore(directory: string): PackageStore {
  const fileOf = (key: PackageKey) => {
    if (!SAFE_NAME.test(key.requestId) || !Number.isInteger(key.position) || key.position < 0)
      throw new Error(`not a package key: ${key.requestId}/${key.position}`);
    return path.join(directory, key.requestId, `${key.position}.zip`);
  };
  return {
    async put(key, zip) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
      const handle = await fs.open(temporary, 'w', 0o600);
      try {
        await handle.writeFile(zip);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fs.rename(temporary, file);
      return null;
    },
    async open(_db, key) {
      const file = fileOf(key);
      try {
        const { size } = await fs.stat(file);
        return { stream: createReadStream(file, { highWaterMark: CHUNK_BYTES }), bytes: size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
  };
}
