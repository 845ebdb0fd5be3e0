import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../support/app.ts';

// Runs on PGlite by default and on PostgreSQL when TEST_DATABASE_URL is set (a pool of several
// connections, so the 50 requests really race inside the database).
const CONCURRENT_REQUESTS = 50;

let t: TestApp;
let org: { organizationId: string; testKey: string; liveKey: string };

before(async () => {
  t = await createTestApp();
  org = await t.bootstrap('Concurrency org');
});

after(async () => {
  await t.close();
});

/** Sorts the answers: the one that did the work, replays of it, and in-flight refusals. */
function classify(responses: LightMyRequestResponse[]) {
  const created = responses.filter((response) => response.statusCode === 201 && response.headers['idempotent-replayed'] === undefined);
  const replays = responses.filter((response) => response.headers['idempotent-replayed'] === 'true');
  const processing = responses.filter((response) => response.statusCode === 409 && response.json().code === 'idempotency.key_processing');
  const serverErrors = responses.filter((response) => response.statusCode >= 500);
  return { created, replays, processing, serverErrors };
}

function fire(url: string, payload: object, idempotencyKey: string): Promise<LightMyRequestResponse[]> {
  const send = () =>
    t.app.server.inject({
      method: 'POST',
      url,
      payload,
      headers: { authorization: `Bearer ${org.testKey}`, 'idempotency-key': idempotencyKey },
    });
  return Promise.all(Array.from({ length: CONCURRENT_REQUESTS }, send));
}

async function listLength(url: string): Promise<number> {
  const response = await t.request({ method: 'GET', url: `${url}?limit=100`, key: org.testKey });
  assert.equal(response.statusCode, 200);
  return response.json().data.length;
}

test(`${CONCURRENT_REQUESTS} identical POST /v1/accounts with one key create exactly one account`, async () => {
  const before = await listLength('/v1/accounts');
  const responses = await fire('/v1/accounts', { name: 'Raced account' }, 'race-accounts');
  const { created, replays, processing, serverErrors } = classify(responses);
  assert.deepEqual(
    serverErrors.map((response) => response.body),
    [],
  );
  assert.equal(created.length, 1);
  assert.equal(replays.length + processing.length, CONCURRENT_REQUESTS - 1);
  for (const replay of replays) assert.deepEqual(replay.rawPayload, created[0]!.rawPayload);
  assert.equal(await listLength('/v1/accounts'), before + 1);
});

test(`${CONCURRENT_REQUESTS} identical POST /v1/api_keys with one key create exactly one key`, async () => {
  const before = await listLength('/v1/api_keys');
  const responses = await fire('/v1/api_keys', { name: 'Raced key', mode: 'test' }, 'race-api-keys');
  const { created, replays, processing, serverErrors } = classify(responses);
  assert.deepEqual(
    serverErrors.map((response) => response.body),
    [],
  );
  assert.equal(created.length, 1);
  assert.equal(replays.length + processing.length, CONCURRENT_REQUESTS - 1);
  assert.equal(await listLength('/v1/api_keys'), before + 1);
});

test('after the race, a late retry is a replay of the one response', async () => {
  const newest = await t.request({ method: 'GET', url: '/v1/accounts?limit=1', key: org.testKey });
  const late = await t.request({
    method: 'POST',
    url: '/v1/accounts',
    key: org.testKey,
    payload: { name: 'Raced account' },
    headers: { 'idempotency-key': 'race-accounts' },
  });
  assert.equal(late.headers['idempotent-replayed'], 'true');
  assert.equal(late.json().id, newest.json().data[0].id);
});
