import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { strToU8, zipSync } from 'fflate';
import { satPath, skipWithoutShared } from '../../../../test/support/shared.ts';
import { PackageReader, readCfdiPackage, readMetadataPackage, type MetadataRecord } from './package-reader.ts';

function zip(file: string): Uint8Array {
  return fs.readFileSync(satPath('protocols/descarga-masiva', file));
}

function text(file: string): string {
  return fs.readFileSync(satPath('protocols/descarga-masiva', file), 'utf8');
}

describe('package readers on the recorded SAT packages', { skip: skipWithoutShared }, () => {
  test('a CFDI package yields each stamped XML by its TFD UUID and skips junk entries', () => {
    const cfdis = readCfdiPackage(zip('zip/cfdi.zip'));
    assert.deepEqual([...cfdis.keys()], ['11111111-2222-3333-4444-000000000001']);
    assert.equal(cfdis.get('11111111-2222-3333-4444-000000000001'), text('zip/cfdi.xml'));
    const synthetic = readCfdiPackage(zip('synthetic/cfdi40-package_01.zip'));
    assert.deepEqual([...synthetic.keys()].sort(), [
      '04BF2854-FE7D-4377-9196-71248F060ABB',
      '6F35D3B5-3651-5370-BC2C-14CDBE384CD7',
      'AF124DC7-BD75-5EFF-8EDF-28C1E7D43B1D',
      'C2832671-DA6D-11EF-A83D-00155D012007',
      'F08A8B8C-26DB-5385-86AF-2A1D354C5CC3',
    ]);
    const download = text('download/response-with-package.xml');
    const inside = readCfdiPackage(Buffer.from(/<Paquete>([^<]+)<\/Paquete>/.exec(download)![1]!, 'base64'));
    // The entry is named 4abf0f69-....xml; like the library, the reader trusts the TFD inside.
    assert.deepEqual([...inside.keys()], ['90DEE481-A3DD-45EF-9486-006943CBEB22']);
  });

  test('a metadata package yields the rows the library documents (metadata.json), LF or CRLF', () => {
    const expected = Object.values(JSON.parse(text('zip/metadata.json')) as Record<string, unknown>);
    assert.deepEqual(readMetadataPackage(zip('zip/metadata.zip')), expected);
    const crlf = readMetadataPackage(zip('synthetic/metadata40-package_01.zip'));
    assert.equal(crlf.length, 5);
    assert.deepEqual(crlf.map((row) => [row.uuid, row.monto, row.estatus]).slice(0, 2), [
      ['04BF2854-FE7D-4377-9196-71248F060ABB', '459.36', '1'],
      ['C2832671-DA6D-11EF-A83D-00155D012007', '1000.00', '1'],
    ]);
  });

  test('third parties of the _tercero.txt file join their rows by UUID, whatever its case', () => {
    const rows = readMetadataPackage(zip('zip/metadata-terceros.zip'));
    assert.equal(rows.length, 5);
    const byUuid = new Map(rows.map((row) => [row.uuid.toUpperCase(), row]));
    assert.deepEqual(
      [byUuid.get('11111111-AAAA-BBBB-0000-000000000004')?.rfcACuentaTerceros, byUuid.get('11111111-AAAA-BBBB-0000-000000000003')?.nombreACuentaTerceros],
      ['AAAA010101AA3', 'PERSONA FISICA DOS'],
    );
    assert.equal(byUuid.get('11111111-AAAA-BBBB-0000-000000000001')?.rfcACuentaTerceros, '');
  });

  test('a bare LF inside a field of a CRLF file is part of the field, not a new row', () => {
    const header = text('zip/metadata.txt').split('\n')[0]!;
    const row =
      'E7215E3B-2DC5-4A40-AB10-C902FF9258DF~XAXX010101000~RAZON\nSOCIAL~XAXX010101001~B~XAXX010101003~2018-01-11 07:10:23~2018-01-11 07:10:51~1.00~I~1~';
    const [only, ...rest] = readMetadataPackage(zipSync({ 'X_01.txt': strToU8(`${header}\r\n${row}\r\n`) }));
    assert.deepEqual([only?.nombreEmisor, rest], ['RAZONSOCIAL', []]);
  });

  test('fed in small chunks, the streaming reader yields the same documents and rows as the whole zip', () => {
    const feed = (bytes: Uint8Array, reader: PackageReader) => {
      for (let at = 0; at < bytes.length; at += 7) reader.push(bytes.subarray(at, at + 7), at + 7 >= bytes.length);
    };
    const documents = new Map<string, string>();
    feed(zip('synthetic/cfdi40-package_01.zip'), new PackageReader({ cfdi: ({ uuid, xml }) => documents.set(uuid, Buffer.from(xml).toString('utf8')) }));
    assert.deepEqual(documents, readCfdiPackage(zip('synthetic/cfdi40-package_01.zip')));
    for (const file of ['zip/metadata.zip', 'synthetic/metadata40-package_01.zip']) {
      const rows: MetadataRecord[] = [];
      feed(zip(file), new PackageReader({ metadata: (row) => rows.push(row) }));
      assert.deepEqual(rows, readMetadataPackage(zip(file)), file);
    }
  });

  test('a corrupt zip is an error, not an empty package', () => {
    const bytes = Buffer.from(zip('synthetic/cfdi40-package_01.zip'));
    bytes.fill(0x41, 200, 400);
    assert.throws(() => new PackageReader({ cfdi: () => undefined }).push(bytes, true));
  });
});
