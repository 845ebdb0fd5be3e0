import assert from 'node:assert/strict';
import { test } from 'node:test';
import fs from 'node:fs';
import path from 'node:path';
import { en } from '../dashboard/src/i18n/en.ts';
import { es } from '../dashboard/src/i18n/es.ts';
import { overflowingElements } from './support/overflow.ts';
import { useDashboard } from './support/fixture.ts';
import { SCREENS_DIR } from './support/screens.ts';
import { goTo } from './support/flows.ts';
import { createEndpoint, dropFile, refreshUntil, sampleXml } from './support/pages.ts';
import { hasSat } from './support/sat.ts';

let endpointUrl: string;
fs.mkdirSync(SCREENS_DIR, { recursive: true });

// Deliveries and SAT polling are background jobs: this app runs its worker (the default test app does not).
const app = useDashboard({ worker: true, receiver: true, signUp: { email: `hooks-${Date.now()}@example.com`, organization: 'Ganchos' } });

test('a webhook endpoint shows its signing secret once, and again only when rotated', async () => {
  await goTo(app.page, es['nav.webhooks']);
  const secret = await createEndpoint(app.page, app.receiver.url, ['validation']);
  assert.match(secret, /^whsec_/, `the secret shown: ${secret}`);
  await app.page.getByRole('button', { name: es['apiKeys.secretDone'] }).click();
  assert.equal(await app.page.getByTestId('secret').count(), 0);

  await app.page.getByRole('link', { name: app.receiver.url }).click();
  await app.page.getByRole('heading', { level: 1, name: es['webhooks.one'] }).waitFor();
  endpointUrl = app.page.url();
  await app.page.getByText('validation.*').first().waitFor();
  assert.equal(await app.page.getByText(secret).count(), 0, 'the secret is never shown again');

  await app.page.getByRole('button', { name: es['webhooks.rotate'] }).click();
  await app.page.getByRole('button', { name: es['webhooks.rotateSubmit'] }).click();
  const rotated = await app.page.getByLabel(es['webhooks.secretLabel']).inputValue();
  assert.match(rotated, /^whsec_/);
  assert.notEqual(rotated, secret);
  await app.page.reload();
  await app.page.getByRole('heading', { level: 1, name: es['webhooks.one'] }).waitFor();
  assert.equal(await app.page.getByTestId('secret').count(), 0, 'a reload does not bring the rotated secret back');
  assert.deepEqual(app.errors, []);
});

test('“Enviar evento de prueba” delivers a signed test event to this endpoint, shown in its delivery log', async () => {
  await app.page.goto(endpointUrl);
  const log = app.page.getByTestId('deliveries');
  const before = app.receiver.received.length;
  await log.getByRole('button', { name: es['webhooks.sendTest'] }).click();
  await app.page.getByText(es['webhooks.testSent']).waitFor();
  const row = log.locator('tbody tr', { hasText: 'webhook_endpoint.test' });
  await refreshUntil(row.getByText(es['webhooks.delivery.succeeded'], { exact: true }), log.getByRole('button', { name: es['common.refresh'] }));
  assert.equal(app.receiver.received.length, before + 1, 'the receiver got one delivery');
  assert.equal(JSON.parse(app.receiver.received.at(-1)!.body).type, 'webhook_endpoint.test');
  assert.deepEqual(await overflowingElements(app.page), []);
  for (const language of ['es', 'en'] as const) {
    if (language === 'en') {
      await app.page.getByRole('combobox', { name: es['shell.language'] }).selectOption('en');
      await app.page.getByRole('heading', { level: 2, name: en['webhooks.deliveries'] }).waitFor();
    }
    for (const width of [1280, 375]) {
      await app.page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      assert.deepEqual(await overflowingElements(app.page), [], `${language} ${width}`);
      await app.page.screenshot({ path: path.join(SCREENS_DIR, `webhook-test-event-${language}-${width}.png`), fullPage: true });
    }
  }
  await app.page.getByRole('combobox', { name: en['shell.language'] }).selectOption('es');
  await app.page.setViewportSize({ width: 1280, height: 900 });
  assert.deepEqual(app.errors, []);
});

