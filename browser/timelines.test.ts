import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { es } from '../dashboard/src/i18n/es.ts';
import { launchBrowser, newPage } from './support/browser.ts';
import { createProfile, goTo, signUp } from './support/flows.ts';
import { createEndpoint, refreshUntil, startReceiver } from './support/pages.ts';
import { hasSat } from './support/sat.ts';
import { type RunningServer, startServer } from './support/server.ts';

let server: RunningServer;
let browser: Browser;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let page: Page;
let errors: string[];

before(async () => {
  // Deliveries are background jobs: this app runs its worker.
  server = await startServer({ RUN_WORKER: 'true' }, { worker: true });
  browser = await launchBrowser();
  receiver = await startReceiver();
  ({ page, errors } = await newPage(browser));
  await signUp(page, server.base, { email: `timeline-${Date.now()}@example.com`, organization: 'Historial' });
});
after(async () => {
  await browser?.close();
  await receiver?.close();
  await server?.close();
});

test("a fiscal profile's page shows its timeline: its events in order, each with its webhook deliveries", {
  skip: hasSat ? false : '../shared/sat is not present',
}, async () => {
  await goTo(page, es['nav.webhooks']);
  await createEndpoint(page, receiver.url, ['fiscal_profile']);
  await page.getByRole('button', { name: es['apiKeys.secretDone'] }).click();

  await createProfile(page);
  const timeline = page.getByTestId('timeline');
  await timeline.getByRole('heading', { name: es['timeline.title'] }).waitFor();
  const event = timeline.getByTestId('timeline-event').filter({ hasText: 'fiscal_profile.created' });
  await event.waitFor();
  await refreshUntil(
    event.getByTestId('timeline-delivery').filter({ hasText: es['webhooks.delivery.succeeded'] }),
    timeline.getByRole('button', { name: es['common.refresh'] }),
  );
  assert.ok(
    receiver.received.some((body) => body.includes('"fiscal_profile.created"')),
    'the delivery shown is the one the receiver got',
  );

  // The event's link leads to the event, whose object links back to the profile.
  await event.getByRole('link', { name: 'fiscal_profile.created' }).click();
  await page.getByRole('heading', { level: 1, name: 'fiscal_profile.created' }).waitFor();
  assert.deepEqual(errors, []);
});
