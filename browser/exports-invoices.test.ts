import assert from 'node:assert/strict';
import { test } from 'node:test';
import { es } from '../dashboard/src/i18n/es.ts';
import { useDashboard } from './support/fixture.ts';
import { goTo, signUp } from './support/flows.ts';
import { overflowingElements } from './support/overflow.ts';

// Exports are built by a background job: this app runs its worker.
const app = useDashboard({ worker: true });

test('the invoices list exports what it shows, and the exports page exports every invoice; both show as invoices and download', async () => {
  const { page, errors } = await app.newPage();
  await signUp(page, app.base, { email: `exports-invoices-${Date.now()}@example.com`, organization: 'Exportadora' });
  await goTo(page, es['nav.invoices']);
  assert.deepEqual(await overflowingElements(page), [], 'the export buttons fit beside the create button');
  await page.getByRole('button', { name: es['exports.exportAs'].replace('{format}', 'CSV') }).click();
  await page.getByRole('heading', { level: 1, name: es['exports.title'] }).waitFor();
  const list = page.getByRole('table', { name: es['exports.title'], exact: true });
  const csv = list.locator('tbody tr').first();
  await csv.getByText(es['exports.source.invoices'], { exact: true }).waitFor();
  await csv.getByText(es['exports.progressInvoiceRows'].replace('{written}', '0').replace('{total}', '0')).waitFor({ timeout: 60_000 });
  const download = page.waitForEvent('download');
  await csv.getByRole('button', { name: es['exports.download'] }).click();
  assert.match((await download).suggestedFilename(), /^invoices-exp_[0-9a-z]{26}\.csv$/);

  // The page's own buttons export a whole source, chosen beside them.
  await page.getByLabel(es['exports.source']).selectOption('invoices');
  await page.getByRole('button', { name: es['exports.exportAs'].replace('{format}', 'ZIP') }).click();
  const zip = list.locator('tbody tr').first();
  await zip.getByText('ZIP', { exact: true }).waitFor();
  await zip.getByText(es['exports.allInvoices']).waitFor();
  await zip.getByRole('button', { name: es['exports.download'] }).waitFor({ timeout: 60_000 });
  assert.deepEqual(await overflowingElements(page), []);
  assert.deepEqual(errors, []);
});
