import assert from 'node:assert/strict';
import { test } from 'node:test';
import { es } from '../dashboard/src/i18n/es.ts';
import { useDashboard } from './support/fixture.ts';
import { createKey, createProfile, goTo, signUp } from './support/flows.ts';
import { hasSat } from './support/sat.ts';

const app = useDashboard();

test('the live mode never shows test data, and each tab keeps its own mode', { skip: hasSat ? false : '../shared/sat is not present' }, async () => {
  const { page, errors } = await app.newPage();
  await signUp(page, app.base, { email: `modes-${Date.now()}@example.com`, organization: 'Modos SA' });
  await createProfile(page);
  const testProfileUrl = page.url();

  // Switching on a test resource's page leads to the live list, where the resource does not exist.
  await page.getByTestId('mode-switch').click();
  await page.getByRole('heading', { level: 1, name: es['profiles.title'] }).waitFor();
  assert.equal(await page.getByTestId('test-banner').count(), 0);
  assert.equal(await page.getByTestId('mode-switch').getAttribute('aria-checked'), 'false');
  await page.getByText(es['profiles.empty']).waitFor();
  assert.equal(await page.getByText('EKU9003173C9').count(), 0);

  // Sign-up made a test key only: the live list is empty until a live key is made here.
  await goTo(page, es['nav.apiKeys']);
  await page.getByText(es['apiKeys.empty']).waitFor();
  const secret = await createKey(page, 'Clave de producción');
  assert.match(secret, /^sk_live_/);
  await goTo(page, es['nav.apiKeys']);
  await page.locator('td code').first().waitFor();
  const prefixes = await page.locator('td code').allTextContents();
  assert.ok(prefixes.length > 0 && prefixes.every((prefix) => prefix.startsWith('sk_live_')), prefixes.join(', '));

  await goTo(page, es['nav.invoices']);
  await page.getByText(es['invoices.empty']).waitFor();

  // The test profile's address, opened in live mode, is not found rather than shown.
  await page.goto(testProfileUrl);
  await page.locator('.problem').waitFor();
  assert.equal(await page.getByText('EKU9003173C9').count(), 0);

  // Another tab starts in test mode and sees the test profile; the live tab stays live.
  const other = await page.context().newPage();
  await other.goto(`${app.base}/dashboard/fiscal-profiles`);
  await other.getByText('EKU9003173C9').first().waitFor();
  assert.ok(await other.getByTestId('test-banner').isVisible());
  await page.reload();
  await page.getByRole('heading', { level: 1 }).waitFor();
  assert.equal(await page.getByTestId('test-banner').count(), 0);
  assert.deepEqual(errors, []);
});
