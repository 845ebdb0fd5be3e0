import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { es } from '../dashboard/src/i18n/es.ts';
import { launchBrowser, newPage } from './support/browser.ts';
import { createProfile, signManifest, signUp } from './support/flows.ts';
import { downloadLastMonth } from './support/pages.ts';
import { hasSat } from './support/sat.ts';
import { type RunningServer, startServer } from './support/server.ts';

let server: RunningServer;
let browser: Browser;
let ticker: NodeJS.Timeout | undefined;

before(async () => {
  // Deliveries and SAT polling are background jobs: this app runs its worker (the default test app does not).
  server = await startServer({ RUN_WORKER: 'true' }, { worker: true });
  // The SAT simulator and the download's polling run on the app's manual clock: time moves on here.
  ticker = setInterval(() => server.clock?.advance(5_000), 250);
  browser = await launchBrowser();
});
after(async () => {
  clearInterval(ticker);
  await browser?.close();
  await server?.close();
});

test('a SAT download goes from requested to ready and its CFDIs open with their details and XML', {
  skip: hasSat ? false : '../shared/sat is not present',
}, async () => {
  const { page, errors } = await newPage(browser);
  await signUp(page, server.base, { email: `downloads-${Date.now()}@example.com`, organization: 'Escuela Kemper Urgate' });
  await createProfile(page);
  await signManifest(page);
  // The profile page has the sync section, inactive until turned on.
  await page.getByTestId('sync').locator('[data-status="inactive"]').waitFor();

  await downloadLastMonth(page);
  const count = Number(await page.getByTestId('cfdi-count').textContent());
  assert.ok(count > 0, 'the simulator has CFDIs for last month');
  assert.ok(await page.getByRole('button', { name: es['downloads.downloadZip'] }).first().isVisible(), 'each package has its zip');
  const zip = page.waitForEvent('download');
  await page.getByRole('button', { name: es['downloads.downloadZip'] }).first().click();
  assert.match((await zip).suggestedFilename(), /\.zip$/);

  // Its CFDIs, in the store list filtered by this download.
  await page.getByRole('link', { name: new RegExp(es['downloads.seeCfdis'].replace('{count}', '\\d+')) }).click();
  await page.getByRole('heading', { level: 1, name: es['cfdis.title'] }).waitFor();
  const list = page.getByRole('table', { name: es['cfdis.title'], exact: true });
  const first = list.locator('tbody tr').first();
  await first.waitFor();
  assert.equal(await list.locator('tbody tr').count(), Math.min(count, 20));
  // Above the list, the totals of everything the filters select (all pages), by type and currency.
  const totals = page.getByTestId('cfdi-totals');
  await totals.getByRole('heading', { name: es['cfdis.totals'].replace('{count}', String(count)) }).waitFor();
  const counted = await totals.locator(`tbody td[data-label="${es['cfdis.totalsCount']}"]`).allTextContents();
  assert.equal(
    counted.reduce((sum, text) => sum + Number(text), 0),
    count,
    'the groups add up to the download',
  );
  assert.match((await totals.locator('tbody tr').first().textContent()) ?? '', /\$[\d,]+\.\d{2}/, 'money in es-MX pesos');
  await first.getByRole('link').click();
  await page.getByRole('heading', { level: 1, name: /^CFDI / }).waitFor();
  await page.getByTestId('conceptos').waitFor();
  assert.match((await page.getByTestId('uuid').textContent()) ?? '', /^[0-9A-F-]{36}$/);
  const xml = page.waitForEvent('download');
  await page.getByRole('button', { name: es['invoices.downloadXml'] }).click();
  assert.match((await xml).suggestedFilename(), /\.xml$/);

  // The list exports what it shows: its filters become the export's, and the file downloads once built.
  await page.goBack();
  await page.getByRole('heading', { level: 1, name: es['cfdis.title'] }).waitFor();
  await page.getByRole('button', { name: es['exports.exportAs'].replace('{format}', 'CSV') }).click();
  await page.getByRole('heading', { level: 1, name: es['exports.title'] }).waitFor();
  const row = page.locator('tbody tr').first();
  assert.match((await row.textContent()) ?? '', /download_id=dl_/);
  await row.locator('[data-status="completed"]').waitFor({ timeout: 60_000 });
  assert.match(
    (await row.textContent()) ?? '',
    new RegExp(`100%${es['exports.progressRows'].replace('{written}', String(count)).replace('{total}', String(count))}`),
  );
  const csv = page.waitForEvent('download');
  await row.getByRole('button', { name: es['exports.download'] }).click();
  assert.match((await csv).suggestedFilename(), /^cfdis-exp_[0-9a-z]{26}\.csv$/);
  assert.deepEqual(errors, []);
});
