import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { PGlite } from '@electric-sql/pglite';
import { Decimal } from 'decimal.js';
import { Kysely, sql } from 'kysely';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { toApiError } from '../http/problem.ts';
import { openDatabase, type DatabaseHandle } from './database.ts';
import { PGLITE_THREAD_LIMITS, PgliteHost, pgliteHostDialect } from './pglite-driver.ts';
import { PREPARED_STATEMENTS_LIMIT, PreparedStatements } from './pglite-statements.ts';
import { DatabaseUnavailableError } from './unavailable.ts';

let handle: DatabaseHandle;
before(async () => {
  handle = await openDatabase({});
  await handle.session((exec) =>
    exec(`
    CREATE TABLE items (id text PRIMARY KEY, amount numeric NOT NULL, count bigint NOT NULL, data jsonb, seen timestamptz, raw bytea);
  `),
  );
});
after(() => handle.close());

test("values and rows go through PGlite's type handlers: numeric as text, int8 as number, jsonb, timestamptz, bytea", async () => {
  const at = new Date('2026-07-15T18:00:00.123Z');
  await sql`INSERT INTO items VALUES (${'a'}, ${'12.50'}, ${7}, ${JSON.stringify({ k: [1, 'x'], name: 'ESPAÑOLA € 😀' })}, ${at}, ${Buffer.from([1, 2, 255])})`.execute(
    handle.db,
  );
  const { rows } = await sql<{
    id: string;
    amount: string;
    count: number;
    data: unknown;
    seen: Date;
    raw: Uint8Array;
  }>`SELECT * FROM items WHERE id = ${'a'}`.execute(handle.db);
  assert.equal(rows.length, 1);
  const row = rows[0]!;
  assert.equal(row.amount, '12.50');
  assert.equal(row.count, 7);
  assert.deepEqual(row.data, { k: [1, 'x'], name: 'ESPAÑOLA € 😀' });
  assert.equal(row.seen.toISOString(), at.toISOString());
  assert.deepEqual([...row.raw], [1, 2, 255]);
});

test('a statement run many times keeps answering with its own parameters; affected rows are counted', async () => {
  for (let index = 0; index < 20; index += 1) {
    await handle.db
      .insertInto('items' as never)
      .values({ id: `n${index}`, amount: String(index), count: index } as never)
      .execute();
  }
  const result = await sql`UPDATE items SET count = 0 WHERE id LIKE ${'n1%'}`.execute(handle.db);
  assert.equal(result.numAffectedRows, 11n);
  const { rows } = await sql<{ total: string }>`SELECT sum(amount)::text AS total FROM items WHERE id LIKE ${'n%'}`.execute(handle.db);
  assert.equal(rows[0]!.total, String((19 * 20) / 2));
});

test('errors keep their SQLSTATE, and the connection stays usable after one', async () => {
  await assert.rejects(
    sql`INSERT INTO items VALUES (${'a'}, ${'1'}, ${1}, NULL, NULL, NULL)`.execute(handle.db),
    (error: { code?: string }) => error.code === '23505',
  );
  await assert.rejects(sql`SELECT nope FROM items`.execute(handle.db), (error: { code?: string }) => error.code === '42703');
  const { rows } = await sql<{ id: string }>`SELECT id FROM items WHERE id = ${'a'}`.execute(handle.db);
  assert.deepEqual(rows, [{ id: 'a' }]);
});

test('transactions commit together or roll back together; a commit after a failed statement is refused', async () => {
  await handle.db.transaction().execute(async (trx) => {
    await sql`INSERT INTO items VALUES (${'t1'}, ${'1'}, ${1}, NULL, NULL, NULL)`.execute(trx);
    await sql`INSERT INTO items VALUES (${'t2'}, ${'1'}, ${1}, NULL, NULL, NULL)`.execute(trx);
  });
  await assert.rejects(
    handle.db.transaction().execute(async (trx) => {
      await sql`INSERT INTO items VALUES (${'t3'}, ${'1'}, ${1}, NULL, NULL, NULL)`.execute(trx);
      throw new Error('changed my mind');
    }),
    /changed my mind/,
  );
  await assert.rejects(
    handle.db.transaction().execute(async (trx) => {
      await sql`INSERT INTO items VALUES (${'t4'}, ${'1'}, ${1}, NULL, NULL, NULL)`.execute(trx);
      await sql`INSERT INTO items VALUES (${'t1'}, ${'1'}, ${1}, NULL, NULL, NULL)`.execute(trx).catch(() => undefined);
    }),
    (error: { code?: string }) => error.code === '25P02',
  );
  const { rows } = await sql<{ id: string }>`SELECT id FROM items WHERE id LIKE ${'t%'} ORDER BY id`.execute(handle.db);
  assert.deepEqual(
    rows.map((row) => row.id),
    ['t1', 't2'],
  );
});

