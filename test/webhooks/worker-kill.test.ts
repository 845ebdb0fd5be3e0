import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/platform/config.ts';
import { openDatabase } from '../../src/platform/db/database.ts';
import { emitEvents } from '../support/events.ts';
import { registerWebhookRoutes } from '../../src/modules/webhooks/index.ts';
import { assertAllVerified, startReceiver, type Receiver } from '../support/webhook-receiver.ts';

const EVENTS = 1000;
const KILLS = 3;
const WORKER = new URL('./worker-process.ts', import.meta.url);

/** mulberry32: the kill times are random but replayable. */
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

/** Starts the worker process; resolves once it is delivering, with a promise of its exit. */
async function startWorker(dataDir: string) {
  const child = fork(WORKER, [dataDir], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    void exited.then(({ code }) => reject(new Error(`the worker exited with ${code} before starting`)));
  });
  return { child, exited };
}

describe('webhook delivery with a real worker process killed (SIGKILL) at random moments', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'invoicing-webhook-kill-'));
  let receiver: Receiver;
  before(async () => {
    // A receiver that takes a little while, so that kills land while attempts are in flight.
    receiver = await startReceiver(async () => {
      await sleep(15);
      return { status: 200 };
    });
  });
  after(async () => {
    await receiver.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test(`${EVENTS} events reach the receiver at least once; duplicates carry the same webhook-id and body`, async (context) => {
    const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
    const config = loadConfig({ APP_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, RUN_WORKER: 'false', BASE_URL: 'http://invoicing.test' });
    const app = await buildApp({ config, database });
    if (!app.server.hasRoute({ method: 'POST', url: '/v1/webhook_endpoints' })) registerWebhookRoutes(app.server, app.services);
    const org = (await app.server.inject({ method: 'POST', url: '/v1/organizations', payload: { name: 'Kill test' } })).json();
    const key = org.keys.test.key;
    const hook = (
      await app.server.inject({
        method: 'POST',
        url: '/v1/webhook_endpoints',
        headers: { authorization: `Bearer ${key}` },
        payload: { url: `${receiver.url}/kill` },
      })
    ).json();
    receiver.secrets.push(hook.secret);
    const emitted: string[] = [];
    for (let batch = 0; batch < EVENTS / 100; batch++) {
      const inputs = Array.from({ length: 100 }, (_, index) => ({
        organizationId: org.id,
        mode: 'test' as const,
        type: 'cfdi.received' as const,
        object: { object: 'cfdi', n: batch * 100 + index },
      }));
      const rows = await database.db.transaction().execute((trx) => emitEvents(trx, inputs, app.services));
      emitted.push(...rows.map((row) => row.id));
    }
    await app.close();
    await database.close();

    const random = seeded(Number(process.env.WEBHOOK_KILL_SEED ?? 7));
    let kills = 0;
    for (let round = 0; round < KILLS; round++) {
      const worker = await startWorker(path.join(dataDir, 'pglite'));
      // Kill it while it delivers: once its first request has arrived, at a random moment.
      const before = receiver.received.length;
      for (let wait = 0; wait < 600 && receiver.received.length === before; wait++) await sleep(25);
      await sleep(random() * 600);
      if (worker.child.kill('SIGKILL')) kills += 1;
      context.diagnostic(`round ${round}: killed after ${receiver.received.length - before} requests`);
      const { signal } = await worker.exited;
      if (signal !== 'SIGKILL') break; // it finished first: nothing left to interrupt
    }
    const last = await startWorker(path.join(dataDir, 'pglite'));
    assert.equal((await last.exited).code, 0, 'the last worker delivers everything and exits');

    const check = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
    const states = await check.db.selectFrom('webhook_deliveries').select(['status', 'event_id', 'attempts']).execute();
    await check.close();
    assert.equal(states.length, EVENTS);
    assert.ok(
      states.every((row) => row.status === 'succeeded'),
      'every delivery succeeded',
    );
    const bodies = new Map<string, Set<string>>();
    for (const request of receiver.received) {
      const id = request.headers['webhook-id']!;
      assert.equal(JSON.parse(request.body).id, id);
      bodies.set(id, (bodies.get(id) ?? new Set()).add(request.body));
    }
    assert.deepEqual([...bodies.keys()].sort(), [...emitted].sort(), 'every event arrived; none was lost');
    for (const [id, set] of bodies) assert.equal(set.size, 1, `${id}: duplicates carry the same body`);
    assertAllVerified([receiver]);
    assert.ok(kills >= 1, 'at least one worker was killed mid-delivery');
    context.diagnostic(
      `${kills} workers killed; ${receiver.received.length} requests for ${EVENTS} events; max attempts ${Math.max(...states.map((row) => row.attempts))}`,
    );
  });
});
