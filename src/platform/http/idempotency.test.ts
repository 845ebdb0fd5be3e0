import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../../../test/support/app.ts';
import { ManualClock } from '../clock.ts';
import { ApiError } from '../errors/api-error.ts';
import { ERROR_CATALOG_ES } from '../errors/catalog-es.ts';
import { IDEMPOTENCY_LOCK_MS, IDEMPOTENCY_WINDOW_MS } from './idempotency.ts';

const clock = new ManualClock();
let t: TestApp;
let org: { organizationId: string; testKey: string; liveKey: string };
let other: { organizationId: string; testKey: string; liveKey: string };
const calls = { echo: 0, crash: 0, reject: 0, busy: 0, slow: 0 };
let releaseSlow!: () => void;
let slowStarted!: () => void;

before(async () => {
  t = await createTestApp({ clock });
  addProbeRoutes(t);
  org = await t.bootstrap('Idempotency org');
  other = await t.bootstrap('Another org');
});

after(async () => {
  await t.close();
});

// Routes that exercise each kind of outcome; registered before the server is ready.
function addProbeRoutes(testApp: TestApp): void {
  const server = testApp.app.server;
  server.post('/v1/probe/echo', async (request, reply) => {
    calls.echo += 1;
    return reply.code(201).send({ object: 'echo', call: calls.echo, body: request.body ?? null });
  });
  server.post('/v1/probe/crash', async (_request, reply) => {
    calls.crash += 1;
    if (calls.crash === 1) throw new Error('the process fell over');
    return reply.code(201).send({ object: 'crash', call: calls.crash });
  });
  server.post('/v1/probe/reject', async () => {
    calls.reject += 1;
    throw new ApiError('cfdi.invalid_input', `Rejected on call ${calls.reject}.`);
  });
  server.post('/v1/probe/busy', async () => {
    calls.busy += 1;
    throw new ApiError('invoice.folio_contention', 'Folio taken concurrently.', { headers: { 'Retry-After': '1' } });
  });
  server.post('/v1/probe/binary', async (_request, reply) => reply.type('application/pdf').send(Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0xff, 0x0a])));
  server.post('/v1/probe/secret', { config: { idempotencySealed: true } }, async (_request, reply) =>
    reply.code(201).send({ object: 'endpoint', id: 'we_1', secret: 'whsec_only_once' }),
  );
  server.post('/v1/probe/slow', async (_request, reply) => {
    const call = ++calls.slow;
    if (call === 1) {
      slowStarted();
      await new Promise<void>((resolve) => {
        releaseSlow = resolve;
      });
    }
    return reply.code(201).send({ object: 'slow', call });
  });
}

function post(url: string, key: string, idempotencyKey: string | undefined, payload?: object, headers: Record<string, string> = {}) {
  return t.request({
    method: 'POST',
    url,
    key,
    ...(payload ? { payload } : {}),
    headers: { ...(idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey }), ...headers },
  });
}

function assertReplayOf(replay: LightMyRequestResponse, original: LightMyRequestResponse): void {
  assert.equal(replay.headers['idempotent-replayed'], 'true');
  assert.equal(replay.statusCode, original.statusCode);
  assert.equal(replay.headers['content-type'], original.headers['content-type']);
  assert.deepEqual(replay.rawPayload, original.rawPayload);
  assert.notEqual(replay.headers['request-id'], original.headers['request-id'], 'the replay has its own request id');
}

async function accountCount(key: string): Promise<number> {
  const response = await t.request({ method: 'GET', url: '/v1/accounts?limit=100', key });
  return response.json().data.length;
}

test('a retried POST replays the first response byte for byte and creates nothing more', async () => {
  const before = await accountCount(org.testKey);
  const first = await post('/v1/accounts', org.testKey, 'create-account-1', { name: 'Shop', metadata: { a: '1', b: '2' } });
  assert.equal(first.statusCode, 201);
  assert.equal(first.headers['idempotent-replayed'], undefined);
  // Members in another order are the same request.
  const second = await post('/v1/accounts', org.testKey, 'create-account-1', { metadata: { b: '2', a: '1' }, name: 'Shop' });
  assertReplayOf(second, first);
  assert.equal(second.headers['invoice-version'], first.headers['invoice-version']);
  assert.equal(await accountCount(org.testKey), before + 1);
});

