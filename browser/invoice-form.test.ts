import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { en } from '../dashboard/src/i18n/en.ts';
import { es } from '../dashboard/src/i18n/es.ts';
import { useDashboard } from './support/fixture.ts';
import { shoot } from './support/screens.ts';
import { createProfile, fillInvoice, goTo, signManifest, signUp } from './support/flows.ts';
import { hasSat } from './support/sat.ts';

const app = useDashboard();

const values = (select: Locator) => select.locator('option').evaluateAll((options) => options.map((option) => (option as unknown as { value: string }).value));

test('the invoice form offers only the uso CFDI the customer’s régimen allows, and clears one it no longer allows', async () => {
  const { page, errors } = await app.newPage();
  await signUp(page, app.base, { email: `form-${Date.now()}@example.com`, organization: 'Formulario Kemper' });
  await goTo(page, es['nav.invoices']);
  await page.getByRole('link', { name: es['invoices.create'] }).click();
  const uso = page.getByLabel(es['invoices.cfdiUse']);
  await uso.locator('option[value="CN01"]').waitFor({ state: 'attached' });
  const all = await values(uso);
  assert.ok(all.includes('CN01') && all.includes('G03'), 'without a régimen every uso is offered');

  await page.getByLabel(es['field.taxRegime']).selectOption('601');
  await uso.locator('option[value="CN01"]').waitFor({ state: 'detached' });
  const forCompanies = await values(uso);
  assert.ok(forCompanies.includes('G03'));
  assert.ok(!forCompanies.includes('CN01'), 'nómina is a use of régimen 605 only');
  await uso.selectOption('G03');

  await page.getByLabel(es['field.taxRegime']).selectOption('605');
  await uso.locator('option[value="CN01"]').waitFor({ state: 'attached' });
  assert.ok(!(await values(uso)).includes('G03'));
  assert.equal(await uso.inputValue(), '', 'a uso the new régimen does not allow is cleared');
  assert.deepEqual(errors, []);
});

test('switching the language keeps what was typed in the new-invoice form and renders its labels in the new language', async () => {
  const { page, errors } = await app.newPage();
  await signUp(page, app.base, { email: `idioma-${Date.now()}@example.com`, organization: 'Idioma Kemper' });
  await fillInvoice(page, '321.50');
  await page.getByRole('combobox', { name: es['shell.language'] }).selectOption('en');
  await page.getByRole('heading', { level: 1, name: en['invoices.create'] }).waitFor();
  assert.equal(await page.getByLabel(en['field.rfc']).inputValue(), 'URE180429TM6');
  assert.equal(await page.getByLabel(en['invoices.customerName']).inputValue(), 'UNIVERSIDAD ROBOTICA ESPAÑOLA');
  assert.equal(await page.getByLabel(en['field.taxRegime']).inputValue(), '601');
  assert.equal(await page.getByLabel(en['invoices.cfdiUse']).inputValue(), 'G03');
  assert.equal(await page.getByLabel(en['invoices.description']).inputValue(), 'Servicio de prueba');
  assert.equal(await page.getByLabel(en['invoices.unitPrice']).inputValue(), '321.50');
  await page.getByRole('combobox', { name: en['shell.language'] }).selectOption('es');
  await page.getByRole('heading', { level: 1, name: es['invoices.create'] }).waitFor();
  assert.equal(await page.getByLabel(es['invoices.unitPrice']).inputValue(), '321.50');
  assert.deepEqual(errors, []);
});

test('a draft opens in the same form with its values, and its changes are saved to the draft', {
  skip: hasSat ? false : '../shared/sat is not present',
}, async () => {
  const { page, errors } = await app.newPage();
  await signUp(page, app.base, { email: `edit-${Date.now()}@example.com`, organization: 'Borradores Kemper' });
  await createProfile(page);
  await signManifest(page);
  await fillInvoice(page, '100.00');
  await page.getByRole('button', { name: es['invoices.createSubmit'] }).click();
  await page.getByRole('button', { name: es['invoices.stamp'] }).waitFor();
  const draft = page.url();

  await page.getByRole('link', { name: es['invoices.edit'], exact: true }).click();
  await page.getByRole('button', { name: es['invoices.editSubmit'] }).waitFor();
  assert.equal(await page.getByLabel(es['invoices.customerName']).inputValue(), 'UNIVERSIDAD ROBOTICA ESPAÑOLA');
  assert.equal(await page.getByLabel(es['invoices.cfdiUse']).inputValue(), 'G03');
  assert.equal(await page.getByLabel(es['invoices.unitPrice']).inputValue(), '100.00');
  await shoot(page, 'invoice-edit');
  await page.getByLabel(es['invoices.unitPrice']).fill('250.00');
  await page.getByRole('button', { name: es['invoices.editSubmit'] }).click();
  await page.getByRole('button', { name: es['invoices.stamp'] }).waitFor();
  assert.equal(page.url(), draft, 'the same draft, not a new one');
  assert.ok(await page.getByText('$290.00', { exact: true }).isVisible(), '250 plus 16 % IVA');
  assert.deepEqual(errors, []);
});

