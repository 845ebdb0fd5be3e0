/**
 * Crash safety in one process: the stamping verb is interrupted at each of its steps (a crash
 * hook that throws, a PAC answer that never arrives) and a retry, or the recovery job, finishes
 * it with the PAC's one stamp. The kill -9 test (kill.test.ts) does the same with a real process.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import { parseCfdi } from '../../src/cfdi/parse.ts';
import { localDateTime } from '../../src/cfdi/rules/index.ts';
import { ProviderError, type PacClient } from '../../src/providers/pac/index.ts';
import type { StampCrashPoint } from '../../src/modules/invoices/index.ts';
import { invoiceRequest, openInvoicesFixture, type InvoicesTestApp, type Keys } from './support.ts';
import { assertStampedCfdi } from './verify.ts';

let t: InvoicesTestApp;
let keys: Keys;
let profileId: string;
let realPac: PacClient;

before(async () => {
  ({ t, keys, profileId } = await openInvoicesFixture());
  realPac = t.deps.pacFor('test');
});
after(() => t.close());

class SimulatedCrash extends Error {}

function crashAt(point: StampCrashPoint): void {
  t.fakes.crashHook = (reached) => {
    if (reached === point) throw new SimulatedCrash(`crash at ${reached}`);
  };
}

function healthy(): void {
  t.fakes.crashHook = undefined;
  t.fakes.pac = undefined;
}

/** UUIDs the simulated PAC issued for CFDIs of this serie. */
async function ledgerUuids(serie: string): Promise<string[]> {
  const rows = await sql<{ uuid: string }>`SELECT uuid FROM sim_cfdis WHERE xml LIKE ${`%Serie="${serie}"%`}`.execute(t.simulator.deps.db);
  return rows.rows.map((row) => row.uuid);
}

async function createDraft(serie: string): Promise<string> {
  const response = await t.request({ method: 'POST', url: '/v1/invoices', key: keys.testKey, payload: invoiceRequest(profileId, { serie }) });
  assert.equal(response.statusCode, 201, response.body);
  return response.json().id;
}

const stamp = (id: string, idempotencyKey?: string) =>
  t.request({ method: 'POST', url: `/v1/invoices/${id}/stamp`, key: keys.testKey, headers: idempotencyKey ? { 'idempotency-key': idempotencyKey } : {} });

async function stampEvents(id: string): Promise<number> {
  const rows = await sql<{
    count: number;
  }>`SELECT count(*)::int AS count FROM events WHERE type = 'invoice.stamped' AND object::jsonb ->> 'id' = ${id}`.execute(t.app.services.db);
  return rows.rows[0]?.count ?? 0;
}

for (const point of ['after_seal', 'after_recovery_point', 'after_pac_call', 'before_commit'] as const) {
  test(`interrupted ${point.replaceAll('_', ' ')}, a retry with the same key ends with exactly one UUID`, async () => {
    const serie = `RC${point.length}${point.slice(0, 3).toUpperCase()}`;
    const id = await createDraft(serie);
    crashAt(point);
    const interrupted = await stamp(id, `stamp-${serie}`);
    assert.equal(interrupted.statusCode, 500);
    healthy();
    const expectedStatus = point === 'after_seal' ? 'draft' : 'stamping';
    assert.equal((await t.request({ method: 'GET', url: `/v1/invoices/${id}`, key: keys.testKey })).json().status, expectedStatus);
    const retried = await stamp(id, `stamp-${serie}`);
    assert.equal(retried.statusCode, 200, retried.body);
    const uuids = await ledgerUuids(serie);
    assert.equal(uuids.length, 1, 'the PAC stamped the CFDI once');
    assert.equal(retried.json().uuid, uuids[0]);
    assert.equal(await stampEvents(id), 1);
  });
}

test('a stamp whose answer was lost is adopted on retry: the same UUID, never a second one', async () => {
  const serie = 'LOST';
  const id = await createDraft(serie);
  t.fakes.pac = {
    ...realPac,
    stamped: realPac.stamped.bind(realPac),
    stamp: async (xml: string) => {
      await realPac.stamp(xml);
      throw new ProviderError('pac.internal_error', 'The stamp service did not answer within 10000 ms.', { retryable: true, failure: 'timeout' });
    },
  };
  const lost = await stamp(id, 'lost-1');
  assert.equal(lost.statusCode, 502);
  assert.equal(lost.json().code, 'pac.internal_error');
  assert.equal(lost.headers['retry-after'], '5');
  healthy();
  const retried = await stamp(id, 'lost-1');
  assert.equal(retried.statusCode, 200);
  assert.deepEqual(await ledgerUuids(serie), [retried.json().uuid]);
  const xml = (await t.request({ method: 'GET', url: `/v1/invoices/${id}/xml`, key: keys.testKey })).body;
  assert.equal(await assertStampedCfdi(xml, t.simulator.url), retried.json().uuid);
});

test('the recovery job finishes a stamp left in flight, once, with its usage record and event', async () => {
  const serie = 'JOB';
  const id = await createDraft(serie);
  crashAt('after_recovery_point');
  assert.equal((await stamp(id)).statusCode, 500);
  healthy();
  t.clock.advance(2 * 60_000);
  await t.app.services.jobs.runDue();
  const invoice = (await t.request({ method: 'GET', url: `/v1/invoices/${id}`, key: keys.testKey })).json();
  assert.equal(invoice.status, 'stamped');
  assert.deepEqual(await ledgerUuids(serie), [invoice.uuid]);
  assert.equal(await stampEvents(id), 1);
  const usage = await sql<{ count: number }>`SELECT count(*)::int AS count FROM usage_records WHERE resource_id = ${id}`.execute(t.app.services.db);
  assert.equal(usage.rows[0]?.count, 1);
  const again = await stamp(id);
  assert.equal(again.json().code, 'invoice.already_stamped');
});

test('a recovery point the PAC never saw and older than 70 hours is sealed again with a current Fecha', async () => {
  const serie = 'OLD';
  const id = await createDraft(serie);
  crashAt('after_recovery_point');
  assert.equal((await stamp(id)).statusCode, 500);
  healthy();
  t.clock.advance(71 * 3_600_000);
  const retried = await stamp(id);
  assert.equal(retried.statusCode, 200, retried.body);
  const xml = (await t.request({ method: 'GET', url: `/v1/invoices/${id}/xml`, key: keys.testKey })).body;
  assert.equal(parseCfdi(xml).comprobante.Fecha, localDateTime(t.clock.now(), 'America/Mexico_City'));
  assert.deepEqual(await ledgerUuids(serie), [retried.json().uuid]);
});

test('concurrent stamps of one invoice agree on one UUID', async () => {
  const serie = 'RACE';
  const id = await createDraft(serie);
  const responses = await Promise.all(Array.from({ length: 6 }, () => stamp(id)));
  const uuids = await ledgerUuids(serie);
  assert.equal(uuids.length, 1);
  for (const response of responses) {
    if (response.statusCode === 200) assert.equal(response.json().uuid, uuids[0]);
    else assert.equal(response.json().code, 'invoice.already_stamped', response.body);
  }
  assert.ok(responses.some((response) => response.statusCode === 200));
  assert.equal(await stampEvents(id), 1);
});
