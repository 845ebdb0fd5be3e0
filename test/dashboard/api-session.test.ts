import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { asBrowser, COOKIE, createDashboardApp, signUp, type Browser, type DashboardApp } from './support.ts';

const HOUR_MS = 60 * 60_000;

describe('a dashboard session on /v1', () => {
  let t: DashboardApp;
  let browser: Browser;
  before(async () => {
    t = await createDashboardApp();
    browser = await signUp(t);
  });
  after(() => t.close());

  test('acts as its organization in test mode by default, and never sees live data (nor live its test data)', async () => {
    const created = await asBrowser(t, browser, { method: 'POST', url: '/v1/webhook_endpoints', payload: { url: 'http://127.0.0.1:9/test' } });
    assert.equal(created.statusCode, 201, created.body);
    assert.equal(created.json().livemode, false);
    const live = await asBrowser(t, browser, {
      method: 'POST',
      url: '/v1/webhook_endpoints',
      headers: { 'invoice-mode': 'live' },
      payload: { url: 'http://127.0.0.1:9/live' },
    });
    assert.equal(live.statusCode, 201, live.body);
    assert.equal(live.json().livemode, true);
    const testList = await asBrowser(t, browser, { method: 'GET', url: '/v1/webhook_endpoints', headers: { 'invoice-mode': 'test' } });
    assert.deepEqual(
      testList.json().data.map((item: { id: string }) => item.id),
      [created.json().id],
    );
    const liveList = await asBrowser(t, browser, { method: 'GET', url: '/v1/webhook_endpoints', headers: { 'invoice-mode': 'live' } });
    assert.deepEqual(
      liveList.json().data.map((item: { id: string }) => item.id),
      [live.json().id],
    );
    const crossed = await asBrowser(t, browser, { method: 'GET', url: `/v1/webhook_endpoints/${created.json().id}`, headers: { 'invoice-mode': 'live' } });
    assert.equal(crossed.statusCode, 404);
    // The organization's test key sees exactly what the session saw in test mode.
    const byKey = await t.request({ method: 'GET', url: '/v1/webhook_endpoints', key: browser.body.api_key.secret });
    assert.deepEqual(
      byKey.json().data.map((item: { id: string }) => item.id),
      [created.json().id],
    );
  });

  test("another organization's session sees none of it", async () => {
    const other = await signUp(t, { organization_name: 'Otra SA' });
    const list = await asBrowser(t, other, { method: 'GET', url: '/v1/webhook_endpoints' });
    assert.equal(list.statusCode, 200);
    assert.deepEqual(list.json().data, []);
  });

  test('Invoice-Mode other than test or live is a 422 naming the header', async () => {
    const response = await asBrowser(t, browser, { method: 'GET', url: '/v1/webhook_endpoints', headers: { 'invoice-mode': 'production' } });
    assert.equal(response.statusCode, 422);
    assert.equal(response.json().code, 'request.validation_failed');
    assert.equal(response.json().errors[0].path, 'Invoice-Mode');
  });

  test('a write without the CSRF token, with a wrong one, or marked cross-site is 403 dashboard.csrf_failed; reads need no token', async () => {
    const payload = { url: 'http://127.0.0.1:9/forged' };
    const missing = await t.request({ method: 'POST', url: '/v1/webhook_endpoints', headers: { cookie: browser.cookie }, payload });
    // The right token with its last character changed (to one it is not: a random token may end in A).
    const forged = `${browser.csrf.slice(0, -1)}${browser.csrf.endsWith('A') ? 'B' : 'A'}`;
    const wrong = await t.request({
      method: 'POST',
      url: '/v1/webhook_endpoints',
      headers: { cookie: browser.cookie, 'x-csrf-token': forged },
      payload,
    });
    const crossSite = await asBrowser(t, browser, { method: 'POST', url: '/v1/webhook_endpoints', headers: { 'sec-fetch-site': 'cross-site' }, payload });
    const deleted = await t.request({ method: 'DELETE', url: `/v1/api_keys/${browser.body.api_key.id}`, headers: { cookie: browser.cookie } });
    for (const response of [missing, wrong, crossSite, deleted]) {
      assert.equal(response.statusCode, 403, response.body);
      assert.equal(response.json().code, 'dashboard.csrf_failed');
      assert.equal(response.json().title, 'Request not from the dashboard');
      assert.ok(response.json().remediation.includes('X-CSRF-Token'));
    }
    const list = await asBrowser(t, browser, { method: 'GET', url: '/v1/webhook_endpoints' });
    assert.equal(
      list.json().data.some((item: { url: string }) => item.url.endsWith('/forged')),
      false,
      'nothing was created',
    );
    const keys = await t.request({ method: 'GET', url: '/v1/api_keys', headers: { cookie: browser.cookie, 'sec-fetch-site': 'same-origin' } });
    assert.equal(keys.statusCode, 200);
    assert.equal(keys.json().data[0].revoked_at, null, 'the key was not revoked');
  });

  test('an Authorization header wins over the cookie', async () => {
    const other = await signUp(t, { organization_name: 'Con llave SA' });
    // Another organization's key with this browser's cookie: the key decides, and no CSRF token is asked.
    const response = await t.request({
      method: 'POST',
      url: '/v1/webhook_endpoints',
      key: other.body.api_key.secret,
      headers: { cookie: browser.cookie },
      payload: { url: 'http://127.0.0.1:9/by-key' },
    });
    assert.equal(response.statusCode, 201, response.body);
    const mine = await asBrowser(t, browser, { method: 'GET', url: '/v1/webhook_endpoints' });
    assert.equal(
      mine.json().data.some((item: { url: string }) => item.url.endsWith('/by-key')),
      false,
    );
    const bad = await t.request({ method: 'GET', url: '/v1/webhook_endpoints', headers: { cookie: browser.cookie, authorization: 'Bearer sk_test_nonsense' } });
    assert.equal(bad.json().code, 'auth.unauthorized', 'a bad key is not rescued by the cookie');
  });

  test('no cookie and no key is auth.unauthorized; an ended session is dashboard.session_required', async () => {
    const none = await t.request({ method: 'GET', url: '/v1/webhook_endpoints', headers: { cookie: 'theme=dark' } });
    assert.equal(none.statusCode, 401);
    assert.equal(none.json().code, 'auth.unauthorized');
    const unknown = await t.request({ method: 'GET', url: '/v1/webhook_endpoints', headers: { cookie: `${COOKIE}=${'B'.repeat(43)}` } });
    assert.equal(unknown.statusCode, 401);
    assert.equal(unknown.json().code, 'dashboard.session_required');
    const ended = await signUp(t);
    assert.equal((await asBrowser(t, ended, { method: 'POST', url: '/dashboard/api/sign_out' })).statusCode, 204);
    const after = await asBrowser(t, ended, { method: 'GET', url: '/v1/webhook_endpoints' });
    assert.equal(after.json().code, 'dashboard.session_required');
  });

  test('versions: the latest unless Invoice-Version pins one', async () => {
    const versions = (await t.request({ method: 'GET', url: '/v1/versions' })).json();
    const latest = await asBrowser(t, browser, { method: 'GET', url: '/v1/webhook_endpoints' });
    assert.equal(latest.headers['invoice-version'], versions.current);
    const oldest = versions.data.map((item: { version: string }) => item.version).sort()[0];
    const pinned = await asBrowser(t, browser, { method: 'GET', url: '/v1/webhook_endpoints', headers: { 'invoice-version': oldest } });
    assert.equal(pinned.headers['invoice-version'], oldest);
  });

  test('Invoice-Account acts for a connected account, as with a key', async () => {
    const account = await asBrowser(t, browser, { method: 'POST', url: '/v1/accounts', payload: { name: 'Cuenta conectada' } });
    assert.equal(account.statusCode, 201, account.body);
    const acting = await asBrowser(t, browser, {
      method: 'POST',
      url: '/v1/webhook_endpoints',
      headers: { 'invoice-account': account.json().id },
      payload: { url: 'http://127.0.0.1:9/account' },
    });
    assert.equal(acting.statusCode, 201, acting.body);
    const own = await asBrowser(t, browser, { method: 'GET', url: '/v1/webhook_endpoints' });
    assert.equal(
      own.json().data.some((item: { url: string }) => item.url.endsWith('/account')),
      false,
    );
    const refused = await asBrowser(t, browser, { method: 'GET', url: '/v1/api_keys', headers: { 'invoice-account': account.json().id } });
    assert.equal(refused.json().code, 'connect.not_supported_here');
    const stranger = await asBrowser(t, browser, {
      method: 'GET',
      url: '/v1/webhook_endpoints',
      headers: { 'invoice-account': 'org_01j0000000000000000000000a' },
    });
    assert.equal(stranger.json().code, 'connect.account_not_authorized');
  });
});

