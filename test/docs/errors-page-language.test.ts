/**
 * /docs/errors speaks the reader's language: its headings, column labels and notes in Spanish when
 * `?lang=es` or `Accept-Language` asks for it, in English otherwise; every code keeps both its
 * titles (and remediations) in both languages whichever the page's language.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { ERROR_CATALOG, errorAnchor } from '../../src/platform/errors/catalog.ts';
import { ERROR_CATALOG_ES } from '../../src/platform/errors/catalog-es.ts';
import { createTestApp, type TestApp } from '../support/app.ts';

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(async () => {
  await t.close();
});

async function errorsPage(url: string, headers: Record<string, string> = {}) {
  const response = await t.request({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });
  assert.equal(response.statusCode, 200);
  return { html: response.body, language: response.headers['content-language'], vary: String(response.headers.vary) };
}

/** The cells of the row of `code`. */
function row(html: string, code: keyof typeof ERROR_CATALOG): string {
  return html.slice(html.indexOf(`<tr id="${errorAnchor(code)}">`)).split('</tr>')[0]!;
}

const SPANISH_LABELS = ['<h1>Catálogo de errores</h1>', '<th>Código</th>', '<th>Qué hacer</th>', 'Revisiones del CFDI', 'lang="es-MX"'];
const ENGLISH_LABELS = ['<h1>Error catalog</h1>', '<th>Code</th>', '<th>What to do</th>', 'CFDI checks'];

test('/docs/errors in Spanish for Accept-Language es-MX and for ?lang=es, in English by default and for ?lang=en', async () => {
  for (const spanish of [await errorsPage('/docs/errors', { 'accept-language': 'es-MX,es;q=0.9' }), await errorsPage('/docs/errors?lang=es')]) {
    assert.equal(spanish.language, 'es-MX');
    for (const label of SPANISH_LABELS) assert.ok(spanish.html.includes(label), label);
    for (const label of ENGLISH_LABELS) assert.ok(!spanish.html.includes(label), label);
  }
  for (const english of [await errorsPage('/docs/errors'), await errorsPage('/docs/errors?lang=en', { 'accept-language': 'es' })]) {
    assert.equal(english.language, 'en');
    for (const label of ENGLISH_LABELS) assert.ok(english.html.includes(label), label);
    assert.ok(!english.html.includes('<h1>Catálogo de errores</h1>'));
    assert.match(english.html, /<html lang="en">/);
  }
  assert.match((await errorsPage('/docs/errors')).vary, /Accept-Language/);
});

test('/docs/errors shows each code with its English and Spanish title in both languages of the page', async () => {
  const spanish = (await errorsPage('/docs/errors?lang=es')).html;
  const english = (await errorsPage('/docs/errors')).html;
  for (const code of ['auth.unauthorized', 'cfdi.csd_expired', 'request.validation_failed'] as const) {
    for (const html of [spanish, english]) {
      const cells = row(html, code);
      assert.ok(cells.includes(ERROR_CATALOG[code].title), `${code}: English title`);
      assert.ok(cells.includes(ERROR_CATALOG_ES[code].title), `${code}: Spanish title`);
    }
    // The page's own language comes first.
    assert.ok(row(spanish, code).indexOf(ERROR_CATALOG_ES[code].title) < row(spanish, code).indexOf(ERROR_CATALOG[code].title));
  }
});

test('/docs/errors refuses a language it does not have with a validation problem', async () => {
  const response = await t.request({ method: 'GET', url: '/docs/errors?lang=fr' });
  assert.equal(response.statusCode, ERROR_CATALOG['request.validation_failed'].status);
  assert.equal(response.json().code, 'request.validation_failed');
});
