import assert from 'node:assert/strict';
import { test } from 'node:test';
import { es } from '../dashboard/src/i18n/es.ts';
import { storeCfdiDocuments } from '../src/modules/cfdis/index.ts';
import { cfdi, IVA } from '../test/reports/cfdi-builder.ts';
import { useDashboard } from './support/fixture.ts';
import { createProfile, goTo, signUp } from './support/flows.ts';
import { hasSat } from './support/sat.ts';

const app = useDashboard();

test('the Reportes page shows a month of the store in pesos and lists the CFDIs behind a figure', {
  skip: hasSat ? (process.env.DASHBOARD_URL ? 'puts CFDIs in the store of an app in process' : false) : '../shared/sat is not present',
}, async () => {
  const services = app.services;
  assert.ok(services, 'the app runs in process');
  const { page, errors } = await app.newPage();
  await signUp(page, app.base, { email: `reports-${Date.now()}@example.com`, organization: 'Escuela Kemper Urgate' });
  await createProfile(page);
  const profileId = /fiscal-profiles\/(fp_[0-9a-z]+)/.exec(page.url())?.[1];
  assert.ok(profileId, page.url());
  const profile = await services.db.selectFrom('fiscal_profiles').select(['organization_id', 'mode']).where('id', '=', profileId).executeTakeFirstOrThrow();
  // Two received invoices of March 2025 (one in dollars) and an issued one, as a download would store them.
  const source = { organizationId: profile.organization_id, mode: profile.mode, fiscalProfileId: profileId, downloadId: null, sourceRequest: null };
  await storeCfdiDocuments(services, { ...source, side: 'received' }, [
    cfdi({
      uuid: '5E000000-0000-4000-8000-0000000000A1',
      tipo: 'I',
      fecha: '2025-03-03T09:00:00',
      emisor: 'URE180429TM6',
      receptor: 'EKU9003173C9',
      subTotal: '2000.00',
      total: '2320.00',
      metodo: 'PUE',
      traslados: [IVA('320.00')],
    }),
    cfdi({
      uuid: '5E000000-0000-4000-8000-0000000000A2',
      tipo: 'I',
      fecha: '2025-03-09T09:00:00',
      emisor: 'URE180429TM6',
      receptor: 'EKU9003173C9',
      moneda: 'USD',
      tipoCambio: '20.00',
      subTotal: '100.00',
      total: '116.00',
      metodo: 'PUE',
      traslados: [IVA('16.00')],
    }),
  ]);
  await storeCfdiDocuments(services, { ...source, side: 'issued' }, [
    cfdi({
      uuid: '5E000000-0000-4000-8000-0000000000A3',
      tipo: 'I',
      fecha: '2025-03-20T09:00:00',
      emisor: 'EKU9003173C9',
      receptor: 'URE180429TM6',
      subTotal: '12500.50',
      total: '14500.58',
      metodo: 'PUE',
      traslados: [IVA('2000.08')],
    }),
  ]);

  await goTo(page, es['nav.reports']);
  await page.getByLabel(es['reports.month']).fill('2025-03');
  await page.getByRole('button', { name: es['reports.show'] }).click();
  // es-MX pesos: 2,000.00 + 100 × 20.00.
  const expenses = page.getByTestId('figure-received_expenses');
  await expenses.getByText('$4,000.00').waitFor();
  assert.match((await page.getByTestId('figure-issued_income').textContent()) ?? '', /\$12,500\.50/);
  // 320.00 + 16 × 20.00.
  assert.match((await page.getByTestId('figure-iva_acreditable').textContent()) ?? '', /\$640\.00/);

  await page.getByTestId('figure-iva_acreditable').getByRole('link').click();
  await page.getByRole('heading', { level: 2, name: es['reports.figure.iva_acreditable'] }).waitFor();
  const rows = page.locator('tbody tr');
  await rows.nth(1).waitFor();
  assert.equal(await rows.count(), 2);
  assert.match((await rows.nth(0).textContent()) ?? '', /5E000000-0000-4000-8000-0000000000A1.*\$320\.00/);
  assert.match((await rows.nth(1).textContent()) ?? '', /5E000000-0000-4000-8000-0000000000A2.*\$320\.00/);
  assert.deepEqual(errors, []);
});