test('an XML dropped on the validations page is validated and its checks read one by one', {
  skip: hasSat ? false : '../shared/sat is not present',
}, async () => {
  await goTo(app.page, es['nav.validations']);
  await dropFile(app.page, sampleXml.valid);
  await app.page.getByRole('heading', { level: 1, name: /^Validación/ }).waitFor();
  await app.page.getByTestId('checks').waitFor();
  assert.ok(await app.page.getByText(es['validations.valid'], { exact: true }).first().isVisible());
  const seal = app.page.locator('[data-check="seal"]');
  assert.equal(await seal.getAttribute('data-outcome'), 'passed');
  assert.equal(await app.page.locator('[data-check="timbre"]').getAttribute('data-outcome'), 'not_applicable', 'a CFDI without timbre has no timbre to check');

  // The keyboard path: the same zone is a file input with a label.
  await goTo(app.page, es['nav.validations']);
  await app.page.getByLabel(es['validations.drop']).setInputFiles(sampleXml.tampered);
  await app.page.getByRole('heading', { level: 1, name: /^Validación/ }).waitFor();
  await app.page.getByTestId('checks').waitFor();
  assert.ok(await app.page.getByText(es['validations.invalid'], { exact: true }).first().isVisible());
  assert.equal(await app.page.locator('[data-check="seal"]').getAttribute('data-outcome'), 'failed');
  assert.ok(await app.page.locator('[data-check="seal"] .issues li').first().isVisible(), 'the failed check lists its issues');
  assert.deepEqual(app.errors, []);
});

test('a genuine supplier CFDI is not verifiable here, not invalid, and each check says what would verify it', {
  skip: hasSat ? false : '../shared/sat is not present',
}, async () => {
  await goTo(app.page, es['nav.validations']);
  await dropFile(app.page, sampleXml.genuine);
  await app.page.getByRole('heading', { level: 1, name: /^Validación/ }).waitFor();
  await app.page.getByTestId('checks').waitFor();
  // The verdict's badge renders with the checks; wait for it rather than read it at once.
  await app.page.getByText(es['validations.unverifiable'], { exact: true }).first().waitFor();
  assert.equal(await app.page.getByText(es['validations.invalid'], { exact: true }).count(), 0, 'never "No válido"');
  for (const id of ['document', 'structure', 'arithmetic', 'catalogs', 'seal']) {
    assert.equal(await app.page.locator(`[data-check="${id}"]`).getAttribute('data-outcome'), 'passed', id);
  }
  for (const id of ['timbre', 'sat_status']) {
    const check = app.page.locator(`[data-check="${id}"]`);
    assert.equal(await check.getAttribute('data-outcome'), 'not_run', id);
    assert.match((await check.textContent()) ?? '', /simulator/, `${id} names who was asked`);
    assert.ok(await check.getByTestId('to-verify').isVisible(), `${id} says what would verify it`);
  }
  // The list shows the same verdict.
  await goTo(app.page, es['nav.validations']);
  // The list renders its rows when its answer arrives.
  await app.page.getByRole('table').getByText(es['validations.unverifiable'], { exact: true }).first().waitFor();
  assert.deepEqual(app.errors, []);
});

test('the endpoint’s delivery log shows the validation.completed deliveries and resends one', {
  skip: hasSat ? false : '../shared/sat is not present',
}, async () => {
  await app.page.goto(endpointUrl);
  const log = app.page.getByTestId('deliveries');
  const delivered = log.locator('tbody').getByText(es['webhooks.delivery.succeeded'], { exact: true });
  await refreshUntil(delivered, log.getByRole('button', { name: es['common.refresh'] }));
  const row = log.locator('tbody tr').first();
  assert.equal((await row.locator('td').nth(2).textContent())?.trim(), '200');
  // Attempts count every try: a first one may have met a receiver still starting.
  const attempts = Number((await row.locator('td').nth(3).textContent())?.trim());
  assert.ok(attempts >= 1);
  const before = app.receiver.received.length;
  await row.getByRole('button', { name: es['webhooks.resend'] }).click();
  await refreshUntil(
    row
      .locator('td')
      .nth(3)
      .getByText(String(attempts + 1), { exact: true }),
    log.getByRole('button', { name: es['common.refresh'] }),
  );
  await refreshUntil(row.getByText(es['webhooks.delivery.succeeded'], { exact: true }), log.getByRole('button', { name: es['common.refresh'] }));
  assert.ok(app.receiver.received.length > before, 'the receiver got the resend');
  assert.match(app.receiver.received.at(-1)?.body ?? '', /validation\.completed/);

  // The event behind it, with its payload pretty-printed.
  await row.getByRole('link').click();
  await app.page.getByRole('heading', { level: 1, name: 'validation.completed' }).waitFor();
  assert.match((await app.page.getByTestId('json').textContent()) ?? '', /"object": "validation"/);
  assert.deepEqual(app.errors, []);
});
