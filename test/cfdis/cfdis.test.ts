/**
 * The CFDI store through the HTTP API, filled the way downloads fill it (storeCfdiDocuments,
 * storeMetadataRecords) with real samples of ../shared/sat (CFDI 4.0 and 3.3, Pagos 2.0,
 * relations, a leading BOM) and copies of them under other UUIDs: deduplication, metadata and XML
 * completing each other, every list filter, the content, the XML byte for byte, isolation.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { storeCfdiDocuments, storeMetadataRecords, type CfdiSource } from '../../src/modules/cfdis/index.ts';
import type { MetadataRecord } from '../../src/providers/sat/descarga/index.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { describeEndpointContract } from '../support/endpoint-contract.ts';
import { satPath, skipWithoutShared } from '../support/shared.ts';

const REAL_40 = 'cfdi40/real/I_CSM190311AH6_2022-01-12_real.xml';
const REAL_40_UUID = '04BF2854-FE7D-4377-9196-71248F060ABB';
const ISSUED_40 = 'cfdi40/real/I_ISD950921HE5_2025-01-24_real.xml';
const ISSUED_40_UUID = 'C2832671-DA6D-11EF-A83D-00155D012007';
const REAL_33 = 'cfdi33/I_POT9207213D6_2018-01-12_real.xml';
const REAL_33_UUID = 'CEE4BE01-ADFA-4DEB-8421-ADD60F0BEDAC';
const PAGOS = 'cfdi40/negative/P_H_E951128469_sealed-with-FIEL_tfd-bad.xml';
const PAGOS_UUID = '5B64ADA3-AA4C-40B4-A2F5-572CED52BE31';
// Starts with a UTF-8 BOM, which must come back with the rest of the bytes.
const RELATED = 'cfdi40/negative/P_AAA010101AAA_2021_sat-example_tfd-unverifiable.xml';
const RELATED_UUID = '499E9A70-36AC-448A-BBD9-F3F52102E4BE';
const NO_TFD = 'cfdi40/sealed-no-tfd/I_FUNK671228PH6_2025-03-03_generated.xml';

// biome-ignore lint/suspicious/noExplicitAny: tests read any member of the API's JSON
type Json = Record<string, any>;
type Organization = Awaited<ReturnType<TestApp['bootstrap']>>;

let t: TestApp;
let org: Organization;

const readSample = (file: string) => fs.readFileSync(satPath('samples', file));
const doc = (file: string) => ({ name: file, xml: readSample(file) });
/** A sample under another TFD UUID (and other attribute values), as a different stamped CFDI. */
function copyOf(file: string, uuid: string, replace: [string, string][] = []): { name: string; xml: Buffer } {
  let xml = readSample(file)
    .toString('utf8')
    .replace(/(TimbreFiscalDigital[^>]*?UUID=")[^"]+"/, `$1${uuid}"`);
  for (const [from, to] of replace) xml = xml.replace(from, to);
  return { name: `${uuid}.xml`, xml: Buffer.from(xml) };
}
const uuidOf = (n: number) => `0A1B2C3D-0000-4000-8000-${n.toString(16).toUpperCase().padStart(12, '0')}`;

function sourceFor(organization: Organization, overrides: Partial<CfdiSource> = {}): CfdiSource {
  return {
    organizationId: organization.organizationId,
    mode: 'test',
    fiscalProfileId: 'fp_01k0000000000000000000000a',
    side: 'received',
    downloadId: 'dl_01k0000000000000000000000a',
    sourceRequest: 'sreq_01k0000000000000000000000a',
    ...overrides,
  };
}

function metadata(uuid: string, overrides: Partial<MetadataRecord> = {}): MetadataRecord {
  return {
    uuid,
    rfcEmisor: 'CSM190311AH6',
    nombreEmisor: 'EMISOR',
    rfcReceptor: 'MCI7306249Y1',
    nombreReceptor: 'RECEPTOR',
    rfcPac: 'SAT970701NN3',
    fechaEmision: '2022-01-12 12:39:08',
    fechaCertificacionSat: '2022-01-12 12:39:10',
    monto: '1160.00',
    efectoComprobante: 'I',
    estatus: '1',
    fechaCancelacion: '',
    rfcACuentaTerceros: '',
    nombreACuentaTerceros: '',
    ...overrides,
  };
}

const get = (url: string, key = org.testKey) => t.request({ method: 'GET', url, key });
async function cfdi(uuid: string, key = org.testKey): Promise<Json> {
  const response = await get(`/v1/cfdis/${uuid}`, key);
  assert.equal(response.statusCode, 200, response.body);
  return response.json();
}

const LISTED_KEYS = [
  'object',
  'id',
  'uuid',
  'livemode',
  'side',
  'fiscal_profile_id',
  'download_id',
  'version',
  'serie',
  'folio',
  'tipo_de_comprobante',
  'fecha',
  'fecha_timbrado',
  'emisor',
  'receptor',
  'moneda',
  'sub_total',
  'descuento',
  'total',
  'rfc_pac',
  'sat_status',
  'cancelled_at',
  'has_xml',
  'xml_url',
  'created_at',
  'updated_at',
].sort();

describe('the CFDI store', { skip: skipWithoutShared }, () => {
  before(async () => {
    t = await createTestApp();
    org = await t.bootstrap();
  });
  after(() => t.close());

  test('a batch is stored once per UUID; duplicates and unreadable documents are counted, unreadable ones with their reason', async () => {
    const source = sourceFor(org);
    const notUtf8 = Buffer.concat([Buffer.from('<?xml version="1.0"?><cfdi:Comprobante Nombre="'), Buffer.from([0xe9]), Buffer.from('"/>')]);
    const badUuid = copyOf(REAL_40, 'not-a-uuid');
    const doctype = Buffer.from(
      `<!DOCTYPE x [<!ENTITY a "b">]>${readSample(REAL_40)
        .toString('utf8')
        .replace(/^<\?xml[^>]*>/, '')}`,
    );
    const first = await storeCfdiDocuments(t.app.services, source, [
      doc(REAL_40),
      doc(REAL_33),
      doc(REAL_40),
      { name: 'nota.xml', xml: Buffer.from('<nota/>') },
      { name: 'latin1.xml', xml: notUtf8 },
      { name: 'sin-timbre.xml', xml: readSample(NO_TFD) },
      { ...badUuid, name: 'bad-uuid.xml' },
      { name: 'doctype.xml', xml: doctype },
      { name: 'truncated.xml', xml: readSample(REAL_33).subarray(0, 900) },
    ]);
    assert.deepEqual([first.inserted, first.completed, first.duplicates], [2, 0, 1]);
    const reasons = Object.fromEntries(first.unreadable.map((item) => [item.name, item.reason]));
    assert.deepEqual(Object.keys(reasons).sort(), ['bad-uuid.xml', 'doctype.xml', 'latin1.xml', 'nota.xml', 'sin-timbre.xml', 'truncated.xml']);
    assert.match(reasons['nota.xml']!, /not a CFDI Comprobante/);
    assert.match(reasons['latin1.xml']!, /UTF-8/);
    assert.match(reasons['sin-timbre.xml']!, /no TimbreFiscalDigital UUID/);
    assert.match(reasons['bad-uuid.xml']!, /is not a UUID/);
    assert.match(reasons['doctype.xml']!, /DOCTYPE/);

    const again = await storeCfdiDocuments(t.app.services, sourceFor(org, { side: 'issued', downloadId: 'dl_01k0000000000000000000000z' }), [doc(REAL_40)]);
    assert.deepEqual([again.inserted, again.completed, again.duplicates, again.unreadable], [0, 0, 1, []]);
    const list = (await get('/v1/cfdis')).json();
    assert.deepEqual(
      list.data.map((item: Json) => item.uuid),
      [REAL_33_UUID, REAL_40_UUID],
      'newest first, one row each',
    );
    const kept = list.data[1];
    assert.deepEqual([kept.side, kept.download_id], ['received', source.downloadId], "the first download's provenance stays");
  });

  test('a stored CFDI reads back: the listed object, its content and its XML byte for byte', async () => {
    const row = await cfdi(REAL_40_UUID.toLowerCase());
    const { id, created_at, updated_at, details, ...rest } = row;
    assert.match(id, /^cfdi_[0-9a-z]{26}$/);
    assert.ok(!Number.isNaN(Date.parse(created_at)) && updated_at === created_at);
    assert.deepEqual(rest, {
      object: 'cfdi',
      uuid: REAL_40_UUID,
      livemode: false,
      side: 'received',
      fiscal_profile_id: 'fp_01k0000000000000000000000a',
      download_id: 'dl_01k0000000000000000000000a',
      version: '4.0',
      serie: null,
      folio: null,
      tipo_de_comprobante: 'I',
      fecha: '2022-01-12T12:39:08',
      fecha_timbrado: '2022-01-12T12:39:34',
      emisor: { rfc: 'CSM190311AH6', nombre: 'CREATIVITY AND SOMETHING MORE SAS DE CV' },
      receptor: { rfc: 'MCI7306249Y1', nombre: 'MUNICIPIO DE CUAUTITLAN IZCALLI' },
      moneda: 'MXN',
      sub_total: '396.00',
      descuento: null,
      total: '459.36',
      rfc_pac: 'SAT970701NN3',
      sat_status: 'unknown',
      cancelled_at: null,
      has_xml: true,
      xml_url: `http://invoicing.test/v1/cfdis/${REAL_40_UUID}/xml`,
    });
    const traslado = { base: '396.00', impuesto: '002', tipo_factor: 'Tasa', tasa_o_cuota: '0.160000', importe: '63.36' };
    assert.deepEqual(details, {
      emisor: { regimen_fiscal: '626' },
      receptor: { uso_cfdi: 'G03', regimen_fiscal: '603', domicilio_fiscal: '54700' },
      metodo_pago: 'PUE',
      forma_pago: '01',
      condiciones_de_pago: null,
      tipo_cambio: null,
      lugar_expedicion: '54680',
      exportacion: '01',
      conceptos: [
        {
          clave_prod_serv: '95121514',
          no_identificacion: null,
          cantidad: '1200.00',
          clave_unidad: 'H87',
          unidad: 'Pieza',
          descripcion: 'BOLETOS USO DE VIAS Y AREAS PUBLICAS CON FOLIO Y PLECA DE CORTE',
          valor_unitario: '0.33',
          importe: '396.00',
          descuento: null,
          objeto_imp: '02',
          impuestos: { traslados: [traslado], retenciones: [] },
        },
      ],
      impuestos: { total_impuestos_trasladados: '63.36', total_impuestos_retenidos: null, traslados: [traslado], retenciones: [] },
      cfdi_relacionados: [],
      pagos: null,
      complementos: ['TimbreFiscalDigital'],
    });

    const listed = (await get(`/v1/cfdis?uuid=${REAL_40_UUID}`)).json().data[0];
    assert.deepEqual(Object.keys(listed).sort(), LISTED_KEYS);
    assert.deepEqual(listed, { ...rest, id, created_at, updated_at }, 'the list shows the same object without details');

    const raw = await get(`/v1/cfdis/${REAL_40_UUID.toLowerCase()}/xml`);
    assert.equal(raw.statusCode, 200);
    assert.equal(raw.headers['content-type'], 'application/xml; charset=utf-8');
    assert.equal(raw.headers['content-disposition'], `attachment; filename="${REAL_40_UUID}.xml"`);
    assert.ok(raw.rawPayload.equals(readSample(REAL_40)), 'byte for byte');
  });

  test('CFDI 3.3 reads with its own names: what 4.0 added is null, several complements are listed', async () => {
    const old = await cfdi(REAL_33_UUID);
    assert.deepEqual(
      [old.version, old.serie, old.folio, old.emisor.rfc, old.receptor.rfc, old.total, old.rfc_pac],
      ['3.3', 'H', '11541', 'POT9207213D6', 'DIM8701081LA', '2010.01', 'DCD090706E42'],
    );
    assert.deepEqual(old.details.receptor, { uso_cfdi: 'G03', regimen_fiscal: null, domicilio_fiscal: null });
    assert.deepEqual([old.details.exportacion, old.details.condiciones_de_pago, old.details.conceptos.length], [null, 'CONTADO', 2]);
    assert.deepEqual(
      old.details.conceptos.map((item: Json) => [item.descripcion, item.importe, item.objeto_imp, item.impuestos.traslados[0].importe]),
      [
        ['Paquete', '1355.67', null, '216.91'],
        ['Restaurante', '353.45', null, '56.55'],
      ],
    );
    assert.deepEqual(old.details.impuestos.traslados, [{ base: null, impuesto: '002', tipo_factor: 'Tasa', tasa_o_cuota: '0.160000', importe: '273.46' }]);
    assert.deepEqual(old.details.complementos, ['ImpuestosLocales', 'TimbreFiscalDigital']);
    assert.ok((await get(`/v1/cfdis/${REAL_33_UUID}/xml`)).rawPayload.equals(readSample(REAL_33)));
  });

  test('payments, relations and retentions are in the content; a leading BOM is kept', async () => {
    const stored = await storeCfdiDocuments(t.app.services, sourceFor(org), [doc(PAGOS), doc(RELATED)]);
    assert.deepEqual([stored.inserted, stored.unreadable], [2, []]);
    const pagos = await cfdi(PAGOS_UUID.toLowerCase());
    assert.deepEqual([pagos.uuid, pagos.tipo_de_comprobante, pagos.emisor.rfc, pagos.moneda, pagos.total], [PAGOS_UUID, 'P', 'H&E951128469', 'XXX', '0']);
    assert.deepEqual(pagos.details.pagos, [
      {
        fecha_pago: '2020-01-02T22:40:38',
        forma_de_pago_p: '03',
        moneda_p: 'MXN',
        tipo_cambio_p: null,
        monto: '17852.75',
        documentos_relacionados: [
          {
            id_documento: '6d7434a6-e3f2-47ad-9e4c-08849946afa0',
            serie: 'A',
            folio: '123456',
            moneda_dr: 'MXN',
            equivalencia_dr: null,
            num_parcialidad: '1',
            imp_saldo_ant: '17852.75',
            imp_pagado: '17852.75',
            imp_saldo_insoluto: '0.00',
            objeto_imp_dr: '02',
          },
        ],
      },
    ]);
    assert.deepEqual([pagos.details.impuestos, pagos.details.complementos], [null, ['Pagos', 'TimbreFiscalDigital']]);

    const related = await cfdi(RELATED_UUID);
    assert.deepEqual(related.details.cfdi_relacionados, [{ tipo_relacion: '09', uuids: ['ED1752FE-E865-4FF2-BFE1-0F552E770DC9'] }]);
    assert.deepEqual([related.details.pagos, related.descuento, related.details.tipo_cambio, related.details.metodo_pago], [[], '0.00', '1.0', 'PPD']);
    assert.deepEqual(
      related.details.conceptos.map((item: Json) => [item.no_identificacion, item.descuento, item.impuestos.retenciones[0].importe]),
      [
        ['00001', null, '247500'],
        ['00002', null, '264'],
        ['00003', '0', '1870'],
      ],
    );
    assert.deepEqual(related.details.impuestos.retenciones, [
      { base: null, impuesto: '001', tipo_factor: null, tasa_o_cuota: null, importe: '247000' },
      { base: null, impuesto: '003', tipo_factor: null, tasa_o_cuota: null, importe: '500' },
    ]);
    assert.equal(related.details.impuestos.total_impuestos_retenidos, '247500');
    const raw = (await get(`/v1/cfdis/${RELATED_UUID}/xml`)).rawPayload;
    assert.deepEqual([...raw.subarray(0, 3)], [0xef, 0xbb, 0xbf]);
    assert.ok(raw.equals(readSample(RELATED)), 'byte for byte, BOM included');
  });

  test("metadata first: a row without XML (409 for its XML), then the XML completes it and the SAT's status stays", async () => {
    const source = sourceFor(org, { statusHint: 'active' });
    const cancelled = uuidOf(1);
    const active = uuidOf(2);
    const first = await storeMetadataRecords(t.app.services, source, [
      metadata(cancelled.toLowerCase(), { estatus: '0', fechaCancelacion: '2022-02-01 10:00:00' }),
      metadata(active),
      metadata('sin-uuid'),
    ]);
    assert.deepEqual(first, { inserted: 2, updated: 0, cancelledNow: [] });
    const row = await cfdi(cancelled);
    assert.deepEqual(
      [row.has_xml, row.sat_status, row.cancelled_at, row.xml_url, row.details, row.version, row.moneda, row.total, row.fecha, row.fecha_timbrado, row.emisor],
      [
        false,
        'cancelled',
        '2022-02-01T16:00:00.000Z',
        null,
        null,
        null,
        null,
        '1160.00',
        '2022-01-12T12:39:08',
        '2022-01-12T12:39:10',
        { rfc: 'CSM190311AH6', nombre: 'EMISOR' },
      ],
    );
    const unavailable = await get(`/v1/cfdis/${cancelled}/xml`);
    assert.equal(unavailable.statusCode, 409);
    assert.match(String(unavailable.headers['content-type']), /^application\/problem\+json/);
    const problem = unavailable.json();
    assert.deepEqual([problem.code, problem.status, problem.title], ['cfdi.xml_unavailable', 409, 'Only metadata is stored for this CFDI']);
    assert.match(problem.remediation, /download of type `cfdi`/);

    const completed = await storeCfdiDocuments(t.app.services, source, [copyOf(REAL_40, cancelled), copyOf(REAL_40, active)]);
    assert.deepEqual([completed.inserted, completed.completed, completed.duplicates], [0, 2, 0]);
    const now = await cfdi(cancelled);
    assert.deepEqual(
      [now.has_xml, now.sat_status, now.cancelled_at, now.version, now.moneda, now.total, now.fecha_timbrado, now.emisor.nombre, now.id],
      [true, 'cancelled', '2022-02-01T16:00:00.000Z', '4.0', 'MXN', '459.36', '2022-01-12T12:39:34', 'CREATIVITY AND SOMETHING MORE SAS DE CV', row.id],
    );
    assert.equal(now.details.conceptos.length, 1);
    assert.ok((await get(`/v1/cfdis/${cancelled}/xml`)).rawPayload.equals(copyOf(REAL_40, cancelled).xml));
    assert.equal((await cfdi(active)).sat_status, 'active');
    const repeated = await storeCfdiDocuments(t.app.services, source, [copyOf(REAL_40, cancelled)]);
    assert.deepEqual([repeated.inserted, repeated.completed, repeated.duplicates], [0, 0, 1], 'held with its XML now');
  });

  test('XML first: metadata sets the status, and a cancellation is reported once', async () => {
    const source = sourceFor(org);
    const uuid = uuidOf(3);
    await storeCfdiDocuments(t.app.services, source, [copyOf(REAL_40, uuid)]);
    assert.equal((await cfdi(uuid)).sat_status, 'unknown');
    assert.deepEqual(await storeMetadataRecords(t.app.services, source, [metadata(uuid)]), { inserted: 0, updated: 1, cancelledNow: [] });
    assert.equal((await cfdi(uuid)).sat_status, 'active');
    assert.deepEqual(
      await storeMetadataRecords(t.app.services, source, [metadata(uuid, { estatus: 'X' })]),
      { inserted: 0, updated: 0, cancelledNow: [] },
      'an unreadable status changes nothing',
    );

    const cancellation = metadata(uuid, { estatus: '0', fechaCancelacion: '2022-03-01 09:00:00' });
    const newlyCancelled = uuidOf(4);
    const stored = await storeMetadataRecords(t.app.services, source, [
      cancellation,
      metadata(newlyCancelled, { estatus: '0', fechaCancelacion: '2022-03-02 09:00:00' }),
    ]);
    assert.deepEqual(stored, { inserted: 1, updated: 1, cancelledNow: [uuid] }, 'a row first seen cancelled was never held as active');
    const row = await cfdi(uuid);
    assert.deepEqual([row.sat_status, row.cancelled_at, row.has_xml, row.total], ['cancelled', '2022-03-01T15:00:00.000Z', true, '459.36']);
    assert.ok(Date.parse(row.updated_at) >= Date.parse(row.created_at));
    assert.deepEqual(
      await storeMetadataRecords(t.app.services, source, [cancellation]),
      { inserted: 0, updated: 0, cancelledNow: [] },
      'nothing new the second time',
    );

    const racing = uuidOf(5);
    await storeMetadataRecords(t.app.services, source, [metadata(racing)]);
    const both = await Promise.all(
      [0, 1].map(() => storeMetadataRecords(t.app.services, source, [metadata(racing, { estatus: '0', fechaCancelacion: '2022-03-03 09:00:00' })])),
    );
    assert.deepEqual(
      both.flatMap((result) => result.cancelledNow),
      [racing],
      'two runs at once report it once',
    );
  });

  test("a batch larger than one statement's parameters holds is written whole", async () => {
    const owner = await t.bootstrap('Large batches');
    const documents = Array.from({ length: 3_100 }, (_, index) => copyOf(REAL_40, uuidOf(0x100000 + index)));
    const stored = await storeCfdiDocuments(t.app.services, sourceFor(owner), [...documents, documents[0]!]);
    assert.deepEqual([stored.inserted, stored.completed, stored.duplicates, stored.unreadable.length], [3_100, 0, 1, 0]);
    const records = Array.from({ length: 4_600 }, (_, index) => metadata(uuidOf(0x200000 + index)));
    const rows = await storeMetadataRecords(t.app.services, sourceFor(owner), [
      ...records,
      ...documents.slice(0, 10).map((_, index) => metadata(uuidOf(0x100000 + index))),
    ]);
    assert.deepEqual([rows.inserted, rows.updated], [4_600, 10]);
    const last = (await get(`/v1/cfdis?limit=1&uuid=${uuidOf(0x200000 + 4_599)}`, owner.testKey)).json().data[0];
    assert.deepEqual([last.has_xml, last.sat_status], [false, 'active']);
    const first = (await get(`/v1/cfdis?limit=1&uuid=${uuidOf(0x100000)}`, owner.testKey)).json().data[0];
    assert.deepEqual([first.has_xml, first.sat_status], [true, 'active']);
    if (t.app.services.database.kind === 'pglite') {
      // No autovacuum on the embedded database: the store took the planner's statistics itself.
      const stats = await sql<{ reltuples: number }>`SELECT reltuples FROM pg_class WHERE relname = 'cfdis'`.execute(t.app.services.db);
      assert.ok(Number(stats.rows[0]!.reltuples) >= 3_100, 'ANALYZE ran after the table grew');
    }
  });

  test('every filter, alone and combined; pages in id order; bad filters are 422', async () => {
    const owner = await t.bootstrap('Filters');
    const key = owner.testKey;
    const received = sourceFor(owner, { downloadId: 'dl_01k000000000000000000000r1' });
    const issued = sourceFor(owner, {
      side: 'issued',
      fiscalProfileId: 'fp_01k0000000000000000000000b',
      downloadId: 'dl_01k000000000000000000000i1',
      statusHint: 'active',
    });
    const egreso = uuidOf(0xe);
    await storeCfdiDocuments(t.app.services, received, [doc(REAL_40), doc(REAL_33), doc(PAGOS)]);
    await storeCfdiDocuments(t.app.services, issued, [
      doc(ISSUED_40),
      copyOf(ISSUED_40, egreso, [
        ['TipoDeComprobante="I"', 'TipoDeComprobante="E"'],
        ['Fecha="2025-01-24T10:10:41"', 'Fecha="2025-01-31T23:59:59"'],
      ]),
    ]);
    await storeMetadataRecords(t.app.services, received, [
      metadata(uuidOf(0xc), { estatus: '0', fechaCancelacion: '2022-02-01 10:00:00', fechaEmision: '2022-01-31 23:59:59' }),
    ]);
    const everything = [REAL_40_UUID, REAL_33_UUID, PAGOS_UUID, ISSUED_40_UUID, egreso, uuidOf(0xc)];

    const uuids = async (query: string) => {
      const response = await get(`/v1/cfdis?limit=100&${query}`, key);
      assert.equal(response.statusCode, 200, `${query}: ${response.body}`);
      return response
        .json()
        .data.map((item: Json) => item.uuid)
        .sort();
    };
    const expectations: [string, string[]][] = [
      ['', everything],
      ['side=issued', [ISSUED_40_UUID, egreso]],
      ['side=received', [REAL_40_UUID, REAL_33_UUID, PAGOS_UUID, uuidOf(0xc)]],
      ['fiscal_profile_id=fp_01k0000000000000000000000b', [ISSUED_40_UUID, egreso]],
      ['download_id=dl_01k000000000000000000000r1', [REAL_40_UUID, REAL_33_UUID, PAGOS_UUID, uuidOf(0xc)]],
      ['download_id=dl_01k0000000000000000000none', []],
      ['counterparty=cosc8001137na', [ISSUED_40_UUID, egreso]],
      ['counterparty=CSM190311AH6', [REAL_40_UUID, uuidOf(0xc)]],
      ['counterparty=MCI7306249Y1', []],
      ['emisor=isd950921he5', [ISSUED_40_UUID, egreso]],
      ['receptor=DIM8701081LA', [REAL_33_UUID]],
      ['tipo_de_comprobante=E', [egreso]],
      ['tipo_de_comprobante=P', [PAGOS_UUID]],
      ['status=active', [ISSUED_40_UUID, egreso]],
      ['status=cancelled', [uuidOf(0xc)]],
      ['status=unknown', [REAL_40_UUID, REAL_33_UUID, PAGOS_UUID]],
      ['has_xml=false', [uuidOf(0xc)]],
      ['has_xml=true', everything.filter((uuid) => uuid !== uuidOf(0xc))],
      [`uuid=${PAGOS_UUID.toLowerCase()}`, [PAGOS_UUID]],
      ['date[gte]=2022-01-01&date[lte]=2022-01-12', [REAL_40_UUID]],
      ['date[lte]=2022-01-31', [REAL_40_UUID, REAL_33_UUID, PAGOS_UUID, uuidOf(0xc)]],
      ['date[gte]=2022-01-12T12:39:08&date[lte]=2022-01-12T12:39:08', [REAL_40_UUID]],
      ['date[gte]=2022-01-12T12:39:09', [ISSUED_40_UUID, egreso, uuidOf(0xc)]],
      ['date[lte]=2022-01-12T12:39', [REAL_40_UUID, REAL_33_UUID, PAGOS_UUID]],
      // 18:39:08Z is 12:39:08 in Mexico City (UTC−6 in January).
      ['date[gte]=2022-01-12T18:39:08Z&date[lte]=2022-01-12T18:39:08.500Z', [REAL_40_UUID]],
      ['date[gte]=2025-01-31T23:59:59-06:00', [egreso]],
      ['date[gte]=2030-01-01', []],
      ['side=received&tipo_de_comprobante=I&has_xml=true', [REAL_40_UUID, REAL_33_UUID]],
      ['side=issued&status=active&emisor=ISD950921HE5&date[gte]=2025-01-25', [egreso]],
    ];
    for (const [query, expected] of expectations) assert.deepEqual(await uuids(query), [...expected].sort(), query || '(no filter)');

    const seen: string[] = [];
    let page: Json = (await get('/v1/cfdis?limit=4', key)).json();
    seen.push(...page.data.map((item: Json) => item.id));
    assert.equal(page.has_more, true);
    page = (await get(`/v1/cfdis?limit=4&starting_after=${seen.at(-1)}`, key)).json();
    seen.push(...page.data.map((item: Json) => item.id));
    assert.equal(page.has_more, false);
    assert.equal(seen.length, everything.length);
    assert.deepEqual(seen, [...seen].sort().reverse(), 'newest-stored first, by id');
    const before = (await get(`/v1/cfdis?limit=2&ending_before=${seen[4]}`, key)).json();
    assert.deepEqual(
      before.data.map((item: Json) => item.id),
      seen.slice(2, 4),
    );

    for (const query of [
      'status=vigente',
      'side=both',
      'has_xml=maybe',
      'tipo_de_comprobante=X',
      'date[gte]=12/01/2022',
      'date[lte]=2022-13-01',
      'date[gte]=2022-01-12T25:00',
      'counterparty=ABC',
      'uuid=123',
      'limit=0',
      'colour=blue',
    ]) {
      const response = await get(`/v1/cfdis?${query}`, key);
      assert.deepEqual([response.statusCode, response.json().code], [422, 'request.validation_failed'], query);
    }
    const cursor = await get('/v1/cfdis?starting_after=inv_01k0000000000000000000000a', key);
    assert.deepEqual([cursor.statusCode, cursor.json().code], [422, 'request.invalid_cursor']);
  });

  test('another organization and the other mode see nothing; unknown and malformed UUIDs are 404', async () => {
    const other = await t.bootstrap('Other');
    await storeCfdiDocuments(t.app.services, sourceFor(org, { mode: 'live' }), [copyOf(REAL_40, uuidOf(0x11))]);
    for (const key of [other.testKey, other.liveKey, org.liveKey]) {
      const list = (await get('/v1/cfdis', key)).json();
      assert.ok(!list.data.some((item: Json) => item.uuid === REAL_40_UUID), 'no leak');
      for (const path of [`/v1/cfdis/${REAL_40_UUID}`, `/v1/cfdis/${REAL_40_UUID}/xml`]) {
        const response = await get(path, key);
        assert.deepEqual([response.statusCode, response.json().code], [404, 'resource.not_found'], path);
      }
    }
    const live = (await get('/v1/cfdis', org.liveKey)).json().data;
    assert.deepEqual(
      live.map((item: Json) => [item.uuid, item.livemode]),
      [[uuidOf(0x11), true]],
    );
    assert.equal((await get(`/v1/cfdis/${uuidOf(0x11)}`)).statusCode, 404, 'the test key does not see the live row');
    for (const uuid of ['not-a-uuid', uuidOf(0x999), `${REAL_40_UUID}0`, 'x'.repeat(90)]) {
      for (const path of [`/v1/cfdis/${uuid}`, `/v1/cfdis/${uuid}/xml`]) {
        const response = await get(path);
        assert.deepEqual([response.statusCode, response.json().code], [404, 'resource.not_found'], path);
      }
    }
  });

  describeEndpointContract('GET /v1/cfdis', { resource: 'list' }, () => ({ t, org, request: { method: 'GET', url: '/v1/cfdis' } }));
  describeEndpointContract('GET /v1/cfdis/{uuid}', { resource: 'by-id' }, () => ({ t, org, request: { method: 'GET', url: `/v1/cfdis/${REAL_40_UUID}` } }));
  describeEndpointContract('GET /v1/cfdis/{uuid}/xml', { resource: 'by-id' }, () => ({
    t,
    org,
    request: { method: 'GET', url: `/v1/cfdis/${REAL_40_UUID}/xml` },
  }));
});
