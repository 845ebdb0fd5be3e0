/**
 * Documents the API serves are data, never pages of its origin (docs/decisions.md, "Served
 * documents"): a stored CFDI, written by its issuer, is an attachment; the service's own XML, PDF
 * and acuse are shown inline; every /v1 answer, documents and JSON alike, carries the sandbox
 * Content-Security-Policy and nosniff, and the documentation pages cannot be framed. The browser
 * half (a signed-in user opening a hostile CFDI) is browser/served-documents.test.ts.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { storeCfdiDocuments } from '../../src/modules/cfdis/index.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { hostileCfdi } from '../support/hostile-cfdi.ts';
import { skipWithoutShared } from '../support/shared.ts';
import { createStamped, invoiceRequest, openInvoicesFixture, type InvoicesTestApp, type Keys } from '../invoices/support.ts';

const SANDBOX = "default-src 'none'; sandbox";
const HOSTILE_UUID = '0A1B2C3D-0000-4000-8000-00000000DEAD';

function assertInert(response: LightMyRequestResponse, where: string): void {
  assert.equal(response.headers['content-security-policy'], SANDBOX, where);
  assert.equal(response.headers['x-content-type-options'], 'nosniff', where);
}

describe('a stored CFDI is served as an inert attachment', { skip: skipWithoutShared }, () => {
  let t: TestApp;
  let key: string;
  before(async () => {
    t = await createTestApp();
    const org = await t.bootstrap();
    key = org.testKey;
    const source = {
      organizationId: org.organizationId,
      mode: 'test' as const,
      fiscalProfileId: 'fp_01k0000000000000000000000a',
      side: 'received' as const,
      downloadId: null,
      sourceRequest: null,
    };
    const stored = await storeCfdiDocuments(t.app.services, source, [hostileCfdi(HOSTILE_UUID)]);
    assert.deepEqual([stored.inserted, stored.unreadable], [1, []]);
  });
  after(() => t.close());

  test('its XML, Addenda script and all, comes byte for byte as an attachment under the sandbox policy', async () => {
    const response = await t.request({ method: 'GET', url: `/v1/cfdis/${HOSTILE_UUID}/xml`, key });
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(response.headers['content-type'], 'application/xml; charset=utf-8');
    assert.equal(response.headers['content-disposition'], `attachment; filename="${HOSTILE_UUID}.xml"`);
    assertInert(response, 'stored CFDI');
    assert.ok(response.rawPayload.equals(hostileCfdi(HOSTILE_UUID).xml), 'byte for byte');
  });
});

describe("the service's own documents are shown inline under the same sandbox", () => {
  let t: InvoicesTestApp;
  let keys: Keys;
  let profileId: string;
  before(async () => {
    ({ t, keys, profileId } = await openInvoicesFixture());
  });
  after(() => t.close());

  test("an invoice's XML, PDF and acuse, and a branding preview", async () => {
    // Up to $1,000 with its taxes: cancelled at once, so the acuse exists.
    const items = [{ product_key: '81112100', unit_key: 'E48', description: 'Asesoría', unit_price: '500.00', taxes: [{ type: 'IVA', rate: '0.16' }] }];
    const invoice = await createStamped(t, keys.testKey, invoiceRequest(profileId, { items }));
    const cancelled = await t.request({ method: 'POST', url: `/v1/invoices/${invoice.id}/cancel`, key: keys.testKey, payload: { reason: '02' } });
    assert.equal(cancelled.statusCode, 200, cancelled.body);
    const documents = [
      { path: 'xml', type: /^application\/xml/, name: `${invoice.uuid}.xml` },
      { path: 'pdf', type: /^application\/pdf$/, name: `${invoice.uuid}.pdf` },
      { path: 'acuse', type: /^application\/xml/, name: `${invoice.uuid}-acuse.xml` },
    ];
    for (const document of documents) {
      const response = await t.request({ method: 'GET', url: `/v1/invoices/${invoice.id}/${document.path}`, key: keys.testKey });
      assert.equal(response.statusCode, 200, `${document.path}: ${response.body}`);
      assert.match(String(response.headers['content-type']), document.type);
      assert.equal(response.headers['content-disposition'], `inline; filename="${document.name}"`, document.path);
      assertInert(response, document.path);
    }
    const preview = await t.request({ method: 'POST', url: `/v1/fiscal_profiles/${profileId}/branding_preview`, key: keys.testKey, payload: {} });
    assert.equal(preview.statusCode, 200, preview.body);
    assert.equal(preview.headers['content-disposition'], `inline; filename="vista-previa-${profileId}.pdf"`);
    assertInert(preview, 'branding preview');
  });

  test('every /v1 answer carries the sandbox and nosniff: JSON, problems, unknown routes, refused keys, replays', async () => {
    const answers: [string, LightMyRequestResponse][] = [
      ['a list', await t.request({ method: 'GET', url: '/v1/invoices', key: keys.testKey })],
      ['a validation problem', await t.request({ method: 'GET', url: '/v1/invoices?limit=0', key: keys.testKey })],
      ['an unknown route', await t.request({ method: 'GET', url: '/v1/nothing-here', key: keys.testKey })],
      ['no key', await t.request({ method: 'GET', url: '/v1/invoices' })],
      ['a public endpoint', await t.request({ method: 'GET', url: '/v1/versions' })],
    ];
    const create = () =>
      t.request({
        method: 'POST',
        url: '/v1/webhook_endpoints',
        key: keys.testKey,
        headers: { 'idempotency-key': 'served-documents-1' },
        payload: { url: 'http://127.0.0.1:9/in' },
      });
    answers.push(['a first answer', await create()]);
    const replay = await create();
    assert.equal(replay.headers['idempotent-replayed'], 'true');
    answers.push(['its replay', replay]);
    for (const [what, response] of answers) assertInert(response, `${what} (${response.statusCode})`);
    // Outside /v1 nothing is sniffed either; pages keep the policies they need.
    const health = await t.request({ method: 'GET', url: '/healthz' });
    assert.equal(health.headers['x-content-type-options'], 'nosniff');
  });
});

describe('the documentation cannot be framed', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  test("every HTML page of /docs says frame-ancestors 'none' and X-Frame-Options DENY", async () => {
    const html = { accept: 'text/html' };
    for (const url of ['/docs', '/docs/errors', '/docs/guides', '/docs/guides/quickstart']) {
      const response = await t.request({ method: 'GET', url, headers: html });
      assert.equal(response.statusCode, 200, url);
      assert.equal(response.headers['content-type'], 'text/html; charset=utf-8', url);
      assert.match(String(response.headers['content-security-policy']), /(^|; )frame-ancestors 'none'(;|$)/, url);
      assert.equal(response.headers['x-frame-options'], 'DENY', url);
      assert.equal(response.headers['x-content-type-options'], 'nosniff', url);
    }
  });
});
