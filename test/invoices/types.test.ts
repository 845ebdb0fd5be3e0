import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { findPagos } from '../../src/cfdi/model.ts';
import { parseCfdi } from '../../src/cfdi/parse.ts';
import { localDateTime } from '../../src/cfdi/rules/index.ts';
import { createStamped, invoiceRequest, openInvoicesFixture, type InvoicesTestApp, type Keys } from './support.ts';
import { assertStampedCfdi } from './verify.ts';

let t: InvoicesTestApp;
let keys: Keys;
let profileId: string;

before(async () => {
  ({ t, keys, profileId } = await openInvoicesFixture());
});
after(() => t.close());

async function stampedXml(invoice: { id: string }): Promise<string> {
  const response = await t.request({ method: 'GET', url: `/v1/invoices/${invoice.id}/xml`, key: keys.testKey });
  assert.equal(response.statusCode, 200);
  await assertStampedCfdi(response.body, t.simulator.url);
  return response.body;
}

const service = (overrides: Record<string, unknown> = {}) => ({
  product_key: '81112100',
  unit_key: 'E48',
  description: 'Servicio',
  quantity: '1',
  unit_price: '1000.00',
  ...overrides,
});

test('withholdings, exempt and IEPS items, discounts and a foreign currency are computed, stamped and verified', async () => {
  const invoice = await createStamped(
    t,
    keys.testKey,
    invoiceRequest(profileId, {
      currency: 'USD',
      exchange_rate: '17.250000',
      items: [
        service({
          quantity: '3',
          unit_price: '99.995',
          discount: '10.00',
          taxes: [
            { type: 'IVA', rate: '0.16' },
            { type: 'ISR', rate: '0.10', withholding: true },
            { type: 'IVA', rate: '0.106667', withholding: true },
          ],
        }),
        service({
          product_key: '50202306',
          unit_key: 'H87',
          description: 'Refresco',
          unit: 'Pieza',
          sku: 'REF-600',
          unit_price: '20.00',
          taxes: [
            { type: 'IEPS', rate: '0.08' },
            { type: 'IVA', rate: '0.16' },
          ],
        }),
        service({ product_key: '53131608', unit_key: 'H87', description: 'Libro', unit_price: '250.00', taxes: [{ type: 'IVA', factor: 'Exento' }] }),
        service({ description: 'Sin impuestos', unit_price: '5.00', tax_object: '01' }),
      ],
    }),
  );
  assert.equal(invoice.currency, 'USD');
  assert.equal(invoice.exchange_rate, '17.250000');
  assert.equal(invoice.subtotal, '574.99');
  assert.equal(invoice.discount, '10.00');
  const [first, second, third, fourth] = invoice.items;
  assert.equal(first.amount, '299.99');
  assert.deepEqual(
    first.taxes.map((tax: { amount: string; base: string }) => [tax.base, tax.amount]),
    [
      ['289.99', '46.40'],
      ['289.99', '29.00'],
      ['289.99', '30.93'],
    ],
  );
  assert.equal(first.taxes[2].withholding, true);
  assert.deepEqual(
    second.taxes.map((tax: { amount: string }) => tax.amount),
    ['1.60', '3.20'],
  );
  assert.equal(second.unit, 'Pieza');
  assert.equal(second.sku, 'REF-600');
  assert.deepEqual(third.taxes[0], { type: 'IVA', factor: 'Exento', rate: null, withholding: false, base: '250.00', amount: null });
  assert.equal(fourth.tax_object, '01');
  assert.equal(invoice.total_taxes_transferred, '51.20');
  assert.equal(invoice.total_taxes_withheld, '59.93');
  assert.equal(invoice.total, '556.26');
  const { comprobante } = parseCfdi(await stampedXml(invoice));
  assert.equal(comprobante.TipoCambio, '17.250000');
  assert.equal(comprobante.Conceptos[1]?.NoIdentificacion, 'REF-600');
  assert.deepEqual(comprobante.Impuestos?.Retenciones, [
    { Impuesto: '001', Importe: '29.00' },
    { Impuesto: '002', Importe: '30.93' },
  ]);
});

test('a JPY invoice (a currency without decimals in c_Moneda) is stamped with whole amounts', async () => {
  const invoice = await createStamped(
    t,
    keys.testKey,
    invoiceRequest(profileId, {
      currency: 'JPY',
      exchange_rate: '0.115000',
      items: [service({ quantity: '3', unit_price: '1250.40', taxes: [{ type: 'IVA', rate: '0.16' }] })],
    }),
  );
  assert.equal(invoice.status, 'stamped');
  assert.equal(invoice.currency, 'JPY');
  assert.equal(invoice.subtotal, '3751');
  assert.equal(invoice.total, '4351');
  const { comprobante } = parseCfdi(await stampedXml(invoice));
  assert.equal(comprobante.Moneda, 'JPY');
  assert.equal(comprobante.SubTotal, '3751');
  assert.equal(comprobante.Total, '4351');
});

test('a credit note (E) relates to the invoice it corrects, by invoice id or UUID', async () => {
  const income = await createStamped(t, keys.testKey, invoiceRequest(profileId));
  const credit = await createStamped(
    t,
    keys.testKey,
    invoiceRequest(profileId, {
      type: 'E',
      serie: 'NC',
      items: [service({ product_key: '84111506', unit_key: 'ACT', description: 'Devolución', unit_price: '100.00', taxes: [{ type: 'IVA', rate: '0.16' }] })],
      related: [
        { relationship: '01', invoices: [income.id] },
        { relationship: '03', uuids: [income.uuid.toLowerCase()] },
      ],
    }),
  );
  assert.equal(credit.type, 'E');
  assert.deepEqual(credit.related, [
    { relationship: '01', uuids: [income.uuid] },
    { relationship: '03', uuids: [income.uuid] },
  ]);
  const { comprobante } = parseCfdi(await stampedXml(credit));
  assert.equal(comprobante.TipoDeComprobante, 'E');
  assert.deepEqual(comprobante.CfdiRelacionados?.[0], { TipoRelacion: '01', UUIDs: [income.uuid] });
});

