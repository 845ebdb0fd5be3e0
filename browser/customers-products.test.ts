/**
 * Saved customers and products in the dashboard, in Spanish: each is created, found by search and
 * edited on its page; the invoice form's pickers fill a draft from them, which is stamped with the
 * customer's RFC and name and the product's key and price. The API's Spanish problem lands on the
 * field; a read-only accountant sees the pages without their write buttons; nothing is wider than
 * a phone.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { es } from '../dashboard/src/i18n/es.ts';
import { useDashboard } from './support/fixture.ts';
import { createProfile, goTo, PASSWORD, signManifest, signUp } from './support/flows.ts';
import { overflowingElements } from './support/overflow.ts';
import { hasSat } from './support/sat.ts';

const app = useDashboard();

/** Searches a list page by its one filter and waits for the row naming `text`. */
async function search(page: Page, label: string, words: string, text: string): Promise<void> {
  await page.locator('.filters-box summary').click();
  await page.getByRole('form', { name: es['list.filters'] }).getByLabel(label).fill(words);
  await page.getByRole('button', { name: es['list.apply'] }).click();
  await page.getByRole('link', { name: text }).waitFor();
}

async function noOverflowAt375(page: Page, url: string): Promise<void> {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(url);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.locator('.loading').first().waitFor({ state: 'hidden' });
  assert.deepEqual(await overflowingElements(page), [], `${url} at 375 px`);
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('customers and products are saved, found, edited, picked into an invoice that stamps with their data, and read-only for an accountant', {
  skip: hasSat ? false : '../shared/sat is not present',
}, async () => {
  const { page, errors } = await app.newPage();
  await signUp(page, app.base, { email: `clientes-${Date.now()}@example.com`, organization: 'Clientes Kemper' });
  await createProfile(page);
  await signManifest(page);

  // A customer: a bad RFC first, whose Spanish problem is shown on the RFC field.
  await goTo(page, es['nav.customers']);
  await page.getByRole('button', { name: es['customers.create'] }).click();
  const customerForm = page.getByRole('form', { name: es['customers.create'] });
  await customerForm.getByLabel(es['field.rfc']).fill('SIM0101');
  await customerForm.getByLabel(es['customers.legalName']).fill('CLIENTE SIMULADO');
  await customerForm.getByLabel(es['field.taxRegime']).selectOption('601');
  await customerForm.getByLabel(es['customers.postalCode']).fill('06600');
  await customerForm.getByLabel(es['customers.cfdiUse']).selectOption('G03');
  await customerForm.getByLabel(es['customers.emails']).fill('pagos@simulado.mx, contabilidad@simulado.mx');
  await customerForm.getByRole('button', { name: es['customers.createSubmit'] }).click();
  const rfcError = customerForm.locator('#field-rfc-error');
  await rfcError.waitFor();
  const rfcProblem = (await rfcError.textContent()) ?? '';
  assert.match(rfcProblem, /RFC/);
  assert.doesNotMatch(rfcProblem, /\b(must|is not|invalid)\b/i, 'the field speaks Spanish');
  assert.equal(await customerForm.getByLabel(es['field.rfc']).getAttribute('aria-invalid'), 'true');
  await customerForm.getByLabel(es['field.rfc']).fill('SIM010101AA1');
  await customerForm.getByRole('button', { name: es['customers.createSubmit'] }).click();
  await page.getByRole('heading', { level: 1, name: 'CLIENTE SIMULADO' }).waitFor();
  await page.getByText(es['customers.verified'], { exact: true }).waitFor();
  const customerUrl = page.url();

  // Found by part of its RFC, and edited on its page.
  await goTo(page, es['nav.customers']);
  await search(page, es['customers.search'], 'sim0101', 'CLIENTE SIMULADO');
  await page.getByRole('link', { name: 'CLIENTE SIMULADO' }).click();
  await page.locator('summary', { hasText: es['customers.edit'] }).click();
  const editCustomer = page.getByRole('form', { name: es['customers.edit'] });
  await editCustomer.getByLabel(es['customers.cfdiUse']).selectOption('G01');
  await editCustomer.getByRole('button', { name: es['customers.save'] }).click();
  await page
    .locator('.detail', { hasText: es['customers.cfdiUse'] })
    .getByText(/^G01 — /)
    .waitFor();

  // A product, found by its SKU.
  await goTo(page, es['nav.products']);
  await page.getByRole('button', { name: es['products.create'] }).click();
  const productForm = page.getByRole('form', { name: es['products.create'] });
  await productForm.getByLabel(es['products.description']).fill('Consultoría en robótica');
  await productForm.getByLabel(es['products.productKey']).fill('81112100');
  await productForm.getByLabel(es['products.unitKey']).fill('E48');
  await productForm.getByLabel(es['products.unitName']).fill('Servicio');
  await productForm.getByLabel(es['products.price']).fill('1250.50');
  await productForm.getByLabel(es['products.sku']).fill('ROB-1');
  await productForm.getByRole('button', { name: es['products.createSubmit'] }).click();
  await page.getByRole('heading', { level: 1, name: 'Consultoría en robótica' }).waitFor();
  assert.ok(await page.getByText('$1,250.50', { exact: true }).isVisible(), 'es-MX money');
  const productUrl = page.url();
  await goTo(page, es['nav.products']);
  await search(page, es['products.search'], 'rob-1', 'Consultoría en robótica');

  // The invoice form: both pickers fill their fields; quantity is this invoice's override.
  await goTo(page, es['nav.invoices']);
  await page.getByRole('link', { name: es['invoices.create'] }).click();
  await page.getByLabel(es['picker.customer']).fill('simulado');
  await page.getByRole('button', { name: 'CLIENTE SIMULADO · SIM010101AA1' }).click();
  assert.equal(await page.getByLabel(es['field.rfc']).inputValue(), 'SIM010101AA1');
  assert.equal(await page.getByLabel(es['invoices.postalCode']).inputValue(), '06600');
  await page.getByLabel(es['picker.product']).fill('ROB');
  await page.getByRole('button', { name: /^Consultoría en robótica · 81112100/ }).click();
  assert.equal(await page.getByLabel(es['invoices.unitPrice']).inputValue(), '1250.50');
  await page.getByLabel(es['invoices.quantity']).fill('2');
  await page.getByLabel(es['invoices.paymentForm']).selectOption('03');
  await page.getByRole('button', { name: es['invoices.createSubmit'] }).click();
  await page.getByRole('button', { name: es['invoices.stamp'] }).waitFor();

  // The draft opens in the form with the saved customer and product shown.
  await page.getByRole('link', { name: es['invoices.edit'], exact: true }).click();
  await page.getByRole('button', { name: es['invoices.editSubmit'] }).waitFor();
  await page.getByText(es['picker.chosenCustomer'].replace('{name}', 'CLIENTE SIMULADO').replace('{rfc}', 'SIM010101AA1')).waitFor();
  await page.getByText(es['picker.chosenProduct'].replace('{description}', 'Consultoría en robótica')).waitFor();
  // An update cannot drop the draft's saved customer, so the form offers no way to.
  assert.equal(await page.getByTestId('saved-customer').getByRole('button', { name: es['picker.clear'] }).count(), 0);
  assert.equal(await page.getByTestId('saved-product-0').getByRole('button', { name: es['picker.clear'] }).count(), 1);
  await page.getByRole('link', { name: es['form.cancel'] }).click();

  await page.getByRole('button', { name: es['invoices.stamp'] }).click();
  await page.getByTestId('uuid').waitFor();
  const invoiceId = page.url().split('/').at(-1) ?? '';
  const stamped = await page.evaluate(async (id) => {
    const answer = await fetch(`/v1/invoices/${id}`, { headers: { 'Invoice-Mode': 'test' }, credentials: 'same-origin' });
    return (await answer.json()) as {
      status: string;
      customer_id: string;
      customer: { rfc: string; name: string; use: string };
      items: { product_id: string; product_key: string; unit_price: string; quantity: string }[];
    };
  }, invoiceId);
  assert.equal(stamped.status, 'stamped');
  assert.equal(stamped.customer.rfc, 'SIM010101AA1');
  assert.equal(stamped.customer.name, 'CLIENTE SIMULADO');
  assert.equal(stamped.customer.use, 'G01', 'the default uso as edited');
  assert.equal(stamped.customer_id, customerUrl.split('/').at(-1));
  assert.equal(stamped.items[0]?.product_key, '81112100');
  assert.equal(stamped.items[0]?.unit_price, '1250.50');
  assert.equal(stamped.items[0]?.quantity, '2');
  assert.equal(stamped.items[0]?.product_id, productUrl.split('/').at(-1));

  for (const url of [`${app.base}/dashboard/customers`, customerUrl, `${app.base}/dashboard/products`, productUrl]) await noOverflowAt375(page, url);

  // An accountant reads both pages, with no button to create, edit or delete.
  await goTo(page, es['nav.team']);
  await page.getByRole('button', { name: es['team.invite'], exact: true }).click();
  await page.getByLabel(es['team.email'], { exact: true }).fill(`contador-${Date.now()}@example.com`);
  await page.getByLabel(es['team.role'], { exact: true }).selectOption('accountant');
  await page.getByRole('button', { name: es['team.inviteSubmit'] }).click();
  const link = await page.getByLabel(es['team.linkLabel']).inputValue();
  const accountant = await app.newPage();
  await accountant.page.goto(link);
  await accountant.page.getByTestId('invitation').waitFor();
  await accountant.page.getByLabel(es['field.password']).fill(PASSWORD);
  await accountant.page.getByRole('button', { name: es['invitation.signUpSubmit'] }).click();
  await accountant.page.getByRole('heading', { level: 1, name: es['home.title'] }).waitFor();
  await goTo(accountant.page, es['nav.customers']);
  await accountant.page.getByRole('link', { name: 'CLIENTE SIMULADO' }).waitFor();
  assert.equal(await accountant.page.getByRole('button', { name: es['customers.create'] }).count(), 0);
  await accountant.page.goto(customerUrl);
  await accountant.page.getByRole('heading', { level: 1, name: 'CLIENTE SIMULADO' }).waitFor();
  assert.equal(await accountant.page.getByRole('button', { name: es['customers.delete'] }).count(), 0);
  assert.equal(await accountant.page.getByText(es['customers.edit']).count(), 0);
  await goTo(accountant.page, es['nav.products']);
  await accountant.page.getByRole('link', { name: 'Consultoría en robótica' }).waitFor();
  assert.equal(await accountant.page.getByRole('button', { name: es['products.create'] }).count(), 0);
  await accountant.page.goto(productUrl);
  await accountant.page.getByRole('heading', { level: 1, name: 'Consultoría en robótica' }).waitFor();
  assert.equal(await accountant.page.getByRole('button', { name: es['products.delete'] }).count(), 0);

  // The owner deletes the product, after confirming.
  await page.goto(productUrl);
  await page.getByRole('button', { name: es['products.delete'] }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: es['saved.deleteSubmit'] }).click();
  await page.getByRole('heading', { level: 1, name: es['products.title'] }).waitFor();
  await page.getByText(es['products.empty']).waitFor();
  assert.deepEqual(errors, []);
  assert.deepEqual(accountant.errors, []);
});
