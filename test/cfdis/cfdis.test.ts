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
import { storeCfdiDocuments, storeMetadataRecords, storeThirdParties, type CfdiSource } from '../../src/modules/cfdis/index.ts';
import type { ShedLevel } from '../../src/platform/http/load-shedding.ts';
import type { MetadataRecord } from '../../src/providers/sat/descarga/index.ts';
import type { ManualClock } from '../../src/platform/clock.ts';
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
const CFDI_32 = 'cfdi32/I_2017-03-21_real.xml';
const CFDI_32_UUID = '80824F3B-323E-407B-8F8E-40D83FE2E69F';

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
/** A Concepto's ACuentaTerceros, added to REAL_40's one Concepto (a copyOf replacement). */
const onBehalfOf = (rfc: string, nombre: string): [string, string] => [
  'ObjetoImp="02">',
  `ObjetoImp="02"><cfdi:ACuentaTerceros RfcACuentaTerceros="${rfc}" NombreACuentaTerceros="${nombre}" RegimenFiscalACuentaTerceros="612" DomicilioFiscalACuentaTerceros="01000"/>`,
];
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
  'indexed',
  'third_parties',
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
      indexed: true,
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
      third_parties: [],
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

  test('the content is read once, when the document is stored: reading a CFDI runs nothing on the worker pool', async () => {
    const pool = t.app.services.workers;
    const uuid = uuidOf(0x21);
    const before = pool.completed;
    await storeCfdiDocuments(t.app.services, sourceFor(org), [copyOf(REAL_33, uuid)]);
    assert.ok(pool.completed > before, 'parsed on the pool as it was stored');
    const stored = pool.completed;
    const first = await cfdi(uuid);
    const second = await cfdi(uuid.toLowerCase());
    assert.equal(pool.completed, stored, 'no read parses the XML again');
    assert.deepEqual(second, first);
    assert.deepEqual(
      first.details.conceptos.map((item: Json) => item.descripcion),
      ['Paquete', 'Restaurante'],
    );
  });

  test('a row stored before the content was kept is read on its first GET, once, on the pool, and then served from the store', async () => {
    const pool = t.app.services.workers;
    const uuid = uuidOf(0x22);
    await storeCfdiDocuments(t.app.services, sourceFor(org), [copyOf(REAL_40, uuid, [onBehalfOf('AAAA010101AA4', 'PERSONA FISICA CUATRO')])]);
    const expected = await cfdi(uuid);
    // As the store wrote rows before it kept their content (and their third parties).
    await sql`UPDATE cfdis SET details = NULL WHERE uuid = ${uuid}`.execute(t.app.services.db);
    await sql`DELETE FROM cfdi_third_parties WHERE uuid = ${uuid}`.execute(t.app.services.db);
    const before = pool.completed;
    const first = await cfdi(uuid);
    assert.equal(pool.completed, before + 1, 'read on the pool');
    assert.deepEqual([first.details, first.third_parties], [expected.details, expected.third_parties]);
    assert.deepEqual(await cfdi(uuid), first);
    assert.equal(pool.completed, before + 1, 'then stored: the next read parses nothing');
    const held = await sql<{ stored: boolean }>`SELECT details IS NOT NULL AS stored FROM cfdis WHERE uuid = ${uuid}`.execute(t.app.services.db);
    assert.equal(held.rows[0]?.stored, true);
  });

  test('a CFDI 3.2 is stored with version 3.2 and its fields read by their 3.2 names, flagged indexed: false with no details', async () => {
    const pool = t.app.services.workers;
    const stored = await storeCfdiDocuments(t.app.services, sourceFor(org), [doc(CFDI_32)]);
    assert.deepEqual([stored.inserted, stored.unreadable], [1, []]);
    const fields = (row: Json) => [
      row.version,
      row.indexed,
      row.details,
      row.serie,
      row.folio,
      row.tipo_de_comprobante,
      row.fecha,
      row.fecha_timbrado,
      row.emisor,
      row.receptor,
      row.moneda,
      row.sub_total,
      row.descuento,
      row.total,
      row.rfc_pac,
    ];
    const expected = [
      '3.2',
      false,
      null,
      'S',
      '68189',
      'I',
      '2017-03-21T08:17:31',
      '2017-03-21T08:18:08',
      { rfc: 'CTO021007DZ8', nombre: 'CEVER TOLUCA S.A. DE C.V.' },
      { rfc: 'XAXX010101000', nombre: 'CORTES SOTO CARLOS' },
      'MXN',
      '4038.79',
      '0.00',
      '4685.00',
      null,
    ];
    const before = pool.completed;
    assert.deepEqual(fields(await cfdi(CFDI_32_UUID)), expected);
    await cfdi(CFDI_32_UUID);
    assert.equal(pool.completed, before, 'a version the store does not read is not read again on every GET');
    const listed = (await get(`/v1/cfdis?tipo_de_comprobante=I&uuid=${CFDI_32_UUID}`)).json().data;
    assert.deepEqual(
      listed.map((row: Json) => [row.version, row.indexed, row.has_xml]),
      [['3.2', false, true]],
    );
    assert.ok((await get(`/v1/cfdis/${CFDI_32_UUID}/xml`)).rawPayload.equals(readSample(CFDI_32)), 'byte for byte');

    // Stored before the store read 3.2 names: a row of nulls but the UUID and FechaTimbrado, completed on its first read.
    await sql`UPDATE cfdis SET details = NULL, version = NULL, serie = NULL, folio = NULL, tipo_de_comprobante = NULL, fecha = NULL,
      emisor_rfc = NULL, emisor_nombre = NULL, receptor_rfc = NULL, receptor_nombre = NULL, moneda = NULL, sub_total = NULL, descuento = NULL, total = NULL
      WHERE uuid = ${CFDI_32_UUID}`.execute(t.app.services.db);
    assert.equal((await get(`/v1/cfdis?uuid=${CFDI_32_UUID}`)).json().data[0].indexed, false, 'no version: not one the store reads');
    assert.deepEqual(fields(await cfdi(CFDI_32_UUID)), expected);
    assert.deepEqual(fields(await cfdi(CFDI_32_UUID)), expected);
    assert.equal(pool.completed, before + 1, 'read once');

    // Metadata first: the XML fills the row and the PAC metadata names stays (a 3.2 timbre names none).
    const copy = uuidOf(0x32);
    await storeMetadataRecords(t.app.services, sourceFor(org), [metadata(copy, { rfcPac: 'SAT970701NN3' })]);
    await storeCfdiDocuments(t.app.services, sourceFor(org), [copyOf(CFDI_32, copy)]);
    const completed = await cfdi(copy);
    assert.deepEqual(
      [completed.version, completed.indexed, completed.rfc_pac, completed.emisor.rfc, completed.total, completed.sat_status, completed.has_xml],
      ['3.2', false, 'SAT970701NN3', 'CTO021007DZ8', '4685.00', 'active', true],
    );
  });

  test("third parties: the metadata's _tercero.txt rows and the XML's ACuentaTerceros reach the CFDI, and third_party_rfc filters by them", async () => {
    const owner = await t.bootstrap('Third parties');
    const source = sourceFor(owner);
    const [fromMetadata, fromXml, both, none] = [uuidOf(0x41), uuidOf(0x42), uuidOf(0x43), uuidOf(0x44)];
    // A package's _tercero.txt may be read before the rows it completes; its UUIDs come in any case.
    const kept = await storeThirdParties(t.app.services, source, [
      { uuid: fromMetadata.toLowerCase(), rfcACuentaTerceros: 'aaaa010101aa1', nombreACuentaTerceros: 'PERSONA FISICA UNO' },
      { uuid: fromMetadata, rfcACuentaTerceros: 'AAAA010101AA2', nombreACuentaTerceros: '' },
      { uuid: fromMetadata, rfcACuentaTerceros: 'AAAA010101AA1', nombreACuentaTerceros: 'PERSONA FISICA UNO' },
      { uuid: both, rfcACuentaTerceros: 'AAAA010101AA1', nombreACuentaTerceros: 'PERSONA FISICA UNO' },
      { uuid: 'sin-uuid', rfcACuentaTerceros: 'AAAA010101AA3', nombreACuentaTerceros: 'SIN UUID' },
      { uuid: none, rfcACuentaTerceros: ' ', nombreACuentaTerceros: 'SIN RFC' },
    ]);
    assert.equal(kept, 3);
    await storeMetadataRecords(t.app.services, source, [metadata(fromMetadata), metadata(both), metadata(none)]);
    await storeCfdiDocuments(t.app.services, source, [
      copyOf(REAL_40, fromXml, [onBehalfOf('AAAA010101AA3', 'PERSONA FISICA TRES &amp; ASOCIADOS')]),
      copyOf(REAL_40, both, [onBehalfOf('AAAA010101AA1', 'PERSONA FISICA UNO')]),
    ]);
    const uno = { rfc: 'AAAA010101AA1', nombre: 'PERSONA FISICA UNO' };
    const expected: Record<string, Json[]> = {
      [fromMetadata]: [uno, { rfc: 'AAAA010101AA2', nombre: null }],
      [fromXml]: [{ rfc: 'AAAA010101AA3', nombre: 'PERSONA FISICA TRES & ASOCIADOS' }],
      [both]: [uno],
      [none]: [],
    };
    for (const [uuid, parties] of Object.entries(expected)) assert.deepEqual((await cfdi(uuid, owner.testKey)).third_parties, parties, uuid);
    const listed = (await get('/v1/cfdis?limit=100', owner.testKey)).json().data;
    assert.deepEqual(Object.fromEntries(listed.map((row: Json) => [row.uuid, row.third_parties])), expected, 'the list carries them too');

    const uuids = async (query: string, key = owner.testKey) => {
      const response = await get(`/v1/cfdis?limit=100&${query}`, key);
      assert.equal(response.statusCode, 200, response.body);
      return response
        .json()
        .data.map((row: Json) => row.uuid)
        .sort();
    };
    assert.deepEqual(await uuids('third_party_rfc=aaaa010101aa1'), [fromMetadata, both].sort());
    assert.deepEqual(await uuids('third_party_rfc=AAAA010101AA2'), [fromMetadata]);
    assert.deepEqual(await uuids('third_party_rfc=AAAA010101AA3'), [fromXml]);
    assert.deepEqual(await uuids('third_party_rfc=AAAA010101AA9'), []);
    assert.deepEqual(await uuids('third_party_rfc=AAAA010101AA1&has_xml=true'), [both]);
    // Another organization holding the same UUID with another third party: each sees its own.
    await storeThirdParties(t.app.services, sourceFor(org), [{ uuid: both, rfcACuentaTerceros: 'AAAA010101AA9', nombreACuentaTerceros: 'OTRA' }]);
    assert.deepEqual(await uuids('third_party_rfc=AAAA010101AA1', org.testKey), [], "another organization's third parties are not its own");
    assert.deepEqual((await cfdi(both, owner.testKey)).third_parties, [uno]);
    const bad = await get('/v1/cfdis?third_party_rfc=ABC', owner.testKey);
    assert.deepEqual([bad.statusCode, bad.json().code], [422, 'request.validation_failed']);
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

  test('totals sum what the list selects, by voucher type and currency, with the same filters', async () => {
    const owner = await t.bootstrap('Totals');
    const key = owner.testKey;
    const received = sourceFor(owner, { downloadId: 'dl_01k000000000000000000000r2' });
    const issued = sourceFor(owner, { side: 'issued', fiscalProfileId: 'fp_01k0000000000000000000000c', downloadId: 'dl_01k000000000000000000000i2' });
    await storeCfdiDocuments(t.app.services, received, [doc(REAL_40), doc(REAL_33), doc(PAGOS)]);
    await storeCfdiDocuments(t.app.services, issued, [doc(ISSUED_40), copyOf(ISSUED_40, uuidOf(0x2e), [['TipoDeComprobante="I"', 'TipoDeComprobante="E"']])]);
    const sixPlaces = (value: string | null) => Number(value ?? 0).toFixed(6);
    for (const query of ['', 'side=issued', 'side=received&tipo_de_comprobante=I', 'counterparty=cosc8001137na', 'date[gte]=2030-01-01']) {
      const listed: Json[] = (await get(`/v1/cfdis?limit=100&${query}`, key)).json().data;
      const expected = new Map<string, { count: number; sub_total: number; total: number }>();
      for (const item of listed) {
        const group = `${item.tipo_de_comprobante}/${item.moneda}`;
        const sum = expected.get(group) ?? { count: 0, sub_total: 0, total: 0 };
        expected.set(group, { count: sum.count + 1, sub_total: sum.sub_total + Number(item.sub_total ?? 0), total: sum.total + Number(item.total ?? 0) });
      }
      const response = await get(`/v1/cfdis/totals?${query}`, key);
      assert.equal(response.statusCode, 200, `${query}: ${response.body}`);
      const totals = response.json();
      assert.equal(totals.object, 'cfdi_totals');
      assert.equal(totals.count, listed.length, query);
      assert.deepEqual(
        totals.groups
          .map((group: Json) => [`${group.tipo_de_comprobante}/${group.moneda}`, group.count, sixPlaces(group.sub_total), sixPlaces(group.total)])
          .sort(),
        [...expected].map(([group, sum]) => [group, sum.count, sum.sub_total.toFixed(6), sum.total.toFixed(6)]).sort(),
        query || '(no filter)',
      );
      for (const group of totals.groups) assert.match(group.total, /^-?\d+(\.\d+)?$/, 'an exact decimal string');
    }
    assert.deepEqual((await get('/v1/cfdis/totals?side=issued', owner.liveKey)).json(), { object: 'cfdi_totals', count: 0, groups: [] }, 'the other mode');
    for (const query of ['limit=10', 'side=both', 'colour=blue']) {
      const response = await get(`/v1/cfdis/totals?${query}`, key);
      assert.deepEqual([response.statusCode, response.json().code], [422, 'request.validation_failed'], query);
    }
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

  test('sort by Fecha and by Total, both ways: ties on the key are broken by id, so pages across a tie neither repeat nor skip', async () => {
    const owner = await t.bootstrap('Sorted');
    const key = owner.testKey;
    // Twelve rows on four Fechas and three Totals: every page boundary of 5 falls inside a tie.
    const rows = Array.from({ length: 12 }, (_, n) => ({
      uuid: uuidOf(0x500 + n),
      fecha: `2024-0${1 + (n % 4)}-15 10:00:00`,
      monto: ['100.00', '99.5', '1000'][n % 3]!,
    }));
    // Stored in an order unrelated to either key.
    for (const row of [...rows].reverse()) {
      await storeMetadataRecords(t.app.services, sourceFor(owner), [metadata(row.uuid, { fechaEmision: row.fecha, monto: row.monto })]);
    }
    const listed: Json[] = (await get('/v1/cfdis?limit=100', key)).json().data;
    const idOf = new Map(listed.map((item) => [item.uuid, item.id as string]));
    const byKey = (value: (row: (typeof rows)[number]) => string | number, direction: 1 | -1) =>
      [...rows]
        .sort((a, b) => {
          const [x, y] = [value(a), value(b)];
          if (x !== y) return (x < y ? -1 : 1) * direction;
          return (idOf.get(a.uuid)! < idOf.get(b.uuid)! ? -1 : 1) * direction;
        })
        .map((row) => row.uuid);
    const expected: Record<string, string[]> = {
      fecha: byKey((row) => row.fecha, 1),
      '-fecha': byKey((row) => row.fecha, -1),
      total: byKey((row) => Number(row.monto), 1),
      '-total': byKey((row) => Number(row.monto), -1),
    };
    for (const [sort, order] of Object.entries(expected)) {
      const seen: string[] = [];
      const pageIds: string[][] = [];
      let cursor = '';
      for (;;) {
        const response = await get(`/v1/cfdis?sort=${sort}&limit=5${cursor}`, key);
        assert.equal(response.statusCode, 200, response.body);
        const page = response.json();
        seen.push(...page.data.map((item: Json) => item.uuid));
        pageIds.push(page.data.map((item: Json) => item.id));
        if (!page.has_more) break;
        cursor = `&starting_after=${page.data.at(-1).id}`;
      }
      assert.deepEqual(seen, order, `sort=${sort}, forwards`);
      // Backwards from the last page: ending_before its first row gives the page before it.
      const back = (await get(`/v1/cfdis?sort=${sort}&limit=5&ending_before=${pageIds[2]![0]}`, key)).json();
      assert.deepEqual(
        back.data.map((item: Json) => item.id),
        pageIds[1],
        `sort=${sort}, backwards`,
      );
      assert.equal(back.has_more, true);
    }
    const ranged = (await get('/v1/cfdis?sort=-fecha&limit=100&date[gte]=2024-02-01&date[lte]=2024-03-31', key)).json();
    assert.deepEqual(
      ranged.data.map((item: Json) => item.uuid),
      expected['-fecha']!.filter((uuid) => ['2024-02', '2024-03'].includes(rows.find((row) => row.uuid === uuid)!.fecha.slice(0, 7))),
      'a Fecha range in the sorted order',
    );
    const cents = (await get('/v1/cfdis?sort=-total&limit=1', key)).json().data[0];
    assert.equal(cents.total, '1000', 'Total compared as a number, not as text');

    for (const query of ['sort=fecha&starting_after=cfdi_01k0000000000000000000000a', 'sort=total&ending_before=inv_01k0000000000000000000000a']) {
      const response = await get(`/v1/cfdis?${query}`, key);
      assert.deepEqual([response.statusCode, response.json().code], [422, 'request.invalid_cursor'], query);
    }
    // Another organization's row is no cursor here.
    const otherId = (await get('/v1/cfdis?limit=1')).json().data[0]?.id;
    if (otherId) assert.equal((await get(`/v1/cfdis?sort=fecha&starting_after=${otherId}`, key)).statusCode, 422);
    for (const query of ['sort=date', 'sort=+fecha', 'sort=fecha,total']) {
      const response = await get(`/v1/cfdis?${query}`, key);
      assert.deepEqual([response.statusCode, response.json().code], [422, 'request.validation_failed'], query);
    }
  });

  test('q finds words of RFCs, names, UUIDs, serie and folio; it combines with filters, sort, totals; it never reaches another store', async () => {
    const owner = await t.bootstrap('Search');
    const key = owner.testKey;
    const received = sourceFor(owner);
    await storeMetadataRecords(t.app.services, received, [
      metadata(uuidOf(0x601), { rfcEmisor: 'AAA010101AAA', nombreEmisor: 'ACME INDUSTRIAL SA DE CV', monto: '10.00' }),
      metadata(uuidOf(0x602), { rfcEmisor: 'BBB010101BBB', nombreEmisor: 'JOSÉ PÉREZ LÓPEZ', fechaEmision: '2023-05-01 09:00:00', monto: '20.00' }),
      metadata(uuidOf(0x603), {
        rfcEmisor: 'CCC010101CCC',
        nombreEmisor: 'PAPELERÍA ACME',
        rfcReceptor: 'XAXX010101000',
        nombreReceptor: 'PÚBLICO EN GENERAL',
      }),
    ]);
    await storeCfdiDocuments(t.app.services, sourceFor(owner, { side: 'issued', statusHint: 'active' }), [doc(ISSUED_40)]);
    const issued = await cfdi(ISSUED_40_UUID, key);
    assert.ok(issued.serie && issued.folio, 'the sample has a serie and a folio');
    await storeMetadataRecords(t.app.services, sourceFor(org), [metadata(uuidOf(0x6ff), { nombreEmisor: 'ACME INDUSTRIAL SA DE CV' })]);

    const found = async (query: string) => {
      const response = await get(`/v1/cfdis?limit=100&${query}`, key);
      assert.equal(response.statusCode, 200, `${query}: ${response.body}`);
      return response
        .json()
        .data.map((item: Json) => item.uuid)
        .sort();
    };
    const q = (text: string) => `q=${encodeURIComponent(text)}`;
    const expectations: [string, string[]][] = [
      [q('acme'), [uuidOf(0x601), uuidOf(0x603)]],
      [q('Acme indus'), [uuidOf(0x601)]],
      [q('industrial papel'), []],
      [q('josé'), [uuidOf(0x602)]],
      [q('pérez lóp'), [uuidOf(0x602)]],
      [q('aaa010101aaa'), [uuidOf(0x601)]],
      [q('AAA0101'), [uuidOf(0x601)]],
      [q('xaxx010101000'), [uuidOf(0x603)]],
      [q('público'), [uuidOf(0x603)]],
      [q(uuidOf(0x602)), [uuidOf(0x602)]],
      [q(uuidOf(0x602).slice(0, 8).toLowerCase()), [uuidOf(0x601), uuidOf(0x602), uuidOf(0x603)]],
      [q(ISSUED_40_UUID.slice(0, 13)), [ISSUED_40_UUID]],
      [q(`${issued.serie}${issued.folio}`), [ISSUED_40_UUID]],
      [q(`${issued.serie}-${issued.folio}`), [ISSUED_40_UUID]],
      [q(`${issued.serie} ${issued.folio}`), [ISSUED_40_UUID]],
      [q('--- ¿?'), []],
      [q("o'brien"), []],
      [q('nadie'), []],
      [`${q('acme')}&tipo_de_comprobante=I&date[gte]=2022-01-01`, [uuidOf(0x601), uuidOf(0x603)]],
      [`${q('acme')}&emisor=CCC010101CCC`, [uuidOf(0x603)]],
      [`${q('0a1b2c3d')}&side=received`, [uuidOf(0x601), uuidOf(0x602), uuidOf(0x603)]],
    ];
    for (const [query, expected] of expectations) assert.deepEqual(await found(query), [...expected].sort(), query);

    const sorted = (await get(`/v1/cfdis?${q('0a1b2c3d')}&sort=-fecha&limit=2`, key)).json();
    assert.deepEqual(sorted.data.map((item: Json) => item.uuid)[0], uuidOf(0x602), 'the newest Fecha first among the matches');
    assert.equal(sorted.has_more, true);

    const totals = (await get(`/v1/cfdis/totals?${q('acme')}`, key)).json();
    assert.equal(totals.count, 2);
    assert.deepEqual(
      totals.groups.map((group: Json) => group.total),
      ['1170.00'],
    );
    assert.equal((await get(`/v1/cfdis?${q('acme')}`, owner.liveKey)).json().data.length, 0, 'the other mode');
    for (const query of ['q=', `q=${'a'.repeat(201)}`]) {
      const response = await get(`/v1/cfdis?${query}`, key);
      assert.deepEqual([response.statusCode, response.json().code], [422, 'request.validation_failed'], query);
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

describe('reads of one CFDI are charged by the work they cost', { skip: skipWithoutShared }, () => {
  let app: TestApp;
  let owner: Organization;
  let level: ShedLevel = 'none';
  const small = uuidOf(0x51);
  const large = uuidOf(0x52);
  const sizes = new Map<string, { details: number; xml: number }>();
  // One token per started 64 KiB, at least one (the XML at least its declared two).
  const tokens = (bytes: number) => Math.max(1, Math.ceil(bytes / 65_536));

  before(async () => {
    // A bucket that does not refill on the frozen clock, so each read's cost shows in RateLimit-Remaining.
    app = await createTestApp({
      env: { RATE_LIMIT_READ_BURST: '1000', RATE_LIMIT_READ_PER_SECOND: '1' },
      loadMonitor: { level: () => level, close: () => {} },
    });
    owner = await app.bootstrap('Costs');
    const concepto = /<cfdi:Concepto [\s\S]*?<\/cfdi:Concepto>/.exec(readSample(REAL_40).toString('utf8'))![0];
    const many = copyOf(REAL_40, large, [[concepto, concepto.repeat(1_500)]]);
    const documents = [copyOf(REAL_40, small), many];
    await storeCfdiDocuments(app.app.services, sourceFor(owner), documents);
    // The content is stored as the JSON text of what the API shows.
    for (const document of documents) {
      const uuid = document.name.slice(0, 36);
      const { details } = (await app.request({ method: 'GET', url: `/v1/cfdis/${uuid}`, key: owner.testKey })).json();
      sizes.set(uuid, { details: Buffer.byteLength(JSON.stringify(details)), xml: document.xml.length });
    }
  });
  after(() => app.close());

  /** Tokens `url` took: the bucket before it (read from a one-token list call) less after it. */
  async function spent(url: string): Promise<{ tokens: number; response: Awaited<ReturnType<TestApp['request']>> }> {
    const baseline = await app.request({ method: 'GET', url: '/v1/cfdis?limit=1', key: owner.testKey });
    const response = await app.request({ method: 'GET', url, key: owner.testKey });
    return { tokens: Number(baseline.headers['ratelimit-remaining']) - Number(response.headers['ratelimit-remaining']), response };
  }

  test('a small CFDI costs one token; a large one a token per 64 KiB of its content, its XML a token per 64 KiB of XML', async () => {
    const big = sizes.get(large)!;
    assert.ok(tokens(big.details) >= 3 && tokens(big.xml) >= 3, JSON.stringify(big));
    const cheap = await spent(`/v1/cfdis/${small}`);
    assert.deepEqual([cheap.response.statusCode, cheap.tokens], [200, 1]);
    const costly = await spent(`/v1/cfdis/${large}`);
    assert.deepEqual([costly.response.statusCode, costly.tokens], [200, tokens(big.details)]);
    assert.equal(costly.response.json().details.conceptos.length, 1_500, 'the large content is served whole');
    const xml = await spent(`/v1/cfdis/${large}/xml`);
    assert.deepEqual([xml.response.statusCode, xml.tokens], [200, tokens(big.xml)]);
    assert.equal((await spent(`/v1/cfdis/${small}/xml`)).tokens, 2, "a small XML costs the route's declared two");

    // A row stored before its content was kept costs its XML's parse the first time, then its content.
    await sql`UPDATE cfdis SET details = NULL WHERE uuid = ${large}`.execute(app.app.services.db);
    assert.equal((await spent(`/v1/cfdis/${large}`)).tokens, tokens(big.xml));
    assert.equal((await spent(`/v1/cfdis/${large}`)).tokens, tokens(big.details));
  });

  test('a read that costs more than the bucket holds is a 429 with Retry-After; while the service sheds load, large reads are refused and small ones served', async () => {
    const cost = tokens(sizes.get(large)!.details);
    let refused: Awaited<ReturnType<TestApp['request']>> | undefined;
    for (let round = 0; round < 1_000 && !refused; round += 1) {
      const response = await app.request({ method: 'GET', url: `/v1/cfdis/${large}`, key: owner.testKey });
      if (response.statusCode !== 200) refused = response;
    }
    assert.ok(refused, 'the bucket ran out');
    assert.deepEqual([refused.statusCode, refused.json().code], [429, 'rate_limit.exceeded']);
    assert.ok(Number(refused.headers['retry-after']) >= 1);
    assert.match(refused.json().detail, new RegExp(`it costs ${cost} of 1000`));
    (app.clock as ManualClock).advance(1_000_000);
    assert.equal((await app.request({ method: 'GET', url: `/v1/cfdis/${large}`, key: owner.testKey })).statusCode, 200, 'served again once refilled');

    level = 'expensive';
    try {
      const shed = await app.request({ method: 'GET', url: `/v1/cfdis/${large}`, key: owner.testKey });
      assert.deepEqual([shed.statusCode, shed.json().code], [503, 'service.overloaded']);
      assert.ok(shed.headers['retry-after']);
      assert.equal((await app.request({ method: 'GET', url: `/v1/cfdis/${small}`, key: owner.testKey })).statusCode, 200);
    } finally {
      level = 'none';
    }
  });
});
