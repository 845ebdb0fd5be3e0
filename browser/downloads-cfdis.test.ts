import assert from 'node:assert/strict';
import { test } from 'node:test';
import fs from 'node:fs';
import path from 'node:path';
import { en } from '../dashboard/src/i18n/en.ts';
import { es } from '../dashboard/src/i18n/es.ts';
import { overflowingElements } from './support/overflow.ts';
import { useDashboard } from './support/fixture.ts';
import { SCREENS_DIR } from './support/screens.ts';
import { createProfile, signManifest, signUp } from './support/flows.ts';
import { downloadLastMonth } from './support/pages.ts';
import { hasSat } from './support/sat.ts';

fs.mkdirSync(SCREENS_DIR, { recursive: true });

// Deliveries and SAT polling are background jobs: this app runs its worker (the default test app does not).
// The SAT simulator and the download's polling run on the app's manual clock: time moves on here.
const app = useDashboard({ worker: true, clockStepMs: 5_000 });

test('a SAT download goes from requested to ready and its CFDIs open with their details and XML', {
  skip: hasSat ? false : '../shared/sat is not present',
}, async () => {
  const { page, errors } = await app.newPage();
  await signUp(page, app.base, { email: `downloads-${Date.now()}@example.com`, organization: 'Escuela Kemper Urgate' });
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
  const cfdisUrl = page.url();
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

  // The list is in the CFDIs' own date order, newest first; a header sorts by it or by total, both
  // ways, and the search box finds by RFC: everything in the URL, as the API orders and selects.
  await page.goto(cfdisUrl);
  const downloadId = new URL(cfdisUrl).searchParams.get('download_id')!;
  const shown = () => list.locator('tbody tr code.uuid').allTextContents();
  const fromApi = (query: string) =>
    page.evaluate(async (search) => {
      const answer = (await (await fetch(`/v1/cfdis?limit=20&${search}`)).json()) as { data: { uuid: string }[] };
      return answer.data.map((cfdi) => cfdi.uuid);
    }, `download_id=${downloadId}&${query}`);
  // The rows once the list shows exactly these (a new order replaces the rows when its answer arrives).
  const settled = async (expected: string[]) => {
    const wanted = JSON.stringify(expected);
    await page
      // A function, not a string: the dashboard's CSP forbids the eval a string predicate needs.
      .waitForFunction(
        (target) => {
          const { document } = globalThis as unknown as { document: { querySelectorAll(selector: string): ArrayLike<{ textContent: string | null }> } };
          const cells = document.querySelectorAll('table[aria-busy="false"] tbody tr code.uuid');
          return JSON.stringify(Array.from(cells, (cell) => cell.textContent)) === target;
        },
        wanted,
        { timeout: 15_000 },
      )
      .catch(() => undefined);
    return shown();
  };
  await first.waitFor();
  const newest = await fromApi('sort=-fecha');
  assert.deepEqual(await settled(newest), newest, 'newest Fecha first by default');
  const header = (name: string) => list.locator('thead').getByRole('link', { name: new RegExp(`^${name}`) });
  await header(es['invoices.total']).click();
  await page.waitForURL(/sort=-total/);
  await list.locator('th[aria-sort="descending"]').waitFor();
  const largest = await fromApi('sort=-total');
  assert.deepEqual(await settled(largest), largest, 'largest total first');
  await header(es['invoices.total']).click();
  await page.waitForURL(/sort=total/);
  await list.locator('th[aria-sort="ascending"]').waitFor();
  const smallest = await fromApi('sort=total');
  assert.deepEqual(await settled(smallest), smallest, 'smallest total first');
  const counterparty = `td[data-label="${es['cfdis.counterparty']}"] .hint`;
  const rfc = ((await list.locator('tbody tr').first().locator(counterparty).textContent()) ?? '').trim();
  assert.match(rfc, /^[A-Z&Ñ]{3,4}\d{6}[A-Z\d]{3}$/);
  await page.getByRole('searchbox', { name: es['cfdis.search'] }).fill(rfc.toLowerCase());
  await page.getByRole('button', { name: es['list.search'], exact: true }).click();
  await page.waitForURL(new RegExp(`q=${rfc.toLowerCase()}`));
  await page.waitForURL(/sort=total/);
  const found = await fromApi(`sort=total&q=${rfc}`);
  assert.ok(found.length > 0);
  assert.deepEqual(await settled(found), found, 'the search keeps the order');
  for (const text of await list.locator(`tbody tr ${counterparty}`).allTextContents()) assert.equal(text.trim(), rfc);
  await totals.getByRole('heading', { name: es['cfdis.totals'].replace('{count}', String(found.length)) }).waitFor();
  // A shared link shows the same list.
  await page.reload();
  await list.locator('th[aria-sort="ascending"]').waitFor();
  await settled(found);
  await totals.waitFor();
  assert.equal(await page.getByRole('searchbox', { name: es['cfdis.search'] }).inputValue(), rfc.toLowerCase());
  for (const language of ['es', 'en'] as const) {
    if (language === 'en') {
      await page.getByRole('combobox', { name: es['shell.language'] }).selectOption('en');
      await page.getByRole('searchbox', { name: en['cfdis.search'] }).waitFor();
    }
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      assert.deepEqual(await overflowingElements(page), [], `${language} ${width}`);
      await page.screenshot({ path: path.join(SCREENS_DIR, `cfdis-sorted-searched-${language}-${width}.png`), fullPage: true });
    }
  }
  // On a phone the headers are gone: the order is a menu.
  await page.getByRole('combobox', { name: en['list.sortBy'] }).selectOption('-fecha');
  await page.waitForURL(/sort=-fecha/);
  await page.setViewportSize({ width: 1280, height: 900 });
  assert.deepEqual(errors, []);
});
