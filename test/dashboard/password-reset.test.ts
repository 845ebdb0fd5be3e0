/**
 * Password reset by e-mail: asking answers the same for an unknown e-mail as for an account; the
 * account's owner gets a link (read here from the mail catcher) whose token works once, within an
 * hour, only with a strong password, and ends every session of the user.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { asBrowser, createDashboardApp, signIn, signUp, uniqueEmail, type DashboardApp } from './support.ts';

let t: DashboardApp;

before(async () => {
  t = await createDashboardApp();
});
after(() => t.close());

const NEW_PASSWORD = 'another horse battery staple 42';
const ask = (email: string) => t.request({ method: 'POST', url: '/dashboard/api/password_reset', payload: { email }, remoteAddress: '192.0.2.10' });
const confirm = (token: string, password: string) =>
  t.request({ method: 'POST', url: '/dashboard/api/password_reset/confirm', payload: { token, new_password: password } });

/** The token of the newest reset message the user's organization caught. */
async function tokenFor(browser: { cookie: string; csrf: string }): Promise<string> {
  const { messages } = (await asBrowser(t, browser, { method: 'GET', url: '/dashboard/api/mail' })).json();
  const message = (await asBrowser(t, browser, { method: 'GET', url: `/dashboard/api/mail/${messages[0].id}` })).json();
  const token = /reset_password\?token=([A-Za-z0-9_-]+)/.exec(message.text)?.[1];
  assert.ok(token, message.text);
  return token;
}

test('an unknown e-mail gets the same answer as an account, and no message is sent for it', async () => {
  const browser = await signUp(t);
  const known = await ask(browser.email);
  const unknown = await ask(uniqueEmail('nobody'));
  assert.equal(known.statusCode, 202);
  assert.equal(unknown.statusCode, 202);
  assert.equal(known.body, unknown.body);
  await t.app.services.jobs.runDue();
  const resets = await t.app.services.db.selectFrom('dashboard_password_resets').selectAll().execute();
  assert.equal(resets.length, 1, 'one token, for the account');
  const { messages } = (await asBrowser(t, browser, { method: 'GET', url: '/dashboard/api/mail' })).json();
  assert.deepEqual(messages[0].to, [browser.email]);
});

test('the token works once, only with a strong password, and ends every session; it is stored hashed', async () => {
  const browser = await signUp(t);
  await ask(browser.email);
  await t.app.services.jobs.runDue();
  const token = await tokenFor(browser);
  const stored = await t.app.services.db.selectFrom('dashboard_password_resets').select('token_hash').execute();
  assert.ok(stored.every((row) => row.token_hash !== token));
  const weak = await confirm(token, 'password123');
  assert.equal(weak.statusCode, 422);
  assert.equal(weak.json().code, 'dashboard.weak_password');
  assert.equal((await confirm(token, NEW_PASSWORD)).statusCode, 204, 'a weak password did not spend the token');
  assert.equal((await asBrowser(t, browser, { method: 'GET', url: '/dashboard/api/session' })).statusCode, 401, 'the old session ended');
  assert.equal((await signIn(t, browser.email, NEW_PASSWORD)).statusCode, 200);
  const again = await confirm(token, `${NEW_PASSWORD} again`);
  assert.equal(again.statusCode, 400);
  assert.equal(again.json().code, 'dashboard.reset_token_invalid');
});

test('a token expires after an hour', async () => {
  const browser = await signUp(t);
  await ask(browser.email);
  await t.app.services.jobs.runDue();
  const token = await tokenFor(browser);
  t.clock.advance(60 * 60_000 + 1000);
  const late = await confirm(token, NEW_PASSWORD);
  assert.equal(late.statusCode, 400);
  assert.equal(late.json().code, 'dashboard.reset_token_invalid');
});
