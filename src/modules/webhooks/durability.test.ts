import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { emitEvents } from '../../../test/support/events.ts';
import type { CrashHook } from '../../platform/crash-points.ts';
import type { DispatchCrashPoint } from './dispatcher.ts';
import { createWebhookTestApp, type WebhookTestApp } from './webhooks.test-support.ts';
import { assertAllVerified, startReceiver, type Receiver } from '../../../test/support/webhook-receiver.ts';

const EVENTS = 1000;
// A short lease keeps the simulated restarts close together on the test clock.
const LEASE_MS = 5_000;

/** A small deterministic generator (mulberry32), so a failing run can be replayed. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

class SimulatedCrash extends Error {}

describe('webhook delivery durability', () => {
  const random = seeded(Number(process.env.WEBHOOK_DURABILITY_SEED ?? 20260715));
  // Some deaths are certain (the n-th call at each point), more are random, 30 in all.
  const certain: Record<DispatchCrashPoint, number[]> = { claimed: [2, 6], responded: [40, 300, 650], recording: [3, 9] };
  const odds: Record<DispatchCrashPoint, number> = { claimed: 0.1, responded: 0.004, recording: 0.05 };
  const calls: Record<DispatchCrashPoint, number> = { claimed: 0, responded: 0, recording: 0 };
  const crashes: Record<DispatchCrashPoint, number> = { claimed: 0, responded: 0, recording: 0 };
  let budget = 30;
  const dispatching = (point: string): point is DispatchCrashPoint => point in calls;
  // The app's one hook sees every module's points: only the dispatcher's are counted here.
  const crashHook: CrashHook = (point) => {
    if (!dispatching(point)) return;
    calls[point] += 1;
    if (budget > 0 && (certain[point].includes(calls[point]) || random() < odds[point])) {
      budget -= 1;
      crashes[point] += 1;
      throw new SimulatedCrash(`worker killed at ${point}`);
    }
  };
  let t: WebhookTestApp;
  let inbox: Receiver;
  before(async () => {
    t = await createWebhookTestApp({ jobs: { crashHook, tuning: { concurrency: 48, perEndpoint: 48, leaseMs: LEASE_MS } } });
    inbox = await startReceiver(
      () => ({ status: 200 }),
      () => t.clock.now(),
    );
  });
  after(async () => {
    await inbox.close();
    await t.close();
  });

  test(`the worker killed at random points while ${EVENTS} events are delivered: none is lost, duplicates are identical`, async (context) => {
    const org = await t.bootstrap();
    const hook = (await t.request({ method: 'POST', url: '/v1/webhook_endpoints', key: org.testKey, payload: { url: `${inbox.url}/durable` } })).json();
    inbox.secrets.push(hook.secret);
    const emitted: string[] = [];
    for (let batch = 0; batch < EVENTS / 50; batch++) {
      const inputs = Array.from({ length: 50 }, (_, index) => ({
        organizationId: org.organizationId,
        mode: 'test' as const,
        type: 'cfdi.received' as const,
        object: { object: 'cfdi', uuid: `uuid-${batch}-${index}` },
      }));
      const rows = await t.app.services.db.transaction().execute((trx) => emitEvents(trx, inputs, t.app.services));
      emitted.push(...rows.map((row) => row.id));
    }
    const pending = async () =>
      Number(
        (
          await t.app.services.db
            .selectFrom('webhook_deliveries')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('endpoint_id', '=', hook.id)
            .where('status', '<>', 'succeeded')
            .executeTakeFirstOrThrow()
        ).n,
      );
    for (let round = 0; round < 200; round++) {
      await t.runJobs();
      const delivered = await t.app.services.db.selectFrom('webhook_deliveries').select('id').where('endpoint_id', '=', hook.id).execute();
      if (delivered.length === EVENTS && (await pending()) === 0) break;
      // What a restarted worker finds: leases of the dead one running out, its jobs due for a retry.
      t.clock.advance(LEASE_MS + 1000);
    }
    assert.ok(crashes.claimed > 0 && crashes.responded > 0 && crashes.recording > 0, JSON.stringify(crashes));
    assert.equal(await pending(), 0, 'every delivery ends succeeded');
    const byId = new Map<string, Set<string>>();
    for (const request of inbox.received) {
      const id = request.headers['webhook-id']!;
      assert.equal(JSON.parse(request.body).id, id, 'the webhook-id is the event id in the body');
      byId.set(id, (byId.get(id) ?? new Set()).add(request.body));
    }
    assert.deepEqual([...byId.keys()].sort(), [...emitted].sort(), 'every event arrived, and nothing else');
    for (const [id, bodies] of byId) assert.equal(bodies.size, 1, `${id}: a duplicate carries the same body`);
    const duplicates = inbox.received.length - EVENTS;
    assert.ok(duplicates > 0, 'crashes after sending caused re-deliveries');
    assertAllVerified([inbox]);
    context.diagnostic(`crashes ${JSON.stringify(crashes)}, ${inbox.received.length} requests for ${EVENTS} events`);
  });
});
