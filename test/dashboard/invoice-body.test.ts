/**
 * The invoice form's request body: saved customers and products are sent as ids beside the fields
 * (which the API takes as overrides); an item's tax choices (IVA, IEPS, withholdings) and discount,
 * and the currency with its exchange rate, are sent exactly as the API's request schema takes them.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Value } from 'typebox/value';
import {
  draftValues,
  editable,
  invoiceBody,
  ISR_WITHHOLDINGS,
  IVA_WITHHOLDINGS,
  taxChoices,
  updateBody,
} from '../../dashboard/src/pages/invoices/invoice-body.ts';
import type { Invoice } from '../../dashboard/src/pages/invoices/types.ts';
import { BUILTIN_CATALOGS } from '../../src/modules/catalogs/builtin/index.ts';
import { createIndex } from '../../src/modules/catalogs/memory-lookup.ts';
import { CreateInvoiceRequest, UpdateInvoiceBody } from '../../src/modules/invoices/request-schemas.ts';

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
  assert.equal(sent.customer.cfdi_use, 'CP01', "a payment's uso, whatever the customer's");
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

  assert.ok(!editable(draftOf({ status: 'stamped' } as Partial<Invoice>)));
});

/** What the edit form sends with PATCH for a draft's values, as JSON carries it, checked against the API's update schema. */
function updateOf(values: Record<string, string>, itemCount: number): Record<string, unknown> {
  const changes = JSON.parse(JSON.stringify(updateBody(values, itemCount))) as Record<string, unknown>;
  assert.equal(changes.fiscal_profile_id, undefined, 'a draft keeps its issuer');
  assert.ok(Value.Check(UpdateInvoiceBody, changes), JSON.stringify([...Value.Errors(UpdateInvoiceBody, changes)].slice(0, 3)));
  return changes;
}

const customer = {
  rfc: 'URE180429TM6',
  name: 'UNIVERSIDAD ROBOTICA ESPAÑOLA',
  tax_regime: '601',
  zip: '86991',
  use: 'G03',
  country: null,
  tax_id: null,
  email: null,
};
const UUID_1 = 'AAAAAAAA-0000-4000-8000-000000000001';
const UUID_2 = 'AAAAAAAA-0000-4000-8000-000000000002';

test('a credit note draft (type E) opens in the form with its relationship and related UUIDs, and is sent back with them and its items', () => {
  const credit = draftOf({ type: 'E', customer, related: [{ relationship: '03', uuids: [UUID_1, UUID_2] }] } as Partial<Invoice>);
  assert.ok(editable(credit), 'a credit note draft with one group of a relationship the form offers');
  const values = draftValues(credit);
  assert.equal(values['related.relationship'], '03');
  const sent = updateOf(values, 1);
  assert.equal(sent.type, 'E');
  assert.deepEqual(sent.related, [{ relationship: '03', uuids: [UUID_1, UUID_2] }]);
  assert.deepEqual((sent.items as Record<string, unknown>[])[0]?.taxes, [{ type: 'IVA', rate: '0.160000' }]);
  assert.deepEqual(updateOf({ ...values, 'related.invoices': 'inv_3' }, 1).related, [{ relationship: '03', invoices: ['inv_3'], uuids: [UUID_1, UUID_2] }]);
  assert.deepEqual(updateOf({ ...values, 'related.uuids': '' }, 1).related, [], 'unchecking every relation removes them from the draft');
  assert.ok(editable(draftOf({ type: 'E', customer, related: [] } as Partial<Invoice>)), 'a credit note without relations');
});

