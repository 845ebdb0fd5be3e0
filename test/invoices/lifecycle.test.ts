import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import { localDateTime } from '../../src/cfdi/rules/index.ts';
import { parseCfdi } from '../../src/cfdi/parse.ts';
import { grantCredits } from '../../src/modules/usage/index.ts';
import { createStamped, invoiceRequest, openInvoicesFixture, registerProfile, type InvoicesTestApp, type Keys } from './support.ts';
import { assertStampedCfdi } from './verify.ts';

let t: InvoicesTestApp;
let keys: Keys;
let profileId: string;

before(async () => {
  ({ t, keys, profileId } = await openInvoicesFixture());
});
after(() => t.close());

async function eventTypes(resourceId: string): Promise<string[]> {
  const rows = await sql<{ type: string }>`SELECT type FROM events WHERE object::jsonb ->> 'id' = ${resourceId} ORDER BY id`.execute(t.app.services.db);
  return rows.rows.map((row) => row.type);
}

test('a created invoice is a draft with its amounts, folio, profile and document links', async () => {
  const response = await t.request({
    method: 'POST',
    url: '/v1/invoices',
    key: keys.testKey,
    payload: invoiceRequest(profileId, { serie: 'LC', metadata: { order: '42' } }),
  });
  assert.equal(response.statusCode, 201);
  const invoice = response.json();
  assert.match(invoice.id, /^inv_[0-9a-z]{26}$/);
  assert.equal(invoice.object, 'invoice');
  assert.equal(invoice.status, 'draft');
  assert.equal(invoice.livemode, false);
  assert.equal(invoice.type, 'I');
  assert.equal(invoice.serie, 'LC');
  assert.equal(invoice.folio, '1');
  assert.equal(invoice.subtotal, '1000.00');
  assert.equal(invoice.total, '1160.00');
  assert.equal(invoice.total_taxes_transferred, '160.00');
  assert.deepEqual(invoice.customer, {
    rfc: 'URE180429TM6',
    name: 'UNIVERSIDAD ROBOTICA ESPAÑOLA',
    zip: '86991',
    tax_regime: '601',
    use: 'G03',
    country: null,
    tax_id: null,
    email: null,
  });
  assert.deepEqual(invoice.cancellation, {
    status: 'none',
    reason: null,
    substitute_invoice_id: null,
    acuse_available: false,
    requested_at: null,
    resolved_at: null,
  });
  assert.equal(invoice.uuid, null);
  assert.equal(invoice.error, null);
  assert.equal(invoice.xml_url, `http://invoicing.test/v1/invoices/${invoice.id}/xml`);
  assert.equal(invoice.pdf_url, `http://invoicing.test/v1/invoices/${invoice.id}/pdf`);
  assert.equal(invoice.fiscal_profile.id, profileId);
  assert.equal(invoice.fiscal_profile.object, 'fiscal_profile');
  assert.deepEqual(invoice.metadata, { order: '42' });
  assert.deepEqual(invoice.items[0].taxes, [{ type: 'IVA', factor: 'Tasa', rate: '0.160000', withholding: false, base: '1000.00', amount: '160.00' }]);
  assert.deepEqual(await eventTypes(invoice.id), ['invoice.created']);
});

