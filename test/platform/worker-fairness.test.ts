/**
 * Fair shares of the worker pool through the API: an organization whose tasks hold every thread
 * it may have and fill the queue cannot starve another organization, whose work is served
 * meanwhile and given queue places the busy one gives up; only the organization over its share
 * is refused (503 service.overloaded with Retry-After). The busy organization's tasks hold their
 * threads on a flag the test releases, so nothing here depends on timing.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../support/app.ts';
import type hold from '../support/pool-hold-task.ts';
import { defineTask } from '../../src/platform/workers/task.ts';
import { readSample } from '../support/sat-samples.ts';
import { skipWithoutShared } from '../support/shared.ts';

const HOLD_TASK = defineTask<typeof hold>('test.hold');
const SAMPLE = 'sealed-no-tfd/I_FUNK671228PH6_2025-03-03_generated.xml';

let t: TestApp;

before(async () => {
  // Two threads: one organization may hold one of them (all but one); the queue holds 32 (2 × 16).
  t = await createTestApp({
    env: { WORKER_THREADS: '2' },
    simulator: true,
    workerTasks: { 'test.hold': new URL('../support/pool-hold-task.ts', import.meta.url) },
  });
});
after(() => t.close());

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}

test("an organization filling the worker pool is refused past its share and cannot starve another organization's validations", {
  skip: skipWithoutShared,
}, async () => {
  const busy = await t.bootstrap('Busy');
  const other = await t.bootstrap('Other');
  const workers = t.app.services.workers;
  const xml = readSample(SAMPLE);
  const validate = (key: string) => t.request({ method: 'POST', url: '/v1/validations', key, payload: xml, headers: { 'content-type': 'application/xml' } });

  // The other organization has used the pool lately, so the busy one may hold one thread of two.
  assert.equal((await validate(other.testKey)).statusCode, 201);
  // Long work of the busy organization on the one thread it may hold.
  const flag = new Int32Array(new SharedArrayBuffer(4));
  const holding = workers.run(HOLD_TASK, { flag }, { tenant: busy.organizationId });
  await until(() => workers.load(busy.organizationId).running === 1);

  // Its validations wait for its own thread, filling the queue, which nobody else needs yet; past it they are refused.
  const settled: LightMyRequestResponse[] = [];
  const queued = Array.from({ length: 32 }, async () => {
    const response = await validate(busy.testKey);
    settled.push(response);
    return response;
  });
  await until(() => workers.load(busy.organizationId).waiting === 32);
  const refused = await Promise.all([validate(busy.testKey), validate(busy.testKey)]);
  for (const response of refused) {
    assert.deepEqual([response.statusCode, response.json().code], [503, 'service.overloaded']);
    assert.ok(Number(response.headers['retry-after']) >= 1, 'with Retry-After');
    assert.match(response.json().detail, /share of the queue/);
  }

  // The other organization is served on the thread left, while the busy one's work still holds.
  for (let round = 0; round < 3; round += 1) {
    const served = await validate(other.testKey);
    assert.equal(served.statusCode, 201, served.body);
    assert.equal(served.json().object, 'validation');
  }
  assert.equal(settled.length, 0, "none of the busy organization's queued validations has run yet");
  assert.deepEqual(workers.load(busy.organizationId), { running: 1, waiting: 32 });

  // Three at once: one runs, two need places in the full queue, which the busy organization gives up.
  const together = await Promise.all([validate(other.testKey), validate(other.testKey), validate(other.testKey)]);
  assert.deepEqual(
    together.map((response) => response.statusCode),
    [201, 201, 201],
  );
  assert.deepEqual(
    settled.map((response) => [response.statusCode, response.json().code]),
    [
      [503, 'service.overloaded'],
      [503, 'service.overloaded'],
    ],
    "the busy organization's two newest validations were refused for them",
  );
  assert.deepEqual(workers.load(busy.organizationId), { running: 1, waiting: 30 });

  // Released, the busy organization's queue is worked through.
  Atomics.store(flag, 0, 1);
  Atomics.notify(flag, 0);
  assert.equal(await holding, 1);
  const done = await Promise.all(queued);
  assert.equal(done.filter((response) => response.statusCode === 201).length, 30);
  assert.deepEqual(workers.load(), { running: 0, waiting: 0 });
});
