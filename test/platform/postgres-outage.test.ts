/**
 * A PostgreSQL server that dies under traffic and comes back: the process keeps running, answers
 * 503 service.unavailable (never 500) and not-ready while the server is gone, and serves again
 * once it is back, without a restart. The server is one of the test's own (it is crashed with
 * `pg_ctl stop -m immediate`), never the shared TEST_DATABASE_URL one.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { openDatabase } from '../../src/platform/db/database.ts';
import { startReceiver, type Receiver } from '../support/webhook-receiver.ts';
import { createInvoicesTestApp, invoiceRequest, registerProfile, type InvoicesTestApp, type Keys } from '../invoices/support.ts';
import { skipWithoutPostgresBinaries, startPostgresServer, type PostgresServer } from '../support/postgres-server.ts';

type Phase = 'up' | 'stopping' | 'down' | 'starting' | 'back';

interface Outcome {
  /** The server's state when the request was sent. */
  sentWhile: Phase;
  kind: 'create' | 'list';
  tag: string | undefined;
  status: number;
  code: string | undefined;
  retryAfter: string | undefined;
  id: string | undefined;
}

// biome-ignore lint/suspicious/noExplicitAny: a test reads any member of an API answer
type Json = any;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it holds, at most `attempts` times; the test fails with `what` otherwise. */
async function eventually(what: string, check: () => Promise<boolean> | boolean, attempts = 300, everyMs = 100): Promise<void> {
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    if (await check()) return;
    await pause(everyMs);
  }
  assert.fail(`never happened: ${what}`);
}

