/**
 * The sandbox answers at a sandbox's pace, with the embedded simulator as `npm start` configures it
 * (no simulator settings): a one-month download is ready at its first verification, and a sync of
 * all the history a test profile has is healthy at yesterday through the job queue alone — a
 * year per SAT request, the next request started as soon as one ends, without waiting for the
 * scheduler's period. Time here is the test's clock.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createDownload, openDownloadsFixture, type DownloadsFixture } from '../downloads/support.ts';

let f: DownloadsFixture;

before(async () => {
  f = await openDownloadsFixture();
});

after(async () => {
  await f.t.close();
});

/** The first wait between verifications (DOWNLOAD_POLL_BASE_MS). */
const POLL_MS = 2_000;

test('a one-month test download is ready at its first verification', async () => {
  const created = await createDownload(f.t, f.keys.testKey, {
    fiscal_profile_id: f.profileId,
    side: 'received',
    type: 'cfdi',
    date_from: '2026-06-01',
    date_to: '2026-06-30',
  });
  f.t.clock.advance(POLL_MS);
  await f.t.app.services.jobs.runDue();
  const download = (await f.t.request({ method: 'GET', url: `/v1/downloads/${created.id}`, key: f.keys.testKey })).json();
  assert.equal(download.status, 'ready');
  assert.ok(download.cfdi_count > 0);
});

test('a sync of all the history is 24 SAT requests, each started as the one before ends: healthy at yesterday within about three seconds of the test clock per round of requests', async () => {
  const url = `/v1/fiscal_profiles/${f.profileId}/sync`;
  const enabled = await f.t.request({ method: 'POST', url, key: f.keys.testKey, payload: {} });
  assert.equal(enabled.statusCode, 200, enabled.body);
  // 2026-07-15: the SAT serves 2021 to 2026, six calendar years, four kinds each.
  const chunks = await f.t.app.services.db.selectFrom('sync_chunks').select(['first_day', 'last_day']).where('fiscal_profile_id', '=', f.profileId).execute();
  assert.equal(chunks.length, 24);
  let sync = enabled.json();
  let seconds = 0;
  // No explicit scheduler tick: the queue runs it within a second of the enable and of each request's end.
  for (; seconds < 80 && sync.synced_through !== '2026-07-14'; seconds += 1) {
    await f.t.app.services.jobs.runDue();
    sync = (await f.t.request({ method: 'GET', url, key: f.keys.testKey })).json();
    f.t.clock.advance(1_000);
  }
  assert.deepEqual([sync.status, sync.synced_through, sync.lag_days], ['healthy', '2026-07-14', 1], `after ${seconds} s`);
  // Two requests at a time per profile (SYNC_PER_PROFILE), twelve rounds: each a first verification
  // (two seconds) and a tick within a second of its end.
  assert.ok(seconds <= 12 * (POLL_MS / 1000 + 1) + 2, `${seconds} s`);
});
