/**
 * A body refused by a schema with alternatives (`anyOf`: the export's sources, a customer's address
 * or null) is explained by the alternative the body meant — the one whose discriminator or type it
 * matches — with that alternative's field errors, each accepted value once, and never a message
 * about a nameless field, in English and in Spanish.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createTestApp, type TestApp } from '../support/app.ts';

interface FieldError {
  path: string;
  code: string;
  message: string;
}

let t: TestApp;
let key: string;

before(async () => {
  t = await createTestApp();
  key = (await t.bootstrap()).testKey;
});
after(() => t.close());

async function refused(method: 'POST' | 'PATCH', url: string, payload: object, language: 'en' | 'es'): Promise<FieldError[]> {
  const response = await t.request({ method, url, key, payload, headers: { 'accept-language': language } });
  assert.equal(response.statusCode, 422, response.body);
  assert.equal(response.json().code, 'request.validation_failed');
  const errors = response.json().errors as FieldError[];
  for (const error of errors) {
    assert.notEqual(error.path, '', `no error without a field: ${response.body}`);
    assert.doesNotMatch(error.message, /«»/, response.body);
  }
  return errors;
}

const summary = (errors: FieldError[]) => errors.map((error) => [error.path, error.code, error.message]);

test('an export with a wrong format is told the formats once, and nothing about its source, which matched', async () => {
  const payload = { source: 'cfdis', format: 'pdf' };
  assert.deepEqual(summary(await refused('POST', '/v1/exports', payload, 'en')), [['format', 'invalid_value', 'Format must be one of "csv", "xlsx", "zip".']]);
  assert.deepEqual(summary(await refused('POST', '/v1/exports', payload, 'es')), [
    ['format', 'invalid_value', 'Formato: debe ser uno de estos valores: "csv", "xlsx", "zip".'],
  ]);
});

test("an export of invoices with an unknown filter is told about the filter, judged by the invoices' alternative", async () => {
  const payload = { source: 'invoices', format: 'csv', filters: { statuss: 'draft' } };
  const en = await refused('POST', '/v1/exports', payload, 'en');
  assert.deepEqual(
    en.map((error) => [error.path, error.code]),
    [['filters.statuss', 'unknown_field']],
  );
  const es = await refused('POST', '/v1/exports', payload, 'es');
  assert.match(es[0]?.message ?? '', /no se reconoce/);
});

test('an export from an unknown source is told every source the alternatives accept', async () => {
  const payload = { source: 'customers', format: 'csv' };
  assert.deepEqual(summary(await refused('POST', '/v1/exports', payload, 'en')), [['source', 'invalid_value', 'Source must be one of "cfdis", "invoices".']]);
  assert.deepEqual(summary(await refused('POST', '/v1/exports', payload, 'es')), [
    ['source', 'invalid_value', 'Origen: debe ser uno de estos valores: "cfdis", "invoices".'],
  ]);
  assert.deepEqual(
    (await refused('POST', '/v1/exports', { format: 'csv' }, 'en')).map((error) => [error.path, error.code]),
    [['source', 'required']],
  );
});

test("a customer's address given as an object is judged as an address, not as null", async () => {
  const payload = { address: { street: 5, planet: 'Marte' } };
  const url = '/v1/customers/cus_01k0000000000000000000000a';
  const en = await refused('PATCH', url, payload, 'en');
  assert.deepEqual(
    en.map((error) => [error.path, error.code]),
    [
      ['address.planet', 'unknown_field'],
      ['address.street', 'invalid_type'],
    ],
  );
  assert.ok(
    en.every((error) => !/null/.test(error.message)),
    JSON.stringify(en),
  );
  const es = await refused('PATCH', url, payload, 'es');
  assert.deepEqual(
    es.map((error) => [error.path, error.code]),
    [
      ['address.planet', 'unknown_field'],
      ['address.street', 'invalid_type'],
    ],
  );
  assert.ok(
    es.every((error) => !/nulo/.test(error.message)),
    JSON.stringify(es),
  );
});
