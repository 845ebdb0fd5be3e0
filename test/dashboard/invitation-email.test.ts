/**
 * Invitations by e-mail: the invitee gets the accept link through the service's mailer (here the
 * mail catcher), in the inviter's language; when it cannot be sent the answer says so, and the
 * inviter still gets the link to copy.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { asBrowser, createDashboardApp, signUp, uniqueEmail, type DashboardApp } from './support.ts';

describe('invitations e-mailed through the mail catcher', () => {
  let t: DashboardApp;
  before(async () => {
    t = await createDashboardApp();
  });
  after(() => t.close());

  async function caught(owner: { cookie: string; csrf: string }) {
    const { messages } = (await asBrowser(t, owner, { method: 'GET', url: '/dashboard/api/mail' })).json();
    return (await asBrowser(t, owner, { method: 'GET', url: `/dashboard/api/mail/${messages[0].id}` })).json();
  }

  test('the invitee receives the accept link in Spanish when the inviter uses Spanish, and the answer says it was e-mailed', async () => {
    const owner = await signUp(t, { organization_name: 'Contadores Kemper' });
    const email = uniqueEmail('invitada');
    const response = await asBrowser(t, owner, {
      method: 'POST',
      url: '/dashboard/api/invitations',
      payload: { email, role: 'accountant' },
      headers: { 'accept-language': 'es-MX' },
    });
    assert.equal(response.statusCode, 201, response.body);
    assert.equal(response.json().emailed, true);
    const message = await caught(owner);
    assert.deepEqual(message.to, [email]);
    assert.equal(message.subject, 'Invitación a Contadores Kemper');
    assert.ok(message.text.includes(response.json().accept_url), message.text);
    assert.match(message.text, /contador \(solo lectura\)/);
  });

  test('in English when the inviter asks in English', async () => {
    const owner = await signUp(t, { organization_name: 'Kemper Accounting' });
    const response = await asBrowser(t, owner, {
      method: 'POST',
      url: '/dashboard/api/invitations',
      payload: { email: uniqueEmail('guest'), role: 'developer' },
      headers: { 'accept-language': 'en' },
    });
    assert.equal(response.json().emailed, true);
    const message = await caught(owner);
    assert.equal(message.subject, 'Invitation to Kemper Accounting');
    assert.ok(message.text.includes(response.json().accept_url), message.text);
  });
});

test('a mail server that cannot be reached sends no invitation: the answer says emailed: false and still holds the link', async () => {
  const t = await createDashboardApp({ SMTP_URL: 'smtp://127.0.0.1:9' });
  try {
    const owner = await signUp(t);
    const response = await asBrowser(t, owner, {
      method: 'POST',
      url: '/dashboard/api/invitations',
      payload: { email: uniqueEmail('guest'), role: 'developer' },
    });
    assert.equal(response.statusCode, 201, response.body);
    assert.equal(response.json().emailed, false);
    assert.match(response.json().accept_url, /#token=/);
  } finally {
    await t.close();
  }
});
