import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createStamped, invoiceRequest, openInvoicesFixture, registerProfile, type InvoicesTestApp, type Keys } from './support.ts';

let t: InvoicesTestApp;
let keys: Keys;
let profileId: string;

before(async () => {
  ({ t, keys, profileId } = await openInvoicesFixture());
});
after(() => t.close());

const create = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.request({ method: 'POST', url: '/v1/invoices', key: keys.testKey, payload, headers });

test('one 422 cfdi.invalid_input names every failing field by request path', async () => {
  const response = await create({
    fiscal_profile_id: profileId,
    currency: 'ZZZ',
    payment_form: '77',
    customer: { rfc: 'NO-ES-RFC', name: 'CLIENTE' },
    related: [{ relationship: '04', uuids: ['not-a-uuid'] }],
    items: [
      {
        product_key: '81112100',
        unit_key: 'E48',
        description: 'Bien',
        quantity: 'abc',
        unit_price: '-1',
        taxes: [{ type: 'ISR', factor: 'Exento', withholding: true }, { type: 'IVA' }],
      },
      { product_key: '81112100', unit_key: 'E48', description: 'Objeto 02 sin impuestos', unit_price: '10.00', tax_object: '02' },
      { unit_price: '10.1234567', discount: '50.00' },
    ],
  });
  assert.equal(response.statusCode, 422);
  const problem = response.json();
  assert.equal(problem.code, 'cfdi.invalid_input');
  const byPath = new Map(problem.errors.map((error: { path: string; code: string }) => [error.path, error.code]));
  assert.deepEqual(Object.fromEntries(byPath), {
    currency: 'cfdi.unknown_currency',
    payment_form: 'cfdi.unknown_catalog_code',
    exchange_rate: 'cfdi.missing_attribute',
    'customer.rfc': 'cfdi.invalid_rfc',
    'customer.tax_regime': 'cfdi.missing_attribute',
    'customer.postal_code': 'cfdi.missing_attribute',
    'customer.cfdi_use': 'cfdi.missing_uso',
    'related.0.uuids.0': 'cfdi.invalid_uuid',
    'items.0.quantity': 'cfdi.invalid_amount',
    'items.0.unit_price': 'cfdi.invalid_amount',
    'items.0.taxes.0.factor': 'cfdi.retencion_exento',
    'items.0.taxes.1.rate': 'cfdi.missing_tax_rate',
    'items.1.tax_object': 'cfdi.objeto_imp_02_without_taxes',
    'items.2.product_key': 'cfdi.missing_attribute',
    'items.2.unit_key': 'cfdi.missing_attribute',
    'items.2.description': 'cfdi.missing_attribute',
    'items.2.unit_price': 'cfdi.invalid_amount',
  });
  assert.equal(problem.errors.length, byPath.size, 'each field is listed once');
  for (const error of problem.errors) assert.ok(!/ValorUnitario|TasaOCuota|ObjetoImp\b/.test(error.message), `API names in "${error.message}"`);
  assert.match(problem.detail, /17 fields fail/);
});

test('the schema refuses unknown members and wrong types before any CFDI rule runs', async () => {
  const unknown = await create(invoiceRequest(profileId, { colour: 'red' }));
  assert.equal(unknown.statusCode, 422);
  assert.equal(unknown.json().code, 'request.validation_failed');
  const wrongType = await create(invoiceRequest(profileId, { items: 'many' }));
  assert.equal(wrongType.json().code, 'request.validation_failed');
  const badTax = await create(invoiceRequest(profileId, { items: [{ unit_price: '1', taxes: [{ type: 'VAT' }] }] }));
  assert.equal(badTax.json().code, 'request.validation_failed');
});

test('rules that span fields are reported where the caller can fix them', async () => {
  const cases: Array<[Record<string, unknown>, string, string]> = [
    [{ payment_method: 'PPD', payment_form: '03' }, 'payment_form', 'cfdi.forma_pago_must_be_99'],
    [{ customer: { rfc: 'XAXX010101000' }, payment_form: '01' }, 'global', 'cfdi.missing_attribute'],
    [
      { customer: { rfc: 'URE180429TM6', name: 'UNIVERSIDAD ROBOTICA ESPAÑOLA', tax_regime: '601', postal_code: '86991', cfdi_use: 'D01' } },
      'customer.cfdi_use',
      'cfdi.uso_cfdi_not_allowed',
    ],
    [{ currency: 'MXN', exchange_rate: '17.00' }, 'exchange_rate', 'cfdi.tipo_cambio_invalid'],
    [{ type: 'P', items: [] }, 'items', 'cfdi.attribute_not_allowed'],
    [
      {
        payments: [
          {
            date: '2026-07-15',
            payment_form: '03',
            documents: [{ uuid: '5FB2822E-396D-4725-8521-CDC4BDD20CCF', installment: 1, previous_balance: '1', amount_paid: '1' }],
          },
        ],
      },
      'payments',
      'cfdi.attribute_not_allowed',
    ],
    [
      { items: [{ product_key: '81112100', unit_key: 'E48', description: 'x', unit_price: '10.00', discount: '20.00' }] },
      'items.0.discount',
      'cfdi.descuento_exceeds_importe',
    ],
    [{ related: [{ relationship: '01', invoices: ['inv_01aaaaaaaaaaaaaaaaaaaaaaaa'] }] }, 'related.0.invoices.0', 'resource.not_found'],
  ];
  for (const [overrides, path, code] of cases) {
    const response = await create(invoiceRequest(profileId, overrides));
    assert.equal(response.statusCode, 422, `${JSON.stringify(overrides)}: ${response.body}`);
    const errors = response.json().errors as Array<{ path: string; code: string }>;
    assert.ok(
      errors.some((error) => error.path === path && error.code === code),
      `${path} ${code} in ${JSON.stringify(errors)}`,
    );
  }
});

