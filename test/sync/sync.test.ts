/**
 * Automatic SAT synchronization through the HTTP API, against the embedded simulator's synthetic
 * history on a ManualClock: enabling and its validation, the backfill to `healthy` with exactly
 * the simulator's CFDIs, the watermark and lag, keeping current with `cfdi.received` events, a SAT
 * outage to `stalled` and back, disabling, isolation.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { registerDownloadJobs, type DownloadDeps } from '../../src/modules/downloads/index.ts';
import { syncTick } from '../../src/modules/sync/index.ts';
import { monthStartBefore } from '../../src/modules/sync/plan.ts';
import { createDescargaClient, descargaUrls, ProviderError, readMetadataPackage } from '../../src/providers/sat/descarga/index.ts';
import { createStamped, invoiceRequest, registerProfile } from '../invoices/support.ts';
import { openDownloadsFixture, type DownloadsFixture, type Json } from '../downloads/support.ts';

let f: DownloadsFixture;

before(async () => {
  // A third of the SAT's CFDIs end up cancelled (5% by default), so that the re-check has some to find.
  f = await openDownloadsFixture({ SYNC_STALL_HOURS: '1', DOWNLOAD_POLL_WINDOW_HOURS: '1', SIMULATOR_DESCARGA_CANCELLED_SHARE: '0.3' });
});

after(async () => {
  await f.t.close();
});

const url = (profileId = f.profileId) => `/v1/fiscal_profiles/${profileId}/sync`;
const get = (path: string, key = f.keys.testKey) => f.t.request({ method: 'GET', url: path, key });
const enable = (payload: unknown, profileId = f.profileId, key = f.keys.testKey) =>
  f.t.request({ method: 'POST', url: url(profileId), key, payload: payload as Record<string, unknown> });

/** Ticks the scheduler and runs due jobs, moving the clock, until `done` says so. */
async function run(done: (sync: Json) => boolean, options: { stepMs?: number; max?: number } = {}): Promise<Json> {
  const { stepMs = 4_000, max = 400 } = options;
  for (let round = 0; round < max; round += 1) {
    await syncTick(f.t.app.services);
    await f.t.app.services.jobs.runDue();
    const sync = (await get(url())).json();
    if (done(sync)) return sync;
    f.t.clock.advance(stepMs);
  }
  assert.fail('the sync did not get there');
}

/** Every CFDI the SAT (simulator) holds for the profile's RFC in a period, both sides, with its status, through the SAT's own metadata. */
async function satStatuses(from: string, to: string): Promise<Map<string, 'active' | 'cancelled'>> {
  const client = createDescargaClient({
    urls: descargaUrls(f.t.simulator.url),
    clock: f.t.clock,
    fiel: { certificate: f.fiel.cerDer, privateKey: f.fiel.keyPkcs8EncryptedDer, password: f.fiel.password },
  });
  const statuses = new Map<string, 'active' | 'cancelled'>();
  for (const side of ['issued', 'received'] as const) {
    const { requestId } = await client.request({ side, type: 'metadata', from: `${from}T00:00:00`, to: `${to}T23:59:59` });
    f.t.clock.advance(10_000);
    const verification = await client.verify(requestId);
    for (const id of verification.packageIds) {
      for (const row of readMetadataPackage(await client.download(id)))
        statuses.set(row.uuid.toUpperCase(), row.estatus.trim() === '0' ? 'cancelled' : 'active');
    }
  }
  return statuses;
}

async function satUuids(from: string, to: string): Promise<Set<string>> {
  return new Set((await satStatuses(from, to)).keys());
}

/** Every CFDI of the profile in the store (a query string narrows it). */
async function stored(query = ''): Promise<Json[]> {
  const rows: Json[] = [];
  for (let cursor = ''; ; ) {
    const page = (await get(`/v1/cfdis?limit=100&fiscal_profile_id=${f.profileId}${query}${cursor}`)).json();
    rows.push(...page.data);
    if (!page.has_more) return rows;
    cursor = `&starting_after=${page.data.at(-1).id}`;
  }
}

/** Whether re-check chunks were planned since `since` and all of them are done. */
async function recheckDone(since: Date): Promise<boolean> {
  const chunks = await f.t.app.services.db
    .selectFrom('sync_chunks')
    .select('state')
    .where('fiscal_profile_id', '=', f.profileId)
    .where('purpose', '=', 'recheck')
    .where('created_at', '>=', since)
    .execute();
  return chunks.length > 0 && chunks.every((chunk) => chunk.state === 'done');
}

async function eventsOf(type: string): Promise<Json[]> {
  const events: Json[] = [];
  for (let cursor = ''; ; ) {
    const page = (await get(`/v1/events?limit=100&type=${type}${cursor}`)).json();
    events.push(...page.data);
    if (!page.has_more) return events;
    cursor = `&starting_after=${page.data.at(-1).id}`;
  }
}