test("stamping seals at the issuer's local time, stores the PAC's XML byte for byte and serves a PDF", async () => {
  const created = (await t.request({ method: 'POST', url: '/v1/invoices', key: keys.testKey, payload: invoiceRequest(profileId) })).json();
  const response = await t.request({ method: 'POST', url: `/v1/invoices/${created.id}/stamp`, key: keys.testKey });
  assert.equal(response.statusCode, 200);
  const invoice = response.json();
  assert.equal(invoice.status, 'stamped');
  assert.match(invoice.uuid, /^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/);
  assert.equal(invoice.stamped_at, t.clock.now().toISOString());
  assert.match(invoice.no_certificado_sat, /^\d{20}$/);
  const xml = await t.request({ method: 'GET', url: `/v1/invoices/${created.id}/xml`, key: keys.testKey });
  assert.equal(xml.statusCode, 200);
  assert.match(xml.headers['content-type'] as string, /^application\/xml/);
  const stored = await t.simulator.ledger.get(invoice.uuid);
  assert.equal(xml.body, stored?.xml, "the XML is the PAC's, byte for byte");
  assert.equal(await assertStampedCfdi(xml.body, t.simulator.url), invoice.uuid);
  const { comprobante } = parseCfdi(xml.body);
  assert.equal(comprobante.Fecha, localDateTime(t.clock.now(), 'America/Mexico_City'));
  assert.equal(comprobante.Sello, invoice.sello_cfd);
  assert.equal(comprobante.Emisor.Rfc, 'EKU9003173C9');
  assert.equal(comprobante.LugarExpedicion, '42501');
  const pdf = await t.request({ method: 'GET', url: `/v1/invoices/${created.id}/pdf`, key: keys.testKey });
  assert.equal(pdf.statusCode, 200);
  assert.equal(pdf.headers['content-type'], 'application/pdf');
  assert.equal(pdf.rawPayload.subarray(0, 5).toString('latin1'), '%PDF-');
  assert.deepEqual(await eventTypes(created.id), ['invoice.created', 'invoice.stamped']);
  const usage = (await t.request({ method: 'GET', url: '/v1/usage?kind=stamp', key: keys.testKey })).json();
  assert.ok(usage.data.some((record: { resource_id: string }) => record.resource_id === created.id));
  const again = await t.request({ method: 'POST', url: `/v1/invoices/${created.id}/stamp`, key: keys.testKey });
  assert.equal(again.statusCode, 409);
  assert.equal(again.json().code, 'invoice.already_stamped');
});

test('drafts have no XML or PDF yet', async () => {
  const created = (await t.request({ method: 'POST', url: '/v1/invoices', key: keys.testKey, payload: invoiceRequest(profileId) })).json();
  const xml = await t.request({ method: 'GET', url: `/v1/invoices/${created.id}/xml`, key: keys.testKey });
  assert.equal(xml.statusCode, 409);
  assert.equal(xml.json().code, 'invoice.xml_requires_stamp');
  const pdf = await t.request({ method: 'GET', url: `/v1/invoices/${created.id}/pdf`, key: keys.testKey });
  assert.equal(pdf.statusCode, 409);
  assert.equal(pdf.json().code, 'invoice.pdf_requires_stamp');
  const acuse = await t.request({ method: 'GET', url: `/v1/invoices/${created.id}/acuse`, key: keys.testKey });
  assert.equal(acuse.statusCode, 422);
  assert.equal(acuse.json().code, 'cancel.no_acuse');
});

test('a draft can be updated and recomputed, or deleted; a stamped invoice can be neither', async () => {
  const created = (
    await t.request({ method: 'POST', url: '/v1/invoices', key: keys.testKey, payload: invoiceRequest(profileId, { metadata: { a: '1', b: '2' } }) })
  ).json();
  const patched = await t.request({
    method: 'PATCH',
    url: `/v1/invoices/${created.id}`,
    key: keys.testKey,
    payload: {
      customer: { cfdi_use: 'G01' },
      items: [
        {
          product_key: '81112100',
          unit_key: 'E48',
          description: 'Dos horas',
          quantity: '2',
          unit_price: '500.00',
          discount: '100.00',
          taxes: [{ type: 'IVA', rate: '0.16' }],
        },
      ],
      metadata: { b: '', c: '3' },
    },
  });
  assert.equal(patched.statusCode, 200, patched.body);
  const body = patched.json();
  assert.equal(body.customer.use, 'G01');
  assert.equal(body.customer.rfc, 'URE180429TM6');
  assert.equal(body.subtotal, '1000.00');
  assert.equal(body.discount, '100.00');
  assert.equal(body.total, '1044.00');
  assert.equal(body.folio, created.folio);
  assert.deepEqual(body.metadata, { a: '1', c: '3' });
  const invalid = await t.request({ method: 'PATCH', url: `/v1/invoices/${created.id}`, key: keys.testKey, payload: { currency: 'QQQ' } });
  assert.equal(invalid.statusCode, 422);
  assert.equal(invalid.json().code, 'cfdi.invalid_input');
  const deleted = await t.request({ method: 'DELETE', url: `/v1/invoices/${created.id}`, key: keys.testKey });
  assert.deepEqual(deleted.json(), { object: 'invoice', id: created.id, deleted: true });
  assert.equal((await t.request({ method: 'GET', url: `/v1/invoices/${created.id}`, key: keys.testKey })).statusCode, 404);
  const stamped = await createStamped(t, keys.testKey, invoiceRequest(profileId));
  for (const request of [{ method: 'PATCH' as const, payload: { conditions: 'Contado' } }, { method: 'DELETE' as const }]) {
    const refused = await t.request({ ...request, url: `/v1/invoices/${stamped.id}`, key: keys.testKey });
    assert.equal(refused.statusCode, 409);
    assert.equal(refused.json().code, 'invoice.not_stampable');
  }
});