test('a payment (P) of a deferred invoice carries the Pagos 2.0 complement with balances and taxes', async () => {
  const deferred = await createStamped(t, keys.testKey, invoiceRequest(profileId, { payment_method: 'PPD', payment_form: undefined, serie: 'PPD' }));
  assert.equal(deferred.payment_form, '99');
  const paidAt = localDateTime(new Date(t.clock.now().getTime() - 3_600_000), 'America/Mexico_City');
  const payment = await createStamped(t, keys.testKey, {
    fiscal_profile_id: profileId,
    type: 'P',
    serie: 'P',
    customer: { rfc: 'URE180429TM6', name: 'UNIVERSIDAD ROBOTICA ESPAÑOLA', tax_regime: '601', postal_code: '86991' },
    payments: [
      {
        date: paidAt,
        payment_form: '03',
        operation_number: 'SPEI-77',
        documents: [{ invoice: deferred.id, installment: 1, previous_balance: '1160.00', amount_paid: '580.00', taxes: [{ type: 'IVA', rate: '0.16' }] }],
      },
    ],
  });
  assert.equal(payment.type, 'P');
  assert.equal(payment.currency, 'XXX');
  assert.equal(payment.total, '0');
  assert.equal(payment.customer.use, 'CP01');
  assert.deepEqual(payment.items, []);
  const [paid] = payment.payments;
  assert.equal(paid.amount, '580.00');
  assert.equal(paid.operation_number, 'SPEI-77');
  assert.deepEqual(
    { ...paid.documents[0], taxes: undefined },
    {
      uuid: deferred.uuid,
      invoice: deferred.id,
      serie: 'PPD',
      folio: deferred.folio,
      currency: 'MXN',
      equivalence: '1',
      installment: 1,
      previous_balance: '1160.00',
      amount_paid: '580.00',
      balance: '580.00',
      tax_object: '02',
      taxes: undefined,
    },
  );
  assert.deepEqual(paid.documents[0].taxes, [{ type: 'IVA', factor: 'Tasa', rate: '0.160000', withholding: false, base: '500.00', amount: '80.00' }]);
  const pagos = findPagos(parseCfdi(await stampedXml(payment)).comprobante);
  assert.equal(pagos?.Totales.MontoTotalPagos, '580.00');
  assert.equal(pagos?.Totales.TotalTrasladosImpuestoIVA16, '80.00');
});

test('a transfer (T) has zero totals and no payment terms', async () => {
  const transfer = await createStamped(t, keys.testKey, {
    fiscal_profile_id: profileId,
    type: 'T',
    customer: { rfc: 'EKU9003173C9', name: 'ESCUELA KEMPER URGATE', tax_regime: '601', postal_code: '42501', cfdi_use: 'S01' },
    items: [{ product_key: '53131608', unit_key: 'H87', description: 'Libros en tránsito a sucursal', quantity: '40', unit_price: '250.00' }],
  });
  assert.equal(transfer.type, 'T');
  assert.equal(transfer.subtotal, '0.00');
  assert.equal(transfer.total, '0.00');
  assert.equal(transfer.payment_method, null);
  assert.equal(transfer.items[0].amount, '10000.00');
  const { comprobante } = parseCfdi(await stampedXml(transfer));
  assert.equal(comprobante.FormaPago, undefined);
});

test('a global invoice to the general public carries InformacionGlobal with the generic receptor filled in', async () => {
  const global = await createStamped(
    t,
    keys.testKey,
    invoiceRequest(profileId, {
      customer: { rfc: 'XAXX010101000' },
      payment_form: '01',
      global: { periodicity: '04', months: '07', year: '2026' },
      items: [service({ product_key: '01010101', unit_key: 'ACT', description: 'Venta', unit_price: '431.03', taxes: [{ type: 'IVA', rate: '0.16' }] })],
    }),
  );
  assert.deepEqual(global.customer, {
    rfc: 'XAXX010101000',
    name: 'PUBLICO EN GENERAL',
    zip: '42501',
    tax_regime: '616',
    use: 'S01',
    country: null,
    tax_id: null,
    email: null,
  });
  assert.deepEqual(global.global, { periodicity: '04', months: '07', year: '2026' });
  const { comprobante } = parseCfdi(await stampedXml(global));
  assert.deepEqual(comprobante.InformacionGlobal, { Periodicidad: '04', Meses: '07', Año: '2026' });
});

test('a foreign customer states its country and tax id', async () => {
  const foreign = await createStamped(
    t,
    keys.testKey,
    invoiceRequest(profileId, {
      customer: { rfc: 'XEXX010101000', name: 'ACME CORPORATION', country: 'USA', tax_id: '123456789' },
      export: '02',
      items: [service({ taxes: [{ type: 'IVA', rate: '0.00' }] })],
    }),
  );
  assert.equal(foreign.customer.country, 'USA');
  assert.equal(foreign.export, '02');
  const { comprobante } = parseCfdi(await stampedXml(foreign));
  assert.equal(comprobante.Receptor.NumRegIdTrib, '123456789');
  assert.equal(comprobante.Receptor.DomicilioFiscalReceptor, '42501');
});
