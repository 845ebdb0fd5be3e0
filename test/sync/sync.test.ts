/**
 * Automatic SAT synchronization through the HTTP API, against the embedded simulator's synthetic
 * history on a ManualClock: enabling and its validation, the backfill to `healthy` with exactly
 * the simulator's CFDIs, the watermark and lag, keeping current with `cfdi.received` events, a SAT
 * outage to `stalled` and back, disabling, isolation.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { DescargaClient } from '../../src/providers/sat/descarga/index.ts';
import { syncTick } from '../../src/modules/sync/index.ts';
import { addDays, monthStartBefore } from '../../src/modules/sync/plan.ts';
import { createDescargaClient, descargaUrls, ProviderError, readMetadataPackage } from '../../src/providers/sat/descarga/index.ts';
import { createStamped, invoiceRequest, registerProfile } from '../invoices/support.ts';
import { openDownloadsFixture, type DownloadsFixture, type Json } from '../downloads/support.ts';

let f: DownloadsFixture;
/** While set, the SAT of the bulk download services cannot be reached: the app is built with this switch. */
let satOutage = false;

const unreachable = async (): Promise<never> => {
  throw new ProviderError('download.request_failed', 'SAT unreachable (test)', { retryable: true });
};
const UNREACHABLE_SAT: DescargaClient = { authenticate: unreachable, request: unreachable, verify: unreachable, download: unreachable };

before(async () => {
  // The SAT's publication lag (a CFDI is downloadable 24-72 hours after its stamp, where the
  // sandbox's quick pacing has none), and a third of the SAT's CFDIs end up cancelled (5% by
  // default), so that the re-check has some to find.
  f = await openDownloadsFixture(
    {
      SYNC_STALL_HOURS: '1',
      DOWNLOAD_POLL_WINDOW_HOURS: '1',
      SIMULATOR_DESCARGA_PUBLICATION_LAG_MIN_HOURS: '24',
      SIMULATOR_DESCARGA_PUBLICATION_LAG_MAX_HOURS: '72',
      SIMULATOR_DESCARGA_CANCELLED_SHARE: '0.3',
    },
    {
      downloads: (made) => ({ ...made, descargaClient: (mode, credential) => (satOutage ? UNREACHABLE_SAT : made.descargaClient(mode, credential)) }),
    },
  );
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
    // The period starts a second early, so that it is never one the sync asked for (the SAT refuses a duplicate); rows outside are dropped.
    const { requestId } = await client.request({ side, type: 'metadata', from: `${addDays(from, -1)}T23:59:59`, to: `${to}T23:59:59` });
    f.t.clock.advance(10_000);
    const verification = await client.verify(requestId);
    for (const id of verification.packageIds) {
      for (const row of readMetadataPackage(await client.download(id))) {
        if (row.fechaEmision.slice(0, 10) < from) continue;
        statuses.set(row.uuid.toUpperCase(), row.estatus.trim() === '0' ? 'cancelled' : 'active');
      }
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
});

describe("a profile's history", () => {
  test("enabled: pending, then healthy with the watermark at the publication horizon and exactly the SAT's CFDIs", async () => {
    const response = await enable({ sync_from: '2026-04-15', max_monthly_documents: 40 });
    assert.equal(response.statusCode, 200, response.body);
    const enabled = response.json();
    assert.deepEqual([enabled.status, enabled.sync_from, enabled.synced_through, enabled.documents], ['pending', '2026-04-01', null, 0]);
    const again = await enable({ sync_from: '2020-01-01' });
    assert.deepEqual(again.json(), enabled, 're-enabling is a no-op');

    // 2026-07-15 12:00 in Mexico City: every day through 07-14 has ended and is asked for at once.
    const healthy = await run((sync) => sync.synced_through === '2026-07-14');
    assert.deepEqual([healthy.status, healthy.lag_days], ['healthy', 1]);
    assert.ok(healthy.checked_at);
    const sat = await satUuids('2026-04-01', '2026-07-14');
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

  test('each day is asked for once it ends and again daily until 72 hours after it: lag_days stays within 1-3, and what the SAT publishes late still arrives, with cfdi.received and cfdi.issued events', async () => {
    // An invoice this service stamps now (2026-07-15) reaches the store from the SAT like any other issued CFDI.
    const ours = await createStamped(f.t, f.keys.testKey, invoiceRequest(f.profileId));
    const before = new Set((await stored()).map((cfdi) => cfdi.uuid as string));
    const day = 24 * 60 * 60_000;
    // Five days: that every day is asked on each day until its window closes, whatever days go
    // without a look, is the property tests' (src/modules/sync/plan.test.ts); here, that what the
    // SAT publishes late reaches the store.
    for (let through = 15; through <= 19; through += 1) {
      f.t.clock.advance(day);
      const morning = (await get(url())).json();
      assert.ok(morning.lag_days >= 1 && morning.lag_days <= 3, `lag_days ${morning.lag_days} before the day's look`);
      const looked = await run((sync) => sync.synced_through === `2026-07-${through}`);
      assert.equal(looked.lag_days, 1);
    }
    // 2026-07-20 12:00: the days through 07-16 ended 72 hours ago or more, so the SAT has published all of them.
    const sat = await satUuids('2026-07-12', '2026-07-16');
    const held = new Set((await stored('&date[gte]=2026-07-12&date[lte]=2026-07-16')).map((cfdi) => cfdi.uuid as string));
    assert.deepEqual(
      [...sat].filter((uuid) => !held.has(uuid)),
      [],
      'every CFDI the SAT published for those days, however late',
    );
    const late = (await stored('&date[gte]=2026-07-12&date[lte]=2026-07-14')).filter((cfdi) => !before.has(cfdi.uuid));
    assert.ok(late.length > 0, 'days already held at enable brought CFDIs the SAT published after their first look');

    const brought = (side: string) => stored(`&side=${side}&date[gte]=2026-07-12`).then((rows) => rows.filter((cfdi) => !before.has(cfdi.uuid)));
    const received = await brought('received');
    assert.ok(received.length > 0, 'the new days hold received CFDIs');
    assert.deepEqual((await eventsOf('cfdi.received')).map((event) => event.data.object.uuid).sort(), received.map((cfdi) => cfdi.uuid).sort());
    const issued = await brought('issued');
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
    satOutage = true;
    f.t.clock.advance(24 * 60 * 60_000);
    const stalled = await run((sync) => sync.status === 'stalled', { stepMs: 5 * 60_000 });
    assert.equal(stalled.synced_through, '2026-07-19');
    satOutage = false;
    const repaired = await run((sync) => sync.status === 'healthy' && sync.synced_through > '2026-07-19', { stepMs: 60_000 });
    assert.equal(repaired.lag_days, 1);
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