test('null in a draft update clears an optional field, which takes its default again; a field left out keeps its value', async () => {
  const created = (
    await t.request({
      method: 'POST',
      url: '/v1/invoices',
      key: keys.testKey,
      payload: invoiceRequest(profileId, {
        serie: 'CLR',
        currency: 'USD',
        exchange_rate: '17.50',
        conditions: 'Contado',
        customer: {
          rfc: 'URE180429TM6',
          name: 'UNIVERSIDAD ROBOTICA ESPAÑOLA',
          tax_regime: '601',
          postal_code: '86991',
          cfdi_use: 'G03',
          email: 'pagos@example.com',
        },
      }),
    })
  ).json();
  assert.equal(created.currency, 'USD');
  const patched = await t.request({
    method: 'PATCH',
    url: `/v1/invoices/${created.id}`,
    key: keys.testKey,
    payload: { serie: null, currency: null, exchange_rate: null, conditions: null, customer: { email: null } },
  });
  assert.equal(patched.statusCode, 200, patched.body);
  const body = patched.json();
  assert.equal(body.serie, null);
  assert.equal(body.currency, 'MXN');
  assert.equal(body.exchange_rate, null);
  assert.equal(body.conditions, null);
  assert.equal(body.customer.email, null);
  assert.equal(body.customer.name, 'UNIVERSIDAD ROBOTICA ESPAÑOLA', 'a customer field left out is kept');
  assert.equal(body.payment_form, '03', 'a field left out is kept');
  const read = (await t.request({ method: 'GET', url: `/v1/invoices/${created.id}`, key: keys.testKey })).json();
  assert.equal(read.serie, null);
  assert.equal(read.currency, 'MXN');

  const refused = await t.request({ method: 'PATCH', url: `/v1/invoices/${created.id}`, key: keys.testKey, payload: { customer: { rfc: null } } });
  assert.equal(refused.statusCode, 422, refused.body);
  assert.equal(refused.json().code, 'request.validation_failed');

  // A global invoice's draft becomes an invoice to one customer.
  const global = (
    await t.request({
      method: 'POST',
      url: '/v1/invoices',
      key: keys.testKey,
      payload: invoiceRequest(profileId, { customer: { rfc: 'XAXX010101000' }, global: { periodicity: '04', months: '07', year: '2026' } }),
    })
  ).json();
  assert.equal(global.global.periodicity, '04');
  const customer = { rfc: 'URE180429TM6', name: 'UNIVERSIDAD ROBOTICA ESPAÑOLA', tax_regime: '601', postal_code: '86991', cfdi_use: 'G03' };
  const unglobal = await t.request({ method: 'PATCH', url: `/v1/invoices/${global.id}`, key: keys.testKey, payload: { global: null, customer } });
  assert.equal(unglobal.statusCode, 200, unglobal.body);
  assert.equal(unglobal.json().global, null);
  assert.equal(unglobal.json().customer.rfc, 'URE180429TM6');
});

