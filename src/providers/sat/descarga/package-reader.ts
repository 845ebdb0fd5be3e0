/**
 * Reading downloaded packages in memory (fflate), with the rules of the SAT package readers of
 * @nodecfdi/sat-ws-descarga-masiva: a CFDI package yields every top-level `.xml` file holding a
 * TimbreFiscalDigital UUID (junk such as `__MACOSX/` entries or empty files is skipped); a
 * metadata package yields the rows of top-level `.txt` files starting with the SAT header, with
 * the `_tercero.txt` file's third parties joined by UUID.
 */
import { strFromU8, unzipSync } from 'fflate';

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

const TFD_UUID = /:Complemento.*?:TimbreFiscalDigital.*?UUID="([0-9A-Za-z-]{36})"/s;
const TOP_LEVEL = /^[^/\\]+$/;

function files(zip: Uint8Array): [string, string][] {
  return Object.entries(unzipSync(zip))
    .filter(([name]) => TOP_LEVEL.test(name))
    .map(([name, bytes]): [string, string] => [name, strFromU8(bytes)]);
}

/** UUID (upper case, from the TFD) → XML of every CFDI in a package. */
export function readCfdiPackage(zip: Uint8Array): Map<string, string> {
  const cfdis = new Map<string, string>();
  for (const [name, text] of files(zip)) {
    const uuid = /\.xml$/i.test(name) ? TFD_UUID.exec(text)?.[1] : undefined;
    if (uuid) cfdis.set(uuid.toUpperCase(), text);
  }
  return cfdis;
}

/**
 * The SAT writes CRLF line ends and sometimes a bare LF inside a field; with CRLF files the bare
 * LFs are dropped before splitting lines (LF-only files are split as they are).
 */
function lines(text: string): string[] {
  const firstLf = text.indexOf('\n');
  const crlf = firstLf > 0 && text[firstLf - 1] === '\r';
  const split = crlf ? text.split('\r\n').map((line) => line.replace(/\n/g, '')) : text.split('\n');
  return split.filter((line) => line.trim() !== '');
}

function camelCase(name: string): string {
  return name.charAt(0).toLowerCase() + name.slice(1);
}

function table(text: string): Record<string, string>[] {
  const [header, ...rows] = lines(text);
  const columns = (header ?? '').split('~').map(camelCase);
  return rows.map((row) => {
    const values = row.split('~');
    return Object.fromEntries(columns.map((column, index) => [column, values[index] ?? '']));
  });
}

export function readMetadataPackage(zip: Uint8Array): MetadataRecord[] {
  const all = files(zip);
  const thirdParties = new Map<string, Record<string, string>>();
  for (const [name, text] of all) {
    if (!/_tercero\.txt$/i.test(name) || !text.startsWith('Uuid~RfcACuentaTerceros~NombreACuentaTerceros')) continue;
    for (const row of table(text)) if (row.uuid) thirdParties.set(row.uuid.toUpperCase(), row);
  }
  const records: MetadataRecord[] = [];
  for (const [name, text] of all) {
    if (!/\.txt$/i.test(name) || /_tercero\.txt$/i.test(name) || !text.startsWith('Uuid~RfcEmisor~')) continue;
    for (const row of table(text)) {
      const third = thirdParties.get((row.uuid ?? '').toUpperCase());
      records.push({
        ...(row as unknown as MetadataRecord),
        rfcACuentaTerceros: third?.rfcACuentaTerceros ?? '',
        nombreACuentaTerceros: third?.nombreACuentaTerceros ?? '',
      });
    }
  }
  return records;
}
