/**
 * Invoices that use saved customers and products: `customer_id` fills the receptor and
 * `items[].product_id` fills an item, with the request's own fields overriding them; the invoice
 * keeps its copy when the customer or product changes or goes away.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createStamped, invoiceRequest, openInvoicesFixture, type InvoicesTestApp, type Keys } from '../invoices/support.ts';

let t: InvoicesTestApp;
let keys: Keys;
let profileId: string;
let customerId: string;
let productId: string;

before(async () => {
  ({ t, keys, profileId } = await openInvoicesFixture());
  const registered = await fetch(`${t.simulator.url}/sat/taxpayers/URE180429TM6`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'UNIVERSIDAD ROBOTICA ESPAÑOLA', postal_code: '86991' }),
  });
  assert.equal(registered.status, 200);
  const customer = await t.request({
    method: 'POST',
    url: '/v1/customers',
    key: keys.testKey,
    payload: { rfc: 'URE180429TM6', legal_name: 'UNIVERSIDAD ROBOTICA ESPAÑOLA', tax_regime: '601', postal_code: '86991', cfdi_use: 'G03' },
  });
  assert.equal(customer.statusCode, 201, customer.body);
  customerId = customer.json().id;
  const product = await t.request({
    method: 'POST',
    url: '/v1/products',
    key: keys.testKey,
    payload: { description: 'Consultoría', product_key: '81112100', unit_key: 'E48', price: '1000.00', taxes: [{ type: 'IVA', rate: '0.160000' }], sku: 'C-1' },
  });
  assert.equal(product.statusCode, 201, product.body);
  productId = product.json().id;
});
after(() => t?.close());

test('customer_id and product_id fill the receptor and the item, overrides win, and the stamped CFDI keeps its copy', async () => {
  const body = invoiceRequest(profileId, {
    customer: { cfdi_use: 'G01' },
    customer_id: customerId,
    items: [{ product_id: productId, quantity: '2', discount: '100.00' }],
  });
  const invoice = await createStamped(t, keys.testKey, body);
  // The invoice names the saved parts it was filled from (the dashboard's form shows them on a draft).
  assert.equal(invoice.customer_id, customerId);
  assert.equal(invoice.items[0].product_id, productId);
  const xml = (await t.request({ method: 'GET', url: `/v1/invoices/${invoice.id}/xml`, key: keys.testKey })).body;
  assert.match(xml, /Rfc="URE180429TM6" Nombre="UNIVERSIDAD ROBOTICA ESPAÑOLA"/);
  assert.match(xml, /UsoCFDI="G01"/, 'the request overrides the saved default uso');
  assert.match(xml, /ClaveProdServ="81112100" NoIdentificacion="C-1" Cantidad="2"/);
  assert.match(xml, /ValorUnitario="1000.00" Importe="2000.00" Descuento="100.00"/);
  // Changing and deleting the saved parts leaves the invoice as it was stamped.
  await t.request({ method: 'PATCH', url: `/v1/products/${productId}`, key: keys.testKey, payload: { price: '5.00' } });
  const again = (await t.request({ method: 'GET', url: `/v1/invoices/${invoice.id}`, key: keys.testKey })).json();
  assert.equal(again.total, invoice.total);
});

test('a request with neither customer.rfc nor customer_id, or with unknown ids, is a 422 naming the field', async () => {
  const noCustomer = await t.request({ method: 'POST', url: '/v1/invoices', key: keys.testKey, payload: invoiceRequest(profileId, { customer: undefined }) });
  assert.equal(noCustomer.statusCode, 422, noCustomer.body);
  assert.equal(noCustomer.json().errors[0].path, 'customer.rfc');
  const unknownCustomer = await t.request({
    method: 'POST',
    url: '/v1/invoices',
    key: keys.testKey,
    payload: invoiceRequest(profileId, { customer: undefined, customer_id: 'cus_01aaaaaaaaaaaaaaaaaaaaaaaa' }),
  });
  assert.equal(unknownCustomer.statusCode, 422);
  assert.equal(unknownCustomer.json().errors[0].path, 'customer_id');
  const unknownProduct = await t.request({
    method: 'POST',
    url: '/v1/invoices',
    key: keys.testKey,
    payload: invoiceRequest(profileId, { items: [{ product_id: 'prod_nope' }] }),
  });
  assert.equal(unknownProduct.statusCode, 422);
  assert.equal(unknownProduct.json().errors[0].path, 'items.0.product_id');
  // Another mode's customer is not found either.
  const live = await t.request({
    method: 'POST',
    url: '/v1/invoices',
    key: keys.liveKey,
    payload: invoiceRequest(profileId, { customer: undefined, customer_id: customerId }),
  });
  assert.notEqual(live.statusCode, 201);
});

test('a draft updated with customer_id takes that customer in place of its own', async () => {
  const inline = { rfc: 'SIM010101AA1', name: 'CLIENTE SIMULADO', tax_regime: '601', postal_code: '06600', cfdi_use: 'G03' };
  const draft = await t.request({ method: 'POST', url: '/v1/invoices', key: keys.testKey, payload: invoiceRequest(profileId, { customer: inline }) });
  assert.equal(draft.statusCode, 201, draft.body);
  assert.equal(draft.json().customer_id, null);
  assert.equal(draft.json().items[0].product_id, null);
  const updated = await t.request({ method: 'PATCH', url: `/v1/invoices/${draft.json().id}`, key: keys.testKey, payload: { customer_id: customerId } });
  assert.equal(updated.statusCode, 200, updated.body);
  assert.equal(updated.json().customer.rfc, 'URE180429TM6');
  assert.equal(updated.json().customer.name, 'UNIVERSIDAD ROBOTICA ESPAÑOLA');
  assert.equal(updated.json().customer.zip, '86991');
  assert.equal(updated.json().customer_id, customerId);
});
