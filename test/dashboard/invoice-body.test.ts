/**
 * The invoice form's request body: saved customers and products are sent as ids beside the fields
 * (which the API takes as overrides); an item's tax choices (IVA, IEPS, withholdings) and discount,
 * and the currency with its exchange rate, are sent exactly as the API's request schema takes them.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Value } from 'typebox/value';
import { draftValues, editable, invoiceBody, ISR_WITHHOLDINGS, IVA_WITHHOLDINGS, taxChoices } from '../../dashboard/src/pages/invoices/invoice-body.ts';
import type { Invoice } from '../../dashboard/src/pages/invoices/types.ts';
import { BUILTIN_CATALOGS } from '../../src/modules/catalogs/builtin/index.ts';
import { createIndex } from '../../src/modules/catalogs/memory-lookup.ts';
import { CreateInvoiceRequest } from '../../src/modules/invoices/request-schemas.ts';

const base = { fiscal_profile_id: 'fp_1', 'customer.rfc': 'SIM010101AA1', 'items.0.quantity': '2' };
const itemOf = (values: Record<string, string>) => (invoiceBody({ ...base, ...values }, 1).items as Record<string, unknown>[])[0];

test('a saved customer and product are sent as customer_id and product_id, and typed-in parts send neither', () => {
  const saved = invoiceBody({ ...base, customer_id: 'cus_1', 'items.0.product_id': 'prod_1', 'items.0.iva': 'product' }, 1);
  assert.equal(saved.customer_id, 'cus_1');
  assert.equal((saved.items as Record<string, unknown>[])[0]?.product_id, 'prod_1');
  const typed = invoiceBody({ ...base, customer_id: '', 'items.0.product_id': '', 'items.0.iva': 'none' }, 1);
  assert.equal(typed.customer_id, undefined);
  assert.equal((typed.items as Record<string, unknown>[])[0]?.product_id, undefined);
});

test("an item's IVA choice: the product's own taxes, no taxes at all, or the chosen rate, with or without a product", () => {
  const own = itemOf({ 'items.0.product_id': 'prod_1', 'items.0.iva': 'product' });
  assert.equal('taxes' in (own ?? {}), false, "the product's taxes apply");
  assert.deepEqual(itemOf({ 'items.0.product_id': 'prod_1', 'items.0.iva': 'none' }), {
    ...itemOf({ 'items.0.product_id': 'prod_1', 'items.0.iva': 'product' }),
    taxes: [],
    tax_object: '01',
  });
  assert.equal('taxes' in (itemOf({ 'items.0.iva': 'none' }) ?? {}), false, 'without a product, no taxes is the API default');
  assert.deepEqual(itemOf({ 'items.0.product_id': 'prod_1', 'items.0.iva': '0.080000' })?.taxes, [{ type: 'IVA', rate: '0.080000' }]);
});

test('an item with IVA 16 %, IVA withheld 10.6667 %, ISR withheld 10 % and a discount is sent as those taxes and that discount', () => {
  const item = itemOf({ 'items.0.iva': '0.160000', 'items.0.ret_iva': '0.106667', 'items.0.ret_isr': '0.100000', 'items.0.discount': ' 50.00 ' });
  assert.equal(item?.discount, '50.00');
  assert.deepEqual(item?.taxes, [
    { type: 'IVA', rate: '0.160000' },
    { type: 'IVA', rate: '0.106667', withholding: true },
    { type: 'ISR', rate: '0.100000', withholding: true },
  ]);
  assert.equal(item?.tax_object, undefined, 'the API makes an item with taxes objeto 02');
});

test('IEPS is sent as a tasa, or as a cuota per unit whose base is the quantity; withholdings alone keep the item subject to tax', () => {
  assert.deepEqual(itemOf({ 'items.0.iva': '0.160000', 'items.0.ieps': '0.265000' })?.taxes, [
    { type: 'IVA', rate: '0.160000' },
    { type: 'IEPS', rate: '0.265000' },
  ]);
  assert.deepEqual(itemOf({ 'items.0.iva': 'none', 'items.0.ieps': 'cuota', 'items.0.ieps_cuota': '6.4555' })?.taxes, [
    { type: 'IEPS', factor: 'Cuota', rate: '6.4555', base: '2' },
  ]);
  assert.deepEqual(itemOf({ 'items.0.iva': 'exento', 'items.0.ret_isr': '0.012500' })?.taxes, [
    { type: 'IVA', factor: 'Exento' },
    { type: 'ISR', rate: '0.012500', withholding: true },
  ]);
});

test('the exchange rate is sent only for a currency other than MXN and XXX, and the currency code in capitals', () => {
  const body = (currency: string) => invoiceBody({ ...base, currency, exchange_rate: '17.25' }, 1);
  assert.deepEqual([body('usd').currency, body('usd').exchange_rate], ['USD', '17.25']);
  assert.equal(body('MXN').exchange_rate, undefined);
  assert.equal(body('XXX').exchange_rate, undefined);
});

test('every body the form builds is one the API request schema accepts', () => {
  const values = {
    ...base,
    customer_id: 'cus_1',
    currency: 'EUR',
    exchange_rate: '20.10',
    'items.0.product_id': 'prod_1',
    'items.0.iva': '0.080000',
    'items.0.ieps': 'cuota',
    'items.0.ieps_cuota': '1.5',
    'items.0.ret_iva': '0.053333',
    'items.0.discount': '1.00',
    'items.1.iva': 'none',
    'items.2.product_id': 'prod_2',
    'items.2.iva': 'product',
  };
  const wire: unknown = JSON.parse(JSON.stringify(invoiceBody(values, 3)));
  assert.ok(Value.Check(CreateInvoiceRequest, wire), JSON.stringify([...Value.Errors(CreateInvoiceRequest, wire)].slice(0, 3)));
});

test('every rate the form offers is one the SAT c_TasaOCuota allows for that tax and direction', () => {
  const catalogs = createIndex(BUILTIN_CATALOGS);
  const allowed = (tax: string, kind: 'traslado' | 'retencion', value: string) => catalogs.tasaOCuotaAllowed({ tax, factor: 'Tasa', kind, value });
  for (const rate of ['0.160000', '0.080000', '0.000000']) assert.ok(allowed('002', 'traslado', rate), `IVA ${rate}`);
  for (const rate of IVA_WITHHOLDINGS) assert.ok(allowed('002', 'retencion', rate), `IVA withheld ${rate}`);
  for (const rate of ISR_WITHHOLDINGS) assert.ok(allowed('001', 'retencion', rate), `ISR withheld ${rate}`);
});

test("a draft's or product's taxes become the form's choices and back, and taxes the form cannot show are refused", () => {
  const taxes = [
    { type: 'IVA', factor: 'Tasa', rate: '0.16', withholding: false },
    { type: 'IEPS', factor: 'Tasa', rate: '0.080000', withholding: false },
    { type: 'IVA', factor: 'Tasa', rate: '0.106667', withholding: true },
    { type: 'ISR', factor: 'Tasa', rate: '0.012500', withholding: true },
  ];
  const choices = taxChoices(taxes);
  assert.deepEqual(choices, { iva: '0.160000', ieps: '0.080000', ieps_cuota: '', ret_iva: '0.106667', ret_isr: '0.012500' });
  const values = Object.fromEntries(Object.entries(choices ?? {}).map(([name, value]) => [`items.0.${name}`, value]));
  assert.deepEqual(
    itemOf(values)?.taxes,
    taxes.map(({ factor: _factor, withholding, rate, ...tax }) => ({ ...tax, rate: Number(rate).toFixed(6), ...(withholding ? { withholding } : {}) })),
  );
  assert.equal(taxChoices([{ type: 'ISR', rate: '0.200000', withholding: true }]), undefined, 'a withholding the form does not offer');
  assert.equal(taxChoices([{ type: 'IEPS', rate: '0.060000', withholding: true }]), undefined, 'IEPS withheld');
  assert.equal(taxChoices([taxes[0]!, taxes[0]!]), undefined, 'two transferred IVA');
});

test('a credit note (type E) is sent with its type and the chosen invoices under its relationship; an income invoice names neither', () => {
  const credit = invoiceBody({ ...base, type: 'E', 'related.relationship': '03', 'related.invoices': 'inv_1, inv_2,' }, 1);
  assert.equal(credit.type, 'E');
  assert.deepEqual(credit.related, [{ relationship: '03', invoices: ['inv_1', 'inv_2'] }]);
  assert.ok(Value.Check(CreateInvoiceRequest, JSON.parse(JSON.stringify(credit))), 'the API schema takes it');
  const income = invoiceBody({ ...base, type: 'I', 'related.relationship': '01', 'related.invoices': 'inv_1' }, 1);
  assert.equal(income.type, undefined);
  assert.equal(income.related, undefined, 'choices left from a credit note are not sent with an income invoice');
});

test('a payment (type P) is sent with one payment applying the chosen invoices: their next installment, saldo insoluto, amount paid and taxes', () => {
  const document = {
    invoice_id: 'inv_1',
    uuid: 'AAAAAAAA-0000-4000-8000-000000000001',
    serie: null,
    folio: '7',
    currency: 'MXN',
    total: '1160.00',
    paid: '500.00',
    balance: '660.00',
    next_installment: 2,
    taxes: [
      { type: 'IVA', factor: 'Tasa', rate: '0.160000', withholding: false },
      { type: 'IVA', factor: 'Exento', rate: null, withholding: false },
    ],
    stamped_at: '2026-07-15T18:00:00.000Z',
  };
  const body = invoiceBody(
    {
      ...base,
      type: 'P',
      'customer.cfdi_use': 'G03',
      'payments.0.date': '2026-07-16',
      'payments.0.payment_form': '03',
      'payments.0.currency': 'mxn',
      'payments.0.exchange_rate': '17.00',
      'paid.invoices': 'inv_1',
      'paid.inv_1': '300.00',
      'paid.inv_1.document': JSON.stringify(document),
    },
    1,
  );
  const sent = JSON.parse(JSON.stringify(body));
  assert.equal(sent.items, undefined, 'a payment has no items');
  assert.equal(sent.customer.cfdi_use, undefined, "the API's CP01");
  assert.deepEqual(sent.payments, [
    {
      date: '2026-07-16',
      payment_form: '03',
      currency: 'MXN',
      documents: [
        {
          invoice: 'inv_1',
          installment: 2,
          previous_balance: '660.00',
          amount_paid: '300.00',
          taxes: [
            { type: 'IVA', rate: '0.160000' },
            { type: 'IVA', factor: 'Exento' },
          ],
        },
      ],
    },
  ]);
  assert.ok(Value.Check(CreateInvoiceRequest, sent), 'the API schema takes it');
});

test('a transfer (type T) is sent without payment terms, discounts or taxes; a saved product in it says objeto 01', () => {
  const values = {
    ...base,
    type: 'T',
    payment_form: '03',
    payment_method: 'PUE',
    'items.0.unit_price': '250.00',
    'items.0.discount': '10.00',
    'items.0.iva': '0.160000',
    'items.1.product_id': 'prod_1',
    'items.1.iva': 'product',
  };
  const sent = JSON.parse(JSON.stringify(invoiceBody(values, 2)));
  assert.equal(sent.type, 'T');
  assert.equal(sent.payment_form, undefined);
  assert.equal(sent.payment_method, undefined);
  assert.deepEqual(sent.items[0], { quantity: '2', unit_price: '250.00' });
  assert.deepEqual(sent.items[1], { product_id: 'prod_1', taxes: [], tax_object: '01' });
  assert.ok(Value.Check(CreateInvoiceRequest, sent));
});

test('a global invoice is sent to the general public with its periodicity, month and year, whatever customer the form held', () => {
  const values = {
    ...base,
    customer_id: 'cus_1',
    'customer.name': 'Alguien',
    global: 'on',
    'global.periodicity': '04',
    'global.months': '07',
    'global.year': '2026',
  };
  const sent = JSON.parse(JSON.stringify(invoiceBody(values, 1)));
  assert.equal(sent.customer_id, undefined);
  assert.deepEqual(sent.customer, { rfc: 'XAXX010101000' });
  assert.deepEqual(sent.global, { periodicity: '04', months: '07', year: '2026' });
  assert.ok(Value.Check(CreateInvoiceRequest, sent));
  assert.equal(invoiceBody({ ...values, type: 'E' }, 1).global, undefined, 'a credit note is never global');
});

/** A draft as GET /v1/invoices/{id} answers it, with what the form reads. */
function draftOf(overrides: Partial<Invoice>): Invoice {
  return {
    status: 'draft',
    type: 'I',
    fiscal_profile_id: 'fp_1',
    customer_id: null,
    customer: { rfc: 'XAXX010101000', name: 'PUBLICO EN GENERAL', tax_regime: '616', zip: '86991', use: 'S01', country: null, tax_id: null, email: null },
    payment_form: '01',
    payment_method: 'PUE',
    currency: 'MXN',
    exchange_rate: null,
    serie: null,
    global: null,
    items: [
      {
        product_id: null,
        product_key: '01010101',
        unit_key: 'ACT',
        description: 'Venta del día',
        quantity: '1',
        unit_price: '100.00',
        discount: null,
        taxes: [{ type: 'IVA', factor: 'Tasa', rate: '0.160000', withholding: false }],
      },
    ],
    ...overrides,
  } as unknown as Invoice;
}

