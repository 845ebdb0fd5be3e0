/**
 * Where built export files are kept until they expire (docs/decisions.md, "Exports"). On
 * PostgreSQL, in `export_chunks`, a megabyte a row, so every node serves what one built and
 * neither writing nor reading holds a file whole. On the embedded database, as files under
 * DATA_DIR, like rendered PDFs and SAT packages: PGlite has one connection and moves a bytea at
 * about 180 ms per megabyte written, during which no other statement runs.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { Db } from '../../platform/db/database.ts';
import { chunkAt, deleteChunks, insertChunk } from './repository.ts';

export interface ExportStore {
  /** A fresh sink for the export's file (anything an earlier attempt wrote is discarded); `commit` after it finished makes it the file. */
  create(db: Db, exportId: string): Promise<{ sink: Writable; commit(): Promise<void> }>;
  /** The file as a stream; undefined when it is not kept. */
  open(db: Db, exportId: string): Promise<Readable | undefined>;
  remove(db: Db, exportId: string): Promise<void>;
}

const CHUNK_BYTES = 1024 * 1024;

/** Writes what it is given as rows of at most CHUNK_BYTES, in order. */
class ChunkWriter extends Writable {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private position = 0;

  constructor(
    private readonly db: Db,
    private readonly exportId: string,
  ) {
    super({ highWaterMark: CHUNK_BYTES });
  }

  private async flush(all: boolean): Promise<void> {
    while (this.pendingBytes >= CHUNK_BYTES || (all && this.pendingBytes > 0)) {
      const joined = Buffer.concat(this.pending);
      const content = joined.subarray(0, CHUNK_BYTES);
      const rest = joined.subarray(content.length);
      this.pending = rest.length > 0 ? [rest] : [];
      this.pendingBytes = rest.length;
      await insertChunk(this.db, this.exportId, this.position, Buffer.from(content));
      this.position += 1;
    }
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

export const databaseExportStore: ExportStore = {
  async create(db, exportId) {
    await deleteChunks(db, exportId);
    return { sink: new ChunkWriter(db, exportId), commit: async () => {} };
  },
  async open(db, exportId) {
    if (!(await chunkAt(db, exportId, 0))) return undefined;
    async function* chunks(): AsyncGenerator<Buffer> {
      for (let position = 0; ; position += 1) {
        const content = await chunkAt(db, exportId, position);
        if (!content) return;
        yield content;
      }
    }
    return Readable.from(chunks());
  },
  remove: deleteChunks,
};

const SAFE_NAME = /^[a-z0-9_]+$/;

/** `<directory>/<export id>`, written as `<id>.tmp` and renamed once complete. */
export function fileExportStore(directory: string): ExportStore {
  const fileOf = (exportId: string) => {
    if (!SAFE_NAME.test(exportId)) throw new Error(`not an export id: ${exportId}`);
    return path.join(directory, exportId);
  };
  return {
    async create(_db, exportId) {
      const file = fileOf(exportId);
      await fs.mkdir(directory, { recursive: true, mode: 0o700 });
      const temporary = `${file}.tmp`;
      const sink = createWriteStream(temporary, { mode: 0o600 });
      return {
        sink,
        async commit() {
          await finished(sink);
          await fs.rename(temporary, file);
        },
      };
    },
    async open(_db, exportId) {
      const file = fileOf(exportId);
      try {
        await fs.access(file);
      } catch {
        return undefined;
      }
      return createReadStream(file, { highWaterMark: 256 * 1024 });
    },
    async remove(_db, exportId) {
      const file = fileOf(exportId);
      await fs.rm(file, { force: true });
      await fs.rm(`${file}.tmp`, { force: true });
    },
  };
}
