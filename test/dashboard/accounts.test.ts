import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { asBrowser, COOKIE, createDashboardApp, PASSWORD, problemShape, sessionCookie, signIn, signUp, uniqueEmail, type DashboardApp } from './support.ts';

describe('dashboard accounts', () => {
  let t: DashboardApp;
  before(async () => {
    t = await createDashboardApp();
  });
  after(() => t.close());

  test('sign-up creates an organization, a user, a test key shown once and a session', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/dashboard/api/sign_up',
      payload: { email: '  Ana.Lopez@Example.COM ', password: PASSWORD, organization_name: 'Ejemplo SA' },
    });
    assert.equal(response.statusCode, 201, response.body);
    const body = response.json();
    assert.equal(body.user.email, 'ana.lopez@example.com', 'trimmed and lower case');
    assert.match(body.user.id, /^usr_/);
    assert.match(body.organization.id, /^org_/);
    assert.equal(body.organization.name, 'Ejemplo SA');
    assert.equal(body.api_key.mode, 'test');
    assert.match(body.api_key.secret, /^sk_test_/);
    assert.equal(response.headers['cache-control'], 'no-store');
    // The key works on the API, for this organization.
    const keys = await t.request({ method: 'GET', url: '/v1/api_keys', key: body.api_key.secret });
    assert.equal(keys.statusCode, 200);
    assert.deepEqual(
      keys.json().data.map((key: { id: string }) => key.id),
      [body.api_key.id],
    );
    assert.equal(JSON.stringify(keys.json()).includes(body.api_key.secret), false, 'the secret is never shown again');
    // The cookie is a session of this user.
    const session = await t.request({ method: 'GET', url: '/dashboard/api/session', headers: { cookie: sessionCookie(response) } });
    assert.equal(session.statusCode, 200);
    assert.deepEqual(session.json().user, body.user);
    assert.deepEqual(session.json().organization, body.organization);
    assert.equal(session.json().csrf_token, body.csrf_token);
  });

  test('the session cookie is HttpOnly, SameSite=Strict, on / and not Secure over plain HTTP outside production', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/dashboard/api/sign_up',
      payload: { email: uniqueEmail(), password: PASSWORD, organization_name: 'Cookies SA' },
    });
    const cookie = response.cookies.find((item) => item.name === COOKIE)!;
    assert.equal(cookie.httpOnly, true);
    assert.equal(cookie.sameSite, 'Strict');
    assert.equal(cookie.path, '/');
    assert.equal(cookie.secure, undefined);
    assert.match(cookie.value, /^[A-Za-z0-9_-]{43}$/, '32 random bytes');
    assert.equal(cookie.maxAge, 7 * 24 * 60 * 60);
  });

  test('a registered e-mail, in any spelling, is 409 dashboard.email_in_use', async () => {
    const { email } = await signUp(t);
    const again = await t.request({
      method: 'POST',
      url: '/dashboard/api/sign_up',
      payload: { email: ` ${email.toUpperCase()}`, password: PASSWORD, organization_name: 'Copia SA' },
    });
    assert.equal(again.statusCode, 409);
    assert.equal(again.json().code, 'dashboard.email_in_use');
  });

  test('sign-up validates e-mail, password length and organization name with field paths', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ email: 'not-an-email', password: PASSWORD, organization_name: 'X' }, 'email', 'invalid_format'],
      [{ email: `${'a'.repeat(250)}@example.com`, password: PASSWORD, organization_name: 'X' }, 'email', 'too_long'],
      [{ email: uniqueEmail(), password: 'short', organization_name: 'X' }, 'password', 'too_short'],
      [{ email: uniqueEmail(), password: 'x'.repeat(201), organization_name: 'X' }, 'password', 'too_long'],
      [{ email: uniqueEmail(), password: PASSWORD, organization_name: '   ' }, 'organization_name', 'invalid_format'],
      [{ email: uniqueEmail(), password: PASSWORD }, 'organization_name', 'required'],
      [{ email: uniqueEmail(), password: PASSWORD, organization_name: 'X\u0000' }, 'organization_name', 'invalid_character'],
    ];
    for (const [payload, path, code] of cases) {
      const response = await t.request({ method: 'POST', url: '/dashboard/api/sign_up', payload });
      assert.equal(response.statusCode, 422, `${path}: ${response.body}`);
      assert.equal(response.json().code, 'request.validation_failed');
      assert.ok(
        response.json().errors.some((error: { path: string; code: string }) => error.path === path && error.code === code),
        response.body,
      );
    }
  });

  test('sign-in with the right password answers a new session; the presented one is revoked', async () => {
    const first = await signUp(t);
    const response = await signIn(t, first.email.toUpperCase(), PASSWORD, { headers: { cookie: first.cookie } });
    assert.equal(response.statusCode, 200, response.body);
    const body = response.json();
    assert.deepEqual(body.user, first.body.user);
    assert.deepEqual(body.organization, first.body.organization);
    assert.notEqual(body.csrf_token, first.csrf);
    const second = sessionCookie(response);
    assert.notEqual(second, first.cookie);
    const old = await t.request({ method: 'GET', url: '/dashboard/api/session', headers: { cookie: first.cookie } });
    assert.equal(old.statusCode, 401);
    assert.equal(old.json().code, 'dashboard.session_required');
    assert.equal((await t.request({ method: 'GET', url: '/dashboard/api/session', headers: { cookie: second } })).statusCode, 200);
  });

  test('an unknown e-mail and a wrong password give the same answer', async () => {
    const { email } = await signUp(t);
    const wrong = await signIn(t, email, 'not the password at all');
    const unknown = await signIn(t, uniqueEmail('nobody'), 'not the password at all');
    assert.equal(wrong.statusCode, 401);
    assert.equal(wrong.json().code, 'dashboard.invalid_credentials');
    assert.deepEqual(problemShape(unknown), problemShape(wrong));
    assert.equal(unknown.headers['set-cookie'], undefined);
  });

  test('sign-out revokes the session and clears the cookie; it needs the CSRF token', async () => {
    const browser = await signUp(t);
    const forged = await t.request({ method: 'POST', url: '/dashboard/api/sign_out', headers: { cookie: browser.cookie } });
    assert.equal(forged.statusCode, 403);
    assert.equal(forged.json().code, 'dashboard.csrf_failed');
    const wrong = await asBrowser(t, { ...browser, csrf: 'x'.repeat(43) }, { method: 'POST', url: '/dashboard/api/sign_out' });
    assert.equal(wrong.json().code, 'dashboard.csrf_failed');
    const out = await asBrowser(t, browser, { method: 'POST', url: '/dashboard/api/sign_out' });
    assert.equal(out.statusCode, 204, out.body);
    const cleared = out.cookies.find((item) => item.name === COOKIE)!;
    assert.equal(cleared.value, '');
    assert.equal(cleared.maxAge, 0);
    const after = await t.request({ method: 'GET', url: '/dashboard/api/session', headers: { cookie: browser.cookie } });
    assert.equal(after.json().code, 'dashboard.session_required');
  });

  test('GET /dashboard/api/session without a cookie, or with a made-up one, is 401 dashboard.session_required', async () => {
    for (const headers of [{}, { cookie: `${COOKIE}=${'A'.repeat(43)}` }, { cookie: `${COOKIE}=short` }]) {
      const response = await t.request({ method: 'GET', url: '/dashboard/api/session', headers });
      assert.equal(response.statusCode, 401);
      assert.equal(response.json().code, 'dashboard.session_required');
    }
  });

  test('a password change needs the current password, ends every other session, and retires the old password', async () => {
    const first = await signUp(t);
    const other = sessionCookie(await signIn(t, first.email));
    const here = await signIn(t, first.email);
    const browser = { cookie: sessionCookie(here), csrf: here.json().csrf_token };
    const wrong = await asBrowser(t, browser, {
      method: 'POST',
      url: '/dashboard/api/password',
      payload: { current_password: 'not the password', new_password: 'a brand new password' },
    });
    assert.equal(wrong.statusCode, 401);
    assert.equal(wrong.json().code, 'dashboard.invalid_credentials');
    const noToken = await t.request({
      method: 'POST',
      url: '/dashboard/api/password',
      headers: { cookie: browser.cookie },
      payload: { current_password: PASSWORD, new_password: 'a brand new password' },
    });
    assert.equal(noToken.json().code, 'dashboard.csrf_failed');
    const short = await asBrowser(t, browser, {
      method: 'POST',
      url: '/dashboard/api/password',
      payload: { current_password: PASSWORD, new_password: 'short' },
    });
    assert.equal(short.statusCode, 422);
    assert.equal(short.json().errors[0].path, 'new_password');
    const changed = await asBrowser(t, browser, {
      method: 'POST',
      url: '/dashboard/api/password',
      payload: { current_password: PASSWORD, new_password: 'a brand new password' },
    });
    assert.equal(changed.statusCode, 204, changed.body);
    assert.equal((await t.request({ method: 'GET', url: '/dashboard/api/session', headers: { cookie: other } })).statusCode, 401, 'the other session ended');
    assert.equal((await t.request({ method: 'GET', url: '/dashboard/api/session', headers: { cookie: browser.cookie } })).statusCode, 200, 'this one goes on');
    assert.equal((await signIn(t, first.email, PASSWORD)).json().code, 'dashboard.invalid_credentials');
    assert.equal((await signIn(t, first.email, 'a brand new password')).statusCode, 200);
  });

  test('unknown /dashboard/api paths are 404 problems', async () => {
    for (const [method, url] of [
      ['GET', '/dashboard/api/nope'],
      ['POST', '/dashboard/api/users'],
      ['GET', '/dashboard/api'],
    ] as const) {
      const response = await t.request({ method, url });
      assert.equal(response.statusCode, 404, url);
      assert.equal(response.json().code, 'request.route_not_found');
    }
  });

  test('dashboard endpoints are not in the public OpenAPI document', async () => {
    const document = (await t.request({ method: 'GET', url: '/openapi.json' })).json();
    assert.ok(Object.keys(document.paths).length > 10);
    assert.deepEqual(
      Object.keys(document.paths).filter((path) => path.startsWith('/dashboard')),
      [],
    );
  });
});