test('a key reused with another body or path is 409 idempotency.key_reuse', async () => {
  const first = await post('/v1/probe/echo', org.testKey, 'reuse-1', { n: 1 });
  assert.equal(first.statusCode, 201);
  for (const [url, payload] of [
    ['/v1/probe/echo', { n: 2 }],
    ['/v1/accounts', { name: 'Valid account body' }],
  ] as const) {
    const reused = await post(url, org.testKey, 'reuse-1', payload);
    assert.equal(reused.statusCode, 409);
    assert.equal(reused.json().code, 'idempotency.key_reuse');
    assert.match(String(reused.headers['content-type']), /^application\/problem\+json/);
  }
});

test('keys are scoped per organization, per mode and per connected account', async () => {
  const start = calls.echo;
  const responses = [
    await post('/v1/probe/echo', org.testKey, 'shared-key', { who: 'org test' }),
    await post('/v1/probe/echo', org.liveKey, 'shared-key', { who: 'org live' }),
    await post('/v1/probe/echo', other.testKey, 'shared-key', { who: 'other test' }),
  ];
  const account = await post('/v1/accounts', org.testKey, undefined, { name: 'Connected' });
  responses.push(await post('/v1/probe/echo', org.testKey, 'shared-key', { who: 'as account' }, { 'invoice-account': account.json().id }));
  for (const response of responses) {
    assert.equal(response.statusCode, 201);
    assert.equal(response.headers['idempotent-replayed'], undefined);
  }
  assert.equal(calls.echo, start + 4);
});

test('the same key in test and live mode creates two independent resources', async () => {
  const testResponse = await post('/v1/accounts', org.testKey, 'mode-key', { name: 'Twin' });
  const liveResponse = await post('/v1/accounts', org.liveKey, 'mode-key', { name: 'Twin' });
  assert.equal(liveResponse.headers['idempotent-replayed'], undefined);
  assert.notEqual(liveResponse.json().id, testResponse.json().id);
});

test('Idempotency-Key must be 1 to 255 printable characters', async () => {
  for (const key of ['', 'x'.repeat(256), 'tab\there']) {
    const response = await post('/v1/probe/echo', org.testKey, key, { n: 1 });
    assert.equal(response.statusCode, 400, JSON.stringify(key));
    assert.equal(response.json().code, 'idempotency.key_invalid');
  }
  assert.equal((await post('/v1/probe/echo', org.testKey, `${'y'.repeat(254)}~`, { n: 1 })).statusCode, 201);
});

test('a 4xx problem is stored and replayed; a response with Retry-After is not', async () => {
  const first = await post('/v1/probe/reject', org.testKey, 'reject-1', { n: 1 });
  assert.equal(first.statusCode, 422);
  assertReplayOf(await post('/v1/probe/reject', org.testKey, 'reject-1', { n: 1 }), first);
  assert.equal(calls.reject, 1);

  assert.equal((await post('/v1/probe/busy', org.testKey, 'busy-1')).statusCode, 409);
  const retried = await post('/v1/probe/busy', org.testKey, 'busy-1');
  assert.equal(retried.json().code, 'invoice.folio_contention');
  assert.equal(retried.headers['idempotent-replayed'], undefined);
  assert.equal(calls.busy, 2);
});

test('a replayed problem keeps the language of the first answer, with its Content-Language, whatever the retry asks for', async () => {
  const first = await post('/v1/probe/reject', org.testKey, 'reject-language-1', { n: 2 }, { 'accept-language': 'es-MX' });
  assert.equal(first.headers['content-language'], 'es-MX');
  assert.equal(first.json().title, ERROR_CATALOG_ES['cfdi.invalid_input'].title);
  const retried = await post('/v1/probe/reject', org.testKey, 'reject-language-1', { n: 2 }, { 'accept-language': 'en' });
  assertReplayOf(retried, first);
  assert.equal(retried.headers['content-language'], 'es-MX');
});

test('a request that crashed (500) releases its key so that the retry runs', async () => {
  const crashed = await post('/v1/probe/crash', org.testKey, 'crash-1');
  assert.equal(crashed.statusCode, 500);
  const retried = await post('/v1/probe/crash', org.testKey, 'crash-1');
  assert.equal(retried.statusCode, 201);
  assert.equal(retried.headers['idempotent-replayed'], undefined);
  assertReplayOf(await post('/v1/probe/crash', org.testKey, 'crash-1'), retried);
  assert.equal(calls.crash, 2);
});

