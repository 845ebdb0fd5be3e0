import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestApp, type TestApp } from '../../../test/support/app.ts';
import { ERROR_CATALOG } from '../errors/catalog.ts';
import { ERROR_CATALOG_ES } from '../errors/catalog-es.ts';

/** English of the API's own messages and ajv's wording, none of which a Spanish answer may hold. */
const ENGLISH = /\b(must|NOT|is required|the|does not|schema|field|characters|openapi)\b|\/openapi\.json/;

describe('problems in the language of Accept-Language', () => {
  let t: TestApp;
  let key: string;
  before(async () => {
    t = await createTestApp();
    key = (await t.bootstrap()).testKey;
  });
  after(() => t.close());

  const badKey = { name: 7, mode: 'prod', colour: 'red' };

  test('a schema error in Spanish has no English in it, and keeps the code, paths, type and status of the English one', async () => {
    const en = await t.request({ method: 'POST', url: '/v1/api_keys', key, payload: badKey });
    const es = await t.request({ method: 'POST', url: '/v1/api_keys', key, payload: badKey, headers: { 'accept-language': 'es-MX,es;q=0.9' } });
    assert.equal(es.statusCode, en.statusCode);
    const [english, spanish] = [en.json(), es.json()];
    for (const member of ['type', 'status', 'code'] as const) assert.equal(spanish[member], english[member]);
    assert.deepEqual(
      spanish.errors.map((error: { path: string; code: string }) => [error.path, error.code]),
      english.errors.map((error: { path: string; code: string }) => [error.path, error.code]),
    );
    assert.equal(spanish.title, ERROR_CATALOG_ES['request.validation_failed'].title);
    assert.equal(english.title, ERROR_CATALOG['request.validation_failed'].title);
    for (const text of [spanish.title, spanish.detail, spanish.remediation, ...spanish.errors.map((error: { message: string }) => error.message)]) {
      assert.doesNotMatch(text, ENGLISH, text);
    }
    assert.equal(es.headers['content-language'], 'es-MX');
    assert.equal(en.headers['content-language'], 'en');
    assert.match(String(es.headers.vary), /Accept-Language/);
    const messages = spanish.errors.map((error: { message: string }) => error.message).join(' ');
    assert.match(messages, /Nombre: debe ser texto/);
    assert.match(messages, /«colour»: este campo no se reconoce/);
  });

  test('English is the default: no header, English, an unknown language and a wildcard', async () => {
    for (const header of [undefined, 'en', 'fr-FR', '*', 'en;q=0.9, es;q=0.1']) {
      const response = await t.request({ method: 'POST', url: '/v1/api_keys', key, payload: badKey, headers: header ? { 'accept-language': header } : {} });
      assert.equal(response.json().title, ERROR_CATALOG['request.validation_failed'].title, String(header));
      assert.equal(response.headers['content-language'], 'en');
    }
  });

  test('a problem whose detail has no Spanish of its own answers the Spanish title as its detail, never English', async () => {
    const response = await t.request({ method: 'GET', url: '/v1/invoices?limit=0', key, headers: { 'accept-language': 'es' } });
    assert.equal(response.statusCode, 422);
    const body = response.json();
    assert.doesNotMatch(body.detail, ENGLISH);
    assert.doesNotMatch(JSON.stringify(body.errors), ENGLISH);
  });
});
