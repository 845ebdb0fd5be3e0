import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { en } from '../dashboard/src/i18n/en.ts';
import { es } from '../dashboard/src/i18n/es.ts';
import { overflowingElements } from './support/overflow.ts';
import { launchBrowser, newPage } from './support/browser.ts';
import { goTo, signUp } from './support/flows.ts';
import { createEndpoint, dropFile, refreshUntil, sampleXml, startReceiver } from './support/pages.ts';
import { hasSat } from './support/sat.ts';
import { type RunningServer, startServer } from './support/server.ts';

let server: RunningServer;
let browser: Browser;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let page: Page;
let errors: string[];
let endpointUrl: string;
// Screenshots for a person to look at (as browser/screenshots.ts takes them).
const screens = path.join(fileURLToPath(new URL('..', import.meta.url)), '.tmp', 'screens');
fs.mkdirSync(screens, { recursive: true });

before(async () => {
  // Deliveries and SAT polling are background jobs: this app runs its worker (the default test app does not).
  server = await startServer({ RUN_WORKER: 'true' }, { worker: true });
  browser = await launchBrowser();
  receiver = await startReceiver();
  ({ page, errors } = await newPage(browser));
  await signUp(page, server.base, { email: `hooks-${Date.now()}@example.com`, organization: 'Ganchos' });
});
after(async () => {
  await browser?.close();
  await receiver?.close();
  await server?.close();
});

test('a webhook endpoint shows its signing secret once, and again only when rotated', async () => {
  await goTo(page, es['nav.webhooks']);
  const secret = await createEndpoint(page, receiver.url, ['validation']);
  assert.match(secret, /^whsec_/, `the secret shown: ${secret}`);
  await page.getByRole('button', { name: es['apiKeys.secretDone'] }).click();
  assert.equal(await page.getByTestId('secret').count(), 0);

  await page.getByRole('link', { name: receiver.url }).click();
  await page.getByRole('heading', { level: 1, name: es['webhooks.one'] }).waitFor();
  endpointUrl = page.url();
  await page.getByText('validation.*').first().waitFor();
  assert.equal(await page.getByText(secret).count(), 0, 'the secret is never shown again');

  await page.getByRole('button', { name: es['webhooks.rotate'] }).click();
  await page.getByRole('button', { name: es['webhooks.rotateSubmit'] }).click();
  const rotated = await page.getByLabel(es['webhooks.secretLabel']).inputValue();
  assert.match(rotated, /^whsec_/);
  assert.notEqual(rotated, secret);
  await page.reload();
  await page.getByRole('heading', { level: 1, name: es['webhooks.one'] }).waitFor();
  assert.equal(await page.getByTestId('secret').count(), 0, 'a reload does not bring the rotated secret back');
  assert.deepEqual(errors, []);
});

test('“Enviar evento de prueba” delivers a signed test event to this endpoint, shown in its delivery log', async () => {
  await page.goto(endpointUrl);
  const log = page.getByTestId('deliveries');
  const before = receiver.received.length;
  await log.getByRole('button', { name: es['webhooks.sendTest'] }).click();
  await page.getByText(es['webhooks.testSent']).waitFor();
  const row = log.locator('tbody tr', { hasText: 'webhook_endpoint.test' });
  await refreshUntil(row.getByText(es['webhooks.delivery.succeeded'], { exact: true }), log.getByRole('button', { name: es['common.refresh'] }));
  assert.equal(receiver.received.length, before + 1, 'the receiver got one delivery');
  assert.equal(JSON.parse(receiver.received.at(-1)!).type, 'webhook_endpoint.test');
  assert.deepEqual(await overflowingElements(page), []);
  for (const language of ['es', 'en'] as const) {
    if (language === 'en') {
      await page.getByRole('combobox', { name: es['shell.language'] }).selectOption('en');
      await page.getByRole('heading', { level: 2, name: en['webhooks.deliveries'] }).waitFor();
    }
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      assert.deepEqual(await overflowingElements(page), [], `${language} ${width}`);
      await page.screenshot({ path: path.join(screens, `webhook-test-event-${language}-${width}.png`), fullPage: true });
    }
  }
  await page.getByRole('combobox', { name: en['shell.language'] }).selectOption('es');
  await page.setViewportSize({ width: 1280, height: 900 });
  assert.deepEqual(errors, []);
});

