import { after, afterEach, before, beforeEach, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { openTestDatabase } from '../../../test/support/database.ts';
import { ManualClock } from '../clock.ts';
import { openDatabase, type DatabaseHandle } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { createJobQueue, PURGE_JOBS_JOB, retryDelayMs, RetryJobError, SCHEDULED_MAX_ATTEMPTS, type JobQueueOptions } from './queue.ts';
import type { JobRow } from './repository.ts';
import type { JobQueue, JobRecord } from './types.ts';
import { Type } from 'typebox';
import { defineJob, NoPayload } from './kinds.ts';

// The kinds these tests use, each with its payload's schema.
const CATALOG_REFRESH = defineJob('catalog.refresh', NoPayload);
const DOWNLOAD_POLL = defineJob('download.poll', NoPayload);
const EMAIL_SEND = defineJob('email.send', Type.Object({ to: Type.Optional(Type.String()) }, { additionalProperties: false }));
const INVOICE_STAMPED = defineJob('invoice.stamped', NoPayload);
const PAC_STAMP = defineJob('pac.stamp', NoPayload);
const PDF_RENDER = defineJob('pdf.render', NoPayload);
const PROFILE_SYNC = defineJob('profile.sync', Type.Object({ n: Type.Integer() }, { additionalProperties: false }));
const RACE_JOB = defineJob('race.job', Type.Object({ index: Type.Integer() }, { additionalProperties: false }));
const SAT_POLL = defineJob('sat.poll', NoPayload);
const USAGE_ROLLUP = defineJob('usage.rollup', NoPayload);
const WEBHOOK_DELIVER = defineJob('webhook.deliver', NoPayload);
const WEBHOOK_FANOUT = defineJob('webhook.fanout', Type.Object({ from: Type.Optional(Type.String()) }, { additionalProperties: false }));

let database: DatabaseHandle;
/** Infrastructure failures the queues reported; handler errors go to last_error instead. */
const reported: unknown[] = [];

before(async () => {
  database = await openTestDatabase();
  await migrate(database);
});

after(async () => {
  await database.close();
});

beforeEach(async () => {
  await database.db.deleteFrom('jobs').execute();
});

afterEach(() => {
  assert.deepEqual(reported.splice(0), []);
});

function newQueue(clock: ManualClock, options: Partial<JobQueueOptions> = {}): JobQueue {
  // A fixed jitter of 0.5 makes every retry delay exactly the nominal one.
  return createJobQueue({
    db: database.db,
    clock,
    pollMs: 60_000,
    random: () => 0.5,
    onError: (error) => {
      reported.push(error);
    },
    ...options,
  });
}

async function jobsOf(kind: string): Promise<JobRow[]> {
  return database.db.selectFrom('jobs').selectAll().where('kind', '=', kind).orderBy('id').execute();
}

test('a job enqueued in a rolled-back transaction does not exist', async () => {
  const queue = newQueue(new ManualClock());
  const ran: JobRecord[] = [];
  queue.register(EMAIL_SEND, async (job) => {
    ran.push(job);
  });
  await assert.rejects(
    database.db.transaction().execute(async (trx) => {
      await queue.enqueue(trx, EMAIL_SEND, { to: 'a@example.com' });
      throw new Error('the state change failed');
    }),
    /the state change failed/,
  );
  assert.deepEqual(await jobsOf('email.send'), []);
  assert.equal(await queue.runDue(), 0);
  assert.deepEqual(ran, []);
});

test('a committed job runs once with its payload and is kept as succeeded', async () => {
  const queue = newQueue(new ManualClock());
  const ran: JobRecord[] = [];
  queue.register(EMAIL_SEND, async (job) => {
    ran.push(job);
  });
  const id = await database.db.transaction().execute((trx) => queue.enqueue(trx, EMAIL_SEND, { to: 'a@example.com' }));
  assert.equal(await queue.runDue(), 1);
  assert.equal(await queue.runDue(), 0);
  assert.deepEqual(ran, [{ id, kind: 'email.send', payload: { to: 'a@example.com' }, attempts: 1, maxAttempts: 10 }]);
  const [row] = await jobsOf('email.send');
  assert.equal(row?.state, 'succeeded');
  assert.equal(row?.locked_by, null);
});

test('a dedupe key yields one pending job and is free again once the job finished', async () => {
  const queue = newQueue(new ManualClock());
  queue.register(PROFILE_SYNC, async () => {});
  const first = await queue.enqueue(database.db, PROFILE_SYNC, { n: 1 }, { dedupeKey: 'sync:fp_1' });
  const second = await queue.enqueue(database.db, PROFILE_SYNC, { n: 2 }, { dedupeKey: 'sync:fp_1' });
  assert.equal(second, first);
  assert.equal((await jobsOf('profile.sync')).length, 1);
  assert.equal(await queue.runDue(), 1);
  const third = await queue.enqueue(database.db, PROFILE_SYNC, { n: 3 }, { dedupeKey: 'sync:fp_1' });
  assert.notEqual(third, first);
  assert.equal(await queue.runDue(), 1);
});

test('a failing job is retried with exponential backoff and then succeeds', async () => {
  const clock = new ManualClock();
  const queue = newQueue(clock);
  let calls = 0;
  queue.register(PAC_STAMP, async () => {
    calls += 1;
    if (calls < 3) throw new Error(`provider down (${calls})`);
  });
  const id = await queue.enqueue(database.db, PAC_STAMP, {});
  assert.equal(await queue.runDue(), 1);
  let [row] = await jobsOf('pac.stamp');
  assert.equal(row?.state, 'queued');
  assert.equal(row?.attempts, 1);
  assert.equal(row?.last_error, 'Error: provider down (1)');
  assert.equal(row?.run_at.getTime(), clock.now().getTime() + retryDelayMs(1, () => 0.5));
  assert.equal(
    retryDelayMs(1, () => 0.5),
    5_000,
  );

  clock.advance(4_999);
  assert.equal(await queue.runDue(), 0, 'not due before the backoff elapsed');
  clock.advance(1);
  assert.equal(await queue.runDue(), 1);
  [row] = await jobsOf('pac.stamp');
  assert.equal(row?.run_at.getTime(), clock.now().getTime() + 10_000, 'the second delay doubles');

  clock.advance(10_000);
  assert.equal(await queue.runDue(), 1);
  [row] = await jobsOf('pac.stamp');
  assert.equal(row?.id, id);
  assert.equal(row?.state, 'succeeded');
  assert.equal(row?.attempts, 3);
  assert.equal(calls, 3);
});

test('backoff delays double up to an hour and stay within ±20% jitter', () => {
  assert.deepEqual(
    [1, 2, 3, 4].map((attempt) => retryDelayMs(attempt, () => 0.5)),
    [5_000, 10_000, 20_000, 40_000],
  );
  assert.equal(
    retryDelayMs(30, () => 0.5),
    3_600_000,
  );
  assert.equal(
    retryDelayMs(1, () => 0),
    4_000,
  );
  assert.equal(
    retryDelayMs(1, () => 0.999_999),
    6_000,
  );
});

test('a handler may ask for its own retry time', async () => {
  const clock = new ManualClock();
  const queue = newQueue(clock);
  queue.register(SAT_POLL, async () => {
    throw new RetryJobError('package not ready', 120_000);
  });
  await queue.enqueue(database.db, SAT_POLL, {});
  await queue.runDue();
  const [row] = await jobsOf('sat.poll');
  assert.equal(row?.run_at.getTime(), clock.now().getTime() + 120_000);
});

test('a job fails for good after its last attempt and frees its dedupe key', async () => {
  const clock = new ManualClock();
  const queue = newQueue(clock);
  let calls = 0;
  queue.register(WEBHOOK_DELIVER, async () => {
    calls += 1;
    throw new Error('connection refused');
  });
  await queue.enqueue(database.db, WEBHOOK_DELIVER, {}, { maxAttempts: 2, dedupeKey: 'whd_1' });
  assert.equal(await queue.runDue(), 1);
  clock.advance(60_000);
  assert.equal(await queue.runDue(), 1);
  clock.advance(24 * 60 * 60_000);
  await queue.runDue();
  const [row] = await jobsOf('webhook.deliver');
  assert.equal(row?.state, 'failed');
  assert.equal(row?.attempts, 2);
  assert.equal(row?.dedupe_key, null);
  assert.equal(row?.last_error, 'Error: connection refused');
  assert.equal(calls, 2, 'a failed job never runs again');
});

test('a job whose worker died (lease expired) is run again; a live lease is respected', async () => {
  const clock = new ManualClock();
  const queue = newQueue(clock);
  const ran: JobRecord<object>[] = [];
  queue.register(DOWNLOAD_POLL, async (job) => {
    ran.push(job);
  });
  const id = await queue.enqueue(database.db, DOWNLOAD_POLL, {});
  const crashed = { state: 'running' as const, attempts: 1, locked_by: 'worker-that-died' };
  await database.db
    .updateTable('jobs')
    .set({ ...crashed, locked_until: new Date(clock.now().getTime() + 1_000) })
    .where('id', '=', id)
    .execute();
  assert.equal(await queue.runDue(), 0, 'the lease is still valid');
  clock.advance(1_001);
  assert.equal(await queue.runDue(), 1);
  assert.equal(ran[0]?.attempts, 2);
  const [row] = await jobsOf('download.poll');
  assert.equal(row?.state, 'succeeded');
});

test('a job whose worker died during the last attempt is failed, not run again', async () => {
  const clock = new ManualClock();
  const queue = newQueue(clock);
  let calls = 0;
  queue.register(DOWNLOAD_POLL, async () => {
    calls += 1;
  });
  const id = await queue.enqueue(database.db, DOWNLOAD_POLL, {}, { maxAttempts: 1 });
  await database.db.updateTable('jobs').set({ state: 'running', attempts: 1, locked_by: 'gone', locked_until: clock.now() }).where('id', '=', id).execute();
  clock.advance(1);
  assert.equal(await queue.runDue(), 0);
  const [row] = await jobsOf('download.poll');
  assert.equal(row?.state, 'failed');
  assert.match(row?.last_error ?? '', /lease expired/);
  assert.equal(calls, 0);
});

test('a scheduled job recurs, with exactly one pending occurrence across processes', async () => {
  const clock = new ManualClock();
  const queue = newQueue(clock);
  const other = newQueue(clock);
  let runs = 0;
  queue.schedule(USAGE_ROLLUP, 60_000, async () => {
    runs += 1;
  });
  other.schedule(USAGE_ROLLUP, 60_000, async () => {
    runs += 1;
  });
  assert.equal(await queue.runDue(), 0, 'the first occurrence is one interval away');
  assert.equal(await other.runDue(), 0);
  assert.equal((await jobsOf('usage.rollup')).filter((job) => job.state === 'queued').length, 1);
  for (let occurrence = 1; occurrence <= 3; occurrence += 1) {
    clock.advance(60_000);
    assert.equal((await queue.runDue()) + (await other.runDue()), 1);
    assert.equal(runs, occurrence);
    const pending = (await jobsOf('usage.rollup')).filter((job) => job.state === 'queued');
    assert.equal(pending.length, 1);
    assert.equal(pending[0]?.run_at.getTime(), clock.now().getTime() + 60_000);
  }
});

test('expedite brings the pending occurrence of a scheduled job forward (now, or within a delay that later calls share), still one at a time; the next one is an interval later', async () => {
  const clock = new ManualClock();
  const queue = newQueue(clock);
  let runs = 0;
  queue.schedule(SAT_POLL, 60_000, async () => {
    runs += 1;
  });
  assert.equal(await queue.runDue(), 0);
  await queue.expedite(database.db, SAT_POLL);
  await queue.expedite(database.db, SAT_POLL);
  assert.equal(await queue.runDue(), 1, 'expedited twice, it runs once');
  assert.equal(runs, 1);
  const pending = (await jobsOf('sat.poll')).filter((job) => job.state === 'queued');
  assert.deepEqual(
    pending.map((job) => job.run_at.getTime()),
    [clock.now().getTime() + 60_000],
  );
  // Within a delay: brought forward to it, and a second call in that window changes nothing.
  await queue.expedite(database.db, SAT_POLL, 5_000);
  clock.advance(3_000);
  await queue.expedite(database.db, SAT_POLL, 5_000);
  assert.equal(await queue.runDue(), 0, 'not yet');
  clock.advance(2_000);
  assert.equal(await queue.runDue(), 1, 'five seconds after the first call');
  assert.equal(runs, 2);
  await assert.rejects(queue.expedite(database.db, PDF_RENDER), /not a scheduled job/);
});

test('a scheduled job that keeps failing still gets its next occurrence', async () => {
  const clock = new ManualClock();
  const queue = newQueue(clock);
  queue.schedule(CATALOG_REFRESH, 600_000, async () => {
    throw new Error('mirror unavailable');
  });
  clock.advance(600_000);
  for (let attempt = 1; attempt <= SCHEDULED_MAX_ATTEMPTS; attempt += 1) {
    assert.equal(await queue.runDue(), 1);
    clock.advance(60_000);
  }
  const rows = await jobsOf('catalog.refresh');
  assert.deepEqual(
    rows.map((row) => row.state),
    ['failed', 'queued'],
  );
});

test('finished jobs are purged after their retention by the built-in schedule', async () => {
  const clock = new ManualClock();
  const queue = newQueue(clock);
  queue.register(EMAIL_SEND, async () => {});
  await queue.enqueue(database.db, EMAIL_SEND, {});
  await queue.runDue();
  clock.advance(24 * 60 * 60_000);
  await queue.runDue();
  assert.equal((await jobsOf('email.send')).length, 1, 'kept for a while for diagnosis');
  clock.advance(25 * 60 * 60_000);
  await queue.runDue();
  assert.equal((await jobsOf('email.send')).length, 0);
  assert.equal((await jobsOf(PURGE_JOBS_JOB.kind)).filter((job) => job.state === 'queued').length, 1);
});

test('a handler that uses the database and enqueues in a transaction does not deadlock', async () => {
  const queue = newQueue(new ManualClock());
  const seen: number[] = [];
  queue.register(INVOICE_STAMPED, async (job) => {
    const result = await sql<{ count: number }>`SELECT count(*)::int AS count FROM jobs`.execute(database.db);
    seen.push(Number(result.rows[0]?.count));
    await database.db.transaction().execute((trx) => queue.enqueue(trx, WEBHOOK_FANOUT, { from: job.id }));
  });
  queue.register(WEBHOOK_FANOUT, async () => {});
  await queue.enqueue(database.db, INVOICE_STAMPED, {});
  await queue.enqueue(database.db, INVOICE_STAMPED, {});
  assert.equal(await queue.runDue(), 4, 'two jobs plus the two they enqueued');
  assert.equal(seen.length, 2);
});

test('the worker wakes on enqueue and stop() waits for the running handler', async () => {
  const queue = newQueue(new ManualClock(), { pollMs: 3_600_000 });
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let started!: () => void;
  const running = new Promise<void>((resolve) => {
    started = resolve;
  });
  let finished = false;
  queue.register(PDF_RENDER, async () => {
    started();
    await gate;
    finished = true;
  });
  queue.start();
  await queue.enqueue(database.db, PDF_RENDER, {});
  await running;
  const stopped = queue.stop();
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(finished, false);
  release();
  await stopped;
  assert.equal(finished, true);
  const [row] = await jobsOf('pdf.render');
  assert.equal(row?.state, 'succeeded');
});

test('two queues on one PostgreSQL database never run the same job twice', {
  skip: process.env.TEST_DATABASE_URL ? false : 'needs TEST_DATABASE_URL (PostgreSQL)',
}, async () => {
  const name = (await sql<{ name: string }>`SELECT current_database() AS name`.execute(database.db)).rows[0]!.name;
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  const second = await openDatabase({ url: url.toString(), poolSize: 5 });
  try {
    const clock = new ManualClock();
    const runs = new Map<string, number>();
    const handler = async (job: JobRecord) => {
      await new Promise((resolve) => setImmediate(resolve));
      runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
    };
    const queues = [newQueue(clock, { concurrency: 5 }), createJobQueue({ db: second.db, clock, pollMs: 60_000, concurrency: 5 })];
    for (const queue of queues) queue.register(RACE_JOB, handler);
    const ids = await Promise.all(Array.from({ length: 200 }, (_, index) => queues[0]!.enqueue(database.db, RACE_JOB, { index })));
    const counts = await Promise.all(queues.map((queue) => queue.runDue()));
    assert.equal(counts[0]! + counts[1]!, 200);
    assert.equal(runs.size, 200);
    assert.ok([...runs.values()].every((count) => count === 1));
    assert.deepEqual([...runs.keys()].sort(), [...ids].sort());
  } finally {
    await second.close();
  }
});

test("a payload that does not match its kind's schema is refused at enqueue, and a stored one fails its job unread", async () => {
  const queue = newQueue(new ManualClock());
  const ran: JobRecord[] = [];
  queue.register(PROFILE_SYNC, async (job) => {
    ran.push(job);
  });
  await assert.rejects(queue.enqueue(database.db, PROFILE_SYNC, { n: 'one' } as never), /profile\.sync job does not match its schema: \/n /);
  assert.deepEqual(await jobsOf('profile.sync'), []);
  // A row written by an older build or by hand.
  const id = await queue.enqueue(database.db, PROFILE_SYNC, { n: 1 });
  await database.db
    .updateTable('jobs')
    .set({ payload: JSON.stringify({ fiscal_profile: 'fp_1' }) as never })
    .where('id', '=', id)
    .execute();
  assert.equal(await queue.runDue(), 1);
  assert.deepEqual(ran, []);
  const [row] = await jobsOf('profile.sync');
  assert.equal(row?.state, 'failed');
  assert.match(row?.last_error ?? '', /does not match the profile\.sync schema/);
});

test('job kinds are module.verb names', () => {
  assert.throws(() => defineJob('Sync', NoPayload), /module\.verb/);
  assert.throws(() => defineJob('profiles sync', NoPayload), /module\.verb/);
  assert.equal(defineJob('profiles.sync_all', NoPayload).kind, 'profiles.sync_all');
});