describe('enabling', () => {
  test('before it is enabled, the state is inactive with every field', async () => {
    const response = await get(url());
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), {
      object: 'fiscal_profile_sync',
      fiscal_profile_id: f.profileId,
      rfc: 'EKU9003173C9',
      enabled: false,
      status: 'inactive',
      sync_from: null,
      synced_through: null,
      lag_days: null,
      documents: 0,
      checked_at: null,
    });
  });

  test('every field is checked, and the body is required', async () => {
    for (const payload of [
      undefined,
      { sync_from: '2026/04/01' },
      { max_monthly_documents: 0 },
      { max_monthly_documents: 1_000_001 },
      { max_monthly_documents: 1.5 },
      { phone: '+52 55 1234 5678 90123' },
      { phone: '5512345678' },
      { colour: 'blue' },
    ]) {
      const response = await enable(payload);
      assert.deepEqual([response.statusCode, response.json().code], [422, 'request.validation_failed'], JSON.stringify(payload));
    }
  });

  test("without a FIEL it is 422; another organization's profile and the other mode are 404", async () => {
    const bare = await registerProfile(f.t, f.keys.testKey, { manifest: false, rfc: 'URE180429TM6', name: 'UNIVERSIDAD ROBOTICA ESPAÑOLA' });
    assert.equal((await enable({}, bare.id)).json().code, 'download.fiel_required');
    const other = await f.t.bootstrap('Other');
    assert.equal((await enable({}, f.profileId, other.testKey)).statusCode, 404);
    assert.equal((await get(url(), other.testKey)).statusCode, 404);
    assert.equal((await get(url(), f.keys.liveKey)).statusCode, 404);
  });

  test('sync_from is clamped to 71 months back and floored to the 1st; DELETE turns it off', async () => {
    const second = await registerProfile(f.t, f.keys.testKey, { rfc: 'FUNK671228PH6', name: 'KARLA FUENTE NOLASCO', taxRegime: '612' });
    const response = await enable({ sync_from: '2019-03-17', phone: '+52 55 1234 5678' }, second.id);
    assert.equal(response.statusCode, 200, response.body);
    assert.deepEqual([response.json().sync_from, response.json().status, response.json().enabled], ['2020-08-01', 'pending', true]);
    // The SAT serves from 1 January five years back (2021-01-01): older months are never asked for.
    const chunks = await f.t.app.services.db
      .selectFrom('sync_chunks')
      .select(['first_day'])
      .where('fiscal_profile_id', '=', second.id)
      .orderBy('first_day')
      .execute();
    assert.equal(chunks[0]?.first_day, '2021-01-01');
    const off = await f.t.request({ method: 'DELETE', url: url(second.id), key: f.keys.testKey });
    assert.deepEqual([off.json().enabled, off.json().status, off.json().sync_from], [false, 'inactive', '2020-08-01']);
  });
});

