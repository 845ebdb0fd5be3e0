/**
 * The session tells the dashboard whether the service keeps its messages for the mail catcher, so
 * the catcher's page is offered only where it has something to show.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createDashboardApp, signUp } from './support.ts';

async function mailCatcherOf(env: Record<string, string>): Promise<unknown> {
  const t = await createDashboardApp(env);
  try {
    const browser = await signUp(t);
    return (await t.request({ method: 'GET', url: '/dashboard/api/session', headers: { cookie: browser.cookie } })).json().mail_catcher;
  } finally {
    await t.close();
  }
}

test('without SMTP_URL outside production the session says the mail catcher keeps the messages', async () => {
  assert.equal(await mailCatcherOf({}), true);
});

test('with SMTP_URL the messages leave the service and the session says there is no mail catcher', async () => {
  assert.equal(await mailCatcherOf({ SMTP_URL: 'smtp://127.0.0.1:2525' }), false);
});
