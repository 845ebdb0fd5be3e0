import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createStamped, invoiceRequest, openInvoicesFixture, type InvoicesTestApp, type Keys } from './support.ts';

let t: InvoicesTestApp;
let keys: Keys;
let profileId: string;

before(async () => {
  ({ t, keys, profileId } = await openInvoicesFixture());
});
after(() => t.close());

const preview = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.request({ method: 'POST', url: '/v1/invoices/preview', key: keys.testKey, payload, headers });

const invoiceCount = async () => (await t.request({ method: 'GET', url: '/v1/invoices?limit=100', key: keys.testKey })).json().data.length;

const mixed = () =>
  invoiceRequest(profileId, {
    currency: 'USD',
    exchange_rate: '17.250000',
    items: [
      {
        product_key: '81112100',
        unit_key: 'E48',
        description: 'Honorarios',
        quantity: '3',
        unit_price: '99.995',
        discount: '10.00',
        taxes: [
          { type: 'IVA', rate: '0.16' },
          { type: 'ISR', rate: '0.10', withholding: true },
          { type: 'IVA', rate: '0.106667', withholding: true },
        ],
      },
      {
        product_key: '50202306',
        unit_key: 'H87',
        description: 'Refresco',
        unit_price: '20.00',
        taxes: [
          { type: 'IEPS', rate: '0.08' },
          { type: 'IVA', rate: '0.16' },
        ],
      },
      { product_key: '53131608', unit_key: 'H87', description: 'Libro', unit_price: '250.00', taxes: [{ type: 'IVA', factor: 'Exento' }] },
    ],
  });

test('a preview answers the amounts a created draft then has, and stores nothing (no invoice, no folio used)', async () => {
  const answer = await preview(mixed());
  assert.equal(answer.statusCode, 200, answer.body);
  const body = answer.json();
  assert.equal(body.object, 'invoice_preview');
  assert.equal(body.valid, true);
  assert.deepEqual(body.errors, []);
  assert.equal(await invoiceCount(), 0);

  const created = await t.request({ method: 'POST', url: '/v1/invoices', key: keys.testKey, payload: mixed() });
  assert.equal(created.statusCode, 201, created.body);
  const draft = created.json();
  assert.equal(draft.folio, '1', 'the preview took no folio');
  assert.deepEqual(
    [body.currency, body.subtotal, body.discount, body.total_taxes_transferred, body.total_taxes_withheld, body.total],
    [draft.currency, draft.subtotal, draft.discount, draft.total_taxes_transferred, draft.total_taxes_withheld, draft.total],
  );
  assert.deepEqual(
    body.taxes.map((tax: Record<string, unknown>) => [tax.type, tax.factor, tax.rate, tax.withholding, tax.amount]),
    [
      ['IVA', 'Tasa', '0.160000', false, '49.60'],
      ['IEPS', 'Tasa', '0.080000', false, '1.60'],
      ['IVA', 'Exento', null, false, null],
      ['ISR', null, null, true, '29.00'],
      ['IVA', null, null, true, '30.93'],
    ],
  );
  assert.equal(await invoiceCount(), 1);
});

test('an invalid body answers 200 with every failing field and the amounts that can be computed', async () => {
  const body = invoiceRequest(profileId);
  const answer = await preview({ ...body, customer: { ...(body.customer as object), postal_code: '1' } });
  assert.equal(answer.statusCode, 200, answer.body);
  const json = answer.json();
  assert.equal(json.valid, false);
  assert.deepEqual(
    json.errors.map((error: { path: string }) => error.path),
    ['customer.postal_code'],
  );
  assert.equal(json.total, '1160.00');

  const priceless = await preview({ ...body, items: [{ ...(body.items as object[])[0], unit_price: 'mil' }] });
  const missing = priceless.json();
  assert.equal(missing.valid, false);
  assert.equal(missing.total, null, 'no total while an amount cannot be computed');
  assert.ok(missing.errors.some((error: { path: string }) => error.path.startsWith('items.0')));
  assert.equal(await invoiceCount(), 1);
});

test('the failing fields are in Spanish when Accept-Language asks for it; paths and codes do not change', async () => {
  const body = invoiceRequest(profileId);
  const payload = { ...body, customer: { ...(body.customer as object), postal_code: '1' } };
  const [english, spanish] = await Promise.all([preview(payload), preview(payload, { 'accept-language': 'es-MX' })]);
  assert.equal(spanish.headers['content-language'], 'es-MX');
  assert.match(String(spanish.headers.vary), /Accept-Language/i);
  const [en] = english.json().errors;
  const [es] = spanish.json().errors;
  assert.deepEqual([es.path, es.code], [en.path, en.code]);
  assert.notEqual(es.message, en.message);
  assert.match(es.message, /Código postal del cliente/);
});

test('a saved customer that does not exist is a failing field, not an error answer', async () => {
  const { customer: _customer, ...body } = invoiceRequest(profileId);
  const answer = await preview({ ...body, customer_id: 'cus_missing' });
  assert.equal(answer.statusCode, 200, answer.body);
  assert.deepEqual(
    answer.json().errors.map((error: { path: string; code: string }) => [error.path, error.code]),
    [['customer_id', 'not_found']],
  );
  assert.equal(answer.json().total, null);
});

test('a payment (type P) previews the sum of its payments, in MXN', async () => {
  const paid = await createStamped(t, keys.testKey, invoiceRequest(profileId, { payment_method: 'PPD', payment_form: '99' }));
  const answer = await preview({
    fiscal_profile_id: profileId,
    type: 'P',
    customer: { rfc: 'URE180429TM6', name: 'UNIVERSIDAD ROBOTICA ESPAÑOLA', tax_regime: '601', postal_code: '86991' },
    payments: [
      {
        date: '2026-07-14',
        payment_form: '03',
        documents: [{ invoice: paid.id, installment: 1, previous_balance: '1160.00', amount_paid: '500.00', taxes: [{ type: 'IVA', rate: '0.16' }] }],
      },
    ],
  });
  assert.equal(answer.statusCode, 200, answer.body);
  const json = answer.json();
  assert.deepEqual(json.errors, []);
  assert.deepEqual([json.type, json.currency, json.total, json.payments_total], ['P', 'XXX', '0', '500.00']);
});

test('a body without a customer yet has its amounts computed, and the customer named as missing', async () => {
  const { customer: _customer, ...body } = invoiceRequest(profileId);
  const before = await invoiceCount();
  const answer = await preview(body);
  assert.equal(answer.statusCode, 200, answer.body);
  const json = answer.json();
  assert.equal(json.total, '1160.00');
  assert.equal(json.valid, false);
  assert.deepEqual(json.errors[0], { path: 'customer.rfc', code: 'required', message: 'is required unless customer_id names a saved customer.' });
  assert.equal(await invoiceCount(), before);
});
