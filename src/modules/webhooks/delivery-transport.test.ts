import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { emitEvent } from '../../../test/support/events.ts';
import type { Resolver } from './url-guard.ts';
import { createWebhookTestApp, type WebhookTestApp } from './webhooks.test-support.ts';
import { assertAllVerified, receiverPool, startReceiver, type Receiver } from '../../../test/support/webhook-receiver.ts';

// The worker's DNS, which a test changes between deliveries. (Registration uses the system's,
// where localhost is a loopback address.)
const dns = new Map<string, string>();
const resolver: Resolver = async (hostname) => {
  const address = dns.get(hostname);
  if (!address) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return [{ address, family: 4 }];
};

describe('webhook delivery: transport safety', () => {
  let t: WebhookTestApp;
  let org: Awaited<ReturnType<WebhookTestApp['bootstrap']>>;
  const receivers = receiverPool(() => t.clock.now());
  before(async () => {
    // A timeout far above any loopback answer, even on a loaded machine: only the endpoint that
    // never answers may time out, so no test here depends on how fast the machine is.
    t = await createWebhookTestApp({ jobs: { resolver, dnsCacheMs: 0, timeoutMs: 2_000, maxResponseBytes: 4096 } });
    org = await t.bootstrap();
  });
  after(async () => {
    await receivers.close();
    await t.close();
  });

  async function hookTo(respond: Receiver['respond'], path = '/hook', host?: string) {
    const inbox = await receivers.start(respond);
    const url = host ? inbox.url.replace('127.0.0.1', host) + path : inbox.url + path;
    const response = await t.request({ method: 'POST', url: '/v1/webhook_endpoints', key: org.testKey, payload: { url } });
    assert.equal(response.statusCode, 201, response.body);
    inbox.secrets.push(response.json().secret);
    return { inbox, hook: response.json() };
  }
  const emit = () =>
    emitEvent(
      t.app.services.db,
      { organizationId: org.organizationId, mode: 'test', type: 'download.updated', object: { object: 'download' } },
      t.app.services,
    );
  const delivery = async (endpointId: string) =>
    (await t.request({ method: 'GET', url: `/v1/webhook_endpoints/${endpointId}/deliveries`, key: org.testKey })).json().data[0];

  test('redirects are not followed: a 3xx is a failed attempt', async () => {
    const target = await startReceiver();
    receivers.all.push(target);
    const { inbox, hook } = await hookTo(() => ({ status: 307, headers: { location: `${target.url}/elsewhere` } }));
    await emit();
    await t.runJobs();
    assert.equal(inbox.received.length, 1);
    assert.equal(target.received.length, 0);
    const row = await delivery(hook.id);
    assert.equal(row.status, 'pending');
    assert.equal(row.response_status, 307);
    assert.match(row.last_error, /redirects are not followed/);
  });

  test('a huge response body is read only up to the cap; the error keeps a short excerpt', async () => {
    const { hook } = await hookTo(() => ({ status: 500, body: 'x'.repeat(2_000_000) }));
    await emit();
    await t.runJobs();
    const row = await delivery(hook.id);
    assert.equal(row.response_status, 500);
    assert.ok(row.last_error.startsWith('HTTP 500: xxx'));
    assert.ok(row.last_error.length <= 500);
  });

  test('a 2xx with a huge body still succeeds', async () => {
    const { hook } = await hookTo(() => ({ status: 200, body: 'y'.repeat(1_000_000) }));
    await emit();
    await t.runJobs();
    assert.equal((await delivery(hook.id)).status, 'succeeded');
  });

  test('an endpoint that does not answer in time is a timed-out attempt, retried later', async () => {
    // The endpoint never answers (until the test closes it): the attempt can only time out.
    const { hook } = await hookTo(() => new Promise(() => {}));
    await emit();
    await t.runJobs();
    const row = await delivery(hook.id);
    assert.equal(row.status, 'pending');
    assert.equal(row.response_status, null);
    assert.match(row.last_error, /Timed out/);
    assert.ok(row.next_attempt_at);
  });

  test('a refused connection is a failed attempt with the network error', async () => {
    const { inbox, hook } = await hookTo(() => ({ status: 200 }));
    await inbox.close();
    await emit();
    await t.runJobs();
    const row = await delivery(hook.id);
    assert.equal(row.status, 'pending');
    assert.match(row.last_error, /ECONNREFUSED/);
  });

  test('the host is resolved again at every delivery and the request goes to the checked address', async () => {
    const { inbox, hook } = await hookTo(() => ({ status: 200 }), '/dns', 'localhost');
    const pending = async () =>
      (await t.request({ method: 'GET', url: `/v1/webhook_endpoints/${hook.id}/deliveries?status=pending`, key: org.testKey })).json().data[0];
    // The worker's DNS says 127.0.0.2, where nothing listens: the connection goes there, not to
    // the 127.0.0.1 the system would answer.
    dns.set('localhost', '127.0.0.2');
    await emit();
    await t.runJobs();
    assert.equal(inbox.received.length, 0);
    assert.match((await pending()).last_error, /ECONNREFUSED 127\.0\.0\.2/);
    dns.set('localhost', '127.0.0.1');
    t.clock.set((await pending()).next_attempt_at);
    await t.runJobs();
    assert.equal(inbox.received.length, 1);
    assert.match(inbox.received[0]!.headers.host!, /^localhost:\d+$/);
    dns.set('localhost', '10.0.0.7');
    await emit();
    await t.runJobs();
    assert.equal(inbox.received.length, 1, 'nothing is sent to a host that now resolves to a private address');
    const refused = await pending();
    assert.match(refused.last_error, /^Not sent: .*resolves to 10\.0\.0\.7/);
    assert.equal(refused.response_status, null);
  });

  test('standardwebhooks verified every delivery above with the endpoint’s secret', () => {
    assert.ok(receivers.all.some((receiver) => receiver.received.length > 0));
    assertAllVerified(receivers.all);
  });
});

