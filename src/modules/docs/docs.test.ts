import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestApp, type TestApp } from '../../../test/support/app.ts';
import { ERROR_CATALOG, errorAnchor, errorTypeSlug, type ErrorCode } from '../../platform/errors/catalog.ts';
import { ERROR_CATALOG_ES } from '../../platform/errors/catalog-es.ts';
import { loadGuides } from './guides.ts';

const codes = Object.keys(ERROR_CATALOG) as ErrorCode[];
const GUIDES = ['quickstart', 'authentication', 'errors', 'versioning', 'idempotency', 'pagination', 'connect'];

describe('documentation endpoints', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.request({ method: 'GET', url, headers });

  test('/docs/errors has one anchored row per catalog code, grouped by namespace, with status, title and remediation', async () => {
    const response = await get('/docs/errors');
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['content-type'], 'text/html; charset=utf-8');
    assert.match(String(response.headers['content-security-policy']), /default-src 'none'/);
    const html = response.body;
    for (const code of codes) {
      const anchor = errorAnchor(code);
      const row = new RegExp(`<tr id="${anchor}">(.*?)</tr>`).exec(html);
      assert.ok(row, `row for ${code}`);
      const definition = ERROR_CATALOG[code];
      assert.ok(row[1]!.includes(`<code>${code}</code>`), code);
      assert.ok(row[1]!.includes(`<td>${definition.status}</td>`), code);
      assert.ok(
        row[1]!.includes(definition.title.replace(/&/g, '&amp;').replace(/'/g, '&#39;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')),
        `${code} title`,
      );
      assert.ok(
        row[1]!.includes(`<span lang="es-MX">${ERROR_CATALOG_ES[code].title.replace(/'/g, '&#39;').replace(/"/g, '&quot;')}</span>`),
        `${code} Spanish title`,
      );
    }
    assert.equal(html.match(/<tr id="(?!check-)/g)?.length, codes.length);
    const namespaces = [...new Set(codes.map((code) => code.split('.')[0]))];
    for (const namespace of namespaces) assert.ok(html.includes(`<h2 id="ns-${namespace}">`), namespace);
    assert.ok(html.indexOf('id="auth-unauthorized"') > html.indexOf('id="ns-auth"'));
    assert.ok(html.includes('Send <code>Authorization: Bearer &lt;key&gt;</code>'));
  });

  test('/docs/errors answers JSON when Accept prefers it, with anchors and type URIs', async () => {
    const response = await get('/docs/errors', { accept: 'application/json' });
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['content-type'], 'application/json; charset=utf-8');
    // The HTML form varies with Accept-Language too, so a cache keys the URL on both.
    assert.equal(response.headers.vary, 'Accept, Accept-Language');
    const body = response.json();
    assert.equal(body.object, 'list');
    assert.equal(body.data.length, codes.length);
    const revoked = body.data.find((entry: { code: string }) => entry.code === 'auth.key_revoked');
    assert.deepEqual(revoked, {
      object: 'error_code',
      code: 'auth.key_revoked',
      namespace: 'auth',
      status: 401,
      title: ERROR_CATALOG['auth.key_revoked'].title,
      remediation: ERROR_CATALOG['auth.key_revoked'].remediation,
      anchor: 'auth-key_revoked',
      type: 'http://invoicing.test/errors/auth_key_revoked',
      doc_url: 'http://invoicing.test/docs/errors#auth-key_revoked',
      es: ERROR_CATALOG_ES['auth.key_revoked'],
    });
    assert.equal(body.data.find((entry: { code: string }) => entry.code === 'download.poll_timeout').status, 'job');
    const browser = await get('/docs/errors', { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' });
    assert.equal(browser.headers['content-type'], 'text/html; charset=utf-8');
    const lowJson = await get('/docs/errors', { accept: 'text/html, application/json;q=0.5' });
    assert.equal(lowJson.headers['content-type'], 'text/html; charset=utf-8');
  });

  test('the catalog text is written for users: every code but manifiesto.signed has remediation that differs from its title', () => {
    for (const code of codes) {
      const { title, remediation }: { title: string; remediation: string } = ERROR_CATALOG[code];
      assert.ok(title.length > 0 && title.length <= 60, `${code}: title '${title}'`);
      if (code === 'manifiesto.signed') assert.equal(remediation, '');
      else assert.ok(remediation.length > 20 && remediation !== title, `${code}: remediation`);
    }
  });

  test('/errors/<slug> redirects every problem type to its catalog row; unknown slugs are 404 problems', async () => {
    for (const code of codes) {
      const response = await get(`/errors/${errorTypeSlug(code)}`);
      assert.equal(response.statusCode, 302, code);
      assert.equal(response.headers.location, `/docs/errors#${errorAnchor(code)}`);
    }
    for (const slug of ['nope', 'auth.key_revoked', 'auth-key_revoked', '..%2Fpackage.json']) {
      const response = await get(`/errors/${slug}`);
      assert.equal(response.statusCode, 404, slug);
      assert.equal(response.headers['content-type'], 'application/problem+json; charset=utf-8');
      assert.equal(response.json().code, 'resource.not_found');
    }
  });

  test('a live problem type URI resolves to a catalog row that exists', async () => {
    const problem = (await t.request({ method: 'GET', url: '/v1/api_keys' })).json();
    assert.equal(problem.code, 'auth.unauthorized');
    const path = new URL(problem.type).pathname;
    const redirect = await get(path);
    assert.equal(redirect.headers.location, `/docs/errors#${new URL(problem.doc_url).hash.slice(1)}`);
    const page = await get('/docs/errors');
    assert.ok(page.body.includes(`<tr id="${new URL(problem.doc_url).hash.slice(1)}">`));
  });

  test('/docs/guides lists every guide in reading order, as HTML or JSON', async () => {
    const json = await get('/docs/guides', { accept: 'application/json' });
    assert.equal(json.statusCode, 200);
    const body = json.json();
    assert.deepEqual(body.data.map((guide: { slug: string }) => guide.slug).slice(0, GUIDES.length), GUIDES);
    assert.equal(body.data[0].title, 'Quickstart');
    assert.equal(body.data[0].url, 'http://invoicing.test/docs/guides/quickstart');
    const html = await get('/docs/guides');
    assert.equal(html.headers['content-type'], 'text/html; charset=utf-8');
    for (const slug of GUIDES) assert.ok(html.body.includes(`href="/docs/guides/${slug}"`), slug);
  });

  test('/docs/guides/<slug> serves the Markdown file as text/markdown', async () => {
    for (const guide of loadGuides()) {
      const response = await get(`/docs/guides/${guide.slug}`);
      assert.equal(response.statusCode, 200, guide.slug);
      assert.equal(response.headers['content-type'], 'text/markdown; charset=utf-8');
      assert.equal(response.body, guide.markdown);
      assert.match(response.body, /^# \S/);
    }
  });

  // `## ` headings outside fenced code blocks.
  const sectionHeadings = (markdown: string) => {
    let fenced = false;
    let count = 0;
    for (const line of markdown.split('\n')) {
      if (line.startsWith('```')) fenced = !fenced;
      else if (!fenced && line.startsWith('## ')) count += 1;
    }
    return count;
  };

  test("a browser gets each guide as an HTML page in the reference's style; Markdown stays the default", async () => {
    const browser = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
    for (const guide of loadGuides()) {
      const response = await get(`/docs/guides/${guide.slug}`, { accept: browser });
      assert.equal(response.statusCode, 200, guide.slug);
      assert.equal(response.headers['content-type'], 'text/html; charset=utf-8');
      assert.match(String(response.headers['content-security-policy']), /default-src 'none'/);
      assert.match(String(response.headers.vary), /Accept/);
      assert.ok(response.body.includes(`<title>${guide.title.replace(/&/g, '&amp;')}</title>`), guide.slug);
      assert.match(response.body, /<h1[^>]*>/);
      assert.equal((response.body.match(/<h2[ >]/g) ?? []).length, sectionHeadings(guide.markdown), `${guide.slug}: every ## heading is rendered`);
    }
    const quickstart = (await get('/docs/guides/quickstart', { accept: browser })).body;
    assert.match(quickstart, /<pre><code[^>]*>/, 'fenced code becomes <pre><code>');
    assert.match(quickstart, /<a href="\/docs\/guides\/idempotency">/, 'links to other guides stay links');
    for (const accept of ['*/*', 'text/markdown', 'text/markdown, text/html;q=0.5']) {
      const response = await get('/docs/guides/quickstart', { accept });
      assert.equal(response.headers['content-type'], 'text/markdown; charset=utf-8', accept);
    }
  });

  test('unknown guides and path traversal attempts are 404 problems', async () => {
    const attempts = [
      '/docs/guides/nope',
      '/docs/guides/Quickstart',
      '/docs/guides/quickstart.md',
      '/docs/guides/..%2F..%2Fpackage.json',
      '/docs/guides/..%2Fguides%2Fquickstart',
      '/docs/guides/%2Fetc%2Fpasswd',
      '/docs/guides/quickstart%00',
      '/docs/guides/%2E%2E%2Fdocs.test.ts',
    ];
    for (const url of attempts) {
      const response = await get(url);
      assert.equal(response.statusCode, 404, url);
      assert.equal(response.headers['content-type'], 'application/problem+json; charset=utf-8', url);
      assert.ok(!response.body.includes('"dependencies"'), url);
    }
    const unknown = (await get('/docs/guides/nope')).json();
    assert.equal(unknown.code, 'resource.not_found');
    assert.match(unknown.detail, /No guide 'nope' exists\. Guides: quickstart, authentication/);
  });

  test('over real HTTP, where nothing normalizes the path, traversal attempts still reach no file', async () => {
    await t.app.server.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.server.address() as AddressInfo;
    const rawGet = (path: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port, path }, (response) => {
            let body = '';
            response
              .setEncoding('utf8')
              .on('data', (chunk) => {
                body += chunk;
              })
              .on('end', () => resolve({ status: response.statusCode ?? 0, body }));
          })
          .on('error', reject);
      });
    for (const path of [
      '/docs/guides/../../package.json',
      '/docs/guides/..',
      '/docs/guides/..%2F..%2Fpackage.json',
      '/docs/guides/%2E%2E%2F%2E%2E%2Fpackage.json',
    ]) {
      const response = await rawGet(path);
      assert.equal(response.status, 404, path);
      assert.ok(!response.body.includes('"devDependencies"'), path);
    }
    assert.equal((await rawGet('/docs/guides/quickstart')).status, 200);
  });

  test('/docs is a self-contained HTML reference of every tag and operation, linking guides and errors', async () => {
    const response = await get('/docs');
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['content-type'], 'text/html; charset=utf-8');
    const html = response.body;
    assert.ok(
      !/<script|<link[^>]+stylesheet|https?:\/\/(?!invoicing\.test)[a-z]/i.test(html.replace(/http:\/\/www\.sat\.gob\.mx/g, '')),
      'no external resources',
    );
    const document = (await get('/openapi.json')).json();
    for (const tag of document.tags) assert.ok(html.includes(`>${tag.name}</h2>`), tag.name);
    for (const item of Object.values(document.paths) as Array<Record<string, { operationId: string }>>) {
      for (const operation of Object.values(item)) assert.ok(html.includes(`id="${operation.operationId}"`), operation.operationId);
    }
    assert.ok(html.includes('href="/docs/errors"'));
    for (const slug of GUIDES) assert.ok(html.includes(`href="/docs/guides/${slug}"`), slug);
    assert.ok(html.includes('<code>Invoice-Version</code>'), 'common headers are listed');
    assert.ok(html.includes('id="schema-Problem"'));
    assert.match(html, /<code>name<\/code><span class="required">required<\/span>/, 'request body fields');
  });

  test('/llms-full.txt holds the overview, every guide, every endpoint and the whole error catalog', async () => {
    const response = await get('/llms-full.txt');
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['content-type'], 'text/plain; charset=utf-8');
    const text = response.body;
    for (const heading of ['## Overview', '## Authentication', '## Versioning', '## Guides', '## Endpoints', '## Error catalog'])
      assert.ok(text.includes(heading), heading);
    for (const guide of loadGuides()) assert.ok(text.includes(guide.markdown.trim()), guide.slug);
    for (const endpoint of ['### POST /v1/api_keys', '### GET /v1/versions', '### GET /healthz', '### PATCH /v1/accounts/{id}'])
      assert.ok(text.includes(endpoint), endpoint);
    assert.match(text, /- name \(string; required; length 1–100\)/);
    assert.match(text, /- limit \[query\] \(integer; optional; 1–100; default 20\)/);
    for (const code of codes) assert.ok(text.includes(`- ${code} (${ERROR_CATALOG[code].status}): `), code);
  });

  test('documentation is public: no key needed, and a bad key is ignored', async () => {
    for (const url of ['/docs', '/openapi.json', '/docs/errors', '/docs/guides', '/docs/guides/quickstart', '/llms-full.txt']) {
      const response = await t.request({ method: 'GET', url, key: 'sk_live_invalidinvalidinvalid' });
      assert.equal(response.statusCode, 200, url);
    }
  });
});

test('the CFDI check codes a validation can report are listed on the error page and in /llms-full.txt', async () => {
  const t = await createTestApp();
  try {
    const page = (await t.request({ method: 'GET', url: '/docs/errors', headers: { accept: 'text/html' } })).body;
    const text = (await t.request({ method: 'GET', url: '/llms-full.txt' })).body;
    for (const code of ['cfdi.total_mismatch', 'cfdi.not_a_csd', 'cfdi.tfd_certificate_unavailable', 'cfdi.too_many_issues', 'cfdi.cancelled']) {
      assert.ok(page.includes(`id="check-${code}"`), code);
      assert.ok(text.includes(`- ${code}: `), code);
    }
  } finally {
    await t.close();
  }
});
