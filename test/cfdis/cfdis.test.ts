/**
 * The CFDI store through the HTTP API, filled the way downloads fill it (storeCfdiDocuments,
 * storeMetadataRecords) with real samples of ../shared/sat: CFDI 4.0 and 3.3, a Pagos 2.0 CFDI,
 * relations; deduplication, metadata and XML completing each other, filters, isolation.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { storeCfdiDocuments, storeMetadataRecords, type CfdiSource } from '../../src/modules/cfdis/index.ts';
import type { MetadataRecord } from '../../src/providers/sat/descarga/index.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { satPath, skipWithoutShared } from '../support/shared.ts';
import { describeEndpointContract } from '../support/endpoint-contract.ts';

const REAL_40 = 'cfdi40/real/I_CSM190311AH6_2022-01-12_real.xml';
const REAL_40_UUID = '04BF2854-FE7D-4377-9196-71248F060ABB';
const REAL_33 = 'cfdi33/I_POT9207213D6_2018-01-12_real.xml';
const REAL_33_UUID = 'CEE4BE01-ADFA-4DEB-8421-ADD60F0BEDAC';
const PAGOS = 'cfdi40/negative/P_H_E951128469_sealed-with-FIEL_tfd-bad.xml';
const PAGOS_UUID = '5B64ADA3-AA4C-40B4-A2F5-572CED52BE31';
const RELATED = 'cfdi40/negative/P_AAA010101AAA_2021_sat-example_tfd-unverifiable.xml';
const RELATED_UUID = '499E9A70-36AC-448A-BBD9-F3F52102E4BE';

let t: TestApp;
let org: Awaited<ReturnType<TestApp['bootstrap']>>;
let source: CfdiSource;

function metadata(uuid: string, overrides: Partial<MetadataRecord> = {}): MetadataRecord {
  return {
    uuid, rfcEmisor: 'CSM190311AH6', nombreEmisor: 'EMISOR', rfcReceptor: 'MCI7306249Y1', nombreReceptor: 'RECEPTOR', rfcPac: 'SAT970701NN3',
    fechaEmision: '2022-01-12 12:39:08', fechaCertificacionSat: '2022-01-12 12:39:10', monto: '1160.00', efectoComprobante: 'I',
    estatus: '1', fechaCancelacion: '', rfcACuentaTerceros: '', nombreACuentaTerceros: '', ...overrides,
  };
}

const get = (url: string, key = org.testKey) => t.request({ method: 'GET', url, key });
const readSample = (file: string) => fs.readFileSync(satPath('samples', file));
const doc = (file: string) => ({ name: file, xml: readSample(file) });

describe('the CFDI store', { skip: skipWithoutShared }, () => {
  before(async () => {
    t = await createTestApp();
    org = await t.bootstrap();
    source = { organizationId: org.organizationId, mode: 'test', fiscalProfileId: 'fp_01k0000000000000000000000a', side: 'received', downloadId: 'dl_01k0000000000000000000000a', sourceRequest: 'sreq_01k0000000000000000000000a' };
  });

  after(async () => {
    await t.close();
  });

  test('documents are stored once per UUID; unreadable ones are counted with their reason', async () => {
    const first = await storeCfdiDocuments(t.app.services, source, [doc(REAL_40), doc(REAL_33), doc(REAL_40), { name: 'junk.xml', xml: Buffer.from('<nota/>') }]);
    assert.deepEqual([first.inserted, first.completed, first.duplicates], [2, 0, 1]);
    assert.equal(first.unreadable.length, 1);
    assert.match(first.unreadable[0]!.reason, /not a CFDI Comprobante/);
    const again = await storeCfdiDocuments(t.app.services, source, [doc(REAL_40)]);
    assert.deepEqual([again.inserted, again.completed, again.duplicates], [0, 0, 1]);
    const list = (await get('/v1/cfdis')).json();
    assert.deepEqual(list.data.map((cfdi: { uuid: string }) => cfdi.uuid).sort(), [REAL_40_UUID, REAL_33_UUID].sort());
  });

  test('a stored CFDI reads back: its index fields, its content and its XML byte for byte', async () => {
    const response = await get(`/v1/cfdis/${REAL_40_UUID.toLowerCase()}`);
    assert.equal(response.statusCode, 200);
    const cfdi = response.json();
    assert.deepEqual({
      object: cfdi.object, uuid: cfdi.uuid, version: cfdi.version, tipo: cfdi.tipo_de_comprobante, fecha: cfdi.fecha, emisor: cfdi.emisor.rfc,
      receptor: cfdi.receptor.rfc, side: cfdi.side, status: cfdi.sat_status, has_xml: cfdi.has_xml, livemode: cfdi.livemode,
    }, {
      object: 'cfdi', uuid: REAL_40_UUID, version: '4.0', tipo: 'I', fecha: '2022-01-12T12:39:08', emisor: 'CSM190311AH6',
      receptor: 'MCI7306249Y1', side: 'received', status: 'unknown', has_xml: true, livemode: false,
    });
    assert.equal(cfdi.xml_url, `http://invoicing.test/v1/cfdis/${REAL_40_UUID}/xml`);
    const xml = readSample(REAL_40).toString('utf8');
    assert.equal(cfdi.total, / Total="([^"]+)"/.exec(xml)![1]);
    assert.equal(cfdi.details.conceptos.length, 1);
    assert.equal(cfdi.details.conceptos[0].clave_prod_serv, /ClaveProdServ="([^"]+)"/.exec(xml)![1]);
    assert.equal(cfdi.details.receptor.uso_cfdi, /UsoCFDI="([^"]+)"/.exec(xml)![1]);
    assert.ok(cfdi.details.complementos.includes('TimbreFiscalDigital'));
    const raw = await get(`/v1/cfdis/${REAL_40_UUID}/xml`);
    assert.equal(raw.headers['content-type'], 'application/xml; charset=utf-8');
    assert.ok(raw.rawPayload.equals(readSample(REAL_40)), 'byte for byte');

    const old = (await get(`/v1/cfdis/${REAL_33_UUID}`)).json();
    assert.deepEqual([old.version, old.emisor.rfc, old.details.conceptos.length], ['3.3', 'POT9207213D6', 2]);
  });

  test('payments and relations are in the content', async () => {
    await storeCfdiDocuments(t.app.services, source, [doc(PAGOS), doc(RELATED)]);
    const pagos = (await get(`/v1/cfdis/${PAGOS_UUID}`)).json();
    assert.equal(pagos.tipo_de_comprobante, 'P');
    assert.equal(pagos.details.pagos.length, 1);
    assert.equal(pagos.details.pagos[0].monto, '17852.75');
    assert.equal(pagos.details.pagos[0].documentos_relacionados[0].id_documento, '6d7434a6-e3f2-47ad-9e4c-08849946afa0');
    const related = (await get(`/v1/cfdis/${RELATED_UUID}`)).json();
    assert.deepEqual(related.details.cfdi_relacionados, [{ tipo_relacion: '09', uuids: ['ED1752FE-E865-4FF2-BFE1-0F552E770DC9'] }]);
  });

  test('metadata then XML: the row gains its XML and keeps the SAT\'s status; XML then metadata: the status changes once', async () => {
    const onlyMetadata = '11111111-2222-3333-4444-000000000001';
    const stored = await storeMetadataRecords(t.app.services, source, [metadata(onlyMetadata, { estatus: '0', fechaCancelacion: '2022-02-01 10:00:00' }), metadata(REAL_40_UUID)]);
    assert.deepEqual([stored.inserted, stored.updated, stored.cancelledNow], [1, 1, []]);
    const row = (await get(`/v1/cfdis/${onlyMetadata}`)).json();
    assert.deepEqual([row.has_xml, row.sat_status, row.cancelled_at, row.xml_url, row.details, row.version, row.total], [false, 'cancelled', '2022-02-01T16:00:00.000Z', null, null, null, '1160.00']);
    const unavailable = await get(`/v1/cfdis/${onlyMetadata}/xml`);
    assert.deepEqual([unavailable.statusCode, unavailable.json().code], [409, 'cfdi.xml_unavailable']);
    assert.equal((await get(`/v1/cfdis/${REAL_40_UUID}`)).json().sat_status, 'active', 'metadata is the SAT\'s word on status');

    const cancelled = await storeMetadataRecords(t.app.services, source, [metadata(REAL_40_UUID, { estatus: '0', fechaCancelacion: '2022-03-01 09:00:00' })]);
    assert.deepEqual(cancelled.cancelledNow, [REAL_40_UUID]);
    const repeated = await storeMetadataRecords(t.app.services, source, [metadata(REAL_40_UUID, { estatus: '0', fechaCancelacion: '2022-03-01 09:00:00' })]);
    assert.deepEqual([repeated.updated, repeated.cancelledNow], [0, []]);

    const sampleAsMetadataFirst = await storeMetadataRecords(t.app.services, source, [metadata(REAL_33_UUID.toLowerCase(), { estatus: '1' })]);
    assert.equal(sampleAsMetadataFirst.updated, 1);
    const completes = await storeCfdiDocuments(t.app.services, { ...source, downloadId: 'dl_01k0000000000000000000000b' }, [doc(REAL_33)]);
    assert.deepEqual([completes.inserted, completes.completed, completes.duplicates], [0, 0, 1], 'already held with its XML');
  });

  test('filters: side, parties, type, status, XML, UUID, download, Fecha range; bad filters are 422', async () => {
    const uuids = async (query: string) => (await get(`/v1/cfdis?limit=100&${query}`)).json().data.map((cfdi: { uuid: string }) => cfdi.uuid).sort();
    assert.deepEqual(await uuids('tipo_de_comprobante=P'), [PAGOS_UUID, RELATED_UUID].sort());
    assert.deepEqual(await uuids('emisor=csm190311ah6'), [REAL_40_UUID, '11111111-2222-3333-4444-000000000001'].sort());
    assert.deepEqual(await uuids('counterparty=POT9207213D6'), [REAL_33_UUID], 'received: the counterparty is the emisor');
    assert.deepEqual(await uuids('has_xml=false'), ['11111111-2222-3333-4444-000000000001']);
    assert.deepEqual(await uuids('status=cancelled'), [REAL_40_UUID, '11111111-2222-3333-4444-000000000001'].sort());
    assert.deepEqual(await uuids(`uuid=${REAL_33_UUID.toLowerCase()}`), [REAL_33_UUID]);
    assert.deepEqual(await uuids('date[gte]=2022-01-01&date[lte]=2022-01-12'), [REAL_40_UUID, '11111111-2222-3333-4444-000000000001'].sort());
    assert.deepEqual(await uuids('date[lte]=2018-12-31'), [REAL_33_UUID]);
    assert.equal((await uuids('side=issued')).length, 0);
    assert.equal((await uuids(`download_id=${source.downloadId}`)).length, 5);
    for (const query of ['status=vigente', 'date[gte]=12/01/2022', 'side=both', 'has_xml=maybe']) {
      const response = await get(`/v1/cfdis?${query}`);
      assert.deepEqual([response.statusCode, response.json().code], [422, 'request.validation_failed'], query);
    }
  });

  test('another organization and the other mode see nothing', async () => {
    const other = await t.bootstrap('Other');
    for (const key of [other.testKey, org.liveKey]) {
      assert.equal((await get('/v1/cfdis', key)).json().data.length, 0);
      assert.equal((await get(`/v1/cfdis/${REAL_40_UUID}`, key)).statusCode, 404);
      assert.equal((await get(`/v1/cfdis/${REAL_40_UUID}/xml`, key)).statusCode, 404);
    }
    assert.equal((await get('/v1/cfdis/not-a-uuid')).statusCode, 404);
  });

  describeEndpointContract('GET /v1/cfdis', { resource: 'list' }, () => ({ t, org, request: { method: 'GET', url: '/v1/cfdis' } }));
  describeEndpointContract('GET /v1/cfdis/{uuid}', { resource: 'by-id' }, () => ({ t, org, request: { method: 'GET', url: `/v1/cfdis/${REAL_40_UUID}` } }));
});
