import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { strFromU8, unzipSync } from 'fflate';
import type { SatCertificate } from '../../cfdi/credentials.ts';
import { parseCfdi } from '../../cfdi/parse.ts';
import { verifyParsedSeal } from '../../cfdi/seal.ts';
import { findTimbreElement, timbreFieldsFromElement, verifyTimbre } from '../../cfdi/tfd.ts';
import { readCfdiPackage, readMetadataPackage } from '../../providers/sat/descarga/index.ts';
import type { DescargaClient, DescargaRequestInput, MetadataRecord } from '../../providers/sat/descarga/index.ts';
import { finishedRequest, stampIntoLedger, startHarness } from './descarga.test-support.ts';
import type { Harness } from './descarga.test-support.ts';
import { coordinatesOf, THIRD_PARTIES } from './history.ts';
import { findSyntheticCfdi } from './lookup.ts';
import { METADATA_HEADER, THIRD_PARTY_HEADER } from './metadata.ts';

const OWNER = { rfc: 'EKU9003173C9', name: 'ESCUELA KEMPER URGATE SA DE CV', postalCode: '42501', regimenFiscal: '601' };
const CUSTOMER = { rfc: 'FUNK671228PH6', name: 'KARLA FUENTE NOLASCO', postalCode: '01160', regimenFiscal: '612' };
const PERIOD = { from: '2026-04-01T00:00:00', to: '2026-06-30T23:59:59' };

interface Downloaded {
  count: number;
  packages: number;
  cfdis: Map<string, string>;
  metadata: MetadataRecord[];
  rawMetadata: string[];
}

async function download(harness: Harness, client: DescargaClient, input: DescargaRequestInput): Promise<Downloaded> {
  const verification = await finishedRequest(harness, client, input);
  assert.equal(verification.state, 'finished', JSON.stringify(verification));
  const result: Downloaded = { count: verification.count, packages: verification.packageIds.length, cfdis: new Map(), metadata: [], rawMetadata: [] };
  for (const packageId of verification.packageIds) {
    const zip = await client.download(packageId);
    if (input.type === 'cfdi') {
      for (const [uuid, xml] of readCfdiPackage(zip)) result.cfdis.set(uuid, xml);
    } else {
      result.metadata.push(...readMetadataPackage(zip));
      result.rawMetadata.push(...Object.values(unzipSync(zip)).map((bytes) => strFromU8(bytes)));
    }
  }
  return result;
}

function checkStamped(
  xml: string,
  pac: SatCertificate,
): { uuid: string; fecha: string; fechaTimbrado: string; total: string; emisor: string; receptor: string; tipo: string; rfcPac: string } {
  const parsed = parseCfdi(xml);
  const seal = verifyParsedSeal(parsed);
  assert.ok(seal.ok, seal.message);
  assert.deepEqual(seal.warnings, []);
  const element = findTimbreElement(parsed.root);
  assert.ok(element, 'the CFDI carries a TimbreFiscalDigital');
  const timbre = timbreFieldsFromElement(element);
  const stamp = verifyTimbre(timbre, { certificate: pac, sello: parsed.comprobante.Sello! });
  assert.ok(stamp.ok, stamp.message);
  const { comprobante } = parsed;
  return {
    uuid: timbre.UUID,
    fecha: comprobante.Fecha,
    fechaTimbrado: timbre.FechaTimbrado,
    total: comprobante.Total,
    emisor: comprobante.Emisor.Rfc,
    receptor: comprobante.Receptor.Rfc,
    tipo: comprobante.TipoDeComprobante,
    rfcPac: timbre.RfcProvCertif,
  };
}

