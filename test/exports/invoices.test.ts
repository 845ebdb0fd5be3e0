/**
 * Exports of the service's own invoices (`source: invoices`): the invoices list's filters, CSV
 * columns, a ZIP with each stamped invoice's XML and the PDF its download serves, isolation
 * across organizations and modes, idempotency and `export.completed`.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { strFromU8, unzipSync } from 'fflate';
import { createStamped, invoiceRequest, openInvoicesFixture, registerProfile, type InvoiceJson, type InvoicesTestApp, type Keys } from '../invoices/support.ts';

// biome-ignore lint/suspicious/noExplicitAny: tests read any member of the API's JSON
type Json = Record<string, any>;

let t: InvoicesTestApp;
let keys: Keys;
let other: Keys;
let profileId: string;
let stamped: InvoiceJson[];
let draftId: string;

async function create(body: Json, key = keys.testKey, headers: Record<string, string> = {}): Promise<Json> {
  const response = await t.request({ method: 'POST', url: '/v1/exports', key, payload: body, headers });
  assert.equal(response.statusCode, 201, response.body);
  return response.json();
}

async function built(id: string, key = keys.testKey): Promise<Json> {
  await t.app.services.jobs.runDue();
  const response = await t.request({ method: 'GET', url: `/v1/exports/${id}`, key });
  assert.equal(response.statusCode, 200, response.body);
  const done = response.json();
  assert.equal(done.status, 'completed', JSON.stringify(done.error));
  return done;
}

const fileOf = async (id: string, key = keys.testKey) => (await t.request({ method: 'GET', url: `/v1/exports/${id}/file`, key })).rawPayload;

/** The CSV's rows as objects by header (the fields here hold no quoted commas or line breaks). */
function csvObjects(bytes: Buffer): Json[] {
  const [header, ...lines] = bytes
    .subarray(3)
    .toString('utf8')
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) => line.split(','));
  return lines.map((cells) => Object.fromEntries(header!.map((name, index) => [name, cells[index]])));
}

before(async () => {
  ({ t, keys, profileId } = await openInvoicesFixture());
  stamped = [await createStamped(t, keys.testKey, invoiceRequest(profileId)), await createStamped(t, keys.testKey, invoiceRequest(profileId))];
  const draft = await t.request({ method: 'POST', url: '/v1/invoices', key: keys.testKey, payload: invoiceRequest(profileId) });
  assert.equal(draft.statusCode, 201, draft.body);
  draftId = draft.json().id;
  other = await t.bootstrap('Other organization');
  const otherProfile = (await registerProfile(t, other.testKey)).id;
  await createStamped(t, other.testKey, invoiceRequest(otherProfile));
});
after(() => t.close());

test('a CSV of invoices has one row per invoice of the organization and mode, with the documented columns', async () => {
  const done = await built((await create({ source: 'invoices', format: 'csv' })).id);
  assert.equal(done.source, 'invoices');
  assert.match(done.file.name, /^invoices-exp_[0-9a-z]{26}\.csv$/);
  assert.deepEqual(done.progress, { rows_written: 3, rows_total: 3, percent: 100 });
  const rows = csvObjects(await fileOf(done.id));
  assert.deepEqual(rows.map((row) => row.ID).sort(), [...stamped.map((invoice) => invoice.id), draftId].sort(), "only this organization's test-mode invoices");
  const first = rows.find((row) => row.ID === stamped[0]!.id)!;
  assert.deepEqual(
    [
      first.UUID,
      first.Estado,
      first['RFC receptor'],
      first['Uso CFDI'],
      first['Método de pago'],
      first['Forma de pago'],
      first.Moneda,
      first.Subtotal,
      first.Total,
    ],
    [stamped[0]!.uuid, 'Timbrada', 'URE180429TM6', 'G03', 'PUE', '03', 'MXN', '1000.00', '1160.00'],
  );
  assert.equal(first['Fecha de timbrado'], new Date(first['Fecha de timbrado']!).toISOString());
  const draft = rows.find((row) => row.ID === draftId)!;
  assert.deepEqual([draft.UUID, draft.Estado, draft['Fecha de timbrado']], ['', 'Borrador', '']);

  const live = await built((await create({ source: 'invoices', format: 'csv' }, keys.liveKey)).id, keys.liveKey);
  assert.equal(live.progress.rows_total, 0, 'live mode has no invoices');
  const theirs = await built((await create({ source: 'invoices', format: 'csv' }, other.testKey)).id, other.testKey);
  assert.equal(theirs.progress.rows_total, 1, "the other organization's export holds its own invoice");
});

