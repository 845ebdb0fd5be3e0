/**
 * POST /v1/fiscal_profiles/{id}/branding_preview: a sample invoice drawn by the stamped-invoice
 * renderer with the candidate colour and the saved logo, marked as no CFDI, on the worker pool,
 * and leaving nothing behind (no usage record, event, invoice or stored PDF).
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import zlib from 'node:zlib';
import { createInvoicesTestApp, registerProfile, type InvoicesTestApp, type Keys } from '../../../test/invoices/support.ts';
import { describeEndpointContract } from '../../../test/support/endpoint-contract.ts';
import { compact, looksLikePdf, pdfText, skipWithoutPdftotext } from './pdf/pdf-probe.test-support.ts';
import { sampleLogo } from './pdf/fixtures.test-support.ts';

let t: InvoicesTestApp;
let keys: Keys;
let profileId: string;

before(async () => {
  t = await createInvoicesTestApp();
  keys = await t.bootstrap();
  profileId = (await registerProfile(t, keys.testKey)).id;
});
after(() => t.close());

const preview = (id: string, payload: unknown, key = keys.testKey) =>
  t.request({ method: 'POST', url: `/v1/fiscal_profiles/${id}/branding_preview`, key, payload: payload as object });

/** Every RGB colour operand triple (`r g b scn`, `rg`…) of the page content streams, inflated. */
function colorsUsed(pdf: Buffer): Array<[number, number, number]> {
  const text = pdf.toString('latin1');
  const found: Array<[number, number, number]> = [];
  for (const match of text.matchAll(/stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const end = text.indexOf('endstream', start);
    let content: string;
    try {
      content = zlib.inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue;
    }
    for (const [, r, g, b] of content.matchAll(/([\d.]+) ([\d.]+) ([\d.]+) (?:rg|RG|scn|SCN|sc|SC)\b/g)) found.push([Number(r), Number(g), Number(b)]);
  }
  return found;
}

function uses(pdf: Buffer, hex: string): boolean {
  const wanted = [1, 3, 5].map((offset) => Number.parseInt(hex.slice(offset, offset + 2), 16) / 255);
  return colorsUsed(pdf).some((rgb) => rgb.every((channel, index) => Math.abs(channel - wanted[index]!) < 0.002));
}

const counts = async () => {
  const { db } = t.app.services;
  const count = async (table: 'usage_records' | 'events' | 'invoices' | 'blobs') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { usage: await count('usage_records'), events: await count('events'), invoices: await count('invoices'), pdfs: await count('blobs') };
};

test('the preview is a PDF in the candidate colour, rendered on the worker pool, and leaves no usage, event or document behind', async () => {
  const savedColor = (await t.request({ method: 'GET', url: `/v1/fiscal_profiles/${profileId}`, key: keys.testKey })).json().brand_color;
  const before = await counts();
  const rendered = t.app.services.workers.completed;
  const response = await preview(profileId, { brand_color: '#12A456' });
  assert.equal(response.statusCode, 200, response.body);
  assert.equal(response.headers['content-type'], 'application/pdf');
  assert.equal(response.headers['cache-control'], 'no-store');
  assert.ok(looksLikePdf(response.rawPayload));
  assert.equal(t.app.services.workers.completed, rendered + 1, 'rendered on the pool');
  assert.ok(uses(response.rawPayload, '#12A456'), 'the candidate colour is drawn');
  assert.ok(!uses(response.rawPayload, savedColor), 'the saved colour is not');
  const other = await preview(profileId, { brand_color: '#A41256' });
  assert.ok(uses(other.rawPayload, '#A41256') && !uses(other.rawPayload, '#12A456'));
  const saved = await preview(profileId, {});
  assert.ok(uses(saved.rawPayload, savedColor), 'without a candidate, the saved colour');
  const reset = await preview(profileId, { brand_color: null });
  assert.ok(uses(reset.rawPayload, savedColor), 'null previews the default colour, which this profile has');
  assert.deepEqual(await counts(), before);
  const profile = await t.request({ method: 'GET', url: `/v1/fiscal_profiles/${profileId}`, key: keys.testKey });
  assert.equal(profile.json().brand_color, savedColor, 'nothing is saved');
});

test('the preview says it is no CFDI and carries no folio fiscal, seal or QR', { skip: skipWithoutPdftotext }, async () => {
  const response = await preview(profileId, { brand_color: '#12A456' });
  const text = compact(pdfText(response.rawPayload));
  assert.ok(text.includes(compact('VISTA PREVIA — SIN VALIDEZ FISCAL')));
  assert.ok(text.includes(compact('Este documento no es un CFDI')));
  assert.ok(text.includes('EKU9003173C9') && text.includes(compact('ESCUELA KEMPER URGATE')), 'the profile is the emisor');
  assert.ok(!text.includes(compact('representación impresa de un CFDI versión 4.0')));
  assert.ok(!/[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}/.test(text), 'no UUID');
  assert.ok(!text.includes('verificacfdi'), 'no QR caption');
});

test('the saved logo is embedded; a profile without one has no image', async () => {
  const plain = await preview(profileId, {});
  assert.ok(!plain.rawPayload.toString('latin1').includes('/Subtype /Image'));
  const withLogo = (await registerProfile(t, keys.testKey, { rfc: 'URE180429TM6', name: 'UNIVERSIDAD ROBOTICA ESPAÑOLA' })).id;
  const patched = await t.request({
    method: 'PATCH',
    url: `/v1/fiscal_profiles/${withLogo}`,
    key: keys.testKey,
    payload: { logo_base64: sampleLogo().toString('base64') },
  });
  assert.equal(patched.statusCode, 200, patched.body);
  const pdf = (await preview(withLogo, { brand_color: '#12A456' })).rawPayload.toString('latin1');
  assert.match(pdf, /\/Subtype \/Image[\s\S]*?\/Width 240|\/Width 240[\s\S]*?\/Subtype \/Image/);
});

test('a request without a body previews the saved branding', async () => {
  const response = await t.request({ method: 'POST', url: `/v1/fiscal_profiles/${profileId}/branding_preview`, key: keys.testKey });
  assert.equal(response.statusCode, 200, response.body);
  assert.ok(looksLikePdf(response.rawPayload));
});

test('a bad colour is 422 request.validation_failed at brand_color', async () => {
  for (const brand_color of ['red', '#12345', '#12345G']) {
    const response = await preview(profileId, { brand_color });
    assert.equal(response.statusCode, 422);
    const problem = response.json();
    assert.equal(problem.code, 'request.validation_failed');
    assert.ok(
      problem.errors.some((error: { path: string }) => error.path === 'brand_color'),
      JSON.stringify(problem.errors),
    );
  }
  const unknown = await preview(profileId, { logo_base64: 'AAAA' });
  assert.equal(unknown.statusCode, 422);
});

test("another organization's or mode's profile is not found; live mode previews its own profiles", async () => {
  const stranger = await t.bootstrap('Another organization');
  assert.equal((await preview(profileId, {}, stranger.testKey)).statusCode, 404);
  assert.equal((await preview(profileId, {}, keys.liveKey)).statusCode, 404);
  assert.equal((await preview('fp_nonexistent', {})).statusCode, 404);
  const live = (await registerProfile(t, keys.liveKey)).id;
  const response = await preview(live, { brand_color: '#12A456' }, keys.liveKey);
  assert.equal(response.statusCode, 200);
  assert.ok(uses(response.rawPayload, '#12A456'));
  assert.equal((await preview(live, {})).statusCode, 404, 'the test key does not see the live profile');
});

test('authentication is required', async () => {
  const response = await t.request({ method: 'POST', url: `/v1/fiscal_profiles/${profileId}/branding_preview`, payload: {} });
  assert.equal(response.statusCode, 401);
});

describeEndpointContract(
  'POST /v1/fiscal_profiles/{id}/branding_preview',
  { resource: 'by-id', invalidBody: { payload: { brand_color: '#12A456', logo: 'x' } } },
  () => ({
    t,
    org: keys,
    request: { method: 'POST', url: `/v1/fiscal_profiles/${profileId}/branding_preview`, payload: { brand_color: '#12A456' } },
  }),
);
