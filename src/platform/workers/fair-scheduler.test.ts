import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { ApiError } from '../errors/api-error.ts';
import { FairScheduler } from './fair-scheduler.ts';

/** A task as the scheduler sees it: when it started (the order of starts), its release, or its refusal. */
interface Probe {
  tenant: string;
  started: boolean;
  refused: ApiError | undefined;
  release(): void;
}

function probeOf(scheduler: FairScheduler, starts: string[], tenant: string): Probe {
  const probe: Probe = { tenant, started: false, refused: undefined, release: () => assert.fail(`${tenant}'s task has not started`) };
  scheduler.acquire(tenant).then(
    (release) => {
      probe.started = true;
      probe.release = release;
      starts.push(tenant);
    },
    (error: ApiError) => {
      probe.refused = error;
    },
  );
  return probe;
}

/** Lets the scheduler's promises settle. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

/** Another tenant runs one task and finishes: the pool is shared from now on (within `sharedWithinMs`). */
async function sharedWith(scheduler: FairScheduler, tenant: string): Promise<void> {
  const release = await scheduler.acquire(tenant);
  release();
  await settle();
}

describe('the worker pool fair scheduler', () => {
  test("a tenant holding every thread it may have leaves one for another tenant, whose task starts at once and before the first one's queue", async () => {
    const scheduler = new FairScheduler({ threads: 2 });
    assert.equal(scheduler.threadsPerTenant, 1, 'all threads but one by default');
    await sharedWith(scheduler, 'other');
    const starts: string[] = [];
    const busy = Array.from({ length: 5 }, () => probeOf(scheduler, starts, 'busy'));
    await settle();
    assert.deepEqual(starts, ['busy'], 'one thread for the busy tenant, the rest of its tasks wait');
    assert.deepEqual(scheduler.load('busy'), { running: 1, waiting: 4 });
    const other = probeOf(scheduler, starts, 'other');
    await settle();
    assert.ok(other.started, "the other tenant does not wait behind the busy tenant's queue");
    other.release();
    busy[0]!.release();
    await settle();
    assert.deepEqual(starts, ['busy', 'other', 'busy']);
    for (const probe of busy.slice(1)) {
      probe.release();
      await settle();
    }
    assert.deepEqual(scheduler.load(), { running: 0, waiting: 0 });
    assert.equal(starts.length, 6);
  });

  test('alone, a tenant uses every thread; once another tenant asks, the cap applies from the next start on', async () => {
    let clock = 0;
    const scheduler = new FairScheduler({ threads: 2, sharedWithinMs: 1000, now: () => clock });
    const starts: string[] = [];
    const lone = Array.from({ length: 4 }, () => probeOf(scheduler, starts, 'lone'));
    await settle();
    assert.deepEqual(starts, ['lone', 'lone'], 'nobody else uses the pool: both threads');
    const other = probeOf(scheduler, starts, 'other');
    await settle();
    assert.equal(other.started, false, 'every thread is busy: the newcomer waits for the next one freed');
    lone[0]!.release();
    await settle();
    assert.deepEqual(starts, ['lone', 'lone', 'other'], 'the freed thread goes to the newcomer, not to the queue of the tenant at its cap');
    lone[1]!.release();
    await settle();
    assert.deepEqual(starts, ['lone', 'lone', 'other', 'lone']);
    other.release();
    await settle();
    assert.equal(lone[3]!.started, false, 'shared within the last second: one thread for the lone tenant, one kept free');
    lone[2]!.release();
    await settle();
    lone[3]!.release();

    clock += 1001;
    const again: string[] = [];
    const alone = Array.from({ length: 2 }, () => probeOf(scheduler, again, 'lone'));
    await settle();
    assert.deepEqual(again, ['lone', 'lone'], 'the other tenant has not asked for a second: the cap lifts');
    for (const probe of alone) probe.release();
  });

  test('a freed thread goes to the waiting tenant with the fewest tasks running, then round robin, not to the oldest task', async () => {
    const scheduler = new FairScheduler({ threads: 3, threadsPerTenant: 3 });
    const starts: string[] = [];
    const a = Array.from({ length: 5 }, () => probeOf(scheduler, starts, 'a'));
    await settle();
    assert.deepEqual(starts, ['a', 'a', 'a'], 'alone, a tenant may use every thread it is allowed');
    const b = Array.from({ length: 2 }, () => probeOf(scheduler, starts, 'b'));
    await settle();
    starts.length = 0;
    a[0]!.release();
    await settle();
    assert.deepEqual(starts, ['b'], "a's queued tasks are older, but b runs fewer");
    a[1]!.release();
    await settle();
    assert.deepEqual(starts, ['b', 'a'], 'each runs one: a was served less recently');
    for (const probe of [...a, ...b]) {
      if (probe.started) probe.release();
      await settle();
    }

    const one = new FairScheduler({ threads: 1 });
    const order: string[] = [];
    const first = probeOf(one, order, 'x');
    await settle();
    const queued = ['x', 'y', 'z'].map((tenant) => probeOf(one, order, tenant));
    first.release();
    await settle();
    queued[1]!.release();
    await settle();
    queued[2]!.release();
    await settle();
    assert.deepEqual(order, ['x', 'y', 'z', 'x'], 'round robin: x, served last, waits for y and z although its task queued first');
    queued[0]!.release();
  });

  test('alone, a tenant may fill the whole queue; past it, it is refused, and another tenant still gets a place', async () => {
    const scheduler = new FairScheduler({ threads: 1, maxQueue: 8 });
    const starts: string[] = [];
    const busy = Array.from({ length: 10 }, () => probeOf(scheduler, starts, 'busy'));
    await settle();
    assert.deepEqual(scheduler.load('busy'), { running: 1, waiting: 8 }, 'nobody else needs room');
    assert.equal(busy[9]!.refused?.code, 'service.overloaded');
    assert.match(busy[9]!.refused!.message, /already has 8 tasks waiting/);
    const other = probeOf(scheduler, starts, 'other');
    await settle();
    assert.equal(other.refused, undefined);
    assert.equal(busy[8]!.refused?.code, 'service.overloaded', "the busy tenant's newest task gave its place");
    assert.deepEqual(scheduler.load(), { running: 1, waiting: 8 });
  });

  test("a tenant over its share of the queue is refused with 503 service.overloaded and Retry-After; the others' tasks are still taken", async () => {
    const scheduler = new FairScheduler({ threads: 2, queuePerTenant: 3 });
    await sharedWith(scheduler, 'other');
    const starts: string[] = [];
    const busy = Array.from({ length: 6 }, () => probeOf(scheduler, starts, 'busy'));
    await settle();
    assert.deepEqual(
      busy.map((probe) => (probe.started ? 'running' : probe.refused ? 'refused' : 'waiting')),
      ['running', 'waiting', 'waiting', 'waiting', 'refused', 'refused'],
    );
    const refusal = busy[4]!.refused!;
    assert.deepEqual([refusal.code, refusal.headers?.['Retry-After']], ['service.overloaded', '2']);
    assert.match(refusal.message, /3 tasks waiting/);
    const others = Array.from({ length: 3 }, () => probeOf(scheduler, starts, 'other'));
    await settle();
    assert.deepEqual(
      others.map((probe) => (probe.started ? 'running' : probe.refused ? 'refused' : 'waiting')),
      ['running', 'waiting', 'waiting'],
    );
  });

  test('in a full queue, a tenant with little waiting takes the place of the newest task of the tenant with the most, which is refused', async () => {
    const scheduler = new FairScheduler({ threads: 1, maxQueue: 4, queuePerTenant: 4 });
    const starts: string[] = [];
    const busy = Array.from({ length: 5 }, () => probeOf(scheduler, starts, 'busy'));
    await settle();
    assert.deepEqual(scheduler.load(), { running: 1, waiting: 4 });
    const light = probeOf(scheduler, starts, 'light');
    await settle();
    assert.equal(light.refused, undefined, 'the light tenant is queued');
    assert.equal(busy[4]!.refused?.code, 'service.overloaded', "the busy tenant's newest task is refused instead");
    assert.deepEqual(scheduler.load('busy'), { running: 1, waiting: 3 });
    // The busy tenant, now at par with nobody bigger to displace, is refused outright.
    const again = probeOf(scheduler, starts, 'busy');
    await settle();
    assert.equal(again.refused?.code, 'service.overloaded');
    busy[0]!.release();
    await settle();
    assert.deepEqual(starts, ['busy', 'light'], 'the light tenant runs next');
  });
});
