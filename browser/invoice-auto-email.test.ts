import assert from 'node:assert/strict';
import { test } from 'node:test';
import { es } from '../dashboard/src/i18n/es.ts';
import { useDashboard } from './support/fixture.ts';
import { shoot } from './support/screens.ts';
import { createProfile, fillInvoice, signManifest, signUp } from './support/flows.ts';
import { hasSat } from './support/sat.ts';

// The worker sends the queued e-mails, into the mail catcher (no SMTP_URL in development).
const app = useDashboard({ worker: true });

test('a profile switched to «Enviar la factura al timbrar» has the invoice form start checked, and the stamped invoice is e-mailed by itself', {
  skip: hasSat ? false : '../shared/sat is not present',
}, async () => {
  const { page, errors } = await app.newPage();
  await signUp(page, app.base, { email: `auto-${Date.now()}@example.com`, organization: 'Correos automáticos' });
  await createProfile(page);
  await signManifest(page);
  const panel = page.getByRole('form', { name: es['profiles.emailSettings'] });
  const onStamp = panel.getByLabel(es['profiles.sendOnStamp']);
  assert.equal(await onStamp.isChecked(), false, 'off until turned on');
  await onStamp.check();
  await panel.getByRole('button', { name: es['profiles.saveEmailSettings'] }).click();
  await page.reload();
  await page.getByRole('form', { name: es['profiles.emailSettings'] }).getByLabel(es['profiles.sendOnStamp']).waitFor();
  assert.equal(await page.getByRole('form', { name: es['profiles.emailSettings'] }).getByLabel(es['profiles.sendOnStamp']).isChecked(), true, 'saved');
  await shoot(page, 'profile-email-settings');

  await fillInvoice(page, '100.00');
  await page.getByLabel(es['email.customerEmail']).fill('pagos@robotica.example');
  const box = page.getByLabel(es['email.sendOnStamp']);
  assert.equal(await box.isChecked(), true, "the form starts as the issuer's profile says");
  await shoot(page, 'invoice-form-send-on-stamp');
  await page.getByRole('button', { name: es['invoices.createSubmit'] }).click();
  await page.getByRole('button', { name: es['invoices.stamp'] }).click();
  await page.getByTestId('uuid').waitFor();

  // Nobody asked from the page: the stamp queued it, and the worker sends it.
  const row = page.getByTestId('email-row').first();
  for (let tries = 0; tries < 60; tries++) {
    if ((await row.count()) > 0 && (await row.getByTestId('email-status').textContent()) === es['email.status.sent']) break;
    await page.waitForTimeout(250);
    await page.getByTestId('email-panel').getByRole('button', { name: es['invoices.refresh'] }).click();
  }
  assert.equal(await row.getByTestId('email-status').textContent(), es['email.status.sent']);
  assert.match((await row.textContent()) ?? '', new RegExp(`pagos@robotica\\.example.*${es['email.automatic']}`));
  assert.equal(await page.getByTestId('email-row').count(), 1);
  await shoot(page, 'invoice-auto-email');
  assert.deepEqual(errors, []);
});
