/**
 * Exports of the CFDI store through the HTTP API: the durable job builds CSV, XLSX and ZIP files
 * of what the list's filters select, reports progress, emits export.completed, serves the file to
 * the organization and mode that asked until it expires, then deletes it. Filled with real samples
 * of ../shared/sat as the store tests fill it.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { Writable } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import * as XLSX from '@e965/xlsx';
import { strFromU8, unzipSync } from 'fflate';
import { storeCfdiDocuments, storeMetadataRecords, type CfdiSource } from '../../src/modules/cfdis/index.ts';
import type { BlobStore } from '../../src/platform/blobs/blob-store.ts';
import { ManualClock } from '../../src/platform/clock.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { satPath, skipWithoutShared } from '../support/shared.ts';

const REAL_40 = 'cfdi40/real/I_CSM190311AH6_2022-01-12_real.xml';
const REAL_40_UUID = '04BF2854-FE7D-4377-9196-71248F060ABB';
const REAL_33 = 'cfdi33/I_POT9207213D6_2018-01-12_real.xml';
const REAL_33_UUID = 'CEE4BE01-ADFA-4DEB-8421-ADD60F0BEDAC';
const METADATA_UUID = '0A1B2C3D-0000-4000-8000-0000000000AA';

// biome-ignore lint/suspicious/noExplicitAny: tests read any member of the API's JSON
type Json = Record<string, any>;
type Organization = Awaited<ReturnType<TestApp['bootstrap']>>;

let t: TestApp;
let clock: ManualClock;
let org: Organization;
let other: Organization;

const readSample = (file: string) => fs.readFileSync(satPath('samples', file));

function sourceFor(organization: Organization): CfdiSource {
  return {
    organizationId: organization.organizationId,
    mode: 'test',
    fiscalProfileId: 'fp_01k0000000000000000000000a',
    side: 'received',
    downloadId: 'dl_01k0000000000000000000000a',
    sourceRequest: 'sreq_01k0000000000000000000000a',
  };
}

async function create(body: Json, key = org.testKey, headers: Record<string, string> = {}): Promise<Json> {
  const response = await t.request({ method: 'POST', url: '/v1/exports', key, payload: body, headers });
  assert.equal(response.statusCode, 201, response.body);
  return response.json();
}

async function built(id: string, key = org.testKey): Promise<Json> {
  await t.app.services.jobs.runDue();
  const response = await t.request({ method: 'GET', url: `/v1/exports/${id}`, key });
  assert.equal(response.statusCode, 200, response.body);
  return response.json();
}

async function file(id: string, key = org.testKey) {
  return t.request({ method: 'GET', url: `/v1/exports/${id}/file`, key });
}

/** RFC 4180 fields of one line without quoted line breaks (the samples have none). */
function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  for (const line of text.split('\r\n').filter((item) => item !== '')) {
    const cells: string[] = [];
    let cell = '';
    let quoted = false;
    for (let at = 0; at < line.length; at += 1) {
      const char = line[at]!;
      if (quoted) {
        if (char === '"' && line[at + 1] === '"') {
          cell += '"';
          at += 1;
        } else if (char === '"') quoted = false;
        else cell += char;
      } else if (char === '"') quoted = true;
      else if (char === ',') {
        cells.push(cell);
        cell = '';
      } else cell += char;
    }
    cells.push(cell);
    rows.push(cells);
  }
  return rows;
}