describe('session lifetime', () => {
  let t: DashboardApp;
  before(async () => {
    t = await createDashboardApp();
  });
  after(() => t.close());

  const alive = async (browser: Browser) =>
    (await t.request({ method: 'GET', url: '/dashboard/api/session', headers: { cookie: browser.cookie } })).statusCode === 200;

  test('a session unused for 12 hours ends, on /v1 as on the dashboard', async () => {
    const browser = await signUp(t);
    t.clock.advance(12 * HOUR_MS - 60_000);
    assert.equal(await alive(browser), true);
    t.clock.advance(12 * HOUR_MS - 1);
    assert.equal(await alive(browser), true, 'the use above restarted the idle time');
    t.clock.advance(12 * HOUR_MS);
    const response = await asBrowser(t, browser, { method: 'GET', url: '/v1/webhook_endpoints' });
    assert.equal(response.json().code, 'dashboard.session_required');
    assert.equal(await alive(browser), false);
  });

  test('a session in steady use still ends 7 days after sign-in', async () => {
    const browser = await signUp(t);
    const session = (await t.request({ method: 'GET', url: '/dashboard/api/session', headers: { cookie: browser.cookie } })).json();
    assert.equal(new Date(session.expires_at).getTime(), t.clock.now().getTime() + 12 * HOUR_MS);
    for (let hours = 11; hours < 7 * 24; hours += 11) {
      t.clock.advance(11 * HOUR_MS);
      assert.equal(await alive(browser), true, `after ${hours} h`);
    }
    t.clock.advance(11 * HOUR_MS);
    assert.equal(await alive(browser), false);
  });

  test('last use is written at most once a minute', async () => {
    const browser = await signUp(t);
    const lastSeen = async () =>
      (
        await t.app.services.db.selectFrom('dashboard_sessions').select('last_seen_at').where('csrf_token', '=', browser.csrf).executeTakeFirstOrThrow()
      ).last_seen_at.getTime();
    const start = await lastSeen();
    t.clock.advance(30_000);
    assert.equal(await alive(browser), true);
    assert.equal(await lastSeen(), start);
    t.clock.advance(31_000);
    assert.equal(await alive(browser), true);
    assert.equal(await lastSeen(), t.clock.now().getTime());
  });
});

describe('rate limits of a session', () => {
  let t: DashboardApp;
  before(async () => {
    t = await createDashboardApp({ RATE_LIMIT_READ_BURST: '3', RATE_LIMIT_READ_PER_SECOND: '1' });
  });
  after(() => t.close());

  test("a session has its own bucket, apart from the organization's keys", async () => {
    const browser = await signUp(t);
    for (let index = 0; index < 3; index += 1) assert.equal((await asBrowser(t, browser, { method: 'GET', url: '/v1/webhook_endpoints' })).statusCode, 200);
    const limited = await asBrowser(t, browser, { method: 'GET', url: '/v1/webhook_endpoints' });
    assert.equal(limited.statusCode, 429);
    assert.equal(limited.json().code, 'rate_limit.exceeded');
    assert.equal((await t.request({ method: 'GET', url: '/v1/webhook_endpoints', key: browser.body.api_key.secret })).statusCode, 200);
  });
});
