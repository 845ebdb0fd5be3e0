/**
 * Reading downloaded packages (fflate's streaming unzip), with the rules of the SAT package
 * readers of @nodecfdi/sat-ws-descarga-masiva: a CFDI package yields every top-level `.xml` file
 * holding a TimbreFiscalDigital UUID (junk such as `__MACOSX/` entries or empty files is
 * skipped); a metadata package yields the rows of top-level `.txt` files starting with the SAT
 * header, and the third parties of its `_tercero.txt` file.
 *
 * `PackageReader` takes the zip in chunks and hands each document or row to its sink as soon as
 * it is complete, so memory holds one chunk and one document whatever the package's size; the
 * in-memory readers below are the same reader fed the whole zip at once.
 */
import { Unzip, UnzipInflate, type UnzipFile } from 'fflate';

export interface MetadataRecord {
  uuid: string;
  rfcEmisor: string;
  nombreEmisor: string;
  rfcReceptor: string;
  nombreReceptor: string;
  rfcPac: string;
  fechaEmision: string;
  fechaCertificacionSat: string;
  monto: string;
  efectoComprobante: string;
  estatus: string;
  fechaCancelacion: string;
  /** From the package's `_tercero.txt` when the CFDI was issued on behalf of a third party, else ''. */
  rfcACuentaTerceros: string;
  nombreACuentaTerceros: string;
}

/** A row of a metadata package's `_tercero.txt`: a CFDI and a taxpayer it was issued on behalf of. */
export interface ThirdPartyRecord {
  uuid: string;
  rfcACuentaTerceros: string;
  nombreACuentaTerceros: string;
}

export interface PackageSink {
  /** A CFDI document: its entry name, the TFD UUID (upper case) and its bytes as stored in the zip. */
  cfdi?(document: { name: string; uuid: string; xml: Uint8Array }): void;
  /** A metadata row; the third-party fields are '' (they arrive through `thirdParty`). */
  metadata?(record: MetadataRecord): void;
  thirdParty?(record: ThirdPartyRecord): void;
}

const TFD_UUID = /:Complemento.*?:TimbreFiscalDigital.*?UUID="([0-9A-Za-z-]{36})"/s;
const TOP_LEVEL = /^[^/\\]+$/;
const METADATA_HEADER = 'Uuid~RfcEmisor~';
const THIRD_PARTY_HEADER = 'Uuid~RfcACuentaTerceros~NombreACuentaTerceros';

function camelCase(name: string): string {
  return name.charAt(0).toLowerCase() + name.slice(1);
}

/**
 * The lines of one `~`-separated text file as its chunks arrive. The SAT writes CRLF line ends
 * and sometimes a bare LF inside a field; in a CRLF file bare LFs are dropped (LF-only files are
 * split as they are). The first line is the header; files without `accepts`'s header are ignored.
 */
class TableReader {
  private readonly decoder = new TextDecoder();
  private pending = '';
  private crlf: boolean | undefined;
  private columns: string[] | undefined;
  private ignored = false;

  constructor(
    private readonly accepts: (header: string) => boolean,
    private readonly row: (values: Record<string, string>) => void,
  ) {}

  push(chunk: Uint8Array, final: boolean): void {
    if (this.ignored) return;
    this.pending += this.decoder.decode(chunk, { stream: !final });
    if (this.crlf === undefined) {
      const firstLf = this.pending.indexOf('\n');
      if (firstLf >= 0) this.crlf = firstLf > 0 && this.pending[firstLf - 1] === '\r';
      else if (!final) return;
    }
    const separator = this.crlf ? '\r\n' : '\n';
    const lines = this.pending.split(separator);
    this.pending = final ? '' : lines.pop()!;
    for (const raw of lines) {
      const line = this.crlf ? raw.replace(/\n/g, '') : raw;
      if (line.trim() === '') continue;
      if (this.columns === undefined) {
        if (!this.accepts(line)) {
          this.ignored = true;
          return;
        }
        this.columns = line.split('~').map(camelCase);
        continue;
      }
      const values = line.split('~');
      this.row(Object.fromEntries(this.columns.map((column, index) => [column, values[index] ?? ''])));
    }
  }
}

/** Streams one package's documents or rows to `sink`. */
export class PackageReader {
  private readonly unzip: Unzip;
  private failure: Error | undefined;

  constructor(sink: PackageSink) {
    this.unzip = new Unzip((file) => this.open(file, sink));
    this.unzip.register(UnzipInflate);
  }

  /** Feeds the next bytes of the zip; `final` with the last ones. Throws on a corrupt zip. */
  push(chunk: Uint8Array, final = false): void {
    this.unzip.push(chunk, final);
    if (this.failure) throw this.failure;
  }

  private open(file: UnzipFile, sink: PackageSink): void {
    if (!TOP_LEVEL.test(file.name)) return;
    const consume = this.consumer(file.name, sink);
    if (!consume) return;
    file.ondata = (error, chunk, final) => {
      if (error) {
        this.failure ??= error;
        return;
      }
      consume(chunk, final);
    };
    file.start();
  }

  private consumer(name: string, sink: PackageSink): ((chunk: Uint8Array, final: boolean) => void) | undefined {
    if (/\.xml$/i.test(name) && sink.cfdi) {
      const chunks: Uint8Array[] = [];
      return (chunk, final) => {
        chunks.push(chunk);
        if (!final) return;
        const xml = Buffer.concat(chunks);
        const uuid = TFD_UUID.exec(xml.toString('utf8'))?.[1];
        if (uuid) sink.cfdi!({ name, uuid: uuid.toUpperCase(), xml });
      };
    }
    if (/_tercero\.txt$/i.test(name) && sink.thirdParty) {
      const table = new TableReader(
        (header) => header.startsWith(THIRD_PARTY_HEADER),
        (row) => {
          if (row.uuid) sink.thirdParty!(row as unknown as ThirdPartyRecord);
        },
      );
      return (chunk, final) => table.push(chunk, final);
    }
    if (/\.txt$/i.test(name) && !/_tercero\.txt$/i.test(name) && sink.metadata) {
      const table = new TableReader(
        (header) => header.startsWith(METADATA_HEADER),
        (row) => {
          sink.metadata!({ ...(row as unknown as MetadataRecord), rfcACuentaTerceros: '', nombreACuentaTerceros: '' });
        },
      );
      return (chunk, final) => table.push(chunk, final);
    }
    return undefined;
  }
}

/** UUID (upper case, from the TFD) → XML of every CFDI in a package held in memory. */
export function readCfdiPackage(zip: Uint8Array): Map<string, string> {
  const cfdis = new Map<string, string>();
  new PackageReader({ cfdi: ({ uuid, xml }) => cfdis.set(uuid, Buffer.from(xml).toString('utf8')) }).push(zip, true);
  return cfdis;
}

/** Every metadata row of a package held in memory, with its third party joined by UUID. */
export function readMetadataPackage(zip: Uint8Array): MetadataRecord[] {
  const records: MetadataRecord[] = [];
  const thirdParties = new Map<string, ThirdPartyRecord>();
  new PackageReader({
    metadata: (record) => records.push(record),
    thirdParty: (record) => thirdParties.set(record.uuid.toUpperCase(), record),
  }).push(zip, true);
  return records.map((record) => {
    const third = thirdParties.get(record.uuid.toUpperCase());
    return { ...record, rfcACuentaTerceros: third?.rfcACuentaTerceros ?? '', nombreACuentaTerceros: third?.nombreACuentaTerceros ?? '' };
  });
}
