/**
 * Screenshots of every dashboard page at 1280 and 375 px, into .tmp/screens/, for a person to
 * look at: `npx tsx browser/screenshots.ts` (after `npm run build:dashboard`).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { en } from '../dashboard/src/i18n/en.ts';
import { es } from '../dashboard/src/i18n/es.ts';
import { launchBrowser, newPage } from './support/browser.ts';
import { createKey, createProfile, fillInvoice, goTo, signManifest, signUp } from './support/flows.ts';
import { overflowingElements } from './support/overflow.ts';
import { startReceiver } from '../test/support/webhook-receiver.ts';
import { createEndpoint, downloadLastMonth, dropFile, refreshUntil, sampleXml } from './support/pages.ts';
import { SCREENS_DIR } from './support/screens.ts';
import { startServer } from './support/server.ts';

const out = SCREENS_DIR;
fs.mkdirSync(out, { recursive: true });
const WIDTHS = [1280, 375];
/** Elements wider than the viewport, by screenshot: printed at the end, and the run fails. */
const overflows: string[] = [];

async function shoot(page: Page, name: string, widths = WIDTHS): Promise<void> {
  for (const width of widths) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.waitForTimeout(150);
    await page.screenshot({ path: path.join(out, `${name}-${width}.png`), fullPage: true });
    for (const element of await overflowingElements(page)) overflows.push(`${name}-${width}: ${element}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function visit(page: Page, url: string, name: string): Promise<void> {
  await page.goto(url);
  await page.getByRole('heading', { level: 1 }).waitFor();
  // Visible state rather than network idleness: the real server may keep a connection open.
  await page.locator('.loading').first().waitFor({ state: 'hidden' });
  await shoot(page, name);
}

// The worker runs webhook deliveries and SAT downloads, as `npm start` does.
const server = await startServer({ RUN_WORKER: 'true' }, { worker: true });
const browser = await launchBrowser();
try {
  const { page: visitor } = await newPage(browser);
  await visit(visitor, `${server.base}/dashboard/sign-in`, '01-sign-in');
  await visit(visitor, `${server.base}/dashboard/sign-up`, '02-sign-up');

  const { page, errors } = await newPage(browser);
  await signUp(page, server.base, { email: `screens-${Date.now()}@example.com`, organization: 'Escuela Kemper Urgate' });
  await shoot(page, '03-home-new');
  await createKey(page, 'Servidor de producción');
  await shoot(page, '03-api-keys-secret');
  await page.getByRole('button', { name: es['apiKeys.secretDone'] }).click();
  await page.getByRole('button', { name: es['apiKeys.revoke'] }).first().click();
  await page.getByRole('button', { name: es['apiKeys.revokeSubmit'] }).waitFor();
  await shoot(page, '04-api-keys-revoke', [1280]);
  await visit(page, `${server.base}/dashboard/fiscal-profiles/new`, '05-profile-new');
  await createProfile(page);
  await shoot(page, '06-profile-requires-action');
  await signManifest(page);
  await page.getByTestId('branding-preview').waitFor();
  await shoot(page, '07-profile-active');
  const profileUrl = page.url();
  await fillInvoice(page, '-5');
  await page.getByRole('button', { name: es['invoices.createSubmit'] }).click();
  await page.locator('.field-error').first().waitFor();
  await shoot(page, '08-invoice-new-error');
  await page.getByLabel(es['invoices.unitPrice']).fill('1500.00');
  await page.getByRole('button', { name: es['invoices.createSubmit'] }).click();
  await page.getByRole('button', { name: es['invoices.stamp'] }).waitFor();
  await shoot(page, '09-invoice-draft');
  await page.getByRole('button', { name: es['invoices.stamp'] }).click();
  await page.getByTestId('uuid').waitFor();
  await page.getByRole('button', { name: es['invoices.previewPdf'] }).click();
  await page.getByTestId('pdf-preview').waitFor();
  await page.waitForTimeout(1500);
  await shoot(page, '10-invoice-stamped-pdf');
  await page.getByRole('button', { name: es['invoices.cancel'], exact: true }).click();
  await page.getByRole('dialog').getByLabel(es['invoices.reason']).selectOption('01');
  await shoot(page, '11-invoice-cancel-dialog');
  await page.getByRole('dialog').getByLabel(es['invoices.reason']).selectOption('02');
  await page.getByRole('dialog').getByRole('button', { name: es['invoices.cancelSubmit'] }).click();
  await page.getByTestId('cancellation').waitFor();
  await shoot(page, '11-invoice-cancelled');
  await visit(page, `${server.base}/dashboard/invoices`, '12-invoices');
  await visit(page, `${server.base}/dashboard/fiscal-profiles`, '13-profiles');
  await visit(page, profileUrl, '14-profile');
  await visit(page, `${server.base}/dashboard/account`, '15-account');
  await visit(page, `${server.base}/dashboard/home`, '15-home-progress');
  await shootNewPages(page, server.base, profileUrl);
  await shootSavedParts(page, server.base);
  await page.getByTestId('mode-switch').click();
  await visit(page, `${server.base}/dashboard/invoices`, '16-live-invoices');
  await visit(page, `${server.base}/dashboard/home`, '16-live-home');
  await page.getByRole('combobox', { name: es['shell.language'] }).selectOption('en');
  await visit(page, `${server.base}/dashboard/api-keys`, '17-live-api-keys-english');
  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByRole('button', { name: es['shell.menu'] === 'Menú' ? 'Menu' : es['shell.menu'] }).click();
  await page.screenshot({ path: path.join(out, '18-menu-open-375.png') });
  if (errors.length > 0) console.error(errors.join('\n'));
  console.log(`screenshots in ${out}`);
  if (overflows.length > 0) {
    console.error(`elements wider than the viewport:\n${overflows.join('\n')}`);
    process.exitCode = 1;
  }
} finally {
  await browser.close();
  await server.close();
}

/** The webhook, event, usage, validation, download, CFDI, sync and connected-account pages (20–). */
async function shootNewPages(page: Page, base: string, profileUrl: string): Promise<void> {
  const receiver = await startReceiver();
  try {
    await goTo(page, es['nav.webhooks']);
    await createEndpoint(page, receiver.url, ['invoice', 'validation']);
    await shoot(page, '20-webhooks-secret');
    await page.getByRole('button', { name: es['apiKeys.secretDone'] }).click();
    await page.getByRole('button', { name: es['webhooks.create'] }).click();
    await page.getByRole('form', { name: es['webhooks.create'] }).getByLabel(es['webhooks.url']).fill('ftp://nope');
    await page.getByRole('button', { name: es['webhooks.createSubmit'] }).click();
    await page.locator('.problem').first().waitFor();
    await shoot(page, '21-webhooks-create-error');
    await page.getByRole('button', { name: es['webhooks.create'] }).click();
    const endpointUrl = `${base}${await page.getByRole('link', { name: receiver.url }).getAttribute('href')}`;

    await goTo(page, es['nav.validations']);
    await shoot(page, '22-validations-empty');
    await dropFile(page, sampleXml.valid);
    await page.getByTestId('checks').waitFor();
    await shoot(page, '23-validation-valid');
    await goTo(page, es['nav.validations']);
    await page.getByLabel(es['validations.drop']).setInputFiles(sampleXml.tampered);
    await page.getByTestId('checks').waitFor();
    await shoot(page, '24-validation-invalid');
    await visit(page, `${base}/dashboard/validations`, '25-validations');

    await page.goto(endpointUrl);
    const log = page.getByTestId('deliveries');
    await refreshUntil(
      log.locator('tbody').getByText(es['webhooks.delivery.succeeded'], { exact: true }),
      log.getByRole('button', { name: es['common.refresh'] }),
    );
    await shoot(page, '26-webhook-endpoint');
    await visit(page, `${base}/dashboard/webhooks`, '27-webhooks');
    await visit(page, `${base}/dashboard/events`, '28-events');
    await page.locator('tbody tr a').first().click();
    await page.getByTestId('json').waitFor();
    await shoot(page, '29-event');
    await visit(page, `${base}/dashboard/usage`, '30-usage');
    await page.getByTestId('stamp-chart').waitFor();
    await shoot(page, '30-usage');

    await page.goto(profileUrl);
    await page.getByTestId('sync').locator('[data-status]').waitFor();
    await shoot(page, '31-profile-sync-inactive');
    // The simulator's SAT works on the app's manual clock: it moves on only while the download waits.
    const ticker = setInterval(() => server.clock?.advance(5_000), 250);
    try {
      await downloadLastMonth(page);
    } finally {
      clearInterval(ticker);
    }
    await shoot(page, '32-download-ready');
    await visit(page, `${base}/dashboard/downloads`, '33-downloads');
    await visit(page, `${base}/dashboard/downloads/new`, '34-download-new');
    await visit(page, `${base}/dashboard/cfdis`, '35-cfdis');
    await page.locator('tbody tr a').first().click();
    await page.getByTestId('conceptos').waitFor();
    await shoot(page, '36-cfdi');
    await page.goto(`${base}/dashboard/cfdis`);
    await page.getByRole('button', { name: es['exports.exportAs'].replace('{format}', 'CSV') }).click();
    await page.getByRole('heading', { level: 1, name: es['exports.title'] }).waitFor();
    await page.locator('[data-status="completed"]').first().waitFor({ timeout: 60_000 });
    await shoot(page, '39-exports');

    await goTo(page, es['nav.connectedAccounts']);
    await page.getByRole('button', { name: es['accounts.create'] }).click();
    await page.getByLabel(es['field.name']).fill('Cliente Uno');
    await page.getByLabel(es['field.email']).fill('contacto@cliente.mx');
    await page.getByRole('button', { name: es['accounts.createSubmit'] }).click();
    await page.getByRole('heading', { level: 1, name: 'Cliente Uno' }).waitFor();
    await shoot(page, '37-connected-account');
    await visit(page, `${base}/dashboard/accounts`, '38-connected-accounts');
  } finally {
    await receiver.close();
  }
}

/** The customers and products pages and their pickers in the invoice form (40–), in Spanish and English. */
async function shootSavedParts(page: Page, base: string): Promise<void> {
  await goTo(page, es['nav.customers']);
  await shoot(page, '40-customers-empty');
  await page.getByRole('button', { name: es['customers.create'] }).click();
  const customer = page.getByRole('form', { name: es['customers.create'] });
  await customer.getByLabel(es['field.rfc']).fill('SIM0101');
  await customer.getByLabel(es['customers.legalName']).fill('CLIENTE SIMULADO');
  await customer.getByLabel(es['field.taxRegime']).selectOption('601');
  await customer.getByLabel(es['customers.postalCode']).fill('06600');
  await customer.getByLabel(es['customers.cfdiUse']).selectOption('G03');
  await customer.getByLabel(es['customers.emails']).fill('pagos@simulado.mx, contabilidad@simulado.mx');
  await customer.getByRole('button', { name: es['customers.createSubmit'] }).click();
  await customer.locator('.field-error').first().waitFor();
  await shoot(page, '41-customer-new-error');
  await customer.getByLabel(es['field.rfc']).fill('SIM010101AA1');
  await customer.getByRole('button', { name: es['customers.createSubmit'] }).click();
  await page.getByRole('heading', { level: 1, name: 'CLIENTE SIMULADO' }).waitFor();
  await page.locator('summary', { hasText: es['customers.edit'] }).click();
  await shoot(page, '42-customer');
  const customerUrl = page.url();
  await visit(page, `${base}/dashboard/customers`, '43-customers');

  await goTo(page, es['nav.products']);
  await page.getByRole('button', { name: es['products.create'] }).click();
  const product = page.getByRole('form', { name: es['products.create'] });
  await product.getByLabel(es['products.description']).fill('Consultoría en robótica educativa, por hora');
  await product.getByLabel(es['products.productKey']).fill('8111');
  await product.getByLabel(es['products.unitKey']).fill('E48');
  await product.getByLabel(es['products.unitName']).fill('Hora');
  await product.getByLabel(es['products.price']).fill('1250.50');
  await product.getByLabel(es['products.sku']).fill('ROB-1');
  await page.getByRole('button', { name: es['products.addTax'] }).click();
  await product.getByLabel(es['products.kind'], { exact: true }).nth(1).selectOption('true');
  await product.getByLabel(es['products.taxType'], { exact: true }).nth(1).selectOption('ISR');
  await product.getByLabel(es['products.rate'], { exact: true }).nth(1).fill('0.100000');
  await shoot(page, '44-product-new');
  await product.getByLabel(es['products.productKey']).fill('81112100');
  await product.getByRole('button', { name: es['products.createSubmit'] }).click();
  await page.getByRole('heading', { level: 1, name: 'Consultoría en robótica educativa, por hora' }).waitFor();
  await shoot(page, '45-product');
  const productUrl = page.url();
  await visit(page, `${base}/dashboard/products`, '46-products');

  await goTo(page, es['nav.invoices']);
  await page.getByRole('link', { name: es['invoices.create'] }).click();
  await page.getByLabel(es['picker.customer']).fill('sim');
  await page.locator('.picker-results button').first().waitFor();
  await shoot(page, '47-invoice-customer-picker');
  await page.locator('.picker-results button').first().click();
  await page.getByLabel(es['picker.product']).fill('rob');
  await page.locator('.picker-results button').first().click();
  await page.getByLabel(es['invoices.quantity']).fill('3');
  await shoot(page, '48-invoice-from-saved');

  await page.getByRole('combobox', { name: es['shell.language'] }).selectOption('en');
  await visit(page, `${base}/dashboard/customers`, '49-customers-en');
  await visit(page, customerUrl, '49-customer-en');
  await visit(page, `${base}/dashboard/products`, '49-products-en');
  await visit(page, productUrl, '49-product-en');
  await page.getByRole('combobox', { name: en['shell.language'] }).selectOption('es');
}
