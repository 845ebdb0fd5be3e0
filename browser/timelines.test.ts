import assert from 'node:assert/strict';
import { test } from 'node:test';
import { es } from '../dashboard/src/i18n/es.ts';
import { useDashboard } from './support/fixture.ts';
import { createProfile, goTo } from './support/flows.ts';
import { createEndpoint, refreshUntil } from './support/pages.ts';
import { hasSat } from './support/sat.ts';

// Deliveries are background jobs: this app runs its worker.
const app = useDashboard({ worker: true, receiver: true, signUp: { email: `timeline-${Date.now()}@example.com`, organization: 'Historial' } });

test("a fiscal profile's page shows its timeline: its events in order, each with its webhook deliveries", {
  skip: hasSat ? false : '../shared/sat is not present',
}, async () => {
  await goTo(app.page, es['nav.webhooks']);
  await createEndpoint(app.page, app.receiver.url, ['fiscal_profile']);
  await app.page.getByRole('button', { name: es['apiKeys.secretDone'] }).click();

  await createProfile(app.page);
  const timeline = app.page.getByTestId('timeline');
  await timeline.getByRole('heading', { name: es['timeline.title'] }).waitFor();
  const event = timeline.getByTestId('timeline-event').filter({ hasText: 'fiscal_profile.created' });
  await event.waitFor();
  await refreshUntil(
    event.getByTestId('timeline-delivery').filter({ hasText: es['webhooks.delivery.succeeded'] }),
    timeline.getByRole('button', { name: es['common.refresh'] }),
  );
  assert.ok(
    app.receiver.received.some((request) => request.body.includes('"fiscal_profile.created"')),
    'the delivery shown is the one the receiver got',
  );

  // The event's link leads to the event, whose object links back to the profile.
  await event.getByRole('link', { name: 'fiscal_profile.created' }).click();
  await app.page.getByRole('heading', { level: 1, name: 'fiscal_profile.created' }).waitFor();
  assert.deepEqual(app.errors, []);
});
