import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parseCfdi } from '../../cfdi/parse.ts';
import { verifyParsedSeal } from '../../cfdi/seal.ts';
import { ProviderError, readCfdiPackage, readMetadataPackage } from '../../providers/sat/descarga/index.ts';
import type { DescargaClient, DescargaRequestInput } from '../../providers/sat/descarga/index.ts';
import { finishedRequest, stampIntoLedger, startHarness } from './descarga.test-support.ts';
import type { Harness } from './descarga.test-support.ts';
import { publicationLagMs } from './history.ts';
import { localDateTime } from './local-time.ts';

const OWNER = { rfc: 'EKU9003173C9', name: 'ESCUELA KEMPER URGATE SA DE CV', postalCode: '42501', regimenFiscal: '601' };
const CUSTOMER = { rfc: 'FUNK671228PH6', name: 'KARLA FUENTE NOLASCO', postalCode: '01160', regimenFiscal: '612' };
const HOUR_MS = 3_600_000;

async function rejection(promise: Promise<unknown>): Promise<ProviderError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof ProviderError, String(error));
    return error;
  }
  assert.fail('the SAT should have refused');
}

describe('the SAT limits of bulk download', () => {
  let harness: Harness;
  let client: DescargaClient;

  before(async () => {
    harness = await startHarness({ cfdiPerPackage: 10, folioRequestsPerDay: 2, cancelledShare: 0.1 });
    client = harness.client(await harness.fiel(OWNER.rfc, OWNER.name));
  });
  after(() => harness.close());

  test('a CFDI becomes downloadable between 24 and 72 hours after its FechaTimbrado, fixed per UUID', async () => {
    const issuedAt = new Date(harness.clock.now().getTime() - 60_000);
    const uuid = await stampIntoLedger(harness, { emisor: OWNER, receptor: CUSTOMER, issuedAt, subtotalCents: 50_000 });
    const lag = publicationLagMs(uuid, 24, 72);
    assert.ok(lag >= 24 * HOUR_MS && lag <= 72 * HOUR_MS);
    const day = localDateTime(issuedAt, 'America/Mexico_City').slice(0, 10);
    const published = issuedAt.getTime() + 40_000 + lag;
    const uuidsAt = async (instant: number, to: string): Promise<string[]> => {
      harness.clock.set(new Date(instant));
      const result = await finishedRequest(harness, client, { side: 'issued', type: 'metadata', from: `${day}T00:00:00`, to });
      const rows = result.state === 'finished' ? readMetadataPackage(await client.download(result.packageIds[0]!)) : [];
      return rows.map((row) => row.uuid);
    };
    assert.ok(!(await uuidsAt(published - 1_000, `${day}T23:59:58`)).includes(uuid), 'not yet published a second before');
    assert.ok((await uuidsAt(published, `${day}T23:59:59`)).includes(uuid), 'published at FechaTimbrado + lag');
  });

  test('two requests with the same parameters at most: 5005 while the first is current, then 5002 for life', async () => {
    const input: DescargaRequestInput = { side: 'issued', type: 'metadata', from: '2026-03-01T00:00:00', to: '2026-03-31T23:59:59' };
    const first = await client.request(input);
    assert.equal((await rejection(client.request(input))).providerCode, '5005');
    harness.clock.advance(121_000 + 72 * HOUR_MS);
    assert.equal((await client.verify(first.requestId)).state, 'expired');
    await client.request(input);
    const exhausted = await rejection(client.request(input));
    assert.deepEqual([exhausted.code, exhausted.providerCode, exhausted.retryable], ['sat.download_rejected', '5002', false]);
    harness.clock.advance(100 * HOUR_MS);
    assert.equal((await rejection(client.request(input))).providerCode, '5002');
    assert.ok((await client.request({ ...input, to: '2026-03-31T23:59:58' })).requestId, 'other parameters are another request');
  });

  test('a package can be downloaded twice (5008 afterwards) and only for 72 hours after the request finished (5007, Vencida)', async () => {
    const result = await finishedRequest(harness, client, { side: 'issued', type: 'cfdi', from: '2026-01-01T00:00:00', to: '2026-01-31T23:59:59' });
    assert.ok(result.packageIds.length >= 2);
    const [first, second] = result.packageIds as [string, string];
    const once = readCfdiPackage(await client.download(first));
    assert.deepEqual([...readCfdiPackage(await client.download(first)).keys()], [...once.keys()], 'the second download is the same package');
    const third = await rejection(client.download(first));
    assert.deepEqual([third.code, third.providerCode], ['download.package_unavailable', '5008']);
    harness.clock.advance(72 * HOUR_MS - 2_000);
    assert.ok(readCfdiPackage(await client.download(second)).size > 0, 'still there just before 72 hours');
    harness.clock.advance(1_000);
    assert.equal((await rejection(client.download(second))).providerCode, '5007');
    const expired = await client.verify(result.requestId);
    assert.deepEqual([expired.state, expired.packageIds], ['expired', []]);
  });

  test('no CFDI in the period: Rechazada with 5004; received XML including cancelled ones is refused with 301', async () => {
    const empty = await finishedRequest(harness, client, { side: 'issued', type: 'cfdi', from: '2027-01-01T00:00:00', to: '2027-01-31T23:59:59' });
    assert.deepEqual([empty.state, empty.code, empty.count, empty.packageIds], ['rejected', 5004, 0, []]);
    const refused = await rejection(client.request({ side: 'received', type: 'cfdi', from: '2026-02-01T00:00:00', to: '2026-02-28T23:59:59', status: 'all' }));
    assert.deepEqual([refused.code, refused.providerCode], ['sat.download_rejected', '301']);
    assert.match(refused.message, /cancelados/);
  });

  test('SolicitaDescargaFolio: one CFDI by UUID, 5012 when it is cancelled, 5011 after the daily limit', async () => {
    const listing = await finishedRequest(harness, client, { side: 'issued', type: 'metadata', from: '2025-06-01T00:00:00', to: '2025-12-31T23:59:59' });
    const rows = readMetadataPackage(await client.download(listing.packageIds[0]!));
    const vigente = rows.find((row) => row.estatus === '1')!;
    const cancelled = rows.find((row) => row.estatus === '0');
    assert.ok(cancelled, 'the history holds cancelled CFDIs');
    const folio: DescargaRequestInput = { side: 'issued', type: 'cfdi', from: '', to: '', uuid: vigente.uuid };
    const found = await finishedRequest(harness, client, folio);
    assert.deepEqual([found.state, found.count], ['finished', 1]);
    const cfdis = readCfdiPackage(await client.download(found.packageIds[0]!));
    assert.deepEqual([...cfdis.keys()], [vigente.uuid]);
    assert.ok(verifyParsedSeal(parseCfdi(cfdis.get(vigente.uuid)!)).ok);
    assert.equal((await rejection(client.request({ ...folio, uuid: cancelled.uuid }))).providerCode, '5012');
    await client.request(folio);
    assert.equal((await rejection(client.request(folio))).providerCode, '5011');
    harness.clock.advance(24 * HOUR_MS);
    assert.ok((await client.request(folio)).requestId, 'the limit is per day');
  });

  test("magic FechaInicial times force the SAT's rare outcomes (docs/simulator.md)", async () => {
    const at = (time: string): DescargaRequestInput => ({ side: 'issued', type: 'metadata', from: `2025-03-01T${time}`, to: '2025-03-31T23:59:59' });
    assert.equal((await rejection(client.request(at('00:00:01')))).providerCode, '5001');
    const overLimit = await finishedRequest(harness, client, at('00:00:02'));
    assert.deepEqual([overLimit.state, overLimit.code], ['rejected', 5003]);
    const { requestId } = await client.request(at('00:00:03'));
    harness.clock.advance(10 * 24 * HOUR_MS);
    assert.equal((await client.verify(requestId)).state, 'in_progress');
    const failed = await finishedRequest(harness, client, at('00:00:04'));
    assert.deepEqual([failed.state, failed.code], ['failed', 404]);
    const transient = await rejection(client.request(at('00:00:05')));
    assert.deepEqual([transient.code, transient.providerCode, transient.retryable], ['download.request_failed', '404', true]);
  });
});

describe('the 200,000 XML cap', () => {
  let harness: Harness;

  before(async () => {
    harness = await startHarness({ issuedPerMonth: 20_000 });
  });
  after(() => harness.close());

  test('over 200,000 CFDIs is counted without generating them and rejected with 5003; the same metadata (cap 1,000,000) is accepted', async () => {
    const client = harness.client(await harness.fiel(OWNER.rfc, OWNER.name));
    const period = { side: 'issued', from: '2025-01-01T00:00:00', to: '2026-06-30T23:59:59' } as const;
    const xml = await finishedRequest(harness, client, { ...period, type: 'cfdi' });
    assert.deepEqual([xml.state, xml.code, xml.packageIds], ['rejected', 5003, []]);
    assert.ok(xml.count > 200_000, String(xml.count));
    const metadata = await finishedRequest(harness, client, { ...period, type: 'metadata' });
    assert.deepEqual([metadata.state, metadata.code, metadata.count, metadata.packageIds.length], ['finished', 5000, xml.count, 1]);
  });
});