test('a global draft and a transfer draft open in the form with their type, period and items, and are sent back as they were', () => {
  const global = draftOf({ global: { periodicity: '04', months: '07', year: '2026' } });
  assert.ok(editable(global));
  const globalValues = draftValues(global);
  assert.equal(globalValues.global, 'on');
  const sentGlobal = JSON.parse(JSON.stringify(invoiceBody(globalValues, 1)));
  assert.deepEqual(sentGlobal.global, { periodicity: '04', months: '07', year: '2026' });
  assert.deepEqual(sentGlobal.customer, { rfc: 'XAXX010101000' });
  assert.ok(Value.Check(CreateInvoiceRequest, sentGlobal));

  const transfer = draftOf({
    type: 'T',
    customer: {
      rfc: 'URE180429TM6',
      name: 'UNIVERSIDAD ROBOTICA ESPAÑOLA',
      tax_regime: '601',
      zip: '86991',
      use: 'S01',
      country: null,
      tax_id: null,
      email: null,
    },
    items: [{ ...global.items[0]!, unit_price: '0.00', taxes: [] }],
  } as Partial<Invoice>);
  assert.ok(editable(transfer));
  const sentTransfer = JSON.parse(JSON.stringify(invoiceBody(draftValues(transfer), 1)));
  assert.equal(sentTransfer.type, 'T');
  assert.equal(sentTransfer.payment_form, undefined);
  assert.equal(sentTransfer.items[0].taxes, undefined);
  assert.ok(Value.Check(CreateInvoiceRequest, sentTransfer));

  assert.ok(!editable(draftOf({ type: 'E' })), 'a credit note draft is not edited in the form yet');
  assert.ok(!editable(draftOf({ status: 'stamped' } as Partial<Invoice>)));
});
