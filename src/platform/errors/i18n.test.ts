import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ERROR_CATALOG, type ErrorCode } from './catalog.ts';
import { ERROR_CATALOG_ES } from './catalog-es.ts';
import { fieldLabel, fieldMessageEs, formatWords } from './field-words.ts';
import { negotiateLanguage } from './language.ts';

/** Words of the API's English that a Spanish text never contains. */
const ENGLISH = /\b(the|must|is|are|not|with|and|or|required|invalid|missing|send|retry|field)\b/i;

describe('the error catalog in both languages', () => {
  test('every code has an English and a Spanish title and remediation, and the Spanish is not the English', () => {
    const codes = Object.keys(ERROR_CATALOG) as ErrorCode[];
    assert.deepEqual(Object.keys(ERROR_CATALOG_ES).sort(), [...codes].sort());
    for (const code of codes) {
      const en = ERROR_CATALOG[code];
      const es = ERROR_CATALOG_ES[code];
      assert.ok(en.title.trim() && es.title.trim(), code);
      assert.equal(Boolean(en.remediation.trim()), Boolean(es.remediation.trim()), `${code}: a remediation in one language only`);
      assert.notEqual(es.title, en.title, `${code}: Spanish title is the English one`);
      assert.doesNotMatch(es.title, ENGLISH, `${code}: English in the Spanish title`);
    }
  });
});

describe('Accept-Language', () => {
  test('es, es-MX and Spanish preferred by q-value answer Spanish; en, unknown, wildcard and none answer English', () => {
    assert.equal(negotiateLanguage('es'), 'es');
    assert.equal(negotiateLanguage('es-MX'), 'es');
    assert.equal(negotiateLanguage('es-MX,es;q=0.9,en;q=0.8'), 'es');
    assert.equal(negotiateLanguage('en;q=0.4, es;q=0.8'), 'es');
    assert.equal(negotiateLanguage('en'), 'en');
    assert.equal(negotiateLanguage('en-US,en;q=0.9,es;q=0.5'), 'en');
    assert.equal(negotiateLanguage('fr-FR'), 'en');
    assert.equal(negotiateLanguage('*'), 'en');
    assert.equal(negotiateLanguage(''), 'en');
    assert.equal(negotiateLanguage(undefined), 'en');
  });
});

describe('field words', () => {
  test('a field is named as a person would, with its position in a list', () => {
    assert.equal(fieldLabel('customer.postal_code', 'es'), 'Código postal del cliente');
    assert.equal(fieldLabel('customer.postal_code', 'en'), "Customer's postal code");
    assert.equal(fieldLabel('items.1.unit_price', 'es'), 'Valor unitario (concepto 2)');
    assert.equal(fieldLabel('items.0.taxes.1.rate', 'en'), 'Rate or amount (item 1, tax 2)');
  });

  test('a pattern is described by what it means, never shown as an expression', () => {
    const phone = formatWords('pattern', '^\\+[1-9][0-9 ]{6,18}$', 'es');
    assert.match(phone, /teléfono/);
    assert.doesNotMatch(phone, /[\\^$[\]{}]/);
    assert.equal(formatWords('pattern', '^[a-z]{2}$', 'es'), 'no tiene el formato esperado');
  });

  test('a field error with no Spanish of its own reads in Spanish from its path and code', () => {
    assert.equal(fieldMessageEs('customer.rfc', 'cfdi.invalid_rfc').startsWith('RFC del cliente: no es un RFC válido'), true);
    assert.doesNotMatch(fieldMessageEs('customer.cfdi_use', 'cfdi.uso_cfdi_not_allowed'), ENGLISH);
  });
});
