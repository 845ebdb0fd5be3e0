/**
 * The job worker across a PostgreSQL outage: a server of the test's own is crashed
 * (`pg_ctl stop -m immediate`) and started again under a running worker.
 */
import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Type } from 'typebox';
import { skipWithoutPostgresBinaries, startPostgresServer, type PostgresServer } from '../../../test/support/postgres-server.ts';
import { ManualClock } from '../clock.ts';
import { openDatabase, type DatabaseHandle } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { defineJob } from './kinds.ts';
import { createJobQueue } from './queue.ts';
import type { JobQueue } from './types.ts';

const NOTE = defineJob('outage.note', Type.Object({ text: Type.String() }, { additionalProperties: false }));

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function eventually(what: string, check: () => Promise<boolean> | boolean): Promise<void> {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    if (await check()) return;
    await pause(50);
  }
  assert.fail(`never happened: ${what}`);
}

describe('the job worker across a database outage', { skip: skipWithoutPostgresBinaries }, () => {
  let server: PostgresServer;
  let database: DatabaseHandle;
  let queue: JobQueue | undefined;
  const reported: Array<{ error: unknown; during: string }> = [];

  before(async () => {
    server = await startPostgresServer();
    database = await openDatabase({ url: server.url, poolSize: 4 });
    await migrate(database);
  });

  after(async () => {
    await queue?.stop();
    await database?.close();
    await server?.destroy();
  });

  beforeEach(async () => {
    await server.start();
    await queue?.stop();
    queue = undefined;
    reported.length = 0;
    await database.db.deleteFrom('jobs').execute();
  });

  function newQueue(clock: ManualClock): JobQueue {
    queue = createJobQueue({ db: database.db, clock, pollMs: 20, random: () => 0.5, onError: (error, during) => reported.push({ error, during }) });
    return queue;
  }

  async function jobRow(id: string) {
    return database.db.selectFrom('jobs').select(['state', 'attempts', 'last_error']).where('id', '=', id).executeTakeFirstOrThrow();
  }

  test('the worker keeps polling through the outage, reports it once, and runs jobs again once the server is back', async () => {
    const jobs = newQueue(new ManualClock());
    const ran: string[] = [];
    jobs.register(NOTE, async (job) => {
      ran.push(job.payload.text);
    });
    jobs.start();
    await server.stop();
    await eventually('the outage reported', () => reported.length > 0);
    // Polls every 20 ms: a few dozen of them meet the stopped server.
    await pause(500);
    assert.equal(reported.length, 1, `reported once, not once a poll: ${reported.map((entry) => entry.during).join(', ')}`);
    assert.ok(isDatabaseUnavailable(reported[0]!.error));

    await server.start();
    await jobs.enqueue(database.db, NOTE, { text: 'after the restart' });
    await eventually('the job enqueued after the restart ran', () => ran.length === 1);
    assert.deepEqual(ran, ['after the restart']);
  });

  test('a job whose handler meets the outage runs again once the server is back, without spending one of its attempts', async () => {
    const clock = new ManualClock();
    const jobs = newQueue(clock);
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let runs = 0;
    let started = false;
    jobs.register(NOTE, async () => {
      runs += 1;
      if (runs === 1) {
        started = true;
        await gate;
      }
      // The handler's own work needs the database.
      await database.db.selectFrom('jobs').select('id').limit(1).execute();
    });
    // One attempt only: spending it on the outage would fail the job for good.
    const id = await jobs.enqueue(database.db, NOTE, { text: 'one attempt' }, { maxAttempts: 1 });
    jobs.start();
    await eventually('the first run started', () => started);
    await server.stop();
    release();
    // The outcome cannot be written while the server is down; the worker offers it again until it can.
    await eventually('the outage reported', () => reported.length > 0);
    await server.start();
    await eventually('the run recorded as not counted', async () => (await jobRow(id)).state === 'queued');
    const requeued = await jobRow(id);
    assert.equal(requeued.attempts, 0, 'the attempt was given back');
    assert.match(requeued.last_error ?? '', /DatabaseUnavailableError/);

    clock.advance(10_000);
    await eventually('the job ran again and succeeded', async () => (await jobRow(id)).state === 'succeeded');
    assert.equal(runs, 2);
    assert.equal((await jobRow(id)).attempts, 1);
  });
});
