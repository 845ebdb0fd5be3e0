import assert from 'node:assert/strict';
import { test } from 'node:test';
import { es } from '../dashboard/src/i18n/es.ts';
import { useDashboard } from './support/fixture.ts';
import { shoot } from './support/screens.ts';
import { createProfile, fillInvoice, goTo, signManifest, signUp } from './support/flows.ts';
import { hasSat } from './support/sat.ts';

// The worker sends the queued e-mails, into the mail catcher (no SMTP_URL in development).
const app = useDashboard({ worker: true });

test("a stamped invoice is e-mailed from its page to the customer's address, in the chosen language, and its delivery log shows it sent", {
  skip: hasSat ? false : '../shared/sat is not present',
}, async () => {
  const { page, errors } = await app.newPage();
  await signUp(page, app.base, { email: `correo-${Date.now()}@example.com`, organization: 'Correos Kemper' });
  await createProfile(page);
  await signManifest(page);
  await fillInvoice(page, '100.00');
  await page.getByLabel(es['email.customerEmail']).fill('pagos@robotica.example');
  await page.getByRole('button', { name: es['invoices.createSubmit'] }).click();
  // A draft cannot be e-mailed: the panel appears once the invoice is stamped.
  await page.getByRole('button', { name: es['invoices.stamp'] }).waitFor();
  assert.equal(await page.getByRole('form', { name: es['email.send'] }).count(), 0);
  await page.getByRole('button', { name: es['invoices.stamp'] }).click();
  await page.getByTestId('uuid').waitFor();

  const form = page.getByRole('form', { name: es['email.send'] });
  assert.equal(await form.getByLabel(es['email.recipients']).inputValue(), 'pagos@robotica.example');
  assert.ok(await page.getByText(es['email.none']).isVisible());
  await form.getByLabel(es['email.recipients']).fill('pagos@robotica.example, contabilidad@robotica.example');
  await form.getByLabel(es['email.language']).selectOption('en');
  await form.getByRole('button', { name: es['email.sendSubmit'] }).click();
  await page.getByText(es['email.queued']).waitFor();
  const row = page.getByTestId('email-row').first();
  await row.waitFor();
  assert.match((await row.textContent()) ?? '', /pagos@robotica\.example.*contabilidad@robotica\.example/);

  // The worker sends it; the log, reloaded, shows the status and the attempt.
  for (let tries = 0; tries < 60; tries++) {
    if ((await row.getByTestId('email-status').textContent()) === es['email.status.sent']) break;
    await page.waitForTimeout(250);
    await page.getByTestId('email-panel').getByRole('button', { name: es['invoices.refresh'] }).click();
  }
  assert.equal(await row.getByTestId('email-status').textContent(), es['email.status.sent']);
  assert.ok(((await row.textContent()) ?? '').includes(es['email.language.en']));
  assert.equal(await row.getByTestId('email-attempt').count(), 1);

  // A bad address is refused by the API and said on the form; nothing more is queued.
  await form.getByLabel(es['email.recipients']).fill('no-es-un-correo');
  await form.getByRole('button', { name: es['email.sendSubmit'] }).click();
  // The refused address is said on the recipients field itself.
  await form
    .getByText(/correo electrónico/)
    .first()
    .waitFor();
  assert.equal(await form.getByLabel(es['email.recipients']).getAttribute('aria-invalid'), 'true');
  assert.equal(await page.getByTestId('email-row').count(), 1);
  await shoot(page, 'invoice-email');

  // Without a mail server the message was kept: the mail catcher's page lists it and opens it.
  await goTo(page, es['nav.mail']);
  const caught = page.getByTestId('mail-row').first();
  await caught.waitFor();
  assert.match((await caught.textContent()) ?? '', /contabilidad@robotica\.example/);
  await shoot(page, 'mail-list');
  await caught.getByRole('link').click();
  await page.getByTestId('mail-to').waitFor();
  const frame = page.locator('iframe.mail-preview');
  assert.equal(await frame.getAttribute('sandbox'), '');
  // The HTML is shown inside the frame, from the preview endpoint (in English, as asked).
  await page
    .frameLocator('iframe.mail-preview')
    .locator('body')
    .getByText(/invoice/i)
    .first()
    .waitFor();
  const attachments = await page.locator('.attachment-list a').allTextContents();
  assert.equal(attachments.length, 2, attachments.join(', '));
  assert.ok(attachments.some((name) => name.endsWith('.pdf')) && attachments.some((name) => name.endsWith('.xml')), attachments.join(', '));
  const download = page.waitForEvent('download');
  await page.locator('.attachment-list a', { hasText: /\.xml$/ }).click();
  assert.match((await download).suggestedFilename(), /\.xml$/);
  await shoot(page, 'mail-message');
  assert.deepEqual(errors, []);
});
