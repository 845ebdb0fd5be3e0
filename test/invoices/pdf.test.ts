/**
 * CPU-heavy work off the event loop. The PDF is rendered on a worker thread, once: later downloads are served from the stored copy,
 * concurrent downloads share one rendering, and a cancellation gives a new rendering that says
 * CANCELADO with its date. Large documents are sealed on a worker thread too.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { compact, pdfText, skipWithoutPdftotext } from '../../src/modules/invoices/pdf/pdf-probe.test-support.ts';
import { RENDERS_PER_ORGANIZATION } from '../../src/modules/invoices/render-pool.ts';
import { createStamped, invoiceRequest, openInvoicesFixture, type InvoicesTestApp, type Keys } from './support.ts';
import { assertStampedCfdi } from './verify.ts';

let t: InvoicesTestApp;
let keys: Keys;
let profileId: string;

before(async () => {
  ({ t, keys, profileId } = await openInvoicesFixture());
});
after(() => t.close());

const download = (id: string) => t.request({ method: 'GET', url: `/v1/invoices/${id}/pdf`, key: keys.testKey });
const rendered = () => t.app.services.workers.completed;

test('the first download renders on a worker thread; the next ones, concurrent or later, are the same bytes without rendering again', async () => {
  const invoice = await createStamped(t, keys.testKey, invoiceRequest(profileId));
  const before = rendered();
  const [first, second, third] = await Promise.all([download(invoice.id), download(invoice.id), download(invoice.id)]);
  assert.equal(first.statusCode, 200);
  assert.equal(rendered(), before + 1, 'three concurrent downloads, one rendering, on the pool');
  assert.deepEqual(second.rawPayload, first.rawPayload);
  assert.deepEqual(third.rawPayload, first.rawPayload);
  const later = await download(invoice.id);
  assert.deepEqual(later.rawPayload, first.rawPayload);
  assert.equal(rendered(), before + 1, 'served from the stored copy');
  assert.equal((await t.app.services.blobs.list(`pdfs/${invoice.id}`)).length, 1, 'one rendering kept');
});

test('one organization renders a few PDFs at once; the rest get 503 with Retry-After and render when asked again', async () => {
  const limit = RENDERS_PER_ORGANIZATION;
  const invoices = [];
  for (let index = 0; index <= limit; index += 1) invoices.push(await createStamped(t, keys.testKey, invoiceRequest(profileId)));
  const answers = await Promise.all(invoices.map((invoice) => download(invoice.id)));
  const refused = answers.filter((answer) => answer.statusCode === 503);
  assert.ok(refused.length >= 1, answers.map((answer) => answer.statusCode).join(', '));
  assert.ok(answers.filter((answer) => answer.statusCode === 200).length <= limit);
  for (const answer of refused) {
    assert.equal(answer.json().code, 'service.overloaded');
    assert.equal(answer.headers['retry-after'], '1');
  }
  for (const [index, answer] of answers.entries()) {
    if (answer.statusCode === 503) assert.equal((await download(invoices[index]!.id)).statusCode, 200, 'asked again after the others finished');
  }
});

test("a cancelled invoice's PDF says CANCELADO with the date on every page; the stamped rendering is replaced", { skip: skipWithoutPdftotext }, async () => {
  const invoice = await createStamped(t, keys.testKey, invoiceRequest(profileId));
  const stamped = await download(invoice.id);
  assert.ok(!compact(pdfText(stamped.rawPayload)).includes('CANCELADO'));
  const cancelled = await t.request({ method: 'POST', url: `/v1/invoices/${invoice.id}/cancel`, key: keys.testKey, payload: { reason: '02' } });
  assert.equal(cancelled.json().status, 'cancelled', cancelled.body);
  const before = rendered();
  const marked = await download(invoice.id);
  assert.equal(rendered(), before + 1);
  assert.notDeepEqual(marked.rawPayload, stamped.rawPayload);
  const text = compact(pdfText(marked.rawPayload));
  const resolved = new Date(cancelled.json().cancellation.resolved_at);
  const local = new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Mexico_City', day: '2-digit', month: '2-digit', year: 'numeric' }).format(resolved);
  assert.ok(text.includes(compact(`CFDI CANCELADO ante el SAT el ${local}`)), text.slice(0, 400));
  assert.deepEqual((await download(invoice.id)).rawPayload, marked.rawPayload);
  assert.equal(rendered(), before + 1);
});

test('a change of branding renders again; the same branding does not', async () => {
  const invoice = await createStamped(t, keys.testKey, invoiceRequest(profileId));
  const first = await download(invoice.id);
  const before = rendered();
  const patched = await t.request({ method: 'PATCH', url: `/v1/fiscal_profiles/${profileId}`, key: keys.testKey, payload: { brand_color: '#0a7d3b' } });
  assert.equal(patched.statusCode, 200, patched.body);
  const recoloured = await download(invoice.id);
  assert.equal(rendered(), before + 1);
  assert.notDeepEqual(recoloured.rawPayload, first.rawPayload);
  await download(invoice.id);
  assert.equal(rendered(), before + 1);
});

test('a payment with hundreds of related documents is sealed on a worker thread and stamps with a valid seal', async () => {
  const paidAt = new Date(t.clock.now().getTime() - 3_600_000).toISOString().slice(0, 19);
  const documents = (offset: number) =>
    Array.from({ length: 150 }, (_, index) => ({
      uuid: `${String(offset + index).padStart(8, '0')}-1111-4111-8111-111111111111`,
      currency: 'MXN',
      installment: 1,
      previous_balance: '116.00',
      amount_paid: '116.00',
      tax_object: '01',
    }));
  const created = await t.request({
    method: 'POST',
    url: '/v1/invoices',
    key: keys.testKey,
    payload: {
      fiscal_profile_id: profileId,
      type: 'P',
      serie: 'BIG',
      customer: { rfc: 'URE180429TM6', name: 'UNIVERSIDAD ROBOTICA ESPAÑOLA', tax_regime: '601', postal_code: '86991' },
      payments: [0, 1].map((index) => ({ date: paidAt, payment_form: '03', documents: documents(index * 150) })),
    },
  });
  assert.equal(created.statusCode, 201, created.body);
  const before = rendered();
  const stamped = await t.request({ method: 'POST', url: `/v1/invoices/${created.json().id}/stamp`, key: keys.testKey });
  assert.equal(stamped.statusCode, 200, stamped.body);
  // The seal, and the simulator's reading of the 300-document request (the pool is shared in-process).
  assert.equal(rendered(), before + 2, 'the seal and the PAC request ran on the pool');
  const xml = (await t.request({ method: 'GET', url: `/v1/invoices/${created.json().id}/xml`, key: keys.testKey })).body;
  await assertStampedCfdi(xml, t.simulator.url);
  assert.equal((xml.match(/<pago20:DoctoRelacionado /g) ?? []).length, 300);
});
