/**
 * Large drafts (a Pagos with hundreds of related documents) are built and validated on the worker
 * pool, with the catalogs answered from the event loop (draft/catalog-answers.ts): the answer is
 * the one the inline path gives, stamped and verified, and an invalid request gets the same 422.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { findPagos } from '../../src/cfdi/model.ts';
import { parseCfdi } from '../../src/cfdi/parse.ts';
import { openInvoicesFixture, type InvoicesTestApp, type Keys } from './support.ts';

let t: InvoicesTestApp;
let keys: Keys;
let profileId: string;

before(async () => {
  ({ t, keys, profileId } = await openInvoicesFixture());
});
after(() => t.close());

function paymentRequest(documents: number, document: (index: number) => Record<string, unknown> = () => ({})): Record<string, unknown> {
  const paidAt = new Date(t.clock.now().getTime() - 2 * 3_600_000).toISOString().slice(0, 19);
  return {
    fiscal_profile_id: profileId,
    type: 'P',
    customer: { rfc: 'URE180429TM6', name: 'UNIVERSIDAD ROBOTICA ESPAÑOLA', tax_regime: '601', postal_code: '86991' },
    payments: [
      {
        date: paidAt,
        payment_form: '03',
        documents: Array.from({ length: documents }, (_, index) => ({
          uuid: `${String(index).padStart(8, '0')}-1111-4111-8111-111111111111`,
          currency: 'MXN',
          installment: 1,
          previous_balance: '116.00',
          amount_paid: '116.00',
          tax_object: '01',
          ...document(index),
        })),
      },
    ],
  };
}

const poolTasks = () => t.app.services.workers.completed;

test('a Pagos of 300 related documents is built on the pool, stamped, and carries every document', async () => {
  const before = poolTasks();
  const draft = await t.request({ method: 'POST', url: '/v1/invoices', key: keys.testKey, payload: paymentRequest(300) });
  assert.equal(draft.statusCode, 201, draft.body);
  assert.ok(poolTasks() > before, 'the draft was built on the pool');
  const stamped = await t.request({ method: 'POST', url: `/v1/invoices/${draft.json().id}/stamp`, key: keys.testKey });
  assert.equal(stamped.statusCode, 200, stamped.body);
  const payment = stamped.json();
  assert.equal(payment.payments[0].amount, '34800.00');
  assert.equal(payment.payments[0].documents.length, 300);
  assert.equal(payment.payments[0].documents[299].balance, '0.00');
  const xml = (await t.request({ method: 'GET', url: `/v1/invoices/${payment.id}/xml`, key: keys.testKey })).body;
  const pagos = findPagos(parseCfdi(xml).comprobante);
  assert.equal(pagos?.Totales.MontoTotalPagos, '34800.00');
  assert.equal(pagos?.Pago[0]?.DoctoRelacionado.length, 300);
});

test('an invalid large Pagos gets the 422 the inline path gives, every failing document named once', async () => {
  const broken = (index: number) => (index === 7 ? { currency: 'ZZZ' } : index === 250 ? { amount_paid: '200.00' } : {});
  const small = await t.request({
    method: 'POST',
    url: '/v1/invoices',
    key: keys.testKey,
    payload: paymentRequest(10, (index) => (index === 7 ? { currency: 'ZZZ' } : {})),
  });
  const before = poolTasks();
  const large = await t.request({ method: 'POST', url: '/v1/invoices', key: keys.testKey, payload: paymentRequest(300, broken) });
  assert.ok(poolTasks() > before, 'the draft was built on the pool');
  assert.equal(small.statusCode, 422);
  assert.equal(large.statusCode, 422);
  const paths = (response: typeof large) => (response.json().errors as { path: string; code: string }[]).map((error) => `${error.path} ${error.code}`);
  const smallPaths = paths(small);
  const largePaths = paths(large);
  assert.ok(smallPaths.length > 0);
  for (const entry of smallPaths) assert.ok(largePaths.includes(entry), `${entry} in ${largePaths.join(', ')}`);
  assert.ok(
    largePaths.some((entry) => entry.startsWith('payments.0.documents.250.')),
    largePaths.join(', '),
  );
  assert.equal(new Set(largePaths.map((entry) => entry.split(' ')[0])).size, largePaths.length, 'one error per field');
});
