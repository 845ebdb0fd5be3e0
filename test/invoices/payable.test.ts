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

const RFC = 'URE180429TM6';
const payable = async (rfc = RFC) => {
  const response = await t.request({ method: 'GET', url: `/v1/payable_invoices?customer_rfc=${rfc}`, key: keys.testKey });
  assert.equal(response.statusCode, 200, response.body);
  return response.json().data;
};

const payment = (invoice: string, installment: number, previous: string, amount: string) => ({
  fiscal_profile_id: profileId,
  type: 'P',
  customer: { rfc: RFC, name: 'UNIVERSIDAD ROBOTICA ESPAÑOLA', tax_regime: '601', postal_code: '86991' },
  payments: [
    {
      date: '2026-07-14',
      payment_form: '03',
      documents: [{ invoice, installment, previous_balance: previous, amount_paid: amount, taxes: [{ type: 'IVA', rate: '0.16' }] }],
    },
  ],
});

test("a customer's stamped PPD invoices are payable with their saldo insoluto, which each stamped payment lowers, until paid off", async () => {
  const ppd = await createStamped(t, keys.testKey, invoiceRequest(profileId, { payment_method: 'PPD', payment_form: '99' }));
  await createStamped(t, keys.testKey, invoiceRequest(profileId));
  const draft = await t.request({
    method: 'POST',
    url: '/v1/invoices',
    key: keys.testKey,
    payload: invoiceRequest(profileId, { payment_method: 'PPD', payment_form: '99' }),
  });
  assert.equal(draft.statusCode, 201);

  const [first, ...others] = await payable();
  assert.deepEqual(others, [], 'a PUE invoice and a draft are not payable');
  assert.deepEqual(
    { ...first, stamped_at: undefined },
    {
      object: 'payable_invoice',
      invoice_id: ppd.id,
      uuid: ppd.uuid,
      serie: null,
      folio: ppd.folio,
      currency: 'MXN',
      total: '1160.00',
      paid: '0.00',
      balance: '1160.00',
      next_installment: 1,
      taxes: [{ type: 'IVA', factor: 'Tasa', rate: '0.160000', withholding: false }],
      stamped_at: undefined,
    },
  );

  await createStamped(t, keys.testKey, payment(ppd.id, 1, first.balance, '500.00'));
  const [second] = await payable();
  assert.deepEqual([second.paid, second.balance, second.next_installment], ['500.00', '660.00', 2]);

  // A payment not yet stamped changes nothing.
  const pending = await t.request({ method: 'POST', url: '/v1/invoices', key: keys.testKey, payload: payment(ppd.id, 2, '660.00', '100.00') });
  assert.equal(pending.statusCode, 201, pending.body);
  assert.equal((await payable())[0].balance, '660.00');

  await createStamped(t, keys.testKey, payment(ppd.id, 2, second.balance, '660.00'));
  assert.deepEqual(await payable(), [], 'paid off');
  assert.deepEqual(await payable('XAXX010101000'), [], "another customer's list");
});

test('the customer RFC is required', async () => {
  const response = await t.request({ method: 'GET', url: '/v1/payable_invoices', key: keys.testKey });
  assert.equal(response.statusCode, 422, response.body);
});