describe('a full bulk download through the nodecfdi client against the running simulator', () => {
  let harness: Harness;
  let client: DescargaClient;
  let pac: SatCertificate;
  let ledgerUuid: string;
  let received: Downloaded;
  let receivedMetadata: Downloaded;
  let issued: Downloaded;
  let issuedMetadata: Downloaded;

  before(async () => {
    harness = await startHarness({ cfdiPerPackage: 10, metadataPerPackage: 25 });
    client = harness.client(await harness.fiel(OWNER.rfc, OWNER.name));
    pac = await harness.pacCertificate();
    ledgerUuid = await stampIntoLedger(harness, { emisor: OWNER, receptor: CUSTOMER, issuedAt: new Date('2026-05-10T16:30:00Z'), subtotalCents: 123_456 });
  });
  after(() => harness.close());

  test('issued CFDI and metadata: every package opens, every XML seal and TFD verify, every metadata row matches its XML', async () => {
    const xml = await download(harness, client, { side: 'issued', type: 'cfdi', ...PERIOD });
    const metadata = await download(harness, client, { side: 'issued', type: 'metadata', ...PERIOD });
    issued = xml;
    issuedMetadata = metadata;
    assert.ok(xml.packages >= 3, `several packages of 10 (got ${xml.packages} for ${xml.count})`);
    assert.equal(xml.cfdis.size, xml.count);
    assert.equal(metadata.metadata.length, metadata.count);
    assert.equal(metadata.packages, Math.ceil(metadata.count / 25));
    assert.ok(xml.cfdis.has(ledgerUuid), 'the CFDI the simulator stamped is among the issued ones');
    const rows = new Map(metadata.metadata.map((row) => [row.uuid, row]));
    assert.deepEqual([...rows.keys()].sort(), [...xml.cfdis.keys()].sort(), 'metadata and XML cover the same CFDIs');
    for (const [uuid, text] of xml.cfdis) {
      const cfdi = checkStamped(text, pac);
      const row = rows.get(uuid)!;
      assert.equal(cfdi.uuid, uuid);
      assert.equal(cfdi.emisor, OWNER.rfc);
      assert.ok(cfdi.fecha >= PERIOD.from && cfdi.fecha <= PERIOD.to, cfdi.fecha);
      assert.deepEqual(
        [row.rfcEmisor, row.rfcReceptor, row.fechaEmision, row.fechaCertificacionSat, row.monto, row.efectoComprobante, row.rfcPac],
        [cfdi.emisor, cfdi.receptor, cfdi.fecha.replace('T', ' '), cfdi.fechaTimbrado.replace('T', ' '), cfdi.total, cfdi.tipo, cfdi.rfcPac],
      );
      assert.ok(row.estatus === '1' ? row.fechaCancelacion === '' : /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(row.fechaCancelacion));
    }
    assert.equal(rows.get(ledgerUuid)?.nombreReceptor, CUSTOMER.name);
  });

  test('received CFDI (vigentes only, as the SAT allows) and metadata (all) come from sealed and stamped synthetic counterparties', async () => {
    const xml = await download(harness, client, { side: 'received', type: 'cfdi', ...PERIOD });
    const metadata = await download(harness, client, { side: 'received', type: 'metadata', ...PERIOD });
    received = xml;
    receivedMetadata = metadata;
    assert.ok(xml.count > 0 && xml.packages >= 2);
    const rows = new Map(metadata.metadata.map((row) => [row.uuid, row]));
    for (const [uuid, text] of xml.cfdis) {
      const cfdi = checkStamped(text, pac);
      assert.equal(cfdi.receptor, OWNER.rfc);
      assert.notEqual(cfdi.emisor, OWNER.rfc);
      assert.equal(rows.get(uuid)?.estatus, '1', 'received XML are vigentes');
      assert.equal(rows.get(uuid)?.monto, cfdi.total);
    }
    const missing = metadata.metadata.filter((row) => !xml.cfdis.has(row.uuid));
    assert.ok(
      missing.every((row) => row.estatus === '0' && row.fechaCancelacion !== ''),
      'only cancelled ones are left out of the XML',
    );
    assert.equal(metadata.count, xml.count + missing.length);
  });

  test('metadata packages hold a _tercero.txt for the CFDIs issued on behalf of third parties, whose XML names the same third party', async () => {
    const [metadata, xml] = [issuedMetadata, issued];
    const expected = metadata.metadata.flatMap((row) => {
      // The ledger's CFDI was written from a synthetic entry of month 0 and index 0, an ingreso, so
      // its XML names THIRD_PARTIES[0]: the package reads that from the ledger's XML.
      if (row.uuid === ledgerUuid) return [[row.uuid, THIRD_PARTIES[0]!] as const];
      const at = coordinatesOf(row.uuid)!;
      return row.efectoComprobante === 'I' && at.index % 5 === 0 ? [[row.uuid, THIRD_PARTIES[at.month % 3]!] as const] : [];
    });
    assert.ok(expected.length >= 3, `some of ${metadata.count} CFDIs are on behalf of a third party`);
    assert.deepEqual(
      metadata.metadata.filter((row) => row.rfcACuentaTerceros !== '').map((row) => [row.uuid, row.rfcACuentaTerceros, row.nombreACuentaTerceros]),
      expected.map(([uuid, party]) => [uuid, party.rfc, party.name]),
      'the package reader joins them to their rows',
    );
    const texts = metadata.rawMetadata.filter((text) => text.startsWith(`${THIRD_PARTY_HEADER}\r\n`));
    assert.ok(texts.length >= 1 && texts.length <= metadata.packages, 'one _tercero.txt per package that has some');
    for (const [uuid, party] of expected) {
      assert.ok(xml.cfdis.get(uuid)?.includes(`<cfdi:ACuentaTerceros RfcACuentaTerceros="${party.rfc}" NombreACuentaTerceros="${party.name}"`), uuid);
    }
    const others = [...xml.cfdis].filter(([uuid]) => !expected.some(([with3rd]) => with3rd === uuid));
    assert.ok(others.every(([, text]) => !text.includes('ACuentaTerceros')));
  });

  test('the counterparty sees the same CFDI as received, and metadata text is the SAT format (header, ~, CRLF)', async () => {
    const customer = harness.client(await harness.fiel(CUSTOMER.rfc, CUSTOMER.name));
    const xml = await download(harness, customer, { side: 'received', type: 'cfdi', ...PERIOD, counterpart: OWNER.rfc });
    assert.deepEqual([...xml.cfdis.keys()], [ledgerUuid]);
    checkStamped(xml.cfdis.get(ledgerUuid)!, pac);
    const metadata = await download(harness, customer, { side: 'received', type: 'metadata', ...PERIOD, counterpart: OWNER.rfc });
    const text = metadata.rawMetadata[0] ?? '';
    assert.ok(text.startsWith(`${METADATA_HEADER}\r\n`));
    assert.ok(text.endsWith('\r\n') && !/[^\r]\n/.test(text), 'every line ends with CRLF');
    assert.equal(text.split('\r\n')[1]?.split('~').length, 12);
    assert.equal(metadata.metadata[0]?.monto, '1432.09');
  });

  test('the status service can find a synthetic CFDI by UUID: same data, same XML as the package, and nothing for the wrong parties', async () => {
    const now = harness.clock.now();
    const cancelled = receivedMetadata.metadata.find((row) => row.estatus === '0');
    for (const row of [receivedMetadata.metadata.find((item) => item.estatus === '1')!, ...(cancelled ? [cancelled] : [])]) {
      const found = await findSyntheticCfdi(
        harness.simulator.deps,
        { uuid: row.uuid.toLowerCase(), emisorRfc: row.rfcEmisor, receptorRfc: row.rfcReceptor },
        now,
      );
      assert.ok(found, row.uuid);
      assert.deepEqual(
        [found.emisorNombre, found.total, found.status, found.fecha.replace('T', ' ')],
        [row.nombreEmisor, row.monto, row.estatus === '1' ? 'Vigente' : 'Cancelado', row.fechaEmision],
      );
      if (row.estatus === '1') assert.equal(await found.xml(), received.cfdis.get(row.uuid), 'regenerated byte for byte');
      assert.equal(await findSyntheticCfdi(harness.simulator.deps, { uuid: row.uuid, emisorRfc: row.rfcReceptor, receptorRfc: row.rfcEmisor }, now), undefined);
    }
    assert.equal(
      await findSyntheticCfdi(harness.simulator.deps, { uuid: ledgerUuid, emisorRfc: OWNER.rfc, receptorRfc: CUSTOMER.rfc }, now),
      undefined,
      "ledger CFDIs are the ledger's",
    );
  });
});
