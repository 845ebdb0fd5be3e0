/**
 * A weak password as a person meets it: refused beside its field with the server's feedback, in
 * the language the dashboard is shown in. The browser's own Accept-Language is es-MX
 * (support/browser.ts), so English feedback proves the dashboard sends its language.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { en } from '../dashboard/src/i18n/en.ts';
import { es } from '../dashboard/src/i18n/es.ts';
import { useDashboard } from './support/fixture.ts';

const app = useDashboard();

async function signUpWith(page: Page, dictionary: typeof es, password: string): Promise<string> {
  await page.goto(`${app.base}/dashboard/sign-up`);
  await page.getByLabel(dictionary['field.organizationName']).fill('Débil SA');
  await page.getByLabel(dictionary['field.email']).fill(`weak-${Date.now()}@example.com`);
  await page.getByLabel(dictionary['field.password']).fill(password);
  await page.getByRole('button', { name: dictionary['signUp.submit'] }).click();
  const error = page.locator('#field-password-error');
  await error.waitFor();
  assert.equal(await page.getByLabel(dictionary['field.password']).getAttribute('aria-invalid'), 'true');
  return (await error.textContent()) ?? '';
}

test('a weak password is refused beside its field, in Spanish by default', async () => {
  const { page, errors } = await app.newPage();
  const feedback = await signUpWith(page, es, 'password12');
  assert.match(feedback, /contraseña/i);
  await page.locator('.problem[data-code="dashboard.weak_password"]').waitFor();
  assert.deepEqual(errors, []);
});

test('in English when the dashboard is shown in English, whatever the browser asks for', async () => {
  const { page, errors } = await app.newPage();
  // The language the dashboard remembers (core/i18n.ts), set before its script runs.
  await page.addInitScript({ content: "localStorage.setItem('dashboard.language', 'en');" });
  const feedback = await signUpWith(page, en as typeof es, '1234567890');
  assert.match(feedback, /password/i);
  assert.doesNotMatch(feedback, /contraseña/i);
  assert.deepEqual(errors, []);
});
