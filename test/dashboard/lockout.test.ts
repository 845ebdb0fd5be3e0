import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { InjectOptions } from 'fastify';
import { asBrowser, createDashboardApp, PASSWORD, signIn, signUp, uniqueEmail, type DashboardApp } from './support.ts';

const MINUTE_MS = 60_000;

describe('sign-in lockout', () => {
  let t: DashboardApp;
  before(async () => {
    t = await createDashboardApp();
  });
  after(() => t.close());

  test('5 failures for one e-mail lock it for 15 minutes, the right password included, with Retry-After', async () => {
    const { email } = await signUp(t);
    const from = { remoteAddress: '198.51.100.1' };
    for (let attempt = 0; attempt < 5; attempt += 1) {
      t.clock.advance(MINUTE_MS);
      const response = await signIn(t, email, `wrong password ${attempt}`, from);
      assert.equal(response.json().code, 'dashboard.invalid_credentials', `attempt ${attempt + 1}`);
    }
    const locked = await signIn(t, email, PASSWORD, from);
    assert.equal(locked.statusCode, 429);
    assert.equal(locked.json().code, 'dashboard.too_many_attempts');
    assert.equal(locked.headers['retry-after'], String(15 * 60));
    assert.equal(locked.headers['set-cookie'], undefined);
    // Another address does not help: the e-mail itself is locked.
    t.clock.advance(10 * MINUTE_MS);
    const elsewhere = await signIn(t, email, PASSWORD, { remoteAddress: '198.51.100.2' });
    assert.equal(elsewhere.statusCode, 429);
    assert.equal(elsewhere.headers['retry-after'], String(5 * 60), 'the seconds left');
    t.clock.advance(5 * MINUTE_MS);
    const open = await signIn(t, email, PASSWORD, from);
    assert.equal(open.statusCode, 200, open.body);
  });

  test('failures spread over more than 15 minutes do not lock; a success clears the count', async () => {
    const { email } = await signUp(t);
    for (let attempt = 0; attempt < 4; attempt += 1) assert.equal((await signIn(t, email, 'wrong password!')).statusCode, 401);
    t.clock.advance(15 * MINUTE_MS);
    for (let attempt = 0; attempt < 4; attempt += 1) assert.equal((await signIn(t, email, 'wrong password!')).statusCode, 401);
    assert.equal((await signIn(t, email)).statusCode, 200);
    for (let attempt = 0; attempt < 4; attempt += 1) assert.equal((await signIn(t, email, 'wrong password!')).statusCode, 401);
    assert.equal((await signIn(t, email)).statusCode, 200, 'the success before reset the count');
  });

  test('an unknown e-mail locks the same way, so lockout tells no account apart', async () => {
    const email = uniqueEmail('ghost');
    for (let attempt = 0; attempt < 5; attempt += 1) assert.equal((await signIn(t, email, 'whatever it is')).statusCode, 401);
    assert.equal((await signIn(t, email, 'whatever it is')).json().code, 'dashboard.too_many_attempts');
  });

  test('20 failures from one address lock that address for every e-mail, others are free', async () => {
    const { email } = await signUp(t);
    const attacker = { remoteAddress: '203.0.113.9' };
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const response = await signIn(t, uniqueEmail('spray'), 'a guessed password', attacker);
      assert.equal(response.json().code, 'dashboard.invalid_credentials', `attempt ${attempt + 1}`);
    }
    const locked = await signIn(t, email, PASSWORD, attacker);
    assert.equal(locked.statusCode, 429);
    assert.equal(locked.headers['retry-after'], String(15 * 60));
    assert.equal((await signIn(t, email, PASSWORD, { remoteAddress: '203.0.113.10' })).statusCode, 200, 'another address signs in');
    t.clock.advance(15 * MINUTE_MS);
    assert.equal((await signIn(t, email, PASSWORD, attacker)).statusCode, 200, 'open again after 15 minutes');
  });

  test('successful sign-ins do not count against their address', async () => {
    const { email } = await signUp(t);
    const office = { remoteAddress: '192.0.2.50' };
    for (let attempt = 0; attempt < 25; attempt += 1) assert.equal((await signIn(t, email, PASSWORD, office)).statusCode, 200, `sign-in ${attempt + 1}`);
  });

  test('concurrent guesses cannot outrun the limit', async () => {
    const { email } = await signUp(t);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, attempt) => signIn(t, email, `parallel guess ${attempt}`, { remoteAddress: '192.0.2.77' })),
    );
    const codes = answers.map((response) => response.json().code);
    assert.equal(codes.filter((code) => code === 'dashboard.invalid_credentials').length, 5, codes.join());
    assert.equal(codes.filter((code) => code === 'dashboard.too_many_attempts').length, 7, codes.join());
  });

  test("wrong current passwords on a password change count toward the e-mail's lockout", async () => {
    const browser = await signUp(t);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await asBrowser(t, browser, {
        method: 'POST',
        url: '/dashboard/api/password',
        payload: { current_password: 'not it at all', new_password: 'another long password' },
      });
      assert.equal(response.json().code, 'dashboard.invalid_credentials');
    }
    const locked = await asBrowser(t, browser, {
      method: 'POST',
      url: '/dashboard/api/password',
      payload: { current_password: PASSWORD, new_password: 'another long password' },
    });
    assert.equal(locked.statusCode, 429);
    assert.equal((await signIn(t, browser.email)).statusCode, 429);
  });

  test('10 sign-ups from one address within 15 minutes close sign-up there for 15 minutes; other addresses are not affected', async () => {
    const from = { remoteAddress: '203.0.113.50' };
    const signUpFrom = (options: Partial<InjectOptions>) =>
      t.request({
        method: 'POST',
        url: '/dashboard/api/sign_up',
        payload: { email: uniqueEmail(), password: PASSWORD, organization_name: 'Ráfaga SA' },
        ...options,
      });
    for (let count = 0; count < 10; count += 1) assert.equal((await signUpFrom(from)).statusCode, 201, `sign-up ${count + 1}`);
    const refused = await signUpFrom(from);
    assert.equal(refused.statusCode, 429);
    assert.equal(refused.json().code, 'dashboard.too_many_attempts');
    assert.equal(refused.headers['retry-after'], String(15 * 60));
    assert.match(refused.json().detail, /sign-ups/);
    assert.equal((await signUpFrom({ remoteAddress: '203.0.113.51' })).statusCode, 201, 'another address');
    t.clock.advance(15 * MINUTE_MS);
    assert.equal((await signUpFrom(from)).statusCode, 201, 'open again after 15 minutes');
  });
});
