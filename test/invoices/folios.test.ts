/**
 * Folios under concurrency, on the database of the run: the embedded PGlite, or PostgreSQL when
 * TEST_DATABASE_URL is set (CI runs the suite both ways).
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import { invoiceRequest, openInvoicesFixture, type InvoicesTestApp, type Keys } from './support.ts';

let t: InvoicesTestApp;
let keys: Keys;
let profileId: string;

before(async () => {
  ({ t, keys, profileId } = await openInvoicesFixture());
});
after(() => t.close());

const create = (overrides: Record<string, unknown>) =>
  t.request({ method: 'POST', url: '/v1/invoices', key: keys.testKey, payload: invoiceRequest(profileId, overrides) });

test('50 concurrent creates of one serie receive 50 different folios, 1 to 50', async () => {
  const responses = await Promise.all(Array.from({ length: 50 }, () => create({ serie: 'C50' })));
  for (const response of responses) assert.equal(response.statusCode, 201, response.body);
  const folios = responses.map((response) => Number(response.json().folio)).sort((a, b) => a - b);
  assert.deepEqual(
    folios,
    Array.from({ length: 50 }, (_, index) => index + 1),
  );
});

test('concurrent automatic and explicit folios of one serie never collide', async () => {
  const explicit = ['3', '7', '8', '20'];
  const requests = [
    ...Array.from({ length: 30 }, () => create({ serie: 'MIX' })),
    ...explicit.map((folio) => create({ serie: 'MIX', folio })),
    ...explicit.map((folio) => create({ serie: 'MIX', folio })),
  ];
  const responses = await Promise.all(requests);
  const created = responses.filter((response) => response.statusCode === 201).map((response) => response.json().folio as string);
  const refused = responses.filter((response) => response.statusCode === 409).map((response) => response.json().code as string);
  assert.equal(new Set(created).size, created.length, 'no folio twice');
  assert.equal(created.length + refused.length, requests.length);
  assert.ok(
    refused.every((code) => code === 'invoice.folio_taken'),
    refused.join(),
  );
  assert.ok(
    responses.slice(0, 30).every((response) => response.statusCode === 201),
    'every automatic create got a folio',
  );
  // An explicit folio is either taken by its first request or was reached by the counter first.
  for (const folio of explicit) assert.equal(created.filter((item) => item === folio).length, 1);
});

test("a create that cannot take its serie's lock in time answers 409 folio_contention with Retry-After", {
  skip: process.env.TEST_DATABASE_URL ? false : 'needs PostgreSQL (TEST_DATABASE_URL): PGlite has one connection',
}, async () => {
  // An app of its own: the lock's timeout is one of the dependencies an app is built with.
  const own = await openInvoicesFixture({ deps: { invoices: (made) => ({ ...made, folioLockTimeoutMs: 200 }) } });
  const lockCreate = (headers: Record<string, string> = {}) =>
    own.t.request({ method: 'POST', url: '/v1/invoices', key: own.keys.testKey, payload: invoiceRequest(own.profileId, { serie: 'LOCK' }), headers });
  try {
    assert.equal((await lockCreate()).statusCode, 201);
    await own.t.app.services.db.transaction().execute(async (trx) => {
      await sql`SELECT last_folio FROM invoice_folios WHERE fiscal_profile_id = ${own.profileId} AND serie = 'LOCK' FOR UPDATE`.execute(trx);
      const blocked = await lockCreate({ 'idempotency-key': 'contended-1' });
      assert.equal(blocked.statusCode, 409);
      assert.equal(blocked.json().code, 'invoice.folio_contention');
      assert.equal(blocked.headers['retry-after'], '1');
    });
    const retried = await lockCreate({ 'idempotency-key': 'contended-1' });
    assert.equal(retried.statusCode, 201, 'the contention answer did not use up the Idempotency-Key');
    assert.equal(retried.json().folio, '2');
  } finally {
    await own.t.close();
  }
});

test('the counter skips numbers taken explicitly, past the highest one, and the event carries the folio assigned', async () => {
  for (const folio of ['2', '3', '7']) assert.equal((await create({ serie: 'SKIP', folio })).statusCode, 201);
  const folios: string[] = [];
  for (let index = 0; index < 3; index += 1) {
    const response = await create({ serie: 'SKIP' });
    assert.equal(response.statusCode, 201, response.body);
    folios.push(response.json().folio);
  }
  // 1 is free; 2 is taken, so the counter moves past the highest numeric folio (7).
  assert.deepEqual(folios, ['1', '8', '9']);
  const events = (await t.request({ method: 'GET', url: '/v1/events?type=invoice.created&limit=3', key: keys.testKey })).json();
  assert.deepEqual(
    events.data.map((event: { data: { object: { folio: string; serie: string } } }) => event.data.object.folio),
    ['9', '8', '1'],
  );
  const stored = await sql<{ folio: string; model_folio: string }>`
    SELECT folio, comprobante->>'Folio' AS model_folio FROM invoices WHERE serie = 'SKIP' AND fiscal_profile_id = ${profileId} ORDER BY folio::int`.execute(
    t.app.services.db,
  );
  assert.ok(
    stored.rows.every((row) => row.folio === row.model_folio),
    'the model carries the same folio',
  );
});
