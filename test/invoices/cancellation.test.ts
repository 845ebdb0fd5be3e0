import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import { createStamped, invoiceRequest, openInvoicesFixture, type InvoicesTestApp, type Keys } from './support.ts';

const DAY_MS = 24 * 3_600_000;
// RMF 2.7.1.35 IX: within the business day after issue no acceptance is needed; four days later,
// whatever the weekday, that day has passed.
const PAST_NEXT_BUSINESS_DAY_MS = 4 * DAY_MS;
let t: InvoicesTestApp;
let keys: Keys;
let profileId: string;

before(async () => {
  ({ t, keys, profileId } = await openInvoicesFixture());
});
after(() => t.close());

const small = (overrides: Record<string, unknown> = {}) =>
  invoiceRequest(profileId, {
    items: [{ product_key: '81112100', unit_key: 'E48', description: 'Asesoría', unit_price: '500.00', taxes: [{ type: 'IVA', rate: '0.16' }] }],
    ...overrides,
  });
const large = (receptor = 'URE180429TM6', overrides: Record<string, unknown> = {}) =>
  invoiceRequest(profileId, {
    customer: {
      rfc: receptor,
      name: receptor === 'URE180429TM6' ? 'UNIVERSIDAD ROBOTICA ESPAÑOLA' : 'RECEPTOR MAGICO',
      tax_regime: '601',
      postal_code: '86991',
      cfdi_use: 'G03',
    },
    items: [{ product_key: '81112100', unit_key: 'E48', description: 'Proyecto', unit_price: '50000.00', taxes: [{ type: 'IVA', rate: '0.16' }] }],
    ...overrides,
  });

async function cancel(id: string, payload: Record<string, unknown>) {
  return t.request({ method: 'POST', url: `/v1/invoices/${id}/cancel`, key: keys.testKey, payload });
}

async function get(id: string) {
  return (await t.request({ method: 'GET', url: `/v1/invoices/${id}`, key: keys.testKey })).json();
}

async function eventTypes(id: string): Promise<string[]> {
  const rows = await sql<{ type: string }>`SELECT type FROM events WHERE object::jsonb ->> 'id' = ${id} ORDER BY id`.execute(t.app.services.db);
  return rows.rows.map((row) => row.type);
}

/** Lets the simulated receptor (and the poller) act: moves the clock and runs the due jobs. */
async function elapse(ms: number): Promise<void> {
  t.clock.advance(ms);
  await t.app.services.jobs.runDue();
}

test('an invoice of up to $1,000 is cancelled at once, with the SAT acuse', async () => {
  const invoice = await createStamped(t, keys.testKey, small());
  const response = await cancel(invoice.id, { reason: '02' });
  assert.equal(response.statusCode, 200, response.body);
  const cancelled = response.json();
  assert.equal(cancelled.status, 'cancelled');
  assert.equal(cancelled.cancellation.status, 'accepted');
  assert.equal(cancelled.cancellation.reason, '02');
  assert.equal(cancelled.cancellation.acuse_available, true);
  assert.equal(cancelled.cancellation.requested_at, t.clock.now().toISOString());
  assert.equal(cancelled.cancellation.resolved_at, t.clock.now().toISOString());
  const acuse = await t.request({ method: 'GET', url: `/v1/invoices/${invoice.id}/acuse`, key: keys.testKey });
  assert.equal(acuse.statusCode, 200);
  assert.match(acuse.headers['content-type'] as string, /^application\/xml/);
  assert.ok(acuse.body.includes(invoice.uuid));
  assert.equal((await t.simulator.ledger.get(invoice.uuid))?.status, 'Cancelado');
  assert.deepEqual(await eventTypes(invoice.id), ['invoice.created', 'invoice.stamped', 'invoice.cancellation_requested', 'invoice.cancelled']);
  const again = await cancel(invoice.id, { reason: '02' });
  assert.equal(again.statusCode, 422);
  assert.equal(again.json().code, 'cancel.already_cancelled');
  const xml = await t.request({ method: 'GET', url: `/v1/invoices/${invoice.id}/xml`, key: keys.testKey });
  assert.equal(xml.statusCode, 200, 'a cancelled invoice keeps its XML');
});

test('motivo and substitute rules are enforced before the SAT is asked', async () => {
  const invoice = await createStamped(t, keys.testKey, small());
  const draft = (await t.request({ method: 'POST', url: '/v1/invoices', key: keys.testKey, payload: small() })).json();
  const cases: Array<[Record<string, unknown>, number, string]> = [
    [{ reason: '05' }, 422, 'cancel.motivo_invalid'],
    [{ reason: '01' }, 422, 'invoice.substitute_required'],
    [{ reason: '02', substitute_invoice_id: draft.id }, 422, 'cancel.substitution_folio_not_required'],
    [{ reason: '01', substitute_invoice_id: draft.id }, 422, 'invoice.substitute_not_stamped'],
    [{ reason: '01', substitute_invoice_id: invoice.id }, 422, 'cancel.substitution_folio_invalid'],
    [{ reason: '01', substitute_invoice_id: 'inv_01aaaaaaaaaaaaaaaaaaaaaaaa' }, 404, 'resource.not_found'],
    [{ reason: '02', extra: true }, 422, 'request.validation_failed'],
  ];
  for (const [payload, status, code] of cases) {
    const response = await cancel(invoice.id, payload);
    assert.equal(response.statusCode, status, `${JSON.stringify(payload)}: ${response.body}`);
    assert.equal(response.json().code, code);
  }
  const notStamped = await cancel(draft.id, { reason: '02' });
  assert.equal(notStamped.statusCode, 409);
  assert.equal(notStamped.json().code, 'invoice.not_stamped');
  assert.equal((await get(invoice.id)).cancellation.status, 'none');
});