test('a credit note draft the form cannot show is refused: two relation groups, a relationship it does not offer, a global one', () => {
  const credit = (overrides: Partial<Invoice>) =>
    draftOf({ type: 'E', customer, related: [{ relationship: '01', uuids: [UUID_1] }], ...overrides } as Partial<Invoice>);
  assert.ok(editable(credit({})), 'one relation of type 01');
  assert.ok(
    !editable(
      credit({
        related: [
          { relationship: '01', uuids: [UUID_1] },
          { relationship: '03', uuids: [UUID_2] },
        ],
      }),
    ),
    'two groups of relations',
  );
  assert.ok(!editable(credit({ related: [{ relationship: '04', uuids: [UUID_1] }] })), 'a substitution is not a credit note relation');
  assert.ok(!editable(credit({ global: { periodicity: '04', months: '07', year: '2026' } })), 'a global credit note');
});

/** A payment draft (type P) as GET /v1/invoices/{id} answers it: one payment of 800.00 applied to two invoices. */
function paymentDraftOf(payment: Partial<NonNullable<Invoice['payments']>[number]> = {}): Invoice {
  const document = (invoice: string | null, uuid: string, paid: string, previous: string, installment: number) => ({
    uuid,
    invoice,
    serie: 'A',
    folio: String(installment + 10),
    currency: 'MXN',
    equivalence: '1',
    installment,
    previous_balance: previous,
    amount_paid: paid,
    balance: '0.00',
    tax_object: '02',
    taxes: [{ type: 'IVA', factor: 'Tasa', rate: '0.160000', withholding: false, base: '0', amount: '0' }],
  });
  return draftOf({
    type: 'P',
    customer: { ...customer, use: 'CP01' },
    currency: 'XXX',
    payment_form: null,
    payment_method: null,
    payments: [
      {
        date: '2026-07-14T16:30:00',
        payment_form: '03',
        currency: 'MXN',
        exchange_rate: '1',
        amount: '800.00',
        operation_number: 'SPEI-7781',
        documents: [document('inv_1', UUID_1, '580.00', '1160.00', 1), document('inv_2', UUID_2, '220.00', '220.00', 2)],
        ...payment,
      },
    ],
  } as Partial<Invoice>);
}

test('a payment draft (type P) opens in the form with its payment and paid invoices, and is sent back as the same payment', () => {
  const draft = paymentDraftOf();
  assert.ok(editable(draft), 'one payment applied to two invoices of this account');
  const values = draftValues(draft);
  assert.equal(values['payments.0.date'], '2026-07-14', 'the date field shows the day');
  assert.equal(values['paid.invoices'], 'inv_1,inv_2');
  assert.equal(values['paid.inv_1'], '580.00');
  const sent = updateOf(values, 1);
  assert.equal(sent.type, 'P');
  assert.equal(sent.items, undefined);
  assert.equal((sent.customer as Record<string, unknown>).cfdi_use, 'CP01', "a payment's uso");
  const documentSent = (invoice: string, installment: number, previous: string, paid: string) => ({
    invoice,
    installment,
    previous_balance: previous,
    amount_paid: paid,
    taxes: [{ type: 'IVA', rate: '0.160000' }],
  });
  assert.deepEqual(sent.payments, [
    {
      date: '2026-07-14T16:30:00',
      payment_form: '03',
      currency: 'MXN',
      operation_number: 'SPEI-7781',
      documents: [documentSent('inv_1', 1, '1160.00', '580.00'), documentSent('inv_2', 2, '220.00', '220.00')],
    },
  ]);
  const changed = updateOf({ ...values, 'paid.invoices': 'inv_2', 'paid.inv_2': '100.00', 'payments.0.date': '2026-07-20' }, 1);
  const [payment] = changed.payments as Record<string, unknown>[];
  assert.equal(payment?.date, '2026-07-20T16:30:00', 'a new day keeps the time the draft had');
  assert.deepEqual(payment?.documents, [documentSent('inv_2', 2, '220.00', '100.00')]);
});

