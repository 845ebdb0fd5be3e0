/**
 * The whole flow with the SAT's own test credentials (EKU9003173C9 CSD and FIEL from ../shared):
 * register CSD only (on hold) and sign the manifiesto, or CSD + FIEL at once; stamp; check the
 * XML against the SAT XSD and both seals over the SAT XSLT cadenas; PDF; cancel. Skipped when
 * ../shared is absent (the simulator-issued credentials cover the same flow elsewhere).
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { credentialFiles } from '../support/sat-samples.ts';
import { skipWithoutShared } from '../support/shared.ts';
import { createInvoicesTestApp, invoiceRequest, type InvoicesTestApp, type Keys } from './support.ts';
import { assertStampedCfdi } from './verify.ts';

let t: InvoicesTestApp;
let keys: Keys;

function upload(folder: string) {
  const files = credentialFiles(folder);
  return { cer_base64: files.certificate.toString('base64'), key_base64: files.key.toString('base64'), password: files.password };
}

before(async () => {
  if (skipWithoutShared) return;
  t = await createInvoicesTestApp();
  keys = await t.bootstrap();
});
after(async () => {
  await t?.close();
});

test('EKU9003173C9 registered with its CSD only waits for the manifiesto, then stamps once it is signed', { skip: skipWithoutShared }, async () => {
  const created = await t.request({
    method: 'POST',
    url: '/v1/fiscal_profiles',
    key: keys.testKey,
    payload: { csd: upload('EKU9003173C9_CSD_30001000000500003416'), tax_regime: '601', zip: '42501' },
  });
  assert.equal(created.statusCode, 201, created.body);
  const profile = created.json();
  assert.equal(profile.status, 'requires_action');
  const draft = (await t.request({ method: 'POST', url: '/v1/invoices', key: keys.testKey, payload: invoiceRequest(profile.id) })).json();
  const refused = await t.request({ method: 'POST', url: `/v1/invoices/${draft.id}/stamp`, key: keys.testKey });
  assert.equal(refused.json().code, 'fiscal_profile.manifest_required');
  const signed = await t.request({
    method: 'POST',
    url: `/v1/fiscal_profiles/${profile.id}/manifest`,
    key: keys.testKey,
    payload: { fiel: upload('EKU9003173C9_FIEL_30001000000500003415'), email: 'sat@example.com' },
  });
  assert.equal(signed.json().status, 'active', signed.body);
  const stamped = await t.request({ method: 'POST', url: `/v1/invoices/${draft.id}/stamp`, key: keys.testKey });
  assert.equal(stamped.statusCode, 200, stamped.body);
  const xml = await t.request({ method: 'GET', url: `/v1/invoices/${draft.id}/xml`, key: keys.testKey });
  assert.equal(await assertStampedCfdi(xml.body, t.simulator.url), stamped.json().uuid);
  assert.match(xml.body, /NoCertificado="30001000000500003416"/);
});

test('EKU9003173C9 with CSD and FIEL is active at once; its invoices stamp, verify, print and cancel', { skip: skipWithoutShared }, async () => {
  const created = await t.request({
    method: 'POST',
    url: '/v1/fiscal_profiles',
    key: keys.testKey,
    payload: {
      csd: upload('EKU9003173C9_CSD_30001000000500003416'),
      fiel: upload('EKU9003173C9_FIEL_30001000000500003415'),
      manifest_email: 'sat@example.com',
      tax_regime: '601',
      zip: '42501',
    },
  });
  const profile = created.json();
  assert.equal(profile.status, 'active');
  assert.equal(profile.legal_name, 'ESCUELA KEMPER URGATE');
  const payload = invoiceRequest(profile.id, {
    items: [
      {
        product_key: '81112100',
        unit_key: 'E48',
        description: 'Consultoría',
        quantity: '2',
        unit_price: '250.00',
        discount: '50.00',
        taxes: [
          { type: 'IVA', rate: '0.16' },
          { type: 'ISR', rate: '0.10', withholding: true },
        ],
      },
      { product_key: '53131608', unit_key: 'H87', description: 'Libro', unit_price: '120.00', taxes: [{ type: 'IVA', factor: 'Exento' }] },
    ],
  });
  const draft = (await t.request({ method: 'POST', url: '/v1/invoices', key: keys.testKey, payload })).json();
  const stamped = (await t.request({ method: 'POST', url: `/v1/invoices/${draft.id}/stamp`, key: keys.testKey })).json();
  assert.equal(stamped.status, 'stamped');
  const xml = await t.request({ method: 'GET', url: `/v1/invoices/${draft.id}/xml`, key: keys.testKey });
  assert.equal(await assertStampedCfdi(xml.body, t.simulator.url), stamped.uuid);
  const pdf = await t.request({ method: 'GET', url: `/v1/invoices/${draft.id}/pdf`, key: keys.testKey });
  assert.equal(pdf.rawPayload.subarray(0, 5).toString('latin1'), '%PDF-');
  const cancelled = await t.request({ method: 'POST', url: `/v1/invoices/${draft.id}/cancel`, key: keys.testKey, payload: { reason: '02' } });
  assert.equal(cancelled.json().status, 'cancelled', cancelled.body);
  const acuse = await t.request({ method: 'GET', url: `/v1/invoices/${draft.id}/acuse`, key: keys.testKey });
  assert.ok(acuse.body.includes(stamped.uuid));
});