describe('a PostgreSQL outage under traffic', { skip: skipWithoutPostgresBinaries }, () => {
  let server: PostgresServer;
  let t: InvoicesTestApp;
  let keys: Keys;
  let profileId: string;
  let receiver: Receiver;
  let phase: Phase = 'up';
  const outcomes: Outcome[] = [];
  let traffic: Promise<void> | undefined;
  let trafficRunning = false;
  let created = 0;

  before(async () => {
    server = await startPostgresServer();
    const database = await openDatabase({ url: server.url, poolSize: 5 });
    t = await createInvoicesTestApp({ database });
    keys = await t.bootstrap();
    profileId = (await registerProfile(t, keys.testKey)).id;
    receiver = await startReceiver();
    const endpoint = await t.request({
      method: 'POST',
      url: '/v1/webhook_endpoints',
      key: keys.testKey,
      payload: { url: receiver.url, enabled_events: ['invoice.created'] },
    });
    assert.equal(endpoint.statusCode, 201, endpoint.body);
    t.app.services.jobs.start();
  });

  after(async () => {
    trafficRunning = false;
    await traffic;
    await t?.close();
    await receiver?.close();
    await server?.destroy();
  });

  async function send(client: number, round: number): Promise<void> {
    const sentWhile = phase;
    const create = round % 2 === 0;
    const tag = create ? `c${client}-r${round}` : undefined;
    const response = create
      ? await t.request({ method: 'POST', url: '/v1/invoices', key: keys.testKey, payload: invoiceRequest(profileId, { metadata: { tag } }) })
      : await t.request({ method: 'GET', url: '/v1/invoices?limit=5', key: keys.testKey });
    const body: Json = response.headers['content-type']?.toString().includes('json') ? response.json() : undefined;
    if (create && response.statusCode === 201) created += 1;
    outcomes.push({
      sentWhile,
      kind: create ? 'create' : 'list',
      tag,
      status: response.statusCode,
      code: body?.code,
      retryAfter: response.headers['retry-after']?.toString(),
      id: create && response.statusCode === 201 ? body.id : undefined,
    });
  }

  function startTraffic(clients: number): void {
    trafficRunning = true;
    traffic = Promise.all(
      Array.from({ length: clients }, async (_, client) => {
        for (let round = 0; trafficRunning; round += 1) await send(client, round);
      }),
    ).then(() => undefined);
  }

  /** Every object of a list, page by page. */
  async function listAll(path: string): Promise<Json[]> {
    const objects: Json[] = [];
    const separator = path.includes('?') ? '&' : '?';
    for (let cursor: string | undefined, more = true; more; ) {
      const url = `${path}${separator}limit=100${cursor ? `&starting_after=${cursor}` : ''}`;
      const response = await t.request({ method: 'GET', url, key: keys.testKey });
      assert.equal(response.statusCode, 200, response.body);
      const page = response.json();
      objects.push(...page.data);
      more = page.has_more;
      cursor = page.data.at(-1)?.id;
    }
    return objects;
  }

  const sentWhile = (...phases: Phase[]) => outcomes.filter((outcome) => phases.includes(outcome.sentWhile));

  test('while the server is down every request answers 503 service.unavailable with Retry-After, none 500, and /readyz is 503 while /healthz stays up', async () => {
    startTraffic(4);
    await eventually('ten invoices created before the outage', () => created >= 10);
    phase = 'stopping';
    await server.stop();
    phase = 'down';
    await eventually('twenty answers to requests sent during the outage', () => sentWhile('down').length >= 20);

    const ready = await t.request({ method: 'GET', url: '/readyz' });
    assert.equal(ready.statusCode, 503);
    const database = ready.json().checks.find((check: { name: string }) => check.name === 'database');
    assert.equal(database.ok, false);
    assert.match(database.detail, /not reachable/);
    const live = await t.request({ method: 'GET', url: '/healthz' });
    assert.equal(live.statusCode, 200, 'the process is alive: a liveness probe must not have it restarted');

    const down = sentWhile('down');
    assert.deepEqual(
      down.filter((outcome) => outcome.status !== 503 || outcome.code !== 'service.unavailable'),
      [],
      'every request sent during the outage answers 503 service.unavailable',
    );
    assert.ok(
      down.every((outcome) => outcome.retryAfter !== undefined && Number(outcome.retryAfter) > 0),
      'every 503 carries Retry-After',
    );
    assert.ok(down.some((outcome) => outcome.kind === 'create') && down.some((outcome) => outcome.kind === 'list'));
  });

  test('once the server is back the same process serves again: /readyz ready, reads and writes succeed', async () => {
    phase = 'starting';
    await server.start();
    phase = 'back';
    await eventually('/readyz ready again', async () => (await t.request({ method: 'GET', url: '/readyz' })).statusCode === 200);
    const before = sentWhile('back').length;
    await eventually('twenty answers after the restart', () => sentWhile('back').length >= before + 20);
    trafficRunning = false;
    await traffic;
    const recovered = sentWhile('back').slice(before);
    assert.deepEqual(
      recovered.filter((outcome) => outcome.status >= 300),
      [],
      'every request after the restart succeeds',
    );
    const fresh = await t.request({
      method: 'POST',
      url: '/v1/invoices',
      key: keys.testKey,
      payload: invoiceRequest(profileId, { metadata: { tag: 'after' } }),
    });
    assert.equal(fresh.statusCode, 201, fresh.body);
  });

  test('no request answered 500 at any moment, the crash itself included', () => {
    assert.deepEqual(
      outcomes.filter((outcome) => outcome.status >= 500 && outcome.status !== 503),
      [],
    );
    assert.deepEqual(
      outcomes.filter((outcome) => outcome.status === 503 && outcome.code !== 'service.unavailable'),
      [],
    );
  });

  test('an invoice create cut by the outage exists completely or not at all', async () => {
    const invoices = await listAll('/v1/invoices');
    const events = await listAll('/v1/events?type=invoice.created');
    const tags = invoices.map((invoice) => invoice.metadata.tag as string);
    assert.equal(new Set(tags).size, tags.length, 'no request created two invoices');
    assert.equal(new Set(invoices.map((invoice) => invoice.folio)).size, invoices.length, 'no folio was given twice');
    // Complete: each invoice has its invoice.created event, and no event names a missing invoice.
    assert.deepEqual(events.map((event) => event.data.object.id).sort(), invoices.map((invoice) => invoice.id).sort());
    for (const outcome of outcomes.filter((entry) => entry.kind === 'create')) {
      const stored = invoices.find((invoice) => invoice.metadata.tag === outcome.tag);
      if (outcome.status === 201) assert.equal(stored?.id, outcome.id, `the invoice answered 201 for ${outcome.tag} is stored`);
      else assert.ok(stored === undefined || stored.items.length === 1, `the invoice of ${outcome.tag} (answered ${outcome.status}) is absent or whole`);
    }
  });

  test('the job worker kept running: every invoice.created event is delivered to the webhook endpoint', async () => {
    const events = await listAll('/v1/events?type=invoice.created');
    assert.ok(events.length > created / 2);
    // A delivery claimed when the server died is attempted again when its lease lapses.
    t.clock.advance(120_000);
    await eventually(
      'every invoice.created event delivered',
      () => {
        const delivered = new Set(receiver.received.map((request) => request.headers['webhook-id']));
        return events.every((event) => delivered.has(event.id));
      },
      600,
    );
  });
});