test('a payment draft the form cannot show is refused: two payments, a document given by UUID, paid twice or in another currency, an amount beyond what is paid', () => {
  const [payment] = paymentDraftOf().payments ?? [];
  assert.ok(payment, 'the draft has a payment');
  const [first, second] = payment.documents;
  assert.ok(first && second, 'the payment has two documents');
  assert.ok(!editable({ ...paymentDraftOf(), payments: [payment, payment] }), 'two payments');
  assert.ok(!editable(paymentDraftOf({ documents: [{ ...first, invoice: null }, second] })), 'a CFDI issued elsewhere, named by UUID');
  assert.ok(!editable(paymentDraftOf({ documents: [{ ...first, currency: 'USD', equivalence: '0.058' }, second] })), 'an equivalence the form does not send');
  assert.ok(!editable(paymentDraftOf({ documents: [{ ...first, tax_object: '01' }, second] })), 'an objeto de impuesto its taxes do not imply');
  assert.ok(!editable(paymentDraftOf({ amount: '800.01' })), 'a payment larger than what it applies');
  assert.ok(!editable(paymentDraftOf({ documents: [first, { ...second, invoice: 'inv_1' }] })), 'one invoice paid twice in the payment');
  assert.ok(editable(paymentDraftOf({ amount: '800' })), 'the same amount written with fewer decimals');
  assert.ok(!editable({ ...paymentDraftOf(), payments: null }), 'a payment draft without payments');
});

test('a field the user empties in a draft is sent as null, which clears it; the fields the form does not hold for the type are left out, and kept', () => {
  const income = draftOf({
    customer: { ...customer, email: 'pagos@example.com' },
    serie: 'A',
    payment_form: '03',
    currency: 'USD',
    exchange_rate: '17.00',
  } as Partial<Invoice>);
  const values = draftValues(income);
  assert.equal(values.exchange_rate, '17.00');
  const emptied = updateOf({ ...values, serie: '', payment_form: ' ', currency: 'MXN', 'customer.email': '', 'customer.cfdi_use': '' }, 1);
  assert.equal(emptied.serie, null);
  assert.equal(emptied.payment_form, null);
  assert.equal(emptied.currency, 'MXN');
  assert.equal(emptied.exchange_rate, null, 'a rate the currency no longer needs is cleared');
  assert.equal(emptied.global, null, 'an income invoice that is not global says so');
  assert.equal(emptied.use, null, 'the uso is held in customer.cfdi_use alone');
  const emptiedCustomer = emptied.customer as Record<string, unknown>;
  assert.equal(emptiedCustomer.email, null);
  assert.equal(emptiedCustomer.cfdi_use, null);
  assert.equal(emptiedCustomer.use, null);
  assert.equal(emptiedCustomer.name, 'UNIVERSIDAD ROBOTICA ESPAÑOLA');
  for (const kept of ['type', 'customer_id', 'related', 'conditions', 'export', 'folio'])
    assert.equal(kept in emptied, false, `${kept} is not a field of the form: the draft keeps it`);
  assert.equal('country' in emptiedCustomer, false, "a foreign customer's country is not a field of the form");

  // Unticking «Factura global» clears the draft's global information; ticking it clears the customer's data the API fills in.
  const global = draftOf({ global: { periodicity: '04', months: '07', year: '2026' } });
  const unticked = updateOf({ ...draftValues(global), global: '', 'customer.rfc': 'URE180429TM6', 'customer.cfdi_use': 'G03' }, 1);
  assert.equal(unticked.global, null);
  const ticked = updateOf(draftValues(global), 1);
  assert.deepEqual(ticked.customer, { rfc: 'XAXX010101000', name: null, tax_regime: null, postal_code: null, cfdi_use: null, use: null, email: null });

  // A transfer's form holds no currency, payment terms nor relations: they are left out.
  const transfer = updateOf(draftValues(draftOf({ type: 'T', customer, items: [{ ...income.items[0]!, taxes: [] }] } as Partial<Invoice>)), 1);
  for (const kept of ['currency', 'exchange_rate', 'payment_form', 'payment_method', 'global', 'related'])
    assert.equal(kept in transfer, false, `a transfer's ${kept} is kept`);
  assert.equal(transfer.serie, null);
});