test('an XML dropped on the validations page is validated and its checks read one by one', {
  skip: hasSat ? false : '../shared/sat is not present',
}, async () => {
  await goTo(page, es['nav.validations']);
  await dropFile(page, sampleXml.valid);
  await page.getByRole('heading', { level: 1, name: /^Validación/ }).waitFor();
  await page.getByTestId('checks').waitFor();
  assert.ok(await page.getByText(es['validations.valid'], { exact: true }).first().isVisible());
  const seal = page.locator('[data-check="seal"]');
  assert.equal(await seal.getAttribute('data-outcome'), 'passed');
  assert.equal(await page.locator('[data-check="timbre"]').getAttribute('data-outcome'), 'not_applicable', 'a CFDI without timbre has no timbre to check');

  // The keyboard path: the same zone is a file input with a label.
  await goTo(page, es['nav.validations']);
  await page.getByLabel(es['validations.drop']).setInputFiles(sampleXml.tampered);
  await page.getByRole('heading', { level: 1, name: /^Validación/ }).waitFor();
  await page.getByTestId('checks').waitFor();
  assert.ok(await page.getByText(es['validations.invalid'], { exact: true }).first().isVisible());
  assert.equal(await page.locator('[data-check="seal"]').getAttribute('data-outcome'), 'failed');
  assert.ok(await page.locator('[data-check="seal"] .issues li').first().isVisible(), 'the failed check lists its issues');
  assert.deepEqual(errors, []);
});

test('a genuine supplier CFDI is not verifiable here, not invalid, and each check says what would verify it', {
  skip: hasSat ? false : '../shared/sat is not present',
}, async () => {
  await goTo(page, es['nav.validations']);
  await dropFile(page, sampleXml.genuine);
  await page.getByRole('heading', { level: 1, name: /^Validación/ }).waitFor();
  await page.getByTestId('checks').waitFor();
  // The verdict's badge renders with the checks; wait for it rather than read it at once.
  await page.getByText(es['validations.unverifiable'], { exact: true }).first().waitFor();
  assert.equal(await page.getByText(es['validations.invalid'], { exact: true }).count(), 0, 'never "No válido"');
  for (const id of ['document', 'structure', 'arithmetic', 'catalogs', 'seal']) {
    assert.equal(await page.locator(`[data-check="${id}"]`).getAttribute('data-outcome'), 'passed', id);
  }
  for (const id of ['timbre', 'sat_status']) {
    const check = page.locator(`[data-check="${id}"]`);
    assert.equal(await check.getAttribute('data-outcome'), 'not_run', id);
    assert.match((await check.textContent()) ?? '', /simulator/, `${id} names who was asked`);
    assert.ok(await check.getByTestId('to-verify').isVisible(), `${id} says what would verify it`);
  }
  // The list shows the same verdict.
  await goTo(page, es['nav.validations']);
  // The list renders its rows when its answer arrives.
  await page.getByRole('table').getByText(es['validations.unverifiable'], { exact: true }).first().waitFor();
  assert.deepEqual(errors, []);
});

test('the endpoint’s delivery log shows the validation.completed deliveries and resends one', {
  skip: hasSat ? false : '../shared/sat is not present',
}, async () => {
  await page.goto(endpointUrl);
  const log = page.getByTestId('deliveries');
  const delivered = log.locator('tbody').getByText(es['webhooks.delivery.succeeded'], { exact: true });
  await refreshUntil(delivered, log.getByRole('button', { name: es['common.refresh'] }));
  const row = log.locator('tbody tr').first();
  assert.equal((await row.locator('td').nth(2).textContent())?.trim(), '200');
  // Attempts count every try: a first one may have met a receiver still starting.
  const attempts = Number((await row.locator('td').nth(3).textContent())?.trim());
  assert.ok(attempts >= 1);
  const before = receiver.received.length;
  await row.getByRole('button', { name: es['webhooks.resend'] }).click();
  await refreshUntil(
    row
      .locator('td')
      .nth(3)
      .getByText(String(attempts + 1), { exact: true }),
    log.getByRole('button', { name: es['common.refresh'] }),
  );
  await refreshUntil(row.getByText(es['webhooks.delivery.succeeded'], { exact: true }), log.getByRole('button', { name: es['common.refresh'] }));
  assert.ok(receiver.received.length > before, 'the receiver got the resend');
  assert.match(receiver.received.at(-1) ?? '', /validation\.completed/);

  // The event behind it, with its payload pretty-printed.
  await row.getByRole('link').click();
  await page.getByRole('heading', { level: 1, name: 'validation.completed' }).waitFor();
  assert.match((await page.getByTestId('json').textContent()) ?? '', /"object": "validation"/);
  assert.deepEqual(errors, []);
});