test('the list filters by status, profile, customer, uuid, serie, folio and creation time, newest first', async () => {
  const other = (await registerProfile(t, keys.testKey, { rfc: 'KIJ0906199R1', name: 'KERNEL INDUSTIA JUGUETERA' })).id;
  t.clock.advance(60_000);
  const first = (await t.request({ method: 'POST', url: '/v1/invoices', key: keys.testKey, payload: invoiceRequest(other, { serie: 'F' }) })).json();
  const stamped = await createStamped(
    t,
    keys.testKey,
    invoiceRequest(other, { serie: 'F', customer: { rfc: 'XAXX010101000' }, global: { periodicity: '01', months: '07', year: '2026' } }),
  );
  const list = async (query: string) => (await t.request({ method: 'GET', url: `/v1/invoices?${query}`, key: keys.testKey })).json();
  assert.deepEqual(
    (await list(`fiscal_profile_id=${other}`)).data.map((item: { id: string }) => item.id),
    [stamped.id, first.id],
  );
  assert.deepEqual(
    (await list(`fiscal_profile_id=${other}&status=draft`)).data.map((item: { id: string }) => item.id),
    [first.id],
  );
  assert.deepEqual(
    (await list(`uuid=${stamped.uuid.toLowerCase()}`)).data.map((item: { id: string }) => item.id),
    [stamped.id],
  );
  assert.deepEqual(
    (await list('customer_rfc=xaxx010101000')).data.map((item: { id: string }) => item.id),
    [stamped.id],
  );
  assert.deepEqual(
    (await list(`serie=F&folio=${first.folio}&fiscal_profile_id=${other}`)).data.map((item: { id: string }) => item.id),
    [first.id],
  );
  const search = async (q: string) => (await list(`q=${encodeURIComponent(q)}&fiscal_profile_id=${other}`)).data.map((item: { id: string }) => item.id);
  assert.deepEqual(await search('xaxx01'), [stamped.id], "q: part of the customer's RFC, any case");
  assert.ok((await search(first.customer.name.slice(1, 6).toLowerCase())).includes(first.id), "q: part of the customer's name");
  assert.deepEqual(await search(`F${first.folio}`), [first.id], 'q: serie and folio together');
  assert.ok((await search(String(stamped.folio))).includes(stamped.id), 'q: a folio (which may also be part of an RFC)');
  assert.deepEqual(await search(stamped.uuid.toLowerCase()), [stamped.id], 'q: a UUID');
  assert.deepEqual(await search('%'), [], 'q: LIKE wildcards are literal');
  const since = t.clock.now().toISOString();
  assert.deepEqual((await list(`created[gte]=${encodeURIComponent(since)}&fiscal_profile_id=${other}`)).data.length, 2);
  assert.equal((await list('created[lte]=2026-07-14')).data.length, 0);
  const page = await list('limit=1');
  assert.equal(page.data.length, 1);
  assert.equal(page.has_more, true);
  assert.equal(page.url, '/v1/invoices');
  const bad = await t.request({ method: 'GET', url: '/v1/invoices?status=paid', key: keys.testKey });
  assert.equal(bad.statusCode, 422);
});

test('a test key never sees a live invoice, and another organization never sees either', async () => {
  const stamped = await createStamped(t, keys.testKey, invoiceRequest(profileId));
  const stranger = await t.bootstrap('Stranger');
  for (const key of [keys.liveKey, stranger.testKey]) {
    for (const [method, suffix] of [
      ['GET', ''],
      ['GET', '/xml'],
      ['GET', '/pdf'],
      ['GET', '/acuse'],
      ['POST', '/stamp'],
      ['DELETE', ''],
    ] as const) {
      const response = await t.request({ method, url: `/v1/invoices/${stamped.id}${suffix}`, key });
      assert.equal(response.statusCode, 404, `${method} ${suffix} with another key`);
      assert.equal(response.json().code, 'resource.not_found');
    }
    const cancel = await t.request({ method: 'POST', url: `/v1/invoices/${stamped.id}/cancel`, key, payload: { reason: '02' } });
    assert.equal(cancel.statusCode, 404);
    const list = (await t.request({ method: 'GET', url: '/v1/invoices', key })).json();
    assert.ok(!list.data.some((item: { id: string }) => item.id === stamped.id));
    const created = await t.request({ method: 'POST', url: '/v1/invoices', key, payload: invoiceRequest(profileId) });
    assert.equal(created.statusCode, 404, 'a profile of another mode or organization is not found');
  }
  assert.equal((await t.request({ method: 'GET', url: '/v1/invoices/inv_malformed', key: keys.testKey })).statusCode, 404);
  assert.equal((await t.request({ method: 'GET', url: '/v1/invoices', key: 'sk_test_nope' })).statusCode, 401);
});