test("the invoices list's filters select what is exported; a filter the list refuses is a 422", async () => {
  const onlyStamped = await built((await create({ source: 'invoices', format: 'csv', filters: { status: 'stamped' } })).id);
  assert.equal(onlyStamped.progress.rows_total, 2);
  const one = await built((await create({ source: 'invoices', format: 'csv', filters: { q: stamped[1]!.uuid } })).id);
  assert.deepEqual(
    csvObjects(await fileOf(one.id)).map((row) => row.ID),
    [stamped[1]!.id],
  );
  const byProfile = await built(
    (await create({ source: 'invoices', format: 'csv', filters: { fiscal_profile_id: profileId, 'created[gte]': '2000-01-01' } })).id,
  );
  assert.equal(byProfile.progress.rows_total, 3);
  const refused = await t.request({
    method: 'POST',
    url: '/v1/exports',
    key: keys.testKey,
    payload: { source: 'invoices', format: 'csv', filters: { 'created[gte]': 'yesterday' } },
  });
  assert.equal(refused.statusCode, 422, refused.body);
  const cfdiFilter = await t.request({
    method: 'POST',
    url: '/v1/exports',
    key: keys.testKey,
    payload: { source: 'invoices', format: 'csv', filters: { side: 'issued' } },
  });
  assert.equal(cfdiFilter.statusCode, 422, "a filter of the CFDI store is not one of the invoices'");
});

test('a ZIP of invoices holds each stamped invoice as <UUID>.xml and <UUID>.pdf, the PDF the bytes its download serves', async () => {
  const done = await built((await create({ source: 'invoices', format: 'zip' })).id);
  const entries = unzipSync(new Uint8Array(await fileOf(done.id)));
  assert.deepEqual(Object.keys(entries).sort(), stamped.flatMap((invoice) => [`${invoice.uuid}.pdf`, `${invoice.uuid}.xml`]).sort(), 'the draft has neither');
  for (const invoice of stamped) {
    const xml = await t.request({ method: 'GET', url: `/v1/invoices/${invoice.id}/xml`, key: keys.testKey });
    assert.equal(strFromU8(entries[`${invoice.uuid}.xml`]!), xml.body);
    const pdf = await t.request({ method: 'GET', url: `/v1/invoices/${invoice.id}/pdf`, key: keys.testKey });
    assert.equal(pdf.statusCode, 200);
    assert.deepEqual(Buffer.from(entries[`${invoice.uuid}.pdf`]!), pdf.rawPayload);
  }
});

test('export.completed is emitted for an export of invoices; an Idempotency-Key replays the first export', async () => {
  const headers = { 'idempotency-key': 'invoices-export-once' };
  const first = await create({ source: 'invoices', format: 'xlsx' }, keys.testKey, headers);
  const again = await create({ source: 'invoices', format: 'xlsx' }, keys.testKey, headers);
  assert.equal(again.id, first.id);
  await built(first.id);
  const events = (await t.request({ method: 'GET', url: '/v1/events?type=export.completed&limit=100', key: keys.testKey })).json();
  const event = events.data.find((item: Json) => item.data.object.id === first.id);
  assert.ok(event, 'export.completed for the export');
  assert.equal(event.data.object.source, 'invoices');
  for (const key of [other.testKey, keys.liveKey]) {
    const response = await t.request({ method: 'GET', url: `/v1/exports/${first.id}`, key });
    assert.equal(response.statusCode, 404);
  }
});
