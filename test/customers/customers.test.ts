/**
 * The customers and products API: shapes, the receptor and item rules on save, the simulator's
 * RFC validation in test mode (and its absence in live mode), search and filters, isolation
 * across organizations and modes, idempotency and events.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../support/app.ts';
import { describeEndpointContract } from '../support/endpoint-contract.ts';

type Org = Awaited<ReturnType<TestApp['bootstrap']>>;

// A taxpayer of the simulator's RFC registry (docs/simulator.md, "RFC validation").
const REGISTERED = { rfc: 'SIM010101AA1', legal_name: 'CLIENTE SIMULADO', tax_regime: '601', postal_code: '06600', cfdi_use: 'G03' };

describe('customers API', () => {
  let t: TestApp;
  let org: Org;
  let other: Org;
  before(async () => {
    t = await createTestApp({ simulator: true });
    org = await t.bootstrap('Customers org');
    other = await t.bootstrap('Other org');
  });
  after(() => t.close());

  const create = (key: string, payload: object, headers: Record<string, string> = {}) =>
    t.request({ method: 'POST', url: '/v1/customers', key, payload, headers });
  const events = async (key: string, type: string) =>
    (await t.request({ method: 'GET', url: `/v1/events?type=${type}`, key })).json().data as { type: string; data: { object: { id: string } } }[];

  test('a customer whose RFC, name and postal code the RFC validation knows is saved verified, with a customer.created event', async () => {
    const response = await create(org.testKey, { ...REGISTERED, legal_name: 'cliente  simulado', emails: ['pagos@example.com'], metadata: { crm: '42' } });
    assert.equal(response.statusCode, 201, response.body);
    const customer = response.json();
    assert.match(customer.id, /^cus_[0-9a-z]{26}$/);
    assert.equal(customer.object, 'customer');
    assert.equal(customer.tax_validation.status, 'verified');
    assert.ok(customer.tax_validation.checked_at);
    assert.deepEqual(customer.emails, ['pagos@example.com']);
    assert.equal(customer.livemode, false);
    assert.deepEqual(customer.metadata, { crm: '42' });
    const created = await events(org.testKey, 'customer.created');
    assert.ok(created.some((event) => event.data.object.id === customer.id));
    const got = (await t.request({ method: 'GET', url: `/v1/customers/${customer.id}`, key: org.testKey })).json();
    assert.deepEqual(got, customer);
  });

  test('the RFC validation refuses with the SAT codes: unknown RFC (CFDI40144), other name (CFDI40145), other postal code (CFDI40147)', async () => {
    const unknown = await create(org.testKey, { ...REGISTERED, rfc: 'ZZZ010101AA1' });
    assert.equal(unknown.statusCode, 422, unknown.body);
    assert.equal(unknown.json().code, 'receptor.rfc_not_verified');
    assert.deepEqual(
      unknown.json().errors.map((error: { path: string; code: string }) => [error.path, error.code]),
      [['rfc', 'CFDI40144']],
    );
    // In Spanish the field says what the SAT's validation answered, not a generic "revise este dato".
    const spanish = await create(org.testKey, { ...REGISTERED, rfc: 'ZZZ010101AA1' }, { 'accept-language': 'es-MX' });
    assert.match(spanish.json().errors[0].message, /^RFC: .*no existe en la lista de RFC inscritos no cancelados del SAT/);
    const mismatch = await create(org.testKey, { ...REGISTERED, legal_name: 'CLIENTE SIMULADO SA DE CV', postal_code: '01000' });
    assert.equal(mismatch.statusCode, 422);
    assert.deepEqual(
      mismatch.json().errors.map((error: { path: string; code: string }) => [error.path, error.code]),
      [
        ['legal_name', 'CFDI40145'],
        ['postal_code', 'CFDI40147'],
      ],
    );
  });

  test('the CFDI 4.0 receptor rules apply on save: régimen for the persona, uso CFDI for the régimen, RFC format', async () => {
    // 605 (sueldos y salarios) is for personas físicas; the RFC has 12 characters (persona moral).
    const regimen = await create(org.testKey, { ...REGISTERED, tax_regime: '605' });
    assert.equal(regimen.statusCode, 422, regimen.body);
    assert.equal(regimen.json().code, 'receptor.invalid');
    assert.ok(regimen.json().errors.some((error: { path: string }) => error.path === 'tax_regime'));
    const uso = await create(org.testKey, { ...REGISTERED, cfdi_use: 'D01' });
    assert.equal(uso.statusCode, 422);
    assert.deepEqual(
      uso.json().errors.map((error: { path: string }) => error.path),
      ['cfdi_use'],
    );
    const date = await create(org.testKey, { ...REGISTERED, rfc: 'SIM019999AA1' });
    assert.equal(date.statusCode, 422);
    assert.equal(date.json().errors[0].path, 'rfc');
    const generic = await create(org.testKey, { rfc: 'XAXX010101000', legal_name: 'PUBLICO EN GENERAL', tax_regime: '601', postal_code: '06600' });
    assert.equal(generic.statusCode, 422);
    assert.ok(generic.json().errors.some((error: { path: string }) => error.path === 'tax_regime'));
    const schema = await create(org.testKey, { ...REGISTERED, emails: [] });
    assert.equal(schema.statusCode, 422);
    assert.equal(schema.json().code, 'request.validation_failed');
  });

  test('live mode has no RFC validation: the rules are checked and the customer is saved unverified', async () => {
    const response = await create(org.liveKey, { ...REGISTERED, rfc: 'ZZZ010101AA1', legal_name: 'NO REGISTRADO' });
    assert.equal(response.statusCode, 201, response.body);
    assert.equal(response.json().tax_validation.status, 'unverified');
    assert.equal(response.json().tax_validation.checked_at, null);
    assert.equal(response.json().livemode, true);
    const invalid = await create(org.liveKey, { ...REGISTERED, tax_regime: '605' });
    assert.equal(invalid.json().code, 'receptor.invalid');
  });

  test('list: newest first, search by part of the RFC or name, filters, cursor pages; other organizations and modes see nothing', async () => {
    const a = (await create(org.testKey, { ...REGISTERED, metadata: { n: 'a' } })).json();
    const b = (
      await create(org.testKey, { rfc: 'XEXX010101000', legal_name: 'ACME INC', tax_regime: '616', postal_code: '06600', country: 'USA', tax_id: '123456789' })
    ).json();
    assert.equal(b.tax_validation.status, 'verified', 'the generic RFCs need no registry');
    const list = async (query: string, key = org.testKey) => (await t.request({ method: 'GET', url: `/v1/customers${query}`, key })).json();
    const all = await list('?limit=100');
    assert.equal(all.object, 'list');
    assert.equal(all.url, '/v1/customers');
    assert.equal(all.data[0].id, b.id);
    assert.ok(all.data.some((row: { id: string }) => row.id === a.id));
    assert.deepEqual(
      (await list('?search=acme')).data.map((row: { id: string }) => row.id),
      [b.id],
    );
    assert.ok((await list('?search=sim0101')).data.every((row: { rfc: string }) => row.rfc === 'SIM010101AA1'));
    assert.deepEqual((await list('?search=%25')).data, [], '% is searched for, not a wildcard');
    assert.ok((await list('?tax_regime=616')).data.every((row: { tax_regime: string }) => row.tax_regime === '616'));
    assert.ok((await list('?rfc=sim010101aa1')).data.length >= 1);
    const first = await list('?limit=1');
    assert.equal(first.has_more, true);
    const second = await list(`?limit=1&starting_after=${first.data[0].id}`);
    assert.notEqual(second.data[0].id, first.data[0].id);
    assert.deepEqual((await list('', other.testKey)).data, []);
    assert.ok((await list('?limit=100', org.liveKey)).data.every((row: { livemode: boolean }) => row.livemode));
    for (const key of [other.testKey, org.liveKey]) {
      const foreign = await t.request({ method: 'GET', url: `/v1/customers/${a.id}`, key });
      assert.equal(foreign.statusCode, 404);
      assert.equal(foreign.json().code, 'resource.not_found');
      assert.equal((await t.request({ method: 'DELETE', url: `/v1/customers/${a.id}`, key })).statusCode, 404);
    }
  });

  test('update re-checks changed receptor fields, merges metadata; delete answers deleted and records events', async () => {
    const customer = (await create(org.testKey, { ...REGISTERED, metadata: { keep: '1', drop: '2' } })).json();
    const patch = (payload: object) => t.request({ method: 'PATCH', url: `/v1/customers/${customer.id}`, key: org.testKey, payload });
    const renamed = await patch({ legal_name: 'OTRO NOMBRE' });
    assert.equal(renamed.statusCode, 422);
    assert.equal(renamed.json().errors[0].code, 'CFDI40145');
    const updated = await patch({ emails: ['a@example.com', 'b@example.com'], metadata: { drop: '', added: '3' }, cfdi_use: null });
    assert.equal(updated.statusCode, 200, updated.body);
    assert.deepEqual(updated.json().emails, ['a@example.com', 'b@example.com']);
    assert.deepEqual(updated.json().metadata, { keep: '1', added: '3' });
    assert.equal(updated.json().cfdi_use, null);
    assert.equal((await patch({})).statusCode, 422, 'an empty update is refused');
    const deleted = await t.request({ method: 'DELETE', url: `/v1/customers/${customer.id}`, key: org.testKey });
    assert.deepEqual(deleted.json(), { object: 'customer', id: customer.id, deleted: true });
    assert.equal((await t.request({ method: 'GET', url: `/v1/customers/${customer.id}`, key: org.testKey })).statusCode, 404);
    assert.ok((await events(org.testKey, 'customer.updated')).some((event) => event.data.object.id === customer.id));
    assert.ok((await events(org.testKey, 'customer.deleted')).some((event) => event.data.object.id === customer.id));
  });

  test('an Idempotency-Key replays the create instead of making a second customer', async () => {
    const headers = { 'idempotency-key': 'customer-create-1' };
    const first = await create(org.testKey, REGISTERED, headers);
    const again = await create(org.testKey, REGISTERED, headers);
    assert.equal(first.statusCode, 201);
    assert.equal(again.json().id, first.json().id);
  });

  describeEndpointContract('POST /v1/customers', { resource: 'create', invalidBody: { payload: { rfc: 'SIM010101AA1' } } }, () => ({
    t,
    org,
    request: { method: 'POST', url: '/v1/customers', payload: REGISTERED },
  }));
});

describe('products API', () => {
  let t: TestApp;
  let org: Org;
  let other: Org;
  before(async () => {
    t = await createTestApp();
    org = await t.bootstrap('Products org');
    other = await t.bootstrap('Other org');
  });
  after(() => t.close());

  const CONSULTING = {
    description: 'Consultoría fiscal',
    product_key: '84111506',
    unit_key: 'E48',
    unit_name: 'Servicio',
    price: '1500.00',
    taxes: [{ type: 'IVA', rate: '0.16' }],
    sku: 'CONS-01',
  };
  const create = (key: string, payload: object) => t.request({ method: 'POST', url: '/v1/products', key, payload });

  test('a product is saved with its catalog keys, price and taxes, with a product.created event', async () => {
    const response = await create(org.testKey, CONSULTING);
    assert.equal(response.statusCode, 201, response.body);
    const product = response.json();
    assert.match(product.id, /^prod_[0-9a-z]{26}$/);
    assert.equal(product.price, '1500.00');
    assert.deepEqual(product.taxes, [{ type: 'IVA', rate: '0.16' }]);
    assert.equal(product.tax_object, null);
    const events = (await t.request({ method: 'GET', url: '/v1/events?type=product.created', key: org.testKey })).json().data;
    assert.ok(events.some((event: { data: { object: { id: string } } }) => event.data.object.id === product.id));
  });

  test('the item rules apply on save: catalog keys, price, objeto de impuesto with taxes', async () => {
    // Without the large catalogs imported (as here), keys are checked for their format, as in an invoice.
    const key = await create(org.testKey, { ...CONSULTING, product_key: '8411150A', unit_key: 'e-4' });
    assert.equal(key.statusCode, 422, key.body);
    assert.equal(key.json().code, 'product.invalid_item');
    assert.deepEqual(
      key
        .json()
        .errors.map((error: { path: string }) => error.path)
        .sort(),
      ['product_key', 'unit_key'],
    );
    const price = await create(org.testKey, { ...CONSULTING, price: 'mil' });
    assert.deepEqual(
      price.json().errors.map((error: { path: string }) => error.path),
      ['price'],
    );
    const objeto = await create(org.testKey, { ...CONSULTING, taxes: [], tax_object: '02' });
    assert.equal(objeto.statusCode, 422);
    assert.equal(objeto.json().errors[0].path, 'tax_object');
  });

  test('list with search and filters; update and delete; isolation across organizations and modes', async () => {
    const product = (
      await create(org.testKey, { ...CONSULTING, sku: 'ZAP-9', description: 'Zapato escolar', product_key: '53111600', unit_key: 'H87' })
    ).json();
    const list = async (query: string, key = org.testKey) => (await t.request({ method: 'GET', url: `/v1/products${query}`, key })).json();
    assert.deepEqual(
      (await list('?search=zapato')).data.map((row: { id: string }) => row.id),
      [product.id],
    );
    assert.deepEqual(
      (await list('?sku=ZAP-9')).data.map((row: { id: string }) => row.id),
      [product.id],
    );
    assert.ok((await list('?product_key=84111506')).data.every((row: { product_key: string }) => row.product_key === '84111506'));
    assert.deepEqual((await list('', other.testKey)).data, []);
    assert.deepEqual((await list('', org.liveKey)).data, []);
    assert.equal((await t.request({ method: 'GET', url: `/v1/products/${product.id}`, key: other.testKey })).statusCode, 404);
    const updated = await t.request({ method: 'PATCH', url: `/v1/products/${product.id}`, key: org.testKey, payload: { price: '999.50', sku: null } });
    assert.equal(updated.statusCode, 200, updated.body);
    assert.equal(updated.json().price, '999.50');
    assert.equal(updated.json().sku, null);
    const bad = await t.request({ method: 'PATCH', url: `/v1/products/${product.id}`, key: org.testKey, payload: { unit_key: 'e-4' } });
    assert.equal(bad.json().code, 'product.invalid_item');
    const deleted = await t.request({ method: 'DELETE', url: `/v1/products/${product.id}`, key: org.testKey });
    assert.deepEqual(deleted.json(), { object: 'product', id: product.id, deleted: true });
    assert.equal((await t.request({ method: 'GET', url: `/v1/products/${product.id}`, key: org.testKey })).statusCode, 404);
  });

  describeEndpointContract('GET /v1/products', { resource: 'list' }, () => ({ t, org, request: { method: 'GET', url: '/v1/products' } }));
});