describe('webhook URLs in production', () => {
  let t: WebhookTestApp;
  let key: string;
  before(async () => {
    t = await createWebhookTestApp({
      env: { APP_ENV: 'production', LOG_LEVEL: 'silent', MASTER_KEY: Buffer.alloc(32, 7).toString('base64') },
    });
    // Bootstrap is off in production: create the organization and its key directly.
    const { insertOrganization } = await import('../organizations/index.ts');
    const { createApiKey } = await import('../api-keys/index.ts');
    const at = t.clock.now();
    await insertOrganization(t.app.services.db, {
      id: 'org_01m7ybd58eghd4p5sg5m8n9dsm',
      name: 'Prod',
      email: null,
      parent_id: null,
      created_at: at,
      updated_at: at,
    });
    key = (await createApiKey(t.app.services.db, 'org_01m7ybd58eghd4p5sg5m8n9dsm', { name: 'k', mode: 'live', at })).secret;
  });
  after(() => t.close());

  test('registration refuses plain http, loopback and local names', async () => {
    const cases: [string, string][] = [
      ['http://93.184.216.34/', 'webhook.invalid_url'],
      ['https://127.0.0.1/', 'webhook.url_not_allowed'],
      ['https://[::1]/', 'webhook.url_not_allowed'],
      ['https://[::ffff:127.0.0.1]/', 'webhook.url_not_allowed'],
      ['https://localhost/', 'webhook.url_not_allowed'],
      ['https://metadata.google.internal/', 'webhook.url_not_allowed'],
    ];
    for (const [url, code] of cases) {
      const response = await t.request({ method: 'POST', url: '/v1/webhook_endpoints', key, payload: { url } });
      assert.equal(response.statusCode, 422, url);
      assert.equal(response.json().code, code, url);
    }
    const accepted = await t.request({ method: 'POST', url: '/v1/webhook_endpoints', key, payload: { url: 'https://93.184.216.34/hooks' } });
    assert.equal(accepted.statusCode, 201);
    assert.equal(accepted.json().livemode, true);
  });
});
