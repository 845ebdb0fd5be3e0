import assert from 'node:assert/strict';
import { test } from 'node:test';
import { es } from '../dashboard/src/i18n/es.ts';
import { useDashboard } from './support/fixture.ts';
import { shoot } from './support/screens.ts';
import { goTo, PASSWORD, signIn, signUp } from './support/flows.ts';

// The worker sends the reset e-mail (a job), into the mail catcher.
const app = useDashboard({ worker: true });

const NEW_PASSWORD = 'another horse battery staple 42';

test('a forgotten password is reset from the e-mailed link, read in the mail catcher: the old password stops working, the new one signs in', async () => {
  const email = `olvido-${Date.now()}@example.com`;
  const owner = await app.newPage();
  await signUp(owner.page, app.base, { email, organization: 'Olvidos Kemper' });

  // Signed out, in another browser: "forgot your password?" on the sign-in page.
  const guest = await app.newPage();
  await guest.page.goto(`${app.base}/dashboard/sign-in`);
  await guest.page.getByRole('link', { name: es['reset.forgot'] }).click();
  await guest.page.getByRole('heading', { level: 1, name: es['reset.requestTitle'] }).waitFor();
  await guest.page.getByLabel(es['field.email']).fill(email);
  await shoot(guest.page, 'forgot-password');
  await guest.page.getByRole('button', { name: es['reset.requestSubmit'] }).click();
  await guest.page.getByTestId('reset-requested').waitFor();

  // The message was kept by the mail catcher, which the owner's session reads.
  await goTo(owner.page, es['nav.mail']);
  for (let tries = 0; tries < 60 && (await owner.page.getByTestId('mail-row').count()) === 0; tries++) {
    await owner.page.waitForTimeout(250);
    await owner.page.getByRole('button', { name: es['invoices.refresh'] }).click();
  }
  await owner.page.getByTestId('mail-row').first().getByRole('link').click();
  const text = (await owner.page.getByTestId('mail-text').textContent()) ?? '';
  const link = /https?:\/\/\S+\/dashboard\/reset_password\?token=[A-Za-z0-9_-]+/.exec(text)?.[0];
  assert.ok(link, text);

  await guest.page.goto(link);
  await guest.page.getByRole('heading', { level: 1, name: es['reset.title'] }).waitFor();
  assert.ok(!guest.page.url().includes('token='), 'the token leaves the address bar');
  // A weak password is refused on its field; the token still works after that.
  await guest.page.getByLabel(es['reset.newPassword'], { exact: true }).fill('short');
  await guest.page.getByRole('button', { name: es['reset.submit'] }).click();
  await guest.page.locator('.problem').first().waitFor();
  await guest.page.getByLabel(es['reset.newPassword'], { exact: true }).fill(NEW_PASSWORD);
  await shoot(guest.page, 'reset-password');
  await guest.page.getByRole('button', { name: es['reset.submit'] }).click();
  await guest.page.getByTestId('reset-done').waitFor();

  await guest.page.getByRole('link', { name: es['signIn.submit'] }).click();
  await signIn(guest.page, email, PASSWORD);
  await guest.page.locator('.problem').first().waitFor();
  await signIn(guest.page, email, NEW_PASSWORD);
  await guest.page.getByRole('heading', { level: 1, name: es['home.title'] }).waitFor();
  assert.deepEqual(owner.errors, []);
});