describe('exports of the CFDI store', { skip: skipWithoutShared }, () => {
  before(async () => {
    clock = new ManualClock(new Date());
    t = await createTestApp({ clock });
    org = await t.bootstrap();
    other = await t.bootstrap('Other organization');
    await storeCfdiDocuments(t.app.services, sourceFor(org), [
      { name: 'a.xml', xml: readSample(REAL_40) },
      { name: 'b.xml', xml: readSample(REAL_33) },
    ]);
    await storeMetadataRecords(t.app.services, sourceFor(org), [
      {
        uuid: METADATA_UUID,
        rfcEmisor: 'AAA010101AAA',
        nombreEmisor: 'PROVEEDOR, "EL BUENO"',
        rfcReceptor: 'MCI7306249Y1',
        nombreReceptor: 'RECEPTOR',
        rfcPac: 'SAT970701NN3',
        fechaEmision: '2022-02-01 10:00:00',
        fechaCertificacionSat: '2022-02-01 10:00:05',
        monto: '100.00',
        efectoComprobante: 'I',
        estatus: '0',
        fechaCancelacion: '2022-02-02 09:00:00',
        rfcACuentaTerceros: '',
        nombreACuentaTerceros: '',
      },
    ]);
    // The other organization's store holds a CFDI too: it never appears in this one's exports.
    await storeCfdiDocuments(t.app.services, sourceFor(other), [{ name: 'a.xml', xml: readSample(REAL_40) }]);
  });
  after(() => t.close());

  test('a CSV export is pending, then completed with progress, its file RFC 4180 UTF-8 with BOM, one row per CFDI with the XML columns', async () => {
    const created = await create({ source: 'cfdis', format: 'csv' });
    assert.match(created.id, /^exp_[0-9a-z]{26}$/);
    assert.equal(created.status, 'pending');
    assert.deepEqual(created.progress, { rows_written: 0, rows_total: null, percent: 0 });
    assert.equal(created.file, null);

    const done = await built(created.id);
    assert.equal(done.status, 'completed', JSON.stringify(done.error));
    assert.deepEqual(done.progress, { rows_written: 3, rows_total: 3, percent: 100 });
    assert.equal(Date.parse(done.expires_at) - Date.parse(done.completed_at), 24 * 60 * 60_000);
    assert.equal(done.file.url, `http://invoicing.test/v1/exports/${created.id}/file`);

    const response = await file(created.id);
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(response.headers['content-type'], 'text/csv; charset=utf-8');
    assert.match(String(response.headers['content-disposition']), new RegExp(`attachment; filename="cfdis-${created.id}.csv"`));
    const bytes = response.rawPayload;
    assert.equal(bytes.length, done.file.bytes);
    assert.equal(createHash('sha256').update(bytes).digest('hex'), done.file.sha256);
    assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf], 'UTF-8 byte order mark');
    const text = bytes.subarray(3).toString('utf8');
    const [header, ...rows] = csvRows(text);
    assert.deepEqual(header!.slice(0, 6), ['UUID', 'Fecha', 'Serie', 'Folio', 'Tipo', 'Emitido/Recibido']);
    assert.equal(rows.length, 3);
    const byUuid = new Map(rows.map((row) => [row[0], Object.fromEntries(header!.map((name, index) => [name, row[index]]))]));
    assert.deepEqual([...byUuid.keys()].sort(), [METADATA_UUID, REAL_40_UUID, REAL_33_UUID].sort(), "only this organization's CFDIs");
    const real = byUuid.get(REAL_40_UUID)!;
    assert.deepEqual(
      [real['Uso CFDI'], real['Método de pago'], real['Forma de pago'], real.Moneda, real.Subtotal, real['IVA trasladado'], real.Total, real['Estado SAT']],
      ['G03', 'PUE', '01', 'MXN', '396.00', '63.36', '459.36', 'Sin consultar'],
    );
    assert.equal(real['Nombre emisor'], 'CREATIVITY AND SOMETHING MORE SAS DE CV');
    const onlyMetadata = byUuid.get(METADATA_UUID)!;
    assert.equal(onlyMetadata['Nombre emisor'], 'PROVEEDOR, "EL BUENO"', 'a comma and quotes survive quoting');
    assert.match(text, /"PROVEEDOR, ""EL BUENO"""/);
    assert.deepEqual([onlyMetadata['Estado SAT'], onlyMetadata['Uso CFDI'], onlyMetadata.Total], ['Cancelado', '', '100.00']);
  });

  test('CSV columns come from the content the store kept, not from parsing the XML again; a row stored before its content was kept is read once and completed', async () => {
    const { sql } = await import('kysely');
    const db = t.app.services.db;
    const scope = sql`organization_id = ${org.organizationId} AND mode = 'test'`;
    // The stored content is what an export reads: a changed uso there shows in the file.
    await sql`UPDATE cfdis SET details = json_build_object('receptor', json_build_object('uso_cfdi', 'S01'), 'metodo_pago', 'PPD',
      'forma_pago', '99', 'tipo_cambio', null, 'impuestos', details->'impuestos') WHERE ${scope} AND uuid = ${REAL_40_UUID}`.execute(db);
    // A row stored before the store kept content has its XML and no details.
    await sql`UPDATE cfdis SET details = NULL WHERE ${scope} AND uuid = ${REAL_33_UUID}`.execute(db);
    try {
      const done = await built((await create({ source: 'cfdis', format: 'csv' })).id);
      assert.equal(done.status, 'completed', JSON.stringify(done.error));
      const [header, ...rows] = csvRows((await file(done.id)).rawPayload.subarray(3).toString('utf8'));
      const byUuid = new Map(rows.map((row) => [row[0], Object.fromEntries(header!.map((name, index) => [name, row[index]]))]));
      const stored = byUuid.get(REAL_40_UUID)!;
      assert.deepEqual([stored['Uso CFDI'], stored['Método de pago'], stored['Forma de pago'], stored['IVA trasladado']], ['S01', 'PPD', '99', '63.36']);
      const old = byUuid.get(REAL_33_UUID)!;
      assert.notEqual(old['Uso CFDI'], '', 'the old row is read from its XML');
      assert.notEqual(old['Método de pago'], '');
      const completed = await sql<{
        uso: string | null;
      }>`SELECT details->'receptor'->>'uso_cfdi' AS uso FROM cfdis WHERE ${scope} AND uuid = ${REAL_33_UUID}`.execute(db);
      assert.equal(completed.rows[0]!.uso, old['Uso CFDI'], 'and its content is stored, as its first read would store it');
    } finally {
      await sql`UPDATE cfdis SET details = NULL WHERE ${scope} AND uuid = ${REAL_40_UUID}`.execute(db);
      // The next read completes it again from its XML, as stored at ingest.
      const response = await t.request({ method: 'GET', url: `/v1/cfdis/${REAL_40_UUID}`, key: org.testKey });
      assert.equal(response.statusCode, 200, response.body);
    }
  });

  test("the list's filters select what is exported; a filter the list refuses is a 422", async () => {
    const created = await create({ source: 'cfdis', format: 'csv', filters: { status: 'cancelled' } });
    const done = await built(created.id);
    assert.deepEqual(done.filters, { status: 'cancelled' });
    assert.deepEqual(done.progress, { rows_written: 1, rows_total: 1, percent: 100 });
    const rows = csvRows((await file(created.id)).rawPayload.subarray(3).toString('utf8'));
    assert.deepEqual(
      rows.slice(1).map((row) => row[0]),
      [METADATA_UUID],
    );
    for (const payload of [
      { source: 'cfdis', format: 'pdf' },
      { source: 'customers', format: 'csv' },
      { source: 'cfdis', format: 'csv', filters: { status: 'gone' } },
      { source: 'cfdis', format: 'csv', filters: { 'date[gte]': '2026-13-01' } },
      { source: 'cfdis', format: 'csv', filters: { limit: 10 } },
    ]) {
      const response = await t.request({ method: 'POST', url: '/v1/exports', key: org.testKey, payload });
      assert.equal(response.statusCode, 422, `${JSON.stringify(payload)}: ${response.body}`);
      assert.equal(response.json().code, 'request.validation_failed');
    }
  });

  test('a ZIP export holds each XML byte for byte as <UUID>.xml and names the metadata-only CFDIs', async () => {
    const created = await create({ source: 'cfdis', format: 'zip' });
    const done = await built(created.id);
    assert.equal(done.status, 'completed');
    const response = await file(created.id);
    assert.equal(response.headers['content-type'], 'application/zip');
    const entries = unzipSync(new Uint8Array(response.rawPayload));
    assert.deepEqual(Object.keys(entries).sort(), [`${REAL_33_UUID}.xml`, `${REAL_40_UUID}.xml`, 'faltantes.txt'].sort());
    assert.deepEqual(Buffer.from(entries[`${REAL_40_UUID}.xml`]!), readSample(REAL_40));
    assert.deepEqual(Buffer.from(entries[`${REAL_33_UUID}.xml`]!), readSample(REAL_33));
    assert.match(strFromU8(entries['faltantes.txt']!), new RegExp(METADATA_UUID));
  });

  test('an XLSX export is one sheet with the same columns, amounts as numbers', async () => {
    const created = await create({ source: 'cfdis', format: 'xlsx' });
    await built(created.id);
    const response = await file(created.id);
    assert.equal(response.headers['content-type'], 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = XLSX.read(response.rawPayload);
    assert.deepEqual(workbook.SheetNames, ['CFDI']);
    const rows = XLSX.utils.sheet_to_json<Json>(workbook.Sheets.CFDI!);
    assert.equal(rows.length, 3);
    const real = rows.find((row) => row.UUID === REAL_40_UUID)!;
    assert.deepEqual([real.Total, real['IVA trasladado'], real['Uso CFDI']], [459.36, 63.36, 'G03']);
  });

  test('export.completed is emitted with the export; an Idempotency-Key replays the first export', async () => {
    const headers = { 'idempotency-key': 'export-once' };
    const first = await create({ source: 'cfdis', format: 'csv' }, org.testKey, headers);
    const again = await create({ source: 'cfdis', format: 'csv' }, org.testKey, headers);
    assert.equal(again.id, first.id);
    await built(first.id);
    const events = (await t.request({ method: 'GET', url: '/v1/events?type=export.completed&limit=100', key: org.testKey })).json();
    const event = events.data.find((item: Json) => item.data.object.id === first.id);
    assert.ok(event, 'export.completed for the export');
    assert.equal(event.data.object.status, 'completed');
    const list = (await t.request({ method: 'GET', url: '/v1/exports?limit=100', key: org.testKey })).json();
    assert.equal(list.data.filter((item: Json) => item.id === first.id).length, 1, 'one export for the two requests');
  });

  test('an export is seen only by its organization and mode; its file not before it is built', async () => {
    const created = await create({ source: 'cfdis', format: 'csv' });
    const early = await file(created.id);
    assert.equal(early.statusCode, 409);
    assert.equal(early.json().code, 'export.not_ready');
    await built(created.id);
    for (const key of [other.testKey, org.liveKey]) {
      for (const url of [`/v1/exports/${created.id}`, `/v1/exports/${created.id}/file`]) {
        const response = await t.request({ method: 'GET', url, key });
        assert.equal(response.statusCode, 404, `${url}: ${response.body}`);
      }
      const list = (await t.request({ method: 'GET', url: '/v1/exports', key })).json();
      assert.ok(!list.data.some((item: Json) => item.id === created.id));
    }
    const otherExport = await create({ source: 'cfdis', format: 'csv' }, other.testKey);
    const otherDone = await built(otherExport.id, other.testKey);
    assert.deepEqual(otherDone.progress.rows_total, 1, "the other organization's export holds its one CFDI");
  });

  test('past expires_at the file is refused with 410, and the sweep deletes it and marks the export expired', async () => {
    const created = await create({ source: 'cfdis', format: 'zip' });
    await built(created.id);
    assert.equal((await file(created.id)).statusCode, 200);
    clock.advance(24 * 60 * 60_000 + 1000);
    const late = await file(created.id);
    assert.equal(late.statusCode, 410);
    assert.equal(late.json().code, 'export.expired');
    const { expireExports } = await import('../../src/modules/exports/jobs.ts');
    assert.ok((await expireExports(t.app.services)) >= 1);
    const expired = (await t.request({ method: 'GET', url: `/v1/exports/${created.id}`, key: org.testKey })).json();
    assert.equal(expired.status, 'expired');
    assert.equal(expired.file, null);
    assert.equal(await t.app.services.blobs.open(`exports/${created.id}`), undefined, 'the file is deleted');
  });
});

