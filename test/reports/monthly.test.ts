/**
 * The monthly report against hand-computed fixtures: CFDIs built here and stored the way
 * downloads store them (storeCfdiDocuments, storeMetadataRecords), for one profile and March 2025.
 * Issued: an MXN invoice, a USD invoice with a discount and retenciones, a credit note, a
 * cancelled invoice and one of April. Received: a PUE invoice, a February PPD invoice paid in
 * March by a Pagos CFDI dated April, a USD PPD invoice paid in USD with another document the
 * store lacks, a credit note, an invoice with retenciones, a cancelled Pagos and a metadata-only
 * row. Every expected amount is worked out in the comments beside it.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { storeCfdiDocuments, storeMetadataRecords, type CfdiSource } from '../../src/modules/cfdis/index.ts';
import { openInvoicesFixture, type InvoicesTestApp, type Keys } from '../invoices/support.ts';
import { cfdi, ISR, IVA } from './cfdi-builder.ts';

// biome-ignore lint/suspicious/noExplicitAny: tests read any member of the API's JSON
type Json = Record<string, any>;

const SELF = 'EKU9003173C9';
const OTHER = 'URE180429TM6';
const uuidOf = (n: number) => `5E000000-0000-4000-8000-${n.toString(16).toUpperCase().padStart(12, '0')}`;

// Issued, March 2025.
const IS_MXN = uuidOf(1); // 1,000.00 + IVA 160.00
const IS_USD = uuidOf(2); // USD 100 − 10 discount at 20.50: 1,845.00; IVA 14.40 → 295.20; ISR ret 9.00 → 184.50; IVA ret 9.60 → 196.80
const IS_CREDIT = uuidOf(3); // credit note 100.00, IVA 16.00 (reduces IVA trasladado)
const IS_CANCELLED = uuidOf(4);
const IS_APRIL = uuidOf(5);
// Received.
const RC_PUE = uuidOf(11); // 2,000.00 + IVA 320.00, PUE
const RC_PPD_FEB = uuidOf(12); // 1,000.00 + IVA 160.00 = 1,160.00, PPD, February
const RC_PAGO_APRIL = uuidOf(13); // pays 580.00 of RC_PPD_FEB on March 28: IVA 160 × 580 / 1,160 = 80.00
const RC_CREDIT = uuidOf(14); // credit note 200.00, IVA 32.00 (reduces IVA acreditable)
const RC_PPD_USD = uuidOf(15); // USD 100 + IVA 16 = 116 at 17.00: 1,700.00, PPD, March
const RC_PAGO_USD = uuidOf(16); // USD 68 at 18.00 = 1,224.00: 58 of RC_PPD_USD (IVA 16 × 58 / 116 × 18 = 144.00) and 10 of a document not stored
const RC_RETENIDO = uuidOf(17); // 1,000.00 + IVA 160.00, ISR ret 100.00, IVA ret 106.67, PUE
const RC_PAGO_CANCELLED = uuidOf(18); // would pay RC_PPD_FEB in March: cancelled, counts nothing
const RC_METADATA = uuidOf(19);
const NOT_STORED = uuidOf(99);

let t: InvoicesTestApp;
let keys: Keys;
let profileId: string;

async function get(url: string, key = keys.testKey): Promise<{ status: number; body: Json }> {
  const response = await t.request({ method: 'GET', url, key });
  return { status: response.statusCode, body: response.json() };
}

const period = () => `fiscal_profile_id=${profileId}&year=2025&month=3`;

describe('GET /v1/reports/monthly', () => {
  before(async () => {
    ({ t, keys, profileId } = await openInvoicesFixture());
    const source = (side: 'issued' | 'received', statusHint?: 'cancelled'): CfdiSource => ({
      organizationId: keys.organizationId,
      mode: 'test',
      fiscalProfileId: profileId,
      side,
      downloadId: null,
      sourceRequest: null,
      ...(statusHint ? { statusHint } : {}),
    });
    const services = t.app.services;
    const issued = { emisor: SELF, receptor: OTHER };
    const received = { emisor: OTHER, receptor: SELF };
    await storeCfdiDocuments(services, source('issued'), [
      cfdi({
        uuid: IS_MXN,
        tipo: 'I',
        fecha: '2025-03-05T10:00:00',
        ...issued,
        subTotal: '1000.00',
        total: '1160.00',
        metodo: 'PUE',
        traslados: [IVA('160.00')],
      }),
      cfdi({
        uuid: IS_USD,
        tipo: 'I',
        fecha: '2025-03-10T10:00:00',
        ...issued,
        moneda: 'USD',
        tipoCambio: '20.50',
        subTotal: '100.00',
        descuento: '10.00',
        total: '85.80',
        metodo: 'PUE',
        traslados: [IVA('14.40')],
        retenciones: [ISR('9.00'), IVA('9.60')],
      }),
      cfdi({
        uuid: IS_CREDIT,
        tipo: 'E',
        fecha: '2025-03-20T10:00:00',
        ...issued,
        subTotal: '100.00',
        total: '116.00',
        metodo: 'PUE',
        traslados: [IVA('16.00')],
      }),
      cfdi({
        uuid: IS_APRIL,
        tipo: 'I',
        fecha: '2025-04-01T00:00:00',
        ...issued,
        subTotal: '700.00',
        total: '812.00',
        metodo: 'PUE',
        traslados: [IVA('112.00')],
      }),
    ]);
    await storeCfdiDocuments(services, source('issued', 'cancelled'), [
      cfdi({
        uuid: IS_CANCELLED,
        tipo: 'I',
        fecha: '2025-03-12T10:00:00',
        ...issued,
        subTotal: '5000.00',
        total: '5800.00',
        metodo: 'PUE',
        traslados: [IVA('800.00')],
      }),
    ]);
    await storeCfdiDocuments(services, source('received'), [
      cfdi({
        uuid: RC_PUE,
        tipo: 'I',
        fecha: '2025-03-03T09:00:00',
        ...received,
        subTotal: '2000.00',
        total: '2320.00',
        metodo: 'PUE',
        traslados: [IVA('320.00')],
      }),
      cfdi({
        uuid: RC_PPD_FEB,
        tipo: 'I',
        fecha: '2025-02-15T09:00:00',
        ...received,
        subTotal: '1000.00',
        total: '1160.00',
        metodo: 'PPD',
        traslados: [IVA('160.00')],
      }),
      cfdi({
        uuid: RC_PAGO_APRIL,
        tipo: 'P',
        fecha: '2025-04-02T09:00:00',
        ...received,
        moneda: 'XXX',
        subTotal: '0',
        total: '0',
        pagos: [{ fecha: '2025-03-28T12:00:00', moneda: 'MXN', monto: '580.00', doctos: [{ id: RC_PPD_FEB, impPagado: '580.00' }] }],
      }),
      cfdi({
        uuid: RC_CREDIT,
        tipo: 'E',
        fecha: '2025-03-25T09:00:00',
        ...received,
        subTotal: '200.00',
        total: '232.00',
        metodo: 'PUE',
        traslados: [IVA('32.00')],
      }),
      cfdi({
        uuid: RC_PPD_USD,
        tipo: 'I',
        fecha: '2025-03-08T09:00:00',
        ...received,
        moneda: 'USD',
        tipoCambio: '17.00',
        subTotal: '100.00',
        total: '116.00',
        metodo: 'PPD',
        traslados: [IVA('16.00')],
      }),
      cfdi({
        uuid: RC_PAGO_USD,
        tipo: 'P',
        fecha: '2025-03-30T09:00:00',
        ...received,
        moneda: 'XXX',
        subTotal: '0',
        total: '0',
        pagos: [
          {
            fecha: '2025-03-30T09:00:00',
            moneda: 'USD',
            tipoCambio: '18.00',
            monto: '68.00',
            doctos: [
              { id: RC_PPD_USD, impPagado: '58.00' },
              { id: NOT_STORED, impPagado: '10.00' },
            ],
          },
        ],
      }),
      cfdi({
        uuid: RC_RETENIDO,
        tipo: 'I',
        fecha: '2025-03-15T09:00:00',
        ...received,
        subTotal: '1000.00',
        total: '953.33',
        metodo: 'PUE',
        traslados: [IVA('160.00')],
        retenciones: [ISR('100.00'), IVA('106.67')],
      }),
    ]);
    await storeCfdiDocuments(services, source('received', 'cancelled'), [
      cfdi({
        uuid: RC_PAGO_CANCELLED,
        tipo: 'P',
        fecha: '2025-03-29T09:00:00',
        ...received,
        moneda: 'XXX',
        subTotal: '0',
        total: '0',
        pagos: [{ fecha: '2025-03-29T09:00:00', moneda: 'MXN', monto: '580.00', doctos: [{ id: RC_PPD_FEB, impPagado: '580.00' }] }],
      }),
    ]);
    await storeMetadataRecords(services, source('received'), [
      {
        uuid: RC_METADATA,
        rfcEmisor: OTHER,
        nombreEmisor: 'EMISOR',
        rfcReceptor: SELF,
        nombreReceptor: 'RECEPTOR',
        rfcPac: 'SAT970701NN3',
        fechaEmision: '2025-03-18 10:00:00',
        fechaCertificacionSat: '2025-03-18 10:00:05',
        monto: '580.00',
        efectoComprobante: 'I',
        estatus: '1',
        fechaCancelacion: '',
        rfcACuentaTerceros: '',
        nombreACuentaTerceros: '',
      },
    ]);
  });
  after(() => t.close());

  test('every figure is the hand-computed sum in MXN: foreign currency at its TipoCambio, PPD through Pagos paid in the month, credit notes reducing, cancelled and April excluded', async () => {
    const { status, body } = await get(`/v1/reports/monthly?${period()}`);
    assert.equal(status, 200, JSON.stringify(body));
    const figures = Object.fromEntries(Object.entries(body.figures as Record<string, Json>).map(([name, figure]) => [name, [figure.amount, figure.count]]));
    assert.deepEqual(figures, {
      issued_income: ['2845.00', 2], // 1,000.00 + 1,845.00
      issued_credit_notes: ['100.00', 1],
      issued_payments: ['0.00', 0],
      received_expenses: ['4700.00', 3], // 2,000.00 + 1,700.00 + 1,000.00 (the February PPD is not of March)
      received_credit_notes: ['200.00', 1],
      received_payments: ['1804.00', 2], // 580.00 + 1,224.00
      iva_trasladado: ['439.20', 3], // 160.00 + 295.20 − 16.00
      iva_acreditable: ['672.00', 5], // 320.00 + 80.00 − 32.00 + 144.00 + 160.00
      isr_retenido_issued: ['184.50', 1],
      iva_retenido_issued: ['196.80', 1],
      isr_retenido_received: ['100.00', 1],
      iva_retenido_received: ['106.67', 1],
    });
    assert.deepEqual(body.excluded, { cancelled: 2, without_content: 1, unresolved_payments: 1 });
    assert.equal(body.currency, 'MXN');
    assert.equal(
      body.figures.iva_acreditable.items_url,
      `http://invoicing.test/v1/reports/monthly/items?fiscal_profile_id=${profileId}&year=2025&month=3&figure=iva_acreditable`,
    );
  });

  test("a figure's drill-down lists the CFDIs behind it with their signed share, adding up to the figure, page by page", async () => {
    const report = await get(`/v1/reports/monthly?${period()}`);
    const first = await get(report.body.figures.iva_acreditable.items_url.replace('http://invoicing.test', '') + '&limit=3');
    assert.equal(first.status, 200, JSON.stringify(first.body));
    assert.equal(first.body.has_more, true);
    const rest = await get(`/v1/reports/monthly/items?${period()}&figure=iva_acreditable&starting_after=${first.body.data.at(-1).id}`);
    assert.equal(rest.body.has_more, false);
    const items = [...first.body.data, ...rest.body.data].map((item: Json) => [item.uuid, item.document_uuid, item.amount]);
    assert.deepEqual(items, [
      [RC_PUE, null, '320.00'],
      [RC_RETENIDO, null, '160.00'],
      [RC_CREDIT, null, '-32.00'],
      [RC_PAGO_APRIL, RC_PPD_FEB, '80.00'],
      [RC_PAGO_USD, RC_PPD_USD, '144.00'],
    ]);
    const trasladado = await get(`/v1/reports/monthly/items?${period()}&figure=iva_trasladado`);
    assert.deepEqual(
      trasladado.body.data.map((item: Json) => [item.uuid, item.amount, item.counterparty_rfc]),
      [
        [IS_MXN, '160.00', OTHER],
        [IS_USD, '295.20', OTHER],
        [IS_CREDIT, '-16.00', OTHER],
      ],
    );
  });

  test('an unknown or foreign profile is a 404, a bad month, figure or cursor a 4xx problem', async () => {
    assert.equal((await get('/v1/reports/monthly?fiscal_profile_id=fp_01k0000000000000000000000a&year=2025&month=3')).status, 404);
    assert.equal((await get('/v1/reports/monthly?fiscal_profile_id=nonsense&year=2025&month=3')).status, 404);
    const other = await t.bootstrap('Another organization');
    assert.equal((await get(`/v1/reports/monthly?${period()}`, other.testKey)).status, 404);
    assert.equal((await get(`/v1/reports/monthly?${period()}`, keys.liveKey)).status, 404);
    for (const query of [
      `fiscal_profile_id=${profileId}&year=2025&month=13`,
      `fiscal_profile_id=${profileId}&year=2025`,
      `fiscal_profile_id=${profileId}&year=abc&month=3`,
    ]) {
      const { status, body } = await get(`/v1/reports/monthly?${query}`);
      assert.equal(status, 422, `${query}: ${JSON.stringify(body)}`);
    }
    assert.equal((await get(`/v1/reports/monthly/items?${period()}&figure=profit`)).status, 422);
    const cursor = await get(`/v1/reports/monthly/items?${period()}&figure=iva_trasladado&starting_after=${uuidOf(77)}`);
    assert.equal(cursor.status, 422, JSON.stringify(cursor.body));
    assert.equal(cursor.body.code, 'request.invalid_cursor');
  });
});
