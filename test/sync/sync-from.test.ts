/**
 * `sync_from` through the HTTP API: a day that is not on the calendar or that is after today is a
 * 422 naming the field, and the value answered is where the backfill really starts, whatever was
 * asked: the 1st of the month, no earlier than 71 months back nor than the first day the SAT still
 * serves (1 January five years back), and moving with that day each 1 January.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { syncTick } from '../../src/modules/sync/index.ts';
import { createInvoicesTestApp, registerProfile, type InvoicesTestApp, type Keys } from '../invoices/support.ts';

let t: InvoicesTestApp;
let keys: Keys;

before(async () => {
  // 2026-12-31 14:00 in Mexico City: the SAT serves from 2021-01-01; the API's 71 months reach 2021-01-01 too.
  t = await createInvoicesTestApp({ now: '2026-12-31T20:00:00Z' });
  keys = await t.bootstrap();
});

after(async () => {
  await t.close();
});

const url = (profileId: string) => `/v1/fiscal_profiles/${profileId}/sync`;
const enable = (profileId: string, payload: Record<string, unknown>) => t.request({ method: 'POST', url: url(profileId), key: keys.testKey, payload });

async function chunkDays(profileId: string): Promise<{ first_day: string; state: string }[]> {
  return t.app.services.db.selectFrom('sync_chunks').select(['first_day', 'state']).where('fiscal_profile_id', '=', profileId).orderBy('first_day').execute();
}

describe('sync_from', () => {
  test('a day that is not on the calendar, or after today in Mexico City, is 422 naming sync_from, and nothing is enabled', async () => {
    const profile = await registerProfile(t, keys.testKey, { rfc: 'FUNK671228PH6', name: 'KARLA FUENTE NOLASCO', taxRegime: '612' });
    for (const syncFrom of ['2026-00-15', '2026-13-01', '2026-99-99', '2026-02-30', '2025-02-29', '2026-04-31', '9999-12-31', '2027-01-01']) {
      const response = await enable(profile.id, { sync_from: syncFrom });
      assert.equal(response.statusCode, 422, `${syncFrom}: ${response.body}`);
      const problem = response.json();
      assert.equal(problem.code, 'request.validation_failed', syncFrom);
      assert.deepEqual(
        problem.errors.map((error: { path: string }) => error.path),
        ['sync_from'],
        syncFrom,
      );
    }
    const state = (await t.request({ method: 'GET', url: url(profile.id), key: keys.testKey })).json();
    assert.deepEqual([state.enabled, state.status, state.sync_from], [false, 'inactive', null]);
    // Today and a leap day are days like any other.
    const today = await enable(profile.id, { sync_from: '2026-12-31' });
    assert.equal(today.statusCode, 200, today.body);
    assert.equal(today.json().sync_from, '2026-12-01');
  });

  test('on 1 January the SAT stops serving a year: sync_from moves to the new first day and that year leaves the plan', async () => {
    const profile = await registerProfile(t, keys.testKey, { rfc: 'URE180429TM6', name: 'UNIVERSIDAD ROBOTICA ESPAÑOLA' });
    const response = await enable(profile.id, {});
    assert.equal(response.json().sync_from, '2021-01-01', 'all the history the SAT serves');
    // 2027-01-01 12:00 in Mexico City: nothing of the backfill has run yet.
    t.clock.set(new Date('2027-01-01T18:00:00Z'));
    await syncTick(t.app.services);
    const state = (await t.request({ method: 'GET', url: url(profile.id), key: keys.testKey })).json();
    assert.equal(state.sync_from, '2022-01-01');
    const days = await chunkDays(profile.id);
    assert.equal(days[0]?.first_day, '2022-01-01');
    assert.ok(
      days.every((chunk) => chunk.first_day >= '2022-01-01'),
      'no chunk of 2021 is left',
    );
  });

  test('sync_from answers where the backfill starts: the 1st of the month, and never before the first day the SAT serves', async () => {
    // Now 2027-01-01: 71 months back is 2021-02-01, but the SAT serves from 2022-01-01.
    const profile = await registerProfile(t, keys.testKey, { rfc: 'XIQB891116QE4', name: 'BERENICE XIMO QUEZADA', taxRegime: '612' });
    const response = await enable(profile.id, { sync_from: '2019-03-17' });
    assert.equal(response.statusCode, 200, response.body);
    assert.deepEqual([response.json().sync_from, response.json().status], ['2022-01-01', 'pending']);
    assert.equal((await chunkDays(profile.id))[0]?.first_day, '2022-01-01', 'the first chunk starts where sync_from says');
    const leap = await registerProfile(t, keys.testKey, { rfc: 'MISC491214B86', name: 'CECILIA MIRANDA SANCHEZ', taxRegime: '612' });
    assert.equal((await enable(leap.id, { sync_from: '2024-02-29' })).json().sync_from, '2024-02-01');
  });
});
