import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ApiError } from '../../src/platform/errors/api-error.ts';
import { hashPassword } from '../../src/modules/dashboard/passwords.ts';
import { signUp as signUpVerb } from '../../src/modules/dashboard/sign-up.ts';
import { asBrowser, createDashboardApp, PASSWORD, signIn, signUp, uniqueEmail, type DashboardApp } from './support.ts';

let addresses = 0;
/** Sign-ups from their own IPv4 addresses: the per-address limit is not what these tests look at. */
function signUpRequest(t: DashboardApp, payload: Record<string, unknown>, headers: Record<string, string> = {}) {
  addresses += 1;
  return t.request({
    method: 'POST',
    url: '/dashboard/api/sign_up',
    remoteAddress: `198.18.${addresses >> 8}.${addresses & 255}`,
    headers,
    payload: { organization_name: 'Contraseñas SA', ...payload },
  });
}

describe('dashboard password strength', () => {
  let t: DashboardApp;
  before(async () => {
    t = await createDashboardApp();
  });
  after(() => t.close());

  test('common, repetitive and breached-list passwords, and ones built from the e-mail, are 422 dashboard.weak_password naming the field', async () => {
    const email = 'ana.lopez@example.com';
    for (const password of ['aaaaaaaaaa', '1234567890', 'password12', ' '.repeat(10), 'qwertyuiop', email, 'ana.lopez2024!', 'ANA.LOPEZ@EXAMPLE.COM']) {
      const response = await signUpRequest(t, { email, password });
      assert.equal(response.statusCode, 422, `${JSON.stringify(password)}: ${response.body}`);
      const body = response.json();
      assert.equal(body.code, 'dashboard.weak_password', password);
      assert.ok(body.detail.length > 10, body.detail);
      assert.deepEqual(body.errors, [{ path: 'password', code: 'weak_password', message: body.detail }]);
    }
    const strong = await signUpRequest(t, { email, password: PASSWORD });
    assert.equal(strong.statusCode, 201, strong.body);
  });

  test('the feedback is in the language of Accept-Language: Spanish for es and es-MX, English otherwise', async () => {
    const weak = async (headers: Record<string, string>) => (await signUpRequest(t, { email: uniqueEmail(), password: 'password12' }, headers)).json().detail;
    const spanish = await weak({ 'accept-language': 'es-MX,es;q=0.9,en;q=0.8' });
    assert.match(spanish, /contraseña/i);
    assert.equal(await weak({ 'accept-language': 'es' }), spanish);
    const english = await weak({});
    assert.match(english, /password/i);
    assert.doesNotMatch(english, /contraseña/i);
    assert.equal(await weak({ 'accept-language': 'en-US' }), english);
    assert.equal(await weak({ 'accept-language': 'fr-FR, de;q=0.5' }), english, 'a language the server does not speak');
    assert.equal(await weak({ 'accept-language': 'en;q=0.4, es-ES;q=0.8' }), spanish, 'the preferred one of the two');
  });

  test('a password change applies the same rule to the new password, which stays unchanged when refused', async () => {
    const browser = await signUp(t);
    const weak = await asBrowser(t, browser, {
      method: 'POST',
      url: '/dashboard/api/password',
      headers: { 'accept-language': 'es-MX' },
      payload: { current_password: PASSWORD, new_password: browser.email },
    });
    assert.equal(weak.statusCode, 422, weak.body);
    assert.equal(weak.json().code, 'dashboard.weak_password');
    assert.equal(weak.json().errors[0].path, 'new_password');
    assert.match(weak.json().detail, /personales/);
    assert.equal((await signIn(t, browser.email, PASSWORD)).statusCode, 200, 'the old password still works');
    assert.equal((await signIn(t, browser.email, browser.email)).statusCode, 401);
  });

  test('the estimate runs on the worker pool, not on the event loop', async () => {
    const before = t.app.services.workers.completed;
    const response = await signUpRequest(t, { email: uniqueEmail(), password: 'password12' });
    assert.equal(response.json().code, 'dashboard.weak_password');
    assert.equal(t.app.services.workers.completed, before + 1);
  });

  test('a registered e-mail is answered after the same work as a new one: one strength estimate and one password hash', async () => {
    const { email } = await signUp(t);
    const work = async (account: string) => {
      const hashed: string[] = [];
      const tasks = t.app.services.workers.completed;
      const outcome = await signUpVerb({
        services: t.app.services,
        input: { email: account, password: PASSWORD, organization_name: 'Mismo Trabajo SA' },
        address: '192.0.2.200',
        language: 'en',
        presentedToken: undefined,
        hash: async (password) => {
          hashed.push(password);
          return hashPassword(password);
        },
      }).then(
        () => 'created',
        (error: unknown) => (error instanceof ApiError ? error.code : String(error)),
      );
      return { outcome, hashes: hashed.length, estimates: t.app.services.workers.completed - tasks };
    };
    const registered = await work(email);
    const fresh = await work(uniqueEmail('fresh'));
    assert.deepEqual(registered, { outcome: 'dashboard.email_in_use', hashes: 1, estimates: 1 });
    assert.deepEqual(fresh, { outcome: 'created', hashes: 1, estimates: 1 });
  });
});