/** The amount a money text shows, as the CFDI writes it ("$1,234.50" → "1234.50"). */
const amountOf = (text: string | null) => (text ?? '').replace(/[^0-9.]/g, '');

/** Stamps the invoice the form holds and answers the stamped XML's Total (read with the browser's session). */
async function stampAndReadTotal(page: Page): Promise<string> {
  await page.getByRole('button', { name: es['invoices.createSubmit'] }).click();
  await page.getByRole('button', { name: es['invoices.stamp'] }).click();
  await page.getByTestId('uuid').waitFor();
  const id = page.url().split('/').at(-1) ?? '';
  const xml = await page.request.get(`${app.base}/v1/invoices/${id}/xml`, { headers: { 'Invoice-Mode': 'test' } });
  assert.equal(xml.status(), 200, await xml.text());
  const total = /<cfdi:Comprobante[^>]*\sTotal="([^"]+)"/.exec(await xml.text())?.[1];
  assert.ok(total, 'the XML has a Total');
  return total;
}

test('in Spanish, an invoice with IVA 16 %, IVA withheld 10.6667 %, ISR withheld 10 % and a discount is stamped with the total the form showed', {
  skip: hasSat ? false : '../shared/sat is not present',
}, async () => {
  const { page, errors } = await app.newPage();
  await signUp(page, app.base, { email: `honorarios-${Date.now()}@example.com`, organization: 'Honorarios Kemper' });
  await createProfile(page);
  await signManifest(page);
  await fillInvoice(page, '1000.00');
  // The API's preview names what is wrong while the user types, in Spanish, and forgets it once corrected.
  const problems = page.getByTestId('invoice-preview-problems');
  await page.getByLabel(es['invoices.postalCode']).fill('8699');
  await problems.getByText(/Código postal del cliente/).waitFor();
  await page.getByLabel(es['invoices.postalCode']).fill('86991');
  await problems.waitFor({ state: 'detached' });
  await page.getByLabel(es['invoiceForm.discount']).fill('100.00');
  await page.getByLabel(es['invoiceForm.retIva']).selectOption('0.106667');
  await page.getByLabel(es['invoiceForm.retIsr']).selectOption('0.100000');
  const totals = page.getByTestId('invoice-totals');
  // 900.00 after the discount; IVA 144.00; IVA withheld 96.00 (900 × 0.106667 = 96.0003); ISR withheld 90.00.
  await totals.getByText('$858.00').waitFor();
  for (const label of [es['invoiceForm.subtotal'], es['invoiceForm.totalDiscount'], 'Retención de IVA', 'Retención de ISR']) {
    assert.ok(await totals.getByText(label, { exact: true }).isVisible(), label);
  }
  assert.ok(await totals.getByText('IVA 16 % trasladado').isVisible());
  await shoot(page, 'invoice-form-withholdings');
  const shown = amountOf(await page.getByTestId('invoice-total').textContent());
  assert.equal(await stampAndReadTotal(page), shown);
  assert.equal(shown, '858.00');
  assert.deepEqual(errors, []);
});

test('an invoice in USD asks for the exchange rate, shows its total in dollars and is stamped with that total', {
  skip: hasSat ? false : '../shared/sat is not present',
}, async () => {
  const { page, errors } = await app.newPage();
  await signUp(page, app.base, { email: `dolares-${Date.now()}@example.com`, organization: 'Dólares Kemper' });
  await createProfile(page);
  await signManifest(page);
  await fillInvoice(page, '199.99');
  assert.equal(await page.getByLabel(es['invoiceForm.exchangeRate']).count(), 0, 'no exchange rate for MXN');
  await page.getByLabel(es['invoiceForm.currency']).fill('USD');
  await page.getByLabel(es['invoiceForm.exchangeRate']).fill('17.2530');
  await page.getByLabel(es['invoices.quantity']).fill('3');
  // 599.97 + IVA 95.9952 → 96.00: 695.97 dollars.
  await page
    .getByTestId('invoice-total')
    .getByText(/695\.97/)
    .waitFor();
  assert.match((await page.getByTestId('invoice-total').textContent()) ?? '', /USD/);
  await shoot(page, 'invoice-form-usd');
  const shown = amountOf(await page.getByTestId('invoice-total').textContent());
  assert.equal(await stampAndReadTotal(page), shown);
  assert.ok(await page.getByText(/USD/).first().isVisible(), 'the stamped invoice is in dollars');

  // In English, on a new form.
  await page.goto(`${app.base}/dashboard/invoices/new`);
  await page.getByRole('combobox', { name: es['shell.language'] }).selectOption('en');
  await page.getByLabel(en['invoices.unitPrice']).fill('100.00');
  await page.getByLabel(en['invoiceForm.retIsr']).selectOption('0.012500');
  await page.getByTestId('invoice-total').getByText('$114.75').waitFor();
  const english = (await page.getByTestId('invoice-totals').textContent()) ?? '';
  assert.match(english, /IVA 16 % transferred.*ISR withheld/, english);
  await shoot(page, 'invoice-form-en');
  assert.deepEqual(errors, []);
});