test('a binary body is replayed byte for byte', async () => {
  const first = await post('/v1/probe/binary', org.testKey, 'binary-1');
  assert.equal(first.headers['content-type'], 'application/pdf');
  assertReplayOf(await post('/v1/probe/binary', org.testKey, 'binary-1'), first);
});

test('a response with a one-time secret is stored only encrypted, and replayed byte for byte, secret included', async () => {
  const first = await post('/v1/probe/secret', org.testKey, 'secret-1');
  assert.equal(first.json().secret, 'whsec_only_once');
  const replay = await post('/v1/probe/secret', org.testKey, 'secret-1');
  assert.equal(replay.headers['idempotent-replayed'], 'true');
  assertReplayOf(replay, first);
  const rows = await t.app.services.db.selectFrom('idempotency_keys').select(['response_body', 'response_headers']).where('key', '=', 'secret-1').execute();
  assert.equal(rows.length, 1);
  for (const row of rows) {
    assert.ok(row.response_body && !row.response_body.includes('whsec_') && !row.response_body.includes('we_1'), 'nothing of the body is readable');
    assert.equal(row.response_headers?.[':body-encoding'], 'sealed');
  }
  // Bound to its row: the same sealed body under another key does not open.
  await t.app.services.db.updateTable('idempotency_keys').set({ key: 'secret-moved' }).where('key', '=', 'secret-1').execute();
  const moved = await post('/v1/probe/secret', org.testKey, 'secret-moved');
  assert.equal(moved.statusCode, 500);
});

test('an in-flight key answers 409 key_processing; a lapsed claim is taken over and fenced', async () => {
  const started = new Promise<void>((resolve) => {
    slowStarted = resolve;
  });
  const first = post('/v1/probe/slow', org.testKey, 'slow-1');
  await started;
  const concurrent = await post('/v1/probe/slow', org.testKey, 'slow-1');
  assert.equal(concurrent.statusCode, 409);
  assert.equal(concurrent.json().code, 'idempotency.key_processing');

  // The first request's process is presumed dead once its claim lapses: a retry takes over.
  clock.advance(IDEMPOTENCY_LOCK_MS);
  const takeover = await post('/v1/probe/slow', org.testKey, 'slow-1');
  assert.equal(takeover.statusCode, 201);
  assert.equal(takeover.json().call, 2);
  releaseSlow();
  assert.equal((await first).json().call, 1);
  // The late first request could not overwrite the stored response of the takeover.
  assertReplayOf(await post('/v1/probe/slow', org.testKey, 'slow-1'), takeover);
});

test('a stored response expires after 24 hours and the purge job deletes it', async () => {
  const first = await post('/v1/accounts', other.testKey, 'expiring-1', { name: 'Expiring' });
  const countAfterFirst = await accountCount(other.testKey);
  clock.advance(IDEMPOTENCY_WINDOW_MS - 1);
  assertReplayOf(await post('/v1/accounts', other.testKey, 'expiring-1', { name: 'Expiring' }), first);
  clock.advance(1);
  const fresh = await post('/v1/accounts', other.testKey, 'expiring-1', { name: 'Expiring' });
  assert.equal(fresh.statusCode, 201);
  assert.equal(fresh.headers['idempotent-replayed'], undefined);
  assert.equal(await accountCount(other.testKey), countAfterFirst + 1);

  const keys = () => t.app.services.db.selectFrom('idempotency_keys').select('key').where('organization_id', '=', other.organizationId).execute();
  assert.ok((await keys()).length >= 2);
  await post('/v1/probe/echo', other.testKey, 'recent-1', { n: 1 });
  clock.advance(IDEMPOTENCY_WINDOW_MS + 60_000);
  await post('/v1/probe/echo', other.testKey, 'recent-2', { n: 1 });
  await t.app.services.jobs.runDue();
  assert.deepEqual(
    (await keys()).map((row) => row.key),
    ['recent-2'],
  );
});

test('DELETE honours Idempotency-Key too (SPEC: API key revocation)', async () => {
  const created = await post('/v1/api_keys', org.testKey, undefined, { name: 'To revoke', mode: 'test' });
  const revoke = () => t.request({ method: 'DELETE', url: `/v1/api_keys/${created.json().id}`, key: org.testKey, headers: { 'idempotency-key': 'revoke-1' } });
  const first = await revoke();
  assert.equal(first.statusCode, 200);
  assert.equal(first.json().revoked, true);
  assertReplayOf(await revoke(), first);
});
