/**
 * The dashboard driven as a user would: by the labels and roles people see (Spanish, the default
 * language), taken from the app's own dictionary so a reworded label does not break the tests.
 */
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { es } from '../../dashboard/src/i18n/es.ts';
import { satCredentials } from './sat.ts';

export const PASSWORD = 'correct horse battery staple';

export async function signUp(page: Page, base: string, account: { email: string; organization: string }): Promise<string> {
  await page.goto(`${base}/dashboard/sign-up`);
  await page.getByLabel(es['field.organizationName']).fill(account.organization);
  await page.getByLabel(es['field.email']).fill(account.email);
  await page.getByLabel(es['field.password']).fill(PASSWORD);
  await page.getByRole('button', { name: es['signUp.submit'] }).click();
  const secret = await page.getByLabel(es['apiKeys.secretLabel']).inputValue();
  assert.match(secret, /^sk_test_/);
  await page.getByRole('button', { name: es['signUp.continue'] }).click();
  await page.getByRole('heading', { level: 1, name: es['home.title'] }).waitFor();
  return secret;
}

export async function signIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.getByLabel(es['field.email']).fill(email);
  await page.getByLabel(es['field.password']).fill(password);
  await page.getByRole('button', { name: es['signIn.submit'] }).click();
}

export async function goTo(page: Page, navLabel: string): Promise<void> {
  const menu = page.getByRole('button', { name: es['shell.menu'] });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('navigation', { name: es['shell.navigation'] }).getByRole('link', { name: navLabel, exact: true }).click();
  await page.getByRole('heading', { level: 1, name: navLabel }).waitFor();
}

export async function createKey(page: Page, name: string): Promise<string> {
  await goTo(page, es['nav.apiKeys']);
  await page.getByRole('button', { name: es['apiKeys.create'] }).click();
  await page.getByLabel(es['field.name']).fill(name);
  await page.getByRole('button', { name: es['apiKeys.createSubmit'], exact: true }).click();
  return page.getByLabel(es['apiKeys.secretLabel']).inputValue();
}

/** Creates a profile with the SAT test CSD; returns on its detail page. */
export async function createProfile(page: Page): Promise<void> {
  await goTo(page, es['nav.fiscalProfiles']);
  await page.getByRole('link', { name: es['profiles.create'] }).click();
  const csd = page.getByRole('group', { name: es['profiles.csd'] });
  await csd.getByLabel(es['profiles.cerFile']).setInputFiles(satCredentials.csd.cer);
  await csd.getByLabel(es['profiles.keyFile']).setInputFiles(satCredentials.csd.key);
  await csd.getByLabel(es['profiles.keyPassword']).fill(satCredentials.csd.password());
  await page.getByLabel(es['field.taxRegime']).selectOption('601');
  await page.getByLabel(es['profiles.zip']).fill('42501');
  await page.getByRole('button', { name: es['profiles.createSubmit'] }).click();
  await page.getByRole('heading', { level: 1, name: new RegExp(satCredentials.rfc) }).waitFor();
}

/** On a profile's page: signs the manifiesto with the SAT test FIEL. */
export async function signManifest(page: Page): Promise<void> {
  const form = page.getByRole('form', { name: es['profiles.signManifest'] });
  await form.getByLabel(es['profiles.fielCer']).setInputFiles(satCredentials.fiel.cer);
  await form.getByLabel(es['profiles.fielKey']).setInputFiles(satCredentials.fiel.key);
  await form.getByLabel(es['profiles.keyPassword']).fill(satCredentials.fiel.password());
  await form.getByLabel(es['profiles.manifestEmail']).fill('fiscal@example.com');
  await form.getByRole('button', { name: es['profiles.signManifestSubmit'] }).click();
  await page.getByText(es['profiles.active'], { exact: true }).first().waitFor();
}

/** Fills the new-invoice form for a small invoice (no acceptance needed to cancel it). */
export async function fillInvoice(page: Page, unitPrice: string): Promise<void> {
  await goTo(page, es['nav.invoices']);
  await page.getByRole('link', { name: es['invoices.create'] }).click();
  await page.getByRole('heading', { level: 1, name: es['invoices.create'] }).waitFor();
  await page.getByLabel(es['field.rfc']).fill('URE180429TM6');
  await page.getByLabel(es['invoices.customerName']).fill('UNIVERSIDAD ROBOTICA ESPAÑOLA');
  await page.getByLabel(es['field.taxRegime']).selectOption('601');
  await page.getByLabel(es['invoices.postalCode']).fill('86991');
  await page.getByLabel(es['invoices.cfdiUse']).selectOption('G03');
  await page.getByLabel(es['invoices.paymentForm']).selectOption('03');
  await page.getByLabel(es['invoices.productKey']).fill('01010101');
  await page.getByLabel(es['invoices.unitKey']).fill('ACT');
  await page.getByLabel(es['invoices.description']).fill('Servicio de prueba');
  await page.getByLabel(es['invoices.unitPrice']).fill(unitPrice);
}