describe('an export that cannot be built', { skip: skipWithoutShared }, () => {
  test('is retried, and after its last attempt is failed with export.build_failed and export.failed, leaving no file', async () => {
    const app = await createTestApp();
    try {
      const organization = await app.bootstrap();
      await storeCfdiDocuments(app.app.services, sourceFor(organization), [{ name: 'a.xml', xml: readSample(REAL_40) }]);
      const response = await app.request({ method: 'POST', url: '/v1/exports', key: organization.testKey, payload: { source: 'cfdis', format: 'csv' } });
      const id = response.json().id;
      const { buildExport } = await import('../../src/modules/exports/build.ts');
      // The blob store takes the first page and then fails, as a full disk would.
      const blobs = app.app.services.blobs;
      const aborted: string[] = [];
      const failing: BlobStore = {
        ...blobs,
        async create(key) {
          const write = await blobs.create(key);
          write.sink.write(Buffer.from('the start of the file'));
          const sink = new Writable({
            write: (_chunk, _encoding, callback) => callback(new Error('disk full')),
          });
          return {
            sink,
            commit: write.commit,
            abort: async () => {
              aborted.push(key);
              await write.abort();
            },
          };
        },
      };
      const services = { ...app.app.services, blobs: failing };
      const job = { id: 'job_x', kind: 'exports.build', payload: { export_id: id } };
      // An export of the CFDI store reads nothing of the invoices.
      const deps = { invoices: undefined as never };
      await assert.rejects(buildExport(services, deps, { ...job, attempts: 1, maxAttempts: 3 }), /disk full/, 'an attempt that is not the last is retried');
      assert.deepEqual(aborted, [`exports/${id}`], 'the failed attempt discarded what it wrote');
      assert.equal(await blobs.open(`exports/${id}`), undefined, 'and left no file');
      await buildExport(services, deps, { ...job, attempts: 3, maxAttempts: 3 });
      const failed = (await app.request({ method: 'GET', url: `/v1/exports/${id}`, key: organization.testKey })).json();
      assert.equal(failed.status, 'failed');
      assert.equal(failed.error.code, 'export.build_failed');
      assert.match(failed.error.detail, /disk full/);
      assert.equal(await blobs.open(`exports/${id}`), undefined);
      const events = (await app.request({ method: 'GET', url: '/v1/events?type=export.failed', key: organization.testKey })).json();
      assert.deepEqual(
        events.data.map((event: Json) => event.data.object.id),
        [id],
      );
      const refused = await app.request({ method: 'GET', url: `/v1/exports/${id}/file`, key: organization.testKey });
      assert.equal(refused.json().code, 'export.not_ready');
    } finally {
      await app.close();
    }
  });
});