test('statements wait for a transaction in progress instead of joining it', async () => {
  let release!: () => void;
  const holding = new Promise<void>((resolve) => {
    release = resolve;
  });
  const transaction = handle.db.transaction().execute(async (trx) => {
    await sql`INSERT INTO items VALUES (${'w1'}, ${'1'}, ${1}, NULL, NULL, NULL)`.execute(trx);
    await holding;
    throw new Error('rolled back');
  });
  const outside = sql<{ n: number }>`SELECT count(*)::int AS n FROM items WHERE id = ${'w1'}`.execute(handle.db);
  release();
  await assert.rejects(transaction, /rolled back/);
  assert.equal((await outside).rows[0]!.n, 0, 'the outside read ran after the rollback, not inside the transaction');
});

test('after DDL run through a session, statements whose result changed are prepared again', async () => {
  const before = await sql<Record<string, unknown>>`SELECT * FROM items WHERE id = ${'a'}`.execute(handle.db);
  assert.equal('extra' in before.rows[0]!, false);
  await handle.session((exec) => exec("ALTER TABLE items ADD COLUMN extra text DEFAULT 'x'"));
  const afterDdl = await sql<Record<string, unknown>>`SELECT * FROM items WHERE id = ${'a'}`.execute(handle.db);
  assert.equal(afterDdl.rows[0]!.extra, 'x');
});

test('every pass through the protocol is counted as a round trip', async () => {
  const before = handle.roundTrips?.() ?? 0;
  await sql`SELECT 1`.execute(handle.db);
  await handle.db.transaction().execute((trx) => sql`SELECT 2`.execute(trx));
  assert.ok((handle.roundTrips?.() ?? 0) - before >= 4, 'a statement, BEGIN, a statement and COMMIT');
});

test('beyond the limit the least recently used statements are closed, and a closed one is prepared again', async () => {
  const pglite = await PGlite.create();
  const statements = new PreparedStatements(pglite);
  try {
    const distinct = (index: number) => statements.run(`SELECT $1::int + ${index} AS v`, [index], false);
    for (let index = 0; index <= PREPARED_STATEMENTS_LIMIT + 5; index += 1) await distinct(index);
    const { rows } = await pglite.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_prepared_statements');
    assert.ok(rows[0]!.n <= PREPARED_STATEMENTS_LIMIT + 1, `${rows[0]!.n} statements stay prepared`);
    assert.equal((await distinct(0)).rows[0]!.v, 0);
  } finally {
    await pglite.close();
  }
});

test('the database works on its own thread: the event loop keeps turning while a long statement runs', async () => {
  let turns = 0;
  let running = true;
  const spin = () => {
    if (!running) return;
    turns += 1;
    setImmediate(spin);
  };
  const statement = sql<{ n: number }>`SELECT count(*)::int AS n FROM generate_series(1, 2000000) AS g(v) WHERE v % 7 = 0`.execute(handle.db);
  setImmediate(spin);
  const { rows } = await statement;
  running = false;
  assert.equal(rows[0]!.n, Math.floor(2_000_000 / 7));
  // On the event loop, PGlite would run the statement in one synchronous call: no turn between.
  assert.ok(turns > 1, `the loop turned ${turns} times while the statement ran`);
});

test('values that are objects with a text form (a decimal, say) reach the database as that text', async () => {
  const amount = new Decimal('42.15');
  const { rows } = await sql<{ v: string }>`SELECT ${amount}::numeric::text AS v`.execute(handle.db);
  assert.equal(rows[0]!.v, '42.15');
});

test('bytes given for a text parameter are its UTF-8 text (as node-postgres sends them); for bytea they stay bytes', async () => {
  const text = '[{"nombre":"ESPAÑOLA € 😀","xml":"<a b=\\"c\\"/>"}]';
  const bytes = new TextEncoder().encode(text);
  const { rows } = await sql<{ v: string; n: string; raw: string }>`
    SELECT ${bytes}::text AS v, (${bytes}::text::json -> 0 ->> 'nombre') AS n, encode(${new Uint8Array([0, 255])}::bytea, 'hex') AS raw`.execute(handle.db);
  assert.equal(rows[0]!.v, text);
  assert.equal(rows[0]!.n, 'ESPAÑOLA € 😀');
  assert.equal(rows[0]!.raw, '00ff');
});