describe('dashboard sign-up in production', () => {
  let t: DashboardApp;
  before(async () => {
    t = await createDashboardApp({ APP_ENV: 'production', LOG_LEVEL: 'silent' });
  });
  after(() => t.close());

  test('works where the API bootstrap is off, and the cookie is Secure with the __Host- prefix', async () => {
    const bootstrap = await t.request({ method: 'POST', url: '/v1/organizations', payload: { name: 'Nope' } });
    assert.equal(bootstrap.json().code, 'org.bootstrap_disabled');
    const response = await t.request({
      method: 'POST',
      url: '/dashboard/api/sign_up',
      payload: { email: uniqueEmail('prod'), password: PASSWORD, organization_name: 'Producción SA' },
    });
    assert.equal(response.statusCode, 201, response.body);
    assert.equal(
      response.cookies.some((item) => item.name === COOKIE),
      false,
    );
    const cookie = response.cookies.find((item) => item.name === `__Host-${COOKIE}`)!;
    assert.equal(cookie.secure, true);
    assert.equal(cookie.httpOnly, true);
    assert.equal(cookie.sameSite, 'Strict');
    assert.equal(cookie.path, '/');
    assert.equal(cookie.domain, undefined);
    const session = await t.request({ method: 'GET', url: '/dashboard/api/session', headers: { cookie: `__Host-${COOKIE}=${cookie.value}` } });
    assert.equal(session.statusCode, 200);
    // The plain name is not read where the cookie must be Secure.
    const plain = await t.request({ method: 'GET', url: '/dashboard/api/session', headers: { cookie: `${COOKIE}=${cookie.value}` } });
    assert.equal(plain.statusCode, 401);
  });
});

describe('dashboard behind a TLS-terminating proxy', () => {
  let t: DashboardApp;
  before(async () => {
    t = await createDashboardApp({ TRUST_PROXY: 'true' });
  });
  after(() => t.close());

  test('a request forwarded as HTTPS gets a Secure cookie; an untrusted header does not count without TRUST_PROXY', async () => {
    const payload = { email: uniqueEmail('proxy'), password: PASSWORD, organization_name: 'Proxy SA' };
    const response = await t.request({ method: 'POST', url: '/dashboard/api/sign_up', headers: { 'x-forwarded-proto': 'https' }, payload });
    assert.equal(response.cookies.find((item) => item.name === `__Host-${COOKIE}`)?.secure, true);
    const untrusted = await createDashboardApp();
    try {
      const plain = await untrusted.request({ method: 'POST', url: '/dashboard/api/sign_up', headers: { 'x-forwarded-proto': 'https' }, payload });
      assert.equal(plain.cookies.find((item) => item.name === COOKIE)?.secure, undefined);
    } finally {
      await untrusted.close();
    }
  });
});
