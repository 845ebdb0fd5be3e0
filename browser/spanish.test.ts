/**
 * The dashboard in Spanish holds no English of the API: every page, and the error states a person
 * provokes (a weak password, a wrong password, a bad RFC, postal code or CFDI use), are read for
 * the English catalog's titles and remediations and the English wording of field errors. The
 * dashboard sends its language (Accept-Language), so the server's words arrive in Spanish too.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { es } from '../dashboard/src/i18n/es.ts';
import { ERROR_CATALOG } from '../src/platform/errors/catalog.ts';
import { useDashboard } from './support/fixture.ts';
import { createProfile, fillInvoice, goTo, PASSWORD, signIn, signUp } from './support/flows.ts';
import { hasSat } from './support/sat.ts';

const app = useDashboard();

/** The API's own English: the catalog's titles and remediations, and the words of field errors and details. */
const ENGLISH: string[] = [
  ...Object.values(ERROR_CATALOG).flatMap((definition) => [definition.title, definition.remediation]),
  'must NOT',
  'must have required',
  'must match',
  'must be ',
  'is required',
  'is not a recognised field',
  'does not match the schema',
  '/openapi.json',
  'The e-mail or the password',
  'is not a valid',
  'Send ',
].filter((text) => text.length >= 5);

async function assertNoEnglish(page: Page, where: string): Promise<void> {
  const text = await page.locator('body').innerText();
  const found = ENGLISH.filter((phrase) => text.includes(phrase));
  assert.deepEqual(found, [], `${where}: English on the Spanish page`);
}

async function problemShown(page: Page, code: string): Promise<void> {
  await page.locator(`.problem[data-code="${code}"], [aria-invalid="true"]`).first().waitFor();
}

test('every page and error state of the Spanish dashboard is in Spanish', { skip: hasSat ? false : '../shared/sat is not present' }, async () => {
  const { page } = await app.newPage();

  // Sign-up with a weak password: the feedback beside the field and the problem are Spanish.
  await page.goto(`${app.base}/dashboard/sign-up`);
  await page.getByLabel(es['field.organizationName']).fill('Contadores Unidos');
  await page.getByLabel(es['field.email']).fill(`weak-${Date.now()}@example.com`);
  await page.getByLabel(es['field.password']).fill('password12');
  await page.getByRole('button', { name: es['signUp.submit'] }).click();
  await page.locator('#field-password-error').waitFor();
  await assertNoEnglish(page, 'sign-up, weak password');

  const email = `walk-${Date.now()}@example.com`;
  await signUp(page, app.base, { email, organization: 'Contadores Unidos' });
  await assertNoEnglish(page, 'invoices');

  for (const key of [
    'nav.fiscalProfiles',
    'nav.cfdis',
    'nav.downloads',
    'nav.validations',
    'nav.usage',
    'nav.webhooks',
    'nav.events',
    'nav.apiKeys',
    'nav.connectedAccounts',
    'nav.account',
    'nav.invoices',
  ] as const) {
    await goTo(page, es[key]);
    await assertNoEnglish(page, es[key]);
  }

  // The new fiscal profile page, and its refusal of a postal code that is not 5 digits.
  await createProfile(page);
  await assertNoEnglish(page, 'fiscal profile');

  // A new invoice with a bad RFC, postal code and CFDI use: each refused in Spanish.
  await fillInvoice(page, '100.00');
  await page.getByLabel(es['field.rfc']).fill('XYZ12');
  await page.getByLabel(es['invoices.postalCode']).fill('1234');
  await page.getByRole('button', { name: es['invoices.createSubmit'] }).click();
  await problemShown(page, 'cfdi.invalid_input');
  await assertNoEnglish(page, 'new invoice, bad RFC and postal code');

  // A CFDI use the régimen does not allow is not offered at all (the API's refusal of one is
  // covered by the invoices' tests); the form stays in Spanish meanwhile.
  await fillInvoice(page, '100.00');
  // fillInvoice chose G03 under régimen 601; once 605 is chosen the re-rendered list drops it.
  await page.getByLabel(es['field.taxRegime']).selectOption('605');
  await page.getByLabel(es['invoices.cfdiUse']).locator('option[value="G03"]').waitFor({ state: 'detached' });
  assert.equal(await page.getByLabel(es['invoices.cfdiUse']).locator('option[value="G03"]').count(), 0);
  await assertNoEnglish(page, 'new invoice, CFDI uses limited by the régimen');

  // A page that does not exist, then a wrong password at sign-in.
  await page.goto(`${app.base}/dashboard/invoices/inv_doesnotexist`);
  await page.locator('.problem').first().waitFor();
  await assertNoEnglish(page, 'unknown invoice');

  await page.getByRole('button', { name: es['shell.signOut'] }).click();
  await page.getByRole('button', { name: es['signIn.submit'] }).waitFor();
  await signIn(page, email, `${PASSWORD} not`);
  await problemShown(page, 'dashboard.invalid_credentials');
  await assertNoEnglish(page, 'sign-in, wrong password');
});