test('a closed database refuses statements with an error, and closing twice is harmless', async () => {
  const other = await openDatabase({});
  await other.close();
  await other.close();
  await assert.rejects(sql`SELECT 1`.execute(other.db));
});

test('a database thread that stops unasked is lost: listeners are told once, and every statement fails as unavailable (503)', async () => {
  const host = await PgliteHost.start(undefined);
  const db = new Kysely<Record<string, never>>({ dialect: pgliteHostDialect(host) });
  const lost: Error[] = [];
  host.onLost((error) => lost.push(error));
  assert.equal((await sql<{ n: number }>`SELECT 1 AS n`.execute(db)).rows[0]!.n, 1);
  // Terminating the thread from outside stands in for a crash of PGlite's WebAssembly engine.
  await (host as unknown as { worker: Worker }).worker.terminate();
  await assert.rejects(sql`SELECT 1`.execute(db), DatabaseUnavailableError);
  await assert.rejects(
    db.transaction().execute((trx) => sql`SELECT 1`.execute(trx)),
    DatabaseUnavailableError,
  );
  assert.equal(lost.length, 1);
  assert.ok(lost[0] instanceof DatabaseUnavailableError);
  const problem = toApiError(await sql`SELECT 1`.execute(db).catch((error: unknown) => error));
  assert.equal(problem.code, 'service.unavailable');
  assert.equal(problem.status, 503);
  assert.ok(Number(problem.headers['Retry-After']) > 0);
  await host.close();
  assert.equal(lost.length, 1);
});

test('closing the database is not losing it: no listener is told', async () => {
  const host = await PgliteHost.start(undefined);
  const lost: Error[] = [];
  host.onLost((error) => lost.push(error));
  await host.close();
  await assert.rejects(host.call({ op: 'forget' }), DatabaseUnavailableError);
  assert.deepEqual(lost, []);
});

test('a database on disk whose thread died opens again with every committed write and nothing of the transaction cut short', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'invoicing-pglite-lost-'));
  try {
    const host = await PgliteHost.start(dataDir);
    const db = new Kysely<Record<string, never>>({ dialect: pgliteHostDialect(host) });
    await sql`CREATE TABLE notes (id int PRIMARY KEY, body text NOT NULL)`.execute(db);
    for (let id = 0; id < 50; id += 1) await sql`INSERT INTO notes VALUES (${id}, repeat('x', 1000))`.execute(db);
    let inserted = 0;
    let cut!: () => void;
    const halfway = new Promise<void>((resolve) => {
      cut = resolve;
    });
    const transaction = db.transaction().execute(async (trx) => {
      for (let id = 50; id < 100; id += 1) {
        await sql`INSERT INTO notes VALUES (${id}, repeat('y', 1000))`.execute(trx);
        if (++inserted === 10) cut();
      }
    });
    await halfway;
    await (host as unknown as { worker: Worker }).worker.terminate();
    await assert.rejects(transaction, DatabaseUnavailableError);

    const reopened = await PgliteHost.start(dataDir);
    try {
      const again = new Kysely<Record<string, never>>({ dialect: pgliteHostDialect(reopened) });
      const { rows } = await sql<{ n: number; last: number }>`SELECT count(*)::int AS n, max(id) AS last FROM notes`.execute(again);
      assert.deepEqual(rows[0], { n: 50, last: 49 });
    } finally {
      await reopened.close();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

test("the database's thread keeps a small young generation, and rows of megabytes still pass through it", async () => {
  const host = await PgliteHost.start(undefined);
  const db = new Kysely<Record<string, never>>({ dialect: pgliteHostDialect(host) });
  try {
    assert.equal((host as unknown as { worker: Worker }).worker.resourceLimits?.maxYoungGenerationSizeMb, PGLITE_THREAD_LIMITS.maxYoungGenerationSizeMb);
    const { rows } = await sql<{ text: string }>`SELECT repeat('x', 8 * 1024 * 1024) AS text FROM generate_series(1, 2)`.execute(db);
    assert.deepEqual(
      rows.map((row) => row.text.length),
      [8 * 1024 * 1024, 8 * 1024 * 1024],
    );
  } finally {
    await db.destroy();
  }
});
