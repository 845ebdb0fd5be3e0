/**
 * SAT bulk downloads through the HTTP API, against the embedded simulator on a ManualClock: the
 * four kinds to `ready`, packages whose CFDIs verify, `no_data`, every request error, the SAT's
 * 5002/5005/5003/5008 answers, SAT outages, and isolation across organizations and modes.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createDescargaClient, descargaUrls, readCfdiPackage, readMetadataPackage } from '../../src/providers/sat/descarga/index.ts';
import { registerProfile } from '../invoices/support.ts';
import { assertStampedCfdi } from '../invoices/verify.ts';
import { describeEndpointContract } from '../support/endpoint-contract.ts';
import { createDownload, drive, openDownloadsFixture, type DownloadsFixture, type Json } from './support.ts';

let f: DownloadsFixture;
const JUNE = { date_from: '2026-06-01', date_to: '2026-06-30' };

before(async () => {
  // The SAT's pacing, shortened: a request is "Aceptada" 2 s and "En proceso" until 6 s, so that
  // every status a download passes through is seen, and a CFDI is published 24-72 hours after its stamp.
  f = await openDownloadsFixture({
    DOWNLOAD_POLL_WINDOW_HOURS: '1',
    SIMULATOR_DESCARGA_SAT_PACING: '1',
    SIMULATOR_DESCARGA_ACCEPTED_SECONDS: '2',
    SIMULATOR_DESCARGA_PROCESSING_SECONDS: '6',
  });
});

after(async () => {
  await f.t.close();
});

async function get(url: string, key = f.keys.testKey) {
  return f.t.request({ method: 'GET', url, key });
}

async function packages(id: string, key = f.keys.testKey): Promise<{ list: Json[]; zips: Buffer[] }> {
  const list = (await get(`/v1/downloads/${id}/packages`, key)).json().data as Json[];
  const zips: Buffer[] = [];
  for (const item of list) {
    const response = await get(`/v1/downloads/${id}/packages/${item.index}`, key);
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['content-type'], 'application/zip');
    // The SAT's package, saved and never shown (docs/decisions.md, "Served documents").
    assert.match(String(response.headers['content-disposition']), /^attachment; filename="[A-Za-z0-9._-]+\.zip"$/);
    assert.equal(response.headers['content-security-policy'], "default-src 'none'; sandbox");
    assert.equal(response.headers['x-content-type-options'], 'nosniff');
    zips.push(response.rawPayload);
  }
  return { list, zips };
}

async function cfdisOf(query: string, key = f.keys.testKey): Promise<Json[]> {
  const all: Json[] = [];
  let cursor = '';
  for (;;) {
    const page = (await get(`/v1/cfdis?limit=100&${query}${cursor}`, key)).json();
    all.push(...page.data);
    if (!page.has_more) return all;
    cursor = `&starting_after=${page.data.at(-1).id}`;
  }
}

describe('a download to ready', () => {
  test('issued XML: requested, then ready; its packages hold CFDIs whose seals verify, and the CFDI store holds each once', async () => {
    const created = await createDownload(f.t, f.keys.testKey, {
      fiscal_profile_id: f.profileId,
      side: 'issued',
      type: 'cfdi',
      ...JUNE,
      metadata: { order: 'A-1' },
    });
    assert.equal(created.object, 'download');
    assert.equal(created.status, 'requested');
    assert.match(created.id, /^dl_/);
    assert.match(created.sat_request_id, /^[0-9a-f-]{36}$/);
    assert.deepEqual(
      [created.date_from, created.date_to, created.livemode, created.package_count, created.error],
      ['2026-06-01T00:00:00', '2026-06-30T23:59:59', false, 0, null],
    );
    assert.deepEqual(created.metadata, { order: 'A-1', warnings: [] });

    const ready = await drive(f.t, f.keys.testKey, created.id);
    assert.equal(ready.status, 'ready', JSON.stringify(ready));
    assert.ok(ready.cfdi_count > 0);
    const { list, zips } = await packages(created.id);
    assert.equal(list.length, ready.package_count);
    const documents = new Map<string, string>();
    for (const zip of zips) for (const [uuid, xml] of readCfdiPackage(zip)) documents.set(uuid, xml);
    assert.equal(documents.size, ready.cfdi_count);
    assert.equal(
      list.reduce((sum, item) => sum + item.cfdi_count, 0),
      ready.cfdi_count,
    );
    for (const xml of [...documents.values()].slice(0, 3)) {
      assert.match(xml, /Rfc="EKU9003173C9"/);
      assert.ok(documents.has(await assertStampedCfdi(xml, f.t.simulator.url)));
    }
    const stored = await cfdisOf(`download_id=${created.id}`);
    assert.deepEqual(stored.map((cfdi) => cfdi.uuid).sort(), [...documents.keys()].sort());
    assert.ok(stored.every((cfdi) => cfdi.side === 'issued' && cfdi.has_xml && cfdi.emisor.rfc === 'EKU9003173C9'));
    const one = stored[0]!;
    const xml = await get(`/v1/cfdis/${one.uuid}/xml`);
    assert.equal(xml.body, documents.get(one.uuid), "the stored XML is the package's, byte for byte");
    const validation = await f.t.request({
      method: 'POST',
      url: '/v1/validations',
      key: f.keys.testKey,
      headers: { 'content-type': 'application/xml' },
      payload: xml.body,
    });
    assert.deepEqual(
      [validation.json().valid, validation.json().errors, validation.json().summary.sat.estado],
      [true, [], 'Vigente'],
      'a downloaded CFDI validates, the SAT (simulator) knowing it',
    );

    const events = (await get('/v1/events?limit=100'))
      .json()
      .data.filter((event: Json) => event.type === 'download.updated' && event.data.object.id === created.id);
    assert.deepEqual(events.map((event: Json) => event.data.object.status).reverse(), ['processing', 'ready']);
  });

  test('received metadata: rows for every received CFDI, cancelled ones with their date, stored without XML', async () => {
    const created = await createDownload(f.t, f.keys.testKey, { fiscal_profile_id: f.profileId, side: 'received', type: 'metadata', ...JUNE });
    const ready = await drive(f.t, f.keys.testKey, created.id);
    assert.equal(ready.status, 'ready', JSON.stringify(ready));
    const rows = (await packages(created.id)).zips.flatMap((zip) => readMetadataPackage(zip));
    assert.equal(rows.length, ready.cfdi_count);
    assert.ok(rows.every((row) => row.rfcReceptor === 'EKU9003173C9'));
    const stored = await cfdisOf(`download_id=${created.id}`);
    assert.equal(stored.length, rows.length);
    assert.ok(stored.every((cfdi) => cfdi.side === 'received' && !cfdi.has_xml));
    for (const row of rows) {
      const cfdi = stored.find((item) => item.uuid === row.uuid.toUpperCase())!;
      assert.equal(cfdi.sat_status, row.estatus === '1' ? 'active' : 'cancelled');
      assert.equal(cfdi.total, row.monto);
    }
  });

  test("metadata brings its _tercero.txt's third parties to the store; the CFDIs carry them and third_party_rfc finds them", async () => {
    // An organization of its own, so that its rows do not join the other tests' lists.
    const own = await f.t.bootstrap('Third parties');
    const profile = await registerProfile(f.t, own.testKey);
    const created = await createDownload(f.t, own.testKey, {
      fiscal_profile_id: profile.id,
      side: 'issued',
      type: 'metadata',
      date_from: '2026-05-01',
      date_to: '2026-05-31',
    });
    const ready = await drive(f.t, own.testKey, created.id);
    assert.equal(ready.status, 'ready', JSON.stringify(ready));
    const rows = (await packages(created.id, own.testKey)).zips.flatMap((zip) => readMetadataPackage(zip));
    const onBehalf = rows.filter((row) => row.rfcACuentaTerceros !== '');
    assert.ok(onBehalf.length > 0, `the simulator issued some of ${rows.length} CFDIs on behalf of third parties`);
    const stored = await cfdisOf(`download_id=${created.id}`, own.testKey);
    assert.equal(stored.length, rows.length);
    for (const row of rows) {
      const cfdi = stored.find((item) => item.uuid === row.uuid.toUpperCase())!;
      assert.deepEqual(cfdi.third_parties, row.rfcACuentaTerceros ? [{ rfc: row.rfcACuentaTerceros, nombre: row.nombreACuentaTerceros }] : [], row.uuid);
    }
    for (const rfc of new Set(onBehalf.map((row) => row.rfcACuentaTerceros))) {
      const found = await cfdisOf(`third_party_rfc=${rfc.toLowerCase()}`, own.testKey);
      assert.deepEqual(
        found.map((cfdi) => cfdi.uuid).sort(),
        onBehalf
          .filter((row) => row.rfcACuentaTerceros === rfc)
          .map((row) => row.uuid.toUpperCase())
          .sort(),
        rfc,
      );
    }
  });

  test('received XML and issued metadata complete the store: metadata rows gain their XML, XML rows their status', async () => {
    const xml = await createDownload(f.t, f.keys.testKey, { fiscal_profile_id: f.profileId, side: 'received', type: 'cfdi', ...JUNE });
    const ready = await drive(f.t, f.keys.testKey, xml.id);
    assert.equal(ready.status, 'ready');
    assert.equal(ready.document_status, null);
    const received = await cfdisOf('side=received');
    const withXml = received.filter((cfdi) => cfdi.has_xml);
    assert.equal(withXml.length, ready.cfdi_count, 'every active received CFDI now has its XML');
    assert.ok(withXml.every((cfdi) => cfdi.sat_status === 'active'));
    assert.ok(
      received.filter((cfdi) => !cfdi.has_xml).every((cfdi) => cfdi.sat_status === 'cancelled'),
      'only cancelled ones stay metadata-only: the SAT serves no cancelled received XML',
    );

    const metadata = await createDownload(f.t, f.keys.testKey, { fiscal_profile_id: f.profileId, side: 'issued', type: 'metadata', ...JUNE });
    assert.equal((await drive(f.t, f.keys.testKey, metadata.id)).status, 'ready');
    const issued = await cfdisOf('side=issued');
    assert.ok(
      issued.every((cfdi) => cfdi.has_xml && cfdi.sat_status !== 'unknown'),
      'the issued XML rows got their SAT status from metadata',
    );
  });

  test('a period with nothing in it is no_data', async () => {
    const created = await createDownload(f.t, f.keys.testKey, {
      fiscal_profile_id: f.profileId,
      side: 'issued',
      type: 'cfdi',
      date_from: '2026-07-20',
      date_to: '2026-07-31',
    });
    const done = await drive(f.t, f.keys.testKey, created.id);
    assert.deepEqual([done.status, done.package_count, done.cfdi_count], ['no_data', 0, 0]);
    assert.equal((await get(`/v1/downloads/${created.id}/packages/0`)).statusCode, 404);
  });
});

describe('request errors', () => {
  const base = () => ({ fiscal_profile_id: f.profileId, side: 'issued', type: 'cfdi', ...JUNE });
  const post = (payload: Record<string, unknown>, key = f.keys.testKey) => f.t.request({ method: 'POST', url: '/v1/downloads', key, payload });

  test('ranges: reversed, equal, not a real date, older than the SAT keeps', async () => {
    for (const [payload, path] of [
      [{ ...base(), date_from: '2026-06-30', date_to: '2026-06-01' }, 'date_from'],
      [{ ...base(), date_from: '2026-06-01T10:00:00', date_to: '2026-06-01T10:00:00' }, 'date_from'],
      [{ ...base(), date_from: '2026-02-30' }, 'date_from'],
      [{ ...base(), date_from: '2020-12-31' }, 'date_from'],
    ] as const) {
      const response = await post(payload);
      assert.equal(response.statusCode, 422, JSON.stringify(payload));
      assert.equal(response.json().code, 'download.invalid_range');
      assert.equal(response.json().errors[0].path, path);
    }
    const malformed = await post({ ...base(), date_to: '30/06/2026' });
    assert.deepEqual([malformed.statusCode, malformed.json().code], [422, 'request.validation_failed']);
  });

  test("received cancelled XML is refused up front with the SAT's reason", async () => {
    const response = await post({ ...base(), side: 'received', document_status: 'cancelled' });
    assert.equal(response.statusCode, 422);
    assert.equal(response.json().code, 'download.invalid_filter');
    assert.match(response.json().detail, /cancelados/);
  });

  test('a profile without FIEL is 422, an unknown or foreign one 404, and nothing is created', async () => {
    const bare = await registerProfile(f.t, f.keys.testKey, { manifest: false, rfc: 'URE180429TM6', name: 'UNIVERSIDAD ROBOTICA ESPAÑOLA' });
    const noFiel = await post({ ...base(), fiscal_profile_id: bare.id });
    assert.deepEqual([noFiel.statusCode, noFiel.json().code], [422, 'download.fiel_required']);
    assert.equal((await post({ ...base(), fiscal_profile_id: 'fp_01jzzzzzzzzzzzzzzzzzzzzzzz' })).statusCode, 404);
    const other = await f.t.bootstrap('Another organization');
    assert.equal((await post(base(), other.testKey)).statusCode, 404, "another organization's profile");
    assert.equal((await post(base(), f.keys.liveKey)).statusCode, 404, 'a test profile from live mode');
    assert.equal((await get('/v1/downloads', other.testKey)).json().data.length, 0);
  });

  test('a profile whose carta manifiesto is not signed is 409 fiscal_profile.manifest_required', async () => {
    const upload = (issued: typeof f.fiel) => ({
      cer_base64: issued.cerDer.toString('base64'),
      key_base64: issued.keyPkcs8EncryptedDer.toString('base64'),
      password: issued.password,
    });
    const csd = await f.t.simulator.ca.issue({ rfc: 'FUNK671228PH6', kind: 'csd', name: 'KARLA FUENTE NOLASCO' });
    const fiel = await f.t.simulator.ca.issue({ rfc: 'FUNK671228PH6', kind: 'fiel', name: 'KARLA FUENTE NOLASCO' });
    const created = await f.t.request({
      method: 'POST',
      url: '/v1/fiscal_profiles',
      key: f.keys.testKey,
      payload: { csd: upload(csd), fiel: upload(fiel), tax_regime: '612', zip: '01000' },
    });
    assert.equal(created.statusCode, 201, created.body);
    assert.equal(created.json().manifest_status, 'pending_signature');
    const response = await post({ ...base(), fiscal_profile_id: created.json().id });
    assert.deepEqual([response.statusCode, response.json().code], [409, 'fiscal_profile.manifest_required']);
  });

  test('the SAT refusing the solicitud is 503 sat.download_rejected; an outage 502 with Retry-After; neither keeps anything', async () => {
    const before = (await get('/v1/downloads?limit=100')).json().data.length;
    const refused = await post({ ...base(), date_from: '2026-05-01T00:00:01', date_to: '2026-05-31T23:59:59' });
    assert.deepEqual([refused.statusCode, refused.json().code], [503, 'sat.download_rejected']);
    assert.match(refused.json().detail, /5001/);
    const outage = await post({ ...base(), date_from: '2026-05-01T00:00:05', date_to: '2026-05-31T23:59:59' });
    assert.deepEqual([outage.statusCode, outage.json().code], [502, 'download.request_failed']);
    assert.ok(Number(outage.headers['retry-after']) > 0);
    assert.equal((await get('/v1/downloads?limit=100')).json().data.length, before);
  });
});

describe('what the service absorbs', () => {
  test('an identical download while the first is current shares its SAT request and says so', async () => {
    const body = { fiscal_profile_id: f.profileId, side: 'issued', type: 'metadata', date_from: '2026-04-01', date_to: '2026-04-30' };
    const first = await createDownload(f.t, f.keys.testKey, body);
    const second = await createDownload(f.t, f.keys.testKey, body);
    assert.notEqual(second.id, first.id);
    assert.equal(second.sat_request_id, first.sat_request_id);
    assert.match(second.metadata.warnings[0], /Shares SAT request/);
    const ready = await drive(f.t, f.keys.testKey, first.id);
    const shared = (await get(`/v1/downloads/${second.id}`)).json();
    assert.deepEqual([shared.status, shared.package_count, shared.cfdi_count], [ready.status, ready.package_count, ready.cfdi_count]);
    const third = await createDownload(f.t, f.keys.testKey, body);
    assert.equal(third.status, 'ready', "ready at once: the packages are the service's own");
  });

  test('a third identical solicitud is never sent (5002): the period moves by a second; a 5005 duplicate does the same', async () => {
    const body = { fiscal_profile_id: f.profileId, side: 'issued', type: 'metadata', date_from: '2026-03-01', date_to: '2026-03-31' };
    const first = await createDownload(f.t, f.keys.testKey, body);
    await drive(f.t, f.keys.testKey, first.id);
    f.t.clock.advance(73 * 3_600_000);
    const second = await createDownload(f.t, f.keys.testKey, body);
    assert.notEqual(second.sat_request_id, first.sat_request_id, 'past 72 hours the SAT no longer holds the first: a second solicitud');
    assert.deepEqual(second.metadata.warnings, []);
    await drive(f.t, f.keys.testKey, second.id);
    f.t.clock.advance(73 * 3_600_000);
    const third = await createDownload(f.t, f.keys.testKey, body);
    assert.match(third.metadata.warnings[0], /two identical requests/);
    assert.equal((await drive(f.t, f.keys.testKey, third.id)).status, 'ready');

    // Another tool registered this period with the same FIEL: the SAT answers 5005 to us.
    const client = createDescargaClient({
      urls: descargaUrls(f.t.simulator.url),
      clock: f.t.clock,
      fiel: { certificate: f.fiel.cerDer, privateKey: f.fiel.keyPkcs8EncryptedDer, password: f.fiel.password },
    });
    await client.request({ side: 'issued', type: 'metadata', from: '2026-02-01T00:00:00', to: '2026-02-28T23:59:59', status: 'all' });
    const duplicate = await createDownload(f.t, f.keys.testKey, { ...body, date_from: '2026-02-01', date_to: '2026-02-28' });
    assert.match(duplicate.metadata.warnings[0], /two identical requests/);
    assert.equal((await drive(f.t, f.keys.testKey, duplicate.id)).status, 'ready');
  });

  test("over the SAT's cap (5003) the range is split in halves until each part fits or is too short", async () => {
    const created = await createDownload(f.t, f.keys.testKey, {
      fiscal_profile_id: f.profileId,
      side: 'issued',
      type: 'metadata',
      date_from: '2026-01-10T00:00:02',
      date_to: '2026-01-10T03:59:59',
    });
    const done = await drive(f.t, f.keys.testKey, created.id);
    // The simulator's magic start (00:00:02) stays over the cap in every first half; the other halves are ordinary requests.
    // Four hours: one split, then a first half too short to split. That deeper splits cover the
    // period second for second and end within log2(hours) levels is the planner's property test.
    assert.equal(done.status, 'failed');
    assert.equal(done.error.code, 'download.over_limit');
    assert.equal(done.error.sat_code, '5003');
    assert.equal(done.error.status, 'job');
    assert.match(done.error.type, /\/errors\/download_over_limit$/);
  });

  test('a request the SAT never finishes fails with download.poll_timeout when the polling window closes', async () => {
    const created = await createDownload(f.t, f.keys.testKey, {
      fiscal_profile_id: f.profileId,
      side: 'issued',
      type: 'cfdi',
      date_from: '2026-01-11T00:00:03',
      date_to: '2026-01-11T23:59:59',
    });
    const done = await drive(f.t, f.keys.testKey, created.id, { stepMs: 5 * 60_000 });
    assert.deepEqual([done.status, done.error.code], ['failed', 'download.poll_timeout']);
  });

  test('a request the SAT fails (EstadoSolicitud 4) is asked again, then fails with download.unknown_error', async () => {
    const created = await createDownload(f.t, f.keys.testKey, {
      fiscal_profile_id: f.profileId,
      side: 'issued',
      type: 'cfdi',
      date_from: '2026-01-12T00:00:04',
      date_to: '2026-01-12T23:59:59',
    });
    const done = await drive(f.t, f.keys.testKey, created.id);
    assert.deepEqual([done.status, done.error.code], ['failed', 'download.unknown_error']);
    assert.match(done.error.detail, /asked 3 times/);
  });

  test('a package someone else downloaded twice (5008) is asked for again, and the download still completes', async () => {
    const created = await createDownload(f.t, f.keys.testKey, {
      fiscal_profile_id: f.profileId,
      side: 'issued',
      type: 'cfdi',
      date_from: '2026-05-01',
      date_to: '2026-05-31',
    });
    const client = createDescargaClient({
      urls: descargaUrls(f.t.simulator.url),
      clock: f.t.clock,
      fiel: { certificate: f.fiel.cerDer, privateKey: f.fiel.keyPkcs8EncryptedDer, password: f.fiel.password },
    });
    f.t.clock.advance(10_000);
    const verification = await client.verify(created.sat_request_id);
    assert.equal(verification.state, 'finished');
    for (const id of verification.packageIds) {
      await client.download(id);
      await client.download(id);
    }
    const done = await drive(f.t, f.keys.testKey, created.id);
    assert.equal(done.status, 'ready', JSON.stringify(done));
    assert.equal(done.cfdi_count, verification.count);
    const documents = (await packages(created.id)).zips.flatMap((zip) => [...readCfdiPackage(zip).keys()]);
    assert.equal(new Set(documents).size, verification.count);
  });
});

describe('isolation', () => {
  test('a download is invisible to another organization and to the other mode; lists filter by profile, status, side and type', async () => {
    const mine = (await get('/v1/downloads?limit=100')).json().data as Json[];
    assert.ok(mine.length > 5);
    const id = mine[0]!.id;
    const other = await f.t.bootstrap('Third organization');
    for (const key of [other.testKey, f.keys.liveKey]) {
      assert.equal((await get(`/v1/downloads/${id}`, key)).statusCode, 404);
      assert.equal((await get(`/v1/downloads/${id}/packages`, key)).statusCode, 404);
      assert.equal((await get(`/v1/downloads/${id}/packages/0`, key)).statusCode, 404);
    }
    assert.equal((await get('/v1/downloads', f.keys.liveKey)).json().data.length, 0);
    assert.equal((await get('/v1/cfdis', f.keys.liveKey)).json().data.length, 0);
    const ready = (await get('/v1/downloads?status=ready&side=issued&type=cfdi&limit=100')).json().data as Json[];
    assert.ok(ready.length > 0 && ready.every((download) => download.status === 'ready' && download.side === 'issued' && download.type === 'cfdi'));
    assert.equal((await get(`/v1/downloads?fiscal_profile_id=${f.profileId}&limit=100`)).json().data.length, mine.length);
    assert.equal((await get('/v1/downloads?status=finished')).statusCode, 422);
  });
});

describe('endpoint contracts', () => {
  let downloadId = '';
  before(async () => {
    downloadId = (
      await createDownload(f.t, f.keys.testKey, {
        fiscal_profile_id: f.profileId,
        side: 'issued',
        type: 'metadata',
        date_from: '2025-12-01',
        date_to: '2025-12-31',
      })
    ).id;
    await drive(f.t, f.keys.testKey, downloadId);
  });
  describeEndpointContract(
    'POST /v1/downloads',
    { resource: 'create', invalidBody: { payload: { fiscal_profile_id: 'fp_x', side: 'both', type: 'cfdi', date_from: '2026-01-01', date_to: '2026-01-02' } } },
    () => ({
      t: f.t,
      org: f.keys,
      request: {
        method: 'POST',
        url: '/v1/downloads',
        payload: { fiscal_profile_id: f.profileId, side: 'issued', type: 'metadata', date_from: '2025-11-01', date_to: '2025-11-30' },
      },
    }),
  );
  describeEndpointContract('GET /v1/downloads', { resource: 'list' }, () => ({ t: f.t, org: f.keys, request: { method: 'GET', url: '/v1/downloads' } }));
  describeEndpointContract('GET /v1/downloads/{id}', { resource: 'by-id' }, () => ({
    t: f.t,
    org: f.keys,
    request: { method: 'GET', url: `/v1/downloads/${downloadId}` },
  }));
  describeEndpointContract('GET /v1/downloads/{id}/packages/{index}', { resource: 'by-id' }, () => ({
    t: f.t,
    org: f.keys,
    request: { method: 'GET', url: `/v1/downloads/${downloadId}/packages/0` },
  }));
});