test('a live stamp needs a credit (402 without one) and consumes exactly one', async () => {
  const live = (await registerProfile(t, keys.liveKey)).id;
  const created = (await t.request({ method: 'POST', url: '/v1/invoices', key: keys.liveKey, payload: invoiceRequest(live) })).json();
  assert.equal(created.livemode, true);
  const refused = await t.request({ method: 'POST', url: `/v1/invoices/${created.id}/stamp`, key: keys.liveKey });
  assert.equal(refused.statusCode, 402);
  assert.equal(refused.json().code, 'balance.insufficient_credits');
  assert.equal((await t.request({ method: 'GET', url: `/v1/invoices/${created.id}`, key: keys.liveKey })).json().status, 'draft');
  await grantCredits(t.app.services.db, keys.organizationId, 2, t.clock.now());
  const stamped = await t.request({ method: 'POST', url: `/v1/invoices/${created.id}/stamp`, key: keys.liveKey });
  assert.equal(stamped.statusCode, 200);
  const balance = (await t.request({ method: 'GET', url: '/v1/balance', key: keys.liveKey })).json();
  assert.equal(balance.stamp_credits, 1);
  assert.equal(balance.stamps_used, 1);
  const pdf = await t.request({ method: 'GET', url: `/v1/invoices/${created.id}/pdf`, key: keys.liveKey });
  assert.equal(pdf.statusCode, 200);
});

test('a profile without a signed manifiesto can prepare drafts but not stamp them', async () => {
  const pending = await registerProfile(t, keys.testKey, { rfc: 'EWE1709045U0', name: 'ESCUELA WILSON ESQUIVEL', manifest: false });
  assert.equal(pending.body.status, 'requires_action');
  const created = await t.request({ method: 'POST', url: '/v1/invoices', key: keys.testKey, payload: invoiceRequest(pending.id) });
  assert.equal(created.statusCode, 201);
  const refused = await t.request({ method: 'POST', url: `/v1/invoices/${created.json().id}/stamp`, key: keys.testKey });
  assert.equal(refused.statusCode, 409);
  assert.equal(refused.json().code, 'fiscal_profile.manifest_required');
  assert.equal((await t.request({ method: 'GET', url: `/v1/invoices/${created.json().id}`, key: keys.testKey })).json().status, 'draft');
});

test('a fiscal profile that has stamped cannot be deleted; one with only drafts can, with its drafts', async () => {
  const refused = await t.request({ method: 'DELETE', url: `/v1/fiscal_profiles/${profileId}`, key: keys.testKey });
  assert.equal(refused.statusCode, 409);
  assert.equal(refused.json().code, 'fiscal_profile.in_use');
  const drafts = await registerProfile(t, keys.testKey, { rfc: 'IIA040805DZ4', name: 'INDISTRIA ILUMINADORA DE ALMACENES' });
  const draft = (await t.request({ method: 'POST', url: '/v1/invoices', key: keys.testKey, payload: invoiceRequest(drafts.id) })).json();
  const deleted = await t.request({ method: 'DELETE', url: `/v1/fiscal_profiles/${drafts.id}`, key: keys.testKey });
  assert.equal(deleted.statusCode, 200);
  assert.equal((await t.request({ method: 'GET', url: `/v1/invoices/${draft.id}`, key: keys.testKey })).statusCode, 404);
});