test('a related invoice must be stamped, and a payment must name its document', async () => {
  const draft = (await create(invoiceRequest(profileId))).json();
  const related = await create(invoiceRequest(profileId, { type: 'E', related: [{ relationship: '01', invoices: [draft.id] }] }));
  assert.deepEqual(related.json().errors, [
    { path: 'related.0.invoices.0', code: 'invoice.not_stamped', message: `Invoice ${draft.id} is draft: only a stamped invoice has a UUID to refer to.` },
  ]);
  const payment = await create({
    fiscal_profile_id: profileId,
    type: 'P',
    customer: { rfc: 'URE180429TM6', name: 'UNIVERSIDAD ROBOTICA ESPAÑOLA', tax_regime: '601', postal_code: '86991' },
    payments: [{ date: '2026-07-15T09:00:00', payment_form: '99', documents: [{ installment: 1, amount_paid: '10.00' }] }],
  });
  const paths = (payment.json().errors as Array<{ path: string }>).map((error) => error.path).sort();
  assert.deepEqual(paths, ['payments.0.documents.0.previous_balance', 'payments.0.documents.0.uuid', 'payments.0.payment_form']);
});

test('an unknown, malformed or foreign fiscal profile is 404', async () => {
  for (const id of ['fp_01aaaaaaaaaaaaaaaaaaaaaaaa', 'fp_nope', 'inv_01aaaaaaaaaaaaaaaaaaaaaaaa']) {
    const response = await create(invoiceRequest(id));
    assert.equal(response.statusCode, 404);
    assert.equal(response.json().code, 'resource.not_found');
  }
});

test('folios count per profile and serie, skip explicit ones, and an explicit folio is used once', async () => {
  const folio = async (overrides: Record<string, unknown>) => {
    const response = await create(invoiceRequest(profileId, overrides));
    assert.equal(response.statusCode, 201, response.body);
    return response.json().folio as string;
  };
  assert.equal(await folio({ serie: 'FX' }), '1');
  assert.equal(await folio({ serie: 'FX', folio: '2' }), '2');
  assert.equal(await folio({ serie: 'FX', folio: 'A-7' }), 'A-7');
  assert.equal(await folio({ serie: 'FX' }), '3', 'the counter skips a number used explicitly');
  assert.equal(await folio({ serie: 'FY' }), '1', 'each serie counts on its own');
  const taken = await create(invoiceRequest(profileId, { serie: 'FX', folio: '2' }));
  assert.equal(taken.statusCode, 409);
  assert.equal(taken.json().code, 'invoice.folio_taken');
  assert.deepEqual(
    taken.json().errors.map((error: { path: string }) => error.path),
    ['folio'],
  );
  const other = (await registerProfile(t, keys.testKey, { rfc: 'KIJ0906199R1', name: 'KERNEL INDUSTIA JUGUETERA' })).id;
  const elsewhere = await create(invoiceRequest(other, { serie: 'FX', folio: '2' }));
  assert.equal(elsewhere.statusCode, 201, 'another profile has its own folios');
  const draft = (await create(invoiceRequest(profileId, { serie: 'FX' }))).json();
  const moved = await t.request({ method: 'PATCH', url: `/v1/invoices/${draft.id}`, key: keys.testKey, payload: { serie: 'FZ' } });
  assert.equal(moved.json().serie, 'FZ');
  assert.equal(moved.json().folio, '1', "a new serie takes that serie's next folio");
  const clash = await t.request({ method: 'PATCH', url: `/v1/invoices/${draft.id}`, key: keys.testKey, payload: { serie: 'FX', folio: 'A-7' } });
  assert.equal(clash.json().code, 'invoice.folio_taken');
});

test('a retried create with the same Idempotency-Key returns the same invoice', async () => {
  const headers = { 'idempotency-key': 'create-once-1' };
  const first = await create(invoiceRequest(profileId, { serie: 'IDEM' }), headers);
  const second = await create(invoiceRequest(profileId, { serie: 'IDEM' }), headers);
  assert.equal(first.statusCode, 201);
  assert.equal(second.headers['idempotent-replayed'], 'true');
  assert.equal(second.json().id, first.json().id);
  const list = (await t.request({ method: 'GET', url: '/v1/invoices?serie=IDEM', key: keys.testKey })).json();
  assert.equal(list.data.length, 1);
});

