import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { es } from '../dashboard/src/i18n/es.ts';
import { useDashboard } from './support/fixture.ts';
import { createProfile, fillInvoice, signManifest, signUp } from './support/flows.ts';
import { hasSat } from './support/sat.ts';

const app = useDashboard();

async function stampOne(page: Page, price: string): Promise<string> {
  await fillInvoice(page, price);
  await page.getByRole('button', { name: es['invoices.createSubmit'] }).click();
  await page.getByRole('button', { name: es['invoices.stamp'] }).click();
  await page.getByTestId('uuid').waitFor();
  return page.url();
}

test('a cancellation is asked in a dialog that states the consequence; motivo 01 picks the substitute from a list; the result shows motivo, dates and acuse', {
  skip: hasSat ? false : '../shared/sat is not present',
}, async () => {
  const { page, errors } = await app.newPage();
  await signUp(page, app.base, { email: `cancel-${Date.now()}@example.com`, organization: 'Cancelaciones Kemper' });
  await createProfile(page);
  await signManifest(page);
  const first = await stampOne(page, '100.00');

  await page.getByRole('button', { name: es['invoices.cancel'], exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  assert.equal(await dialog.getByTestId('cancel-consequence').textContent(), es['invoices.cancelConsequence']);
  // Closing the dialog sends nothing: the invoice stays stamped.
  await dialog.getByRole('button', { name: es['invoices.cancelKeep'] }).click();
  await dialog.waitFor({ state: 'hidden' });
  assert.ok(await page.getByText(es['invoices.status.stamped'], { exact: true }).isVisible());

  // Motivo 01 with no substitute yet: the dialog offers a copy related to this UUID (type 04).
  await page.getByRole('button', { name: es['invoices.cancel'], exact: true }).click();
  await dialog.getByLabel(es['invoices.reason']).selectOption('01');
  await dialog.getByTestId('substitute-none').waitFor();
  await dialog.getByRole('button', { name: es['invoices.substituteCreate'] }).click();
  await page.getByRole('button', { name: es['invoices.stamp'] }).click();
  await page.getByTestId('uuid').waitFor();
  const substituteId = page.url().split('/').at(-1)!;
  assert.notEqual(page.url(), first);

  await page.goto(first);
  await page.getByRole('button', { name: es['invoices.cancel'], exact: true }).click();
  await dialog.getByLabel(es['invoices.reason']).selectOption('01');
  const picker = dialog.getByLabel(es['invoices.substitute']);
  await picker.waitFor();
  // Only the invoice that relates to this one as its substitute is offered, never this one.
  const offered = await picker.locator('option').evaluateAll((options) => options.map((option) => (option as unknown as { value: string }).value));
  assert.deepEqual(offered, ['', substituteId]);
  await picker.selectOption(substituteId);
  await dialog.getByRole('button', { name: es['invoices.cancelSubmit'] }).click();
  const panel = page.getByTestId('cancellation');
  await panel.waitFor();
  assert.match((await page.getByTestId('cancellation-reason').textContent()) ?? '', /^01 — /);
  assert.ok(await panel.getByRole('link', { name: substituteId }).isVisible());
  assert.ok(await panel.getByRole('button', { name: es['invoices.downloadAcuse'] }).isVisible());
  assert.deepEqual(errors, []);
});
