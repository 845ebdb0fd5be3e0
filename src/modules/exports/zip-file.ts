/**
 * A ZIP written as it goes (APPNOTE 6.3.10), for exports of many small documents
 * (docs/decisions.md, "Exports: the ZIP writer"). Each entry is a whole buffer, so its CRC-32 and
 * sizes are known before its local header and no data descriptor follows it; deflate runs on
 * libuv's threads. The central directory is kept as packed bytes (about 90 per entry, not an
 * object per entry) and written at the end in slices, each waiting for the sink to drain. ZIP64
 * records are written when the entries reach 65,535 or an offset or size reaches 4 GiB.
 */
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const deflateRaw = promisify(zlib.deflateRaw);

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const ZIP64_END = 0x06064b50;
const ZIP64_LOCATOR = 0x07064b50;
const END = 0x06054b50;
/** 4.5: ZIP64; 2.0: deflate. */
const VERSION_ZIP64 = 45;
const VERSION_DEFLATE = 20;
/** General purpose bit 11: names are UTF-8. */
const UTF8_NAMES = 0x0800;
const DEFLATED = 8;
const STORED = 0;
const MAX_16 = 0xffff;
const MAX_32 = 0xffffffff;
/** The central directory is packed into slices of this many bytes. */
const SLICE_BYTES = 64 * 1024;

export interface ZipEntry {
  name: string;
  content: Buffer;
  modified: Date;
}

function dosTime(date: Date): { time: number; date: number } {
  const year = Math.min(Math.max(date.getFullYear(), 1980), 2107);
  return {
    time: (date.getHours() << 11) | (date.getMinutes() << 5) | Math.floor(date.getSeconds() / 2),
    date: ((year - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
  };
}

async function write(sink: Writable, chunk: Buffer): Promise<void> {
  if (!sink.write(chunk)) await once(sink, 'drain');
}

export class ZipFile {
  private offset = 0;
  private entries = 0;
  private readonly directory: Buffer[] = [];
  private slice = Buffer.allocUnsafe(SLICE_BYTES);
  private used = 0;

  constructor(
    private readonly sink: Writable,
    private readonly level = 6,
  ) {}

  /** Compresses the entries together (on the thread pool), then writes them in order, waiting for the sink to drain. */
  async add(entries: readonly ZipEntry[]): Promise<void> {
    const compressed =
      this.level === 0 ? entries.map((entry) => entry.content) : await Promise.all(entries.map((entry) => deflateRaw(entry.content, { level: this.level })));
    for (const [index, entry] of entries.entries()) await this.addOne(entry, compressed[index]!);
  }

  private async addOne(entry: ZipEntry, data: Buffer): Promise<void> {
    const name = Buffer.from(entry.name, 'utf8');
    // Compression that does not shrink the document stores it.
    const method = data.length < entry.content.length ? DEFLATED : STORED;
    const body = method === DEFLATED ? data : entry.content;
    if (entry.content.length >= MAX_32 || name.length > MAX_16) throw new Error(`entry ${entry.name} is too large for the export's ZIP`);
    const crc = zlib.crc32(entry.content);
    const { time, date } = dosTime(entry.modified);
    const header = Buffer.alloc(30 + name.length);
    header.writeUInt32LE(LOCAL_HEADER, 0);
    header.writeUInt16LE(VERSION_DEFLATE, 4);
    header.writeUInt16LE(UTF8_NAMES, 6);
    header.writeUInt16LE(method, 8);
    header.writeUInt16LE(time, 10);
    header.writeUInt16LE(date, 12);
    header.writeUInt32LE(crc, 14);
    header.writeUInt32LE(body.length, 18);
    header.writeUInt32LE(entry.content.length, 22);
    header.writeUInt16LE(name.length, 26);
    header.writeUInt16LE(0, 28);
    name.copy(header, 30);
    const localOffset = this.offset;
    await write(this.sink, header);
    await write(this.sink, body);
    this.offset += header.length + body.length;
    this.entries += 1;

    // Its central directory record; the offset moves to a ZIP64 extra field past 4 GiB.
    const zip64 = localOffset >= MAX_32;
    const record = Buffer.alloc(46 + name.length + (zip64 ? 12 : 0));
    record.writeUInt32LE(CENTRAL_HEADER, 0);
    record.writeUInt16LE(VERSION_ZIP64, 4);
    record.writeUInt16LE(zip64 ? VERSION_ZIP64 : VERSION_DEFLATE, 6);
    record.writeUInt16LE(UTF8_NAMES, 8);
    record.writeUInt16LE(method, 10);
    record.writeUInt16LE(time, 12);
    record.writeUInt16LE(date, 14);
    record.writeUInt32LE(crc, 16);
    record.writeUInt32LE(body.length, 20);
    record.writeUInt32LE(entry.content.length, 24);
    record.writeUInt16LE(name.length, 28);
    record.writeUInt16LE(zip64 ? 12 : 0, 30);
    // Comment length, disk, internal and external attributes stay 0.
    record.writeUInt32LE(zip64 ? MAX_32 : localOffset, 42);
    name.copy(record, 46);
    if (zip64) {
      record.writeUInt16LE(0x0001, 46 + name.length);
      record.writeUInt16LE(8, 48 + name.length);
      record.writeBigUInt64LE(BigInt(localOffset), 50 + name.length);
    }
    this.pack(record);
  }

  private pack(record: Buffer): void {
    if (this.used + record.length > this.slice.length) {
      this.directory.push(this.slice.subarray(0, this.used));
      this.slice = Buffer.allocUnsafe(Math.max(SLICE_BYTES, record.length));
      this.used = 0;
    }
    record.copy(this.slice, this.used);
    this.used += record.length;
  }

  /** Writes the central directory and its end records, then ends the sink. */
  async end(): Promise<void> {
    if (this.used > 0) this.directory.push(this.slice.subarray(0, this.used));
    const start = this.offset;
    let size = 0;
    while (this.directory.length > 0) {
      const slice = this.directory.shift()!;
      await write(this.sink, slice);
      size += slice.length;
    }
    this.offset += size;
    if (this.entries >= MAX_16 || start >= MAX_32 || size >= MAX_32) {
      const record = Buffer.alloc(56 + 20);
      record.writeUInt32LE(ZIP64_END, 0);
      record.writeBigUInt64LE(44n, 4);
      record.writeUInt16LE(VERSION_ZIP64, 12);
      record.writeUInt16LE(VERSION_ZIP64, 14);
      // This disk and the directory's disk are 0.
      record.writeBigUInt64LE(BigInt(this.entries), 24);
      record.writeBigUInt64LE(BigInt(this.entries), 32);
      record.writeBigUInt64LE(BigInt(size), 40);
      record.writeBigUInt64LE(BigInt(start), 48);
      record.writeUInt32LE(ZIP64_LOCATOR, 56);
      record.writeBigUInt64LE(BigInt(this.offset), 64);
      record.writeUInt32LE(1, 72);
      await write(this.sink, record);
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(END, 0);
    end.writeUInt16LE(Math.min(this.entries, MAX_16), 8);
    end.writeUInt16LE(Math.min(this.entries, MAX_16), 10);
    end.writeUInt32LE(Math.min(size, MAX_32), 12);
    end.writeUInt32LE(Math.min(start, MAX_32), 16);
    this.sink.end(end);
  }
}