describe("a profile's history", () => {
  test("enabled: pending, then healthy with the watermark at the publication horizon and exactly the SAT's CFDIs", async () => {
    const response = await enable({ sync_from: '2026-04-15', max_monthly_documents: 40 });
    assert.equal(response.statusCode, 200, response.body);
    const enabled = response.json();
    assert.deepEqual([enabled.status, enabled.sync_from, enabled.synced_through, enabled.documents], ['pending', '2026-04-01', null, 0]);
    const again = await enable({ sync_from: '2020-01-01' });
    assert.deepEqual(again.json(), enabled, 're-enabling is a no-op');

    // 2026-07-15 12:00 in Mexico City: the days through 07-11 are published for sure (72 hours).
    const healthy = await run((sync) => sync.synced_through === '2026-07-11');
    assert.deepEqual([healthy.status, healthy.lag_days], ['healthy', 4]);
    assert.ok(healthy.checked_at);
    const sat = await satUuids('2026-04-01', '2026-07-11');
    const held = new Set((await stored()).map((cfdi) => cfdi.uuid as string));
    assert.equal(healthy.documents, held.size);
    assert.deepEqual(
      [...held].filter((uuid) => !sat.has(uuid)),
      [],
      'nothing the SAT does not have',
    );
    assert.deepEqual(
      [...sat].filter((uuid) => !held.has(uuid)),
      [],
      'nothing missing',
    );
    assert.deepEqual(await eventsOf('cfdi.issued'), [], 'a backfill reports through its sync events, not one event a CFDI');
    const events = (await get('/v1/events?limit=100'))
      .json()
      .data.filter((event: Json) => event.type === 'fiscal_profile_sync.updated' && event.data.object.fiscal_profile_id === f.profileId);
    assert.ok(events.some((event: Json) => event.data.object.status === 'healthy'));
  });

  test('new days are synchronized as they become publishable: cfdi.received for each new received CFDI, cfdi.issued for each issued one not stamped here', async () => {
    // An invoice this service stamps now (2026-07-15) reaches the store from the SAT like any other issued CFDI.
    const ours = await createStamped(f.t, f.keys.testKey, invoiceRequest(f.profileId));
    f.t.clock.advance(10 * 24 * 60 * 60_000);
    const current = await run((sync) => sync.synced_through === '2026-07-21');
    assert.equal(current.lag_days, 4);
    const window = '&date[gte]=2026-07-12&date[lte]=2026-07-21';
    const received = await stored(`&side=received${window}`);
    assert.ok(received.length > 0, 'the new days hold received CFDIs');
    assert.deepEqual((await eventsOf('cfdi.received')).map((event) => event.data.object.uuid).sort(), received.map((cfdi) => cfdi.uuid).sort());
    const issued = await stored(`&side=issued${window}`);
    assert.ok(
      issued.some((cfdi) => cfdi.uuid === ours.uuid),
      'the invoice stamped here is in the store',
    );
    const others = issued
      .filter((cfdi) => cfdi.uuid !== ours.uuid)
      .map((cfdi) => cfdi.uuid)
      .sort();
    assert.ok(others.length > 0, 'the new days hold CFDIs issued elsewhere');
    assert.deepEqual((await eventsOf('cfdi.issued')).map((event) => event.data.object.uuid).sort(), others);
  });

  test('a SAT outage leaves it stalled; when the SAT is back it repairs itself and is healthy again', async () => {
    const deps = f.t.app.downloadDeps;
    const down: DownloadDeps = {
      ...deps,
      descargaClient: () => ({
        authenticate: async () => {
          throw new ProviderError('download.request_failed', 'SAT unreachable (test)', { retryable: true });
        },
        request: async () => {
          throw new ProviderError('download.request_failed', 'SAT unreachable (test)', { retryable: true });
        },
        verify: async () => {
          throw new ProviderError('download.request_failed', 'SAT unreachable (test)', { retryable: true });
        },
        download: async () => {
          throw new ProviderError('download.request_failed', 'SAT unreachable (test)', { retryable: true });
        },
      }),
    };
    registerDownloadJobs(f.t.app.services, down);
    f.t.clock.advance(24 * 60 * 60_000);
    const stalled = await run((sync) => sync.status === 'stalled', { stepMs: 5 * 60_000 });
    assert.equal(stalled.synced_through, '2026-07-21');
    registerDownloadJobs(f.t.app.services, deps);
    const repaired = await run((sync) => sync.status === 'healthy' && sync.synced_through > '2026-07-21', { stepMs: 60_000 });
    assert.equal(repaired.lag_days, 4);
  });

  test('the daily re-check brings later cancellations into the store, each a cfdi.cancelled event', async () => {
    const before = new Map((await stored()).map((cfdi) => [cfdi.uuid as string, cfdi.sat_status as string]));
    const earlier = new Set((await eventsOf('cfdi.cancelled')).map((event) => event.id as string));
    const { synced_through: through } = (await get(url())).json();
    // Twenty days on: the SAT has cancelled some of what it served as active (cancellations come up to 30 days after the stamp).
    f.t.clock.advance(20 * 24 * 60 * 60_000);
    const since = f.t.clock.now();
    for (let round = 0; round < 300 && !(await recheckDone(since)); round += 1) {
      await syncTick(f.t.app.services);
      await f.t.app.services.jobs.runDue();
      f.t.clock.advance(4_000);
    }
    assert.ok(await recheckDone(since), 'the re-check ran');
    // The re-check asks again from the 1st of the month before the watermark.
    const first = monthStartBefore(through, 1);
    const sat = await satStatuses(first, through);
    const after = new Map((await stored(`&date[gte]=${first}&date[lte]=${through}`)).map((cfdi) => [cfdi.uuid as string, cfdi]));
    for (const [uuid, status] of sat) {
      assert.equal(after.get(uuid)?.sat_status, status, `${uuid} as the SAT says`);
      if (status === 'cancelled') assert.ok(after.get(uuid)?.cancelled_at, `${uuid} has its cancellation date`);
    }
    const newlyCancelled = [...after.values()]
      .filter((cfdi) => cfdi.sat_status === 'cancelled' && before.has(cfdi.uuid) && before.get(cfdi.uuid) !== 'cancelled')
      .map((cfdi) => cfdi.uuid)
      .sort();
    assert.ok(newlyCancelled.length > 0, 'the SAT cancelled some CFDIs the store held as active');
    const events = (await eventsOf('cfdi.cancelled')).filter((event) => !earlier.has(event.id));
    assert.deepEqual(events.map((event) => event.data.object.uuid).sort(), newlyCancelled);
    assert.ok(events.every((event) => event.data.object.sat_status === 'cancelled'));
  });

  test('DELETE turns it off; the store keeps what it holds', async () => {
    const before = (await get(url())).json();
    const off = (await f.t.request({ method: 'DELETE', url: url(), key: f.keys.testKey })).json();
    assert.deepEqual([off.enabled, off.status, off.synced_through, off.documents], [false, 'inactive', before.synced_through, before.documents]);
  });
});
