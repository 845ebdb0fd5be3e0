import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { PGlite } from '@electric-sql/pglite';
import { Decimal } from 'decimal.js';
import { sql } from 'kysely';
import { openDatabase, type DatabaseHandle } from './database.ts';
import { PREPARED_STATEMENTS_LIMIT, PreparedStatements } from './pglite-statements.ts';

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

test('a closed database refuses statements with an error, and closing twice is harmless', async () => {
  const other = await openDatabase({});
  await other.close();
  await other.close();
  await assert.rejects(sql`SELECT 1`.execute(other.db));
});
