/** Steps shared by the tests and the screenshots of the webhook, validation and download pages. */
import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { es } from '../../dashboard/src/i18n/es.ts';
import { SAT_DIR } from './sat.ts';

export const sampleXml = {
  valid: path.join(SAT_DIR, 'samples', 'cfdi40', 'sealed-no-tfd', 'I_descuentos_EKU9003173C9_2023-06-18.xml'),
  tampered: path.join(SAT_DIR, 'samples', 'cfdi40', 'negative', 'I_H_E951128469_tampered_seal-fails.xml'),
  /** A genuine supplier's stamped CFDI: test mode's simulator can verify neither its timbre nor its status. */
  genuine: path.join(SAT_DIR, 'samples', 'cfdi40', 'real', 'I_ISD950921HE5_2025-01-24_real.xml'),
};

/**
 * Presses `refresh` until `target` is visible: for state the server reaches on its own (a
 * delivery made, a download ready). Each round waits on the target itself, never a fixed sleep.
 */
export async function refreshUntil(target: Locator, refresh: Locator, timeoutMs = 60_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await target.first().isVisible())) {
    if (Date.now() > end) throw new Error(`not visible after ${timeoutMs} ms: ${target.toString()}`);
    await refresh.click();
    await target
      .first()
      .waitFor({ timeout: 2_000 })
      .catch(() => undefined);
  }
}

/** On the webhooks page: adds an endpoint for `events` (namespace boxes) and returns the secret shown. */
export async function createEndpoint(page: Page, url: string, namespaces: string[]): Promise<string> {
  await page.getByRole('button', { name: es['webhooks.create'] }).click();
  const form = page.getByRole('form', { name: es['webhooks.create'] });
  await form.getByLabel(es['webhooks.url']).fill(url);
  await form.getByRole('checkbox', { name: es['webhooks.allEvents'] }).uncheck();
  for (const namespace of namespaces) await form.getByRole('checkbox', { name: `${namespace}.*`, exact: true }).check();
  await form.getByRole('button', { name: es['webhooks.createSubmit'] }).click();
  return page.getByLabel(es['webhooks.secretLabel']).inputValue();
}

/** Drops a file on the validations drop zone as a browser drag would (a DataTransfer with the file). */
export async function dropFile(page: Page, file: string): Promise<void> {
  const text = fs.readFileSync(file, 'utf8');
  const transfer = await page.evaluateHandle(
    ([content, name]) => {
      // Runs in the page; the tests' tsconfig has no DOM types, so the two constructors are declared.
      const scope = globalThis as unknown as {
        DataTransfer: new () => { items: { add(file: unknown): void } };
        File: new (parts: string[], name: string, options: { type: string }) => unknown;
      };
      const data = new scope.DataTransfer();
      data.items.add(new scope.File([content], name, { type: 'application/xml' }));
      return data;
    },
    [text, path.basename(file)] as const,
  );
  const zone = page.getByTestId('drop-zone');
  await zone.dispatchEvent('dragenter', { dataTransfer: transfer });
  await zone.dispatchEvent('dragover', { dataTransfer: transfer });
  await zone.dispatchEvent('drop', { dataTransfer: transfer });
}

/** From a profile's page (FIEL and manifiesto done): requests last month's received XML and waits for it. */
export async function downloadLastMonth(page: Page): Promise<void> {
  await page.getByRole('link', { name: es['downloads.create'] }).click();
  await page.getByRole('heading', { level: 1, name: es['downloads.create'] }).waitFor();
  await page.getByRole('button', { name: es['downloads.createSubmit'] }).click();
  await page.locator('[data-status="requested"], [data-status="processing"], [data-status="ready"]').first().waitFor();
  // The page polls by itself while the SAT simulator works (about ten seconds).
  await page.locator('[data-status="ready"]').waitFor({ timeout: 90_000 });
}