test('a definitive PAC rejection puts the invoice back to draft with the error, and it can be fixed and stamped', async () => {
  const created = (await create(invoiceRequest(profileId, { serie: 'SIMNOLCO' }))).json();
  const refused = await t.request({ method: 'POST', url: `/v1/invoices/${created.id}/stamp`, key: keys.testKey });
  assert.equal(refused.statusCode, 422);
  assert.equal(refused.json().code, 'cfdi.emisor_not_in_lco');
  const draft = (await t.request({ method: 'GET', url: `/v1/invoices/${created.id}`, key: keys.testKey })).json();
  assert.equal(draft.status, 'draft');
  assert.match(draft.error, /^cfdi\.emisor_not_in_lco: /);
  const fixed = await t.request({ method: 'PATCH', url: `/v1/invoices/${created.id}`, key: keys.testKey, payload: { serie: 'OK' } });
  assert.equal(fixed.json().error, null);
  const stamped = await t.request({ method: 'POST', url: `/v1/invoices/${created.id}/stamp`, key: keys.testKey });
  assert.equal(stamped.statusCode, 200);
});

test('a PAC outage answers 502 pac.internal_error with Retry-After and leaves the stamp to finish later', async () => {
  const created = (await create(invoiceRequest(profileId, { serie: 'SIMFALLA' }))).json();
  const response = await t.request({ method: 'POST', url: `/v1/invoices/${created.id}/stamp`, key: keys.testKey, headers: { 'idempotency-key': 'outage-1' } });
  assert.equal(response.statusCode, 502);
  assert.equal(response.json().code, 'pac.internal_error');
  assert.equal(response.headers['retry-after'], '5');
  assert.equal((await t.request({ method: 'GET', url: `/v1/invoices/${created.id}`, key: keys.testKey })).json().status, 'stamping');
  const retried = await t.request({ method: 'POST', url: `/v1/invoices/${created.id}/stamp`, key: keys.testKey, headers: { 'idempotency-key': 'outage-1' } });
  assert.equal(retried.statusCode, 502, 'the key was not used up by a response asking for a retry');
  assert.equal(retried.headers['idempotent-replayed'], undefined);
  for (const method of ['PATCH', 'DELETE'] as const) {
    const refused = await t.request({
      method,
      url: `/v1/invoices/${created.id}`,
      key: keys.testKey,
      ...(method === 'PATCH' ? { payload: { serie: 'A' } } : {}),
    });
    assert.equal(refused.json().code, 'invoice.not_stampable', 'a stamp in flight cannot be changed');
  }
});

test('an expired CSD cannot stamp (422 cfdi.csd_expired)', async () => {
  const rfc = 'AAA010101AAA';
  const csd = await t.simulator.ca.issue({ rfc, kind: 'csd', name: 'EMPRESA DE VIDA CORTA', validTo: new Date(t.clock.now().getTime() + 3_600_000) });
  const fiel = await t.simulator.ca.issue({ rfc, kind: 'fiel', name: 'EMPRESA DE VIDA CORTA' });
  const upload = (issued: typeof csd) => ({
    cer_base64: issued.cerDer.toString('base64'),
    key_base64: issued.keyPkcs8EncryptedDer.toString('base64'),
    password: issued.password,
  });
  const profile = await t.request({
    method: 'POST',
    url: '/v1/fiscal_profiles',
    key: keys.testKey,
    payload: { csd: upload(csd), fiel: upload(fiel), manifest_email: 'a@example.com', tax_regime: '601', zip: '42501' },
  });
  assert.equal(profile.statusCode, 201, profile.body);
  const created = (await create(invoiceRequest(profile.json().id))).json();
  t.clock.advance(2 * 3_600_000);
  const refused = await t.request({ method: 'POST', url: `/v1/invoices/${created.id}/stamp`, key: keys.testKey });
  assert.equal(refused.statusCode, 422);
  assert.equal(refused.json().code, 'cfdi.csd_expired');
});

test('stamping a cancelled invoice is 409 already_stamped', async () => {
  const stamped = await createStamped(
    t,
    keys.testKey,
    invoiceRequest(profileId, {
      items: [{ product_key: '81112100', unit_key: 'E48', description: 'Barato', unit_price: '100.00', taxes: [{ type: 'IVA', rate: '0.16' }] }],
    }),
  );
  assert.equal(
    (await t.request({ method: 'POST', url: `/v1/invoices/${stamped.id}/cancel`, key: keys.testKey, payload: { reason: '02' } })).json().status,
    'cancelled',
  );
  const response = await t.request({ method: 'POST', url: `/v1/invoices/${stamped.id}/stamp`, key: keys.testKey });
  assert.equal(response.statusCode, 409);
  assert.equal(response.json().code, 'invoice.already_stamped');
});
