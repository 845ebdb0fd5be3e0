import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { es } from '../dashboard/src/i18n/es.ts';
import { useDashboard } from './support/fixture.ts';
import { createKey, createProfile, fillInvoice, goTo, signManifest, signUp } from './support/flows.ts';
import { overflowingElements } from './support/overflow.ts';
import { hasSat } from './support/sat.ts';

const app = useDashboard();

async function stepsDone(page: Page): Promise<Record<string, boolean>> {
  const checklist = page.getByTestId('checklist');
  await checklist.locator('[data-step]').first().waitFor();
  const items = await checklist
    .locator('[data-step]')
    .evaluateAll((nodes) =>
      nodes.map((node) => [
        (node as unknown as { dataset: Record<string, string> }).dataset.step,
        (node as unknown as { dataset: Record<string, string> }).dataset.done,
      ]),
    );
  return Object.fromEntries(items.map(([step, done]) => [step, done === 'true']));
}

async function openHome(page: Page): Promise<void> {
  await goTo(page, es['nav.home']);
}

test('a new user lands on the home page, whose checklist follows what the organization has set up', {
  skip: hasSat ? false : '../shared/sat is not present',
}, async () => {
  const { page, errors } = await app.newPage();
  await signUp(page, app.base, { email: `home-${Date.now()}@example.com`, organization: 'Inicio Kemper' });
  // The page sets its title once it has rendered (an effect), just after its heading appears.
  // A function, not a string: the dashboard's CSP forbids the eval a string predicate needs.
  await page.waitForFunction(
    (title) => (globalThis as unknown as { document: { title: string } }).document.title === title,
    `${es['home.title']} · ${es['app.title']}`,
  );
  assert.equal(await page.title(), `${es['home.title']} · ${es['app.title']}`);
  assert.match((await page.locator('link[rel="icon"]').getAttribute('href')) ?? '', /^data:image\/svg\+xml,/);
  // Sign-up made a test key: that step is done, nothing else is.
  assert.deepEqual(await stepsDone(page), {
    'home.step.profile': false,
    'home.step.fiel': false,
    'home.step.manifest': false,
    'home.step.key': true,
    'home.step.invoice': false,
    'home.step.webhook': false,
  });
  assert.match((await page.getByTestId('credits').textContent()) ?? '', new RegExp(es['home.creditsTest']));
  assert.equal(await page.getByRole('link', { name: es['home.docsLink'] }).getAttribute('href'), '/docs');

  await createProfile(page);
  await signManifest(page);
  await fillInvoice(page, '100.00');
  await page.getByRole('button', { name: es['invoices.createSubmit'] }).click();
  await page.getByRole('button', { name: es['invoices.stamp'] }).click();
  await page.getByTestId('uuid').waitFor();
  await openHome(page);
  const done = await stepsDone(page);
  assert.deepEqual(
    Object.keys(done).filter((step) => !done[step]),
    ['home.step.webhook'],
  );

  // Live mode: its own badge, no key yet, and the credits explained (none granted: zero).
  await page.getByTestId('mode-switch').click();
  await page.getByTestId('live-badge').waitFor();
  assert.equal(await page.getByTestId('live-badge').textContent(), es['shell.liveMode']);
  await page.getByTestId('checklist').locator('[data-step]').first().waitFor();
  assert.equal((await stepsDone(page))['home.step.key'], false);
  assert.equal(await page.getByTestId('home-credits').textContent(), '0');
  assert.match((await page.getByTestId('credits').textContent()) ?? '', new RegExp(es['home.creditsHow'].slice(0, 40)));
  assert.deepEqual(errors, []);
});

test('at 375 px no element of any page is wider than the screen', { skip: hasSat ? false : '../shared/sat is not present' }, async () => {
  const { page, errors } = await app.newPage({ width: 375, height: 812 });
  await signUp(page, app.base, { email: `narrow-${Date.now()}@example.com`, organization: 'Organización con un nombre bastante largo S.A. de C.V.' });
  await createKey(page, 'Servidor de producción con un nombre largo');
  await createProfile(page);
  const profile = page.url();
  await signManifest(page);
  await fillInvoice(page, '1500.00');
  await page.getByRole('button', { name: es['invoices.createSubmit'] }).click();
  await page.getByRole('button', { name: es['invoices.stamp'] }).click();
  await page.getByTestId('uuid').waitFor();
  const invoice = page.url();
  const pages = [
    // Every page of the navigation (the registry needs a browser to load).
    ...['home', 'invoices', 'fiscal-profiles', 'cfdis', 'downloads', 'validations', 'usage', 'webhooks', 'events', 'api-keys', 'accounts', 'account'].map(
      (path) => `${app.base}/dashboard/${path}`,
    ),
    `${app.base}/dashboard/invoices/new`,
    `${app.base}/dashboard/fiscal-profiles/new`,
    `${app.base}/dashboard/downloads/new`,
    profile,
    invoice,
  ];
  const found: string[] = [];
  for (const url of pages) {
    await page.goto(url);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.locator('.loading').first().waitFor({ state: 'hidden' });
    for (const element of await overflowingElements(page)) found.push(`${url.replace(app.base, '')}: ${element}`);
  }
  assert.deepEqual(found, []);
  assert.deepEqual(errors, []);
});