test('reason 01 cancels in favour of a stamped substitute that relates to it (TipoRelacion 04)', async () => {
  const original = await createStamped(t, keys.testKey, small());
  const unrelated = await createStamped(t, keys.testKey, small());
  const refused = await cancel(original.id, { reason: '01', substitute_invoice_id: unrelated.id });
  assert.equal(refused.statusCode, 422);
  assert.equal(refused.json().code, 'cancel.relation_invalid');
  // Test mode's cancellations are answered by the simulator, and the detail says so.
  assert.match(refused.json().detail, /^The simulator answered /);
  const substitute = await createStamped(t, keys.testKey, small({ related: [{ relationship: '04', invoices: [original.id] }] }));
  const response = await cancel(original.id, { reason: '01', substitute_invoice_id: substitute.id });
  assert.equal(response.statusCode, 200, response.body);
  assert.equal(response.json().status, 'cancelled');
  assert.equal(response.json().cancellation.substitute_invoice_id, substitute.id);
});

test('after the next business day a larger invoice waits for the receptor; silence accepts it after 72 business hours', async () => {
  const invoice = await createStamped(t, keys.testKey, large());
  t.clock.advance(PAST_NEXT_BUSINESS_DAY_MS);
  const response = await cancel(invoice.id, { reason: '02' });
  assert.equal(response.statusCode, 200, response.body);
  const pending = response.json();
  assert.equal(pending.status, 'stamped');
  assert.equal(pending.cancellation.status, 'pending');
  assert.equal(pending.cancellation.resolved_at, null);
  const twice = await cancel(invoice.id, { reason: '02' });
  assert.equal(twice.statusCode, 409);
  assert.equal(twice.json().code, 'invoice.cancellation_in_progress');
  await elapse(5 * 60_000);
  assert.equal((await get(invoice.id)).cancellation.status, 'pending', 'the receptor has not answered yet');
  await elapse(6 * DAY_MS);
  const cancelled = await get(invoice.id);
  assert.equal(cancelled.status, 'cancelled');
  assert.equal(cancelled.cancellation.status, 'accepted');
  assert.equal(cancelled.cancellation.acuse_available, true);
  assert.deepEqual((await eventTypes(invoice.id)).slice(2), ['invoice.cancellation_requested', 'invoice.cancelled']);
});

test('a receptor who rejects leaves the invoice stamped with the cancellation rejected, and it may be asked again', async () => {
  const invoice = await createStamped(t, keys.testKey, large('RCH010101AA1'));
  t.clock.advance(PAST_NEXT_BUSINESS_DAY_MS);
  assert.equal((await cancel(invoice.id, { reason: '03' })).json().cancellation.status, 'pending');
  await elapse(2 * 60_000);
  const rejected = await get(invoice.id);
  assert.equal(rejected.status, 'stamped');
  assert.equal(rejected.cancellation.status, 'rejected');
  assert.ok(rejected.cancellation.resolved_at);
  assert.deepEqual((await eventTypes(invoice.id)).slice(2), ['invoice.cancellation_requested', 'invoice.cancellation_rejected']);
  const again = await cancel(invoice.id, { reason: '03' });
  assert.equal(again.statusCode, 200);
  assert.equal(again.json().cancellation.status, 'pending');
});

test('a receptor who accepts cancels the invoice when the poller sees it', async () => {
  const invoice = await createStamped(t, keys.testKey, large('ACP010101AA1'));
  t.clock.advance(PAST_NEXT_BUSINESS_DAY_MS);
  assert.equal((await cancel(invoice.id, { reason: '02' })).json().cancellation.status, 'pending');
  await elapse(2 * 60_000);
  const cancelled = await get(invoice.id);
  assert.equal(cancelled.status, 'cancelled');
  assert.equal(cancelled.cancellation.status, 'accepted');
});

test('when the SAT cannot be reached the cancellation answers 502 with Retry-After and changes nothing', async () => {
  const invoice = await createStamped(
    t,
    keys.testKey,
    small({ customer: { rfc: 'IND010101AA1', name: 'SAT INALCANZABLE', tax_regime: '601', postal_code: '86991', cfdi_use: 'G03' } }),
  );
  const response = await cancel(invoice.id, { reason: '02' });
  assert.equal(response.statusCode, 502);
  assert.equal(response.json().code, 'cancel.sat_service_unavailable');
  assert.ok(Number(response.headers['retry-after']) > 0);
  assert.equal((await get(invoice.id)).cancellation.status, 'none');
});
