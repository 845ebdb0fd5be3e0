import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDashboardApp, type DashboardApp } from './support.ts';

const INDEX =
  '<!doctype html><html><head><script type="module" src="/dashboard/assets/app-ABC123.js"></script></head><body><div id="app"></div></body></html>\n';
const SCRIPT = 'console.log("dashboard");\n';

function assertPageHeaders(headers: Record<string, unknown>): void {
  const csp = String(headers['content-security-policy']);
  assert.match(csp, /default-src 'self'/);
  assert.match(csp, /script-src 'self'(;|$)/, 'no inline scripts');
  assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/);
  assert.match(csp, /img-src 'self' data: blob:/);
  assert.match(csp, /frame-src 'self' blob:/);
  assert.match(csp, /frame-ancestors 'none'/);
  assert.match(csp, /object-src 'none'/);
  assert.equal(headers['x-content-type-options'], 'nosniff');
  assert.equal(headers['referrer-policy'], 'same-origin');
}

describe('dashboard pages from a build', () => {
  let t: DashboardApp;
  let dir: string;
  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dashboard-assets-'));
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'index.html'), INDEX);
    fs.writeFileSync(path.join(dir, 'assets', 'app-ABC123.js'), SCRIPT);
    fs.writeFileSync(path.join(dir, 'robots.txt'), 'User-agent: *\nDisallow: /\n');
    fs.writeFileSync(path.join(dir, '.inputs-hash'), 'secret-ish build stamp');
    t = await createDashboardApp({ DASHBOARD_ASSETS_DIR: dir });
  });
  after(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('/dashboard serves index.html, never cached without a check, with the security headers', async () => {
    for (const url of ['/dashboard', '/dashboard/']) {
      const response = await t.request({ method: 'GET', url, headers: { accept: 'text/html' } });
      assert.equal(response.statusCode, 200, url);
      assert.equal(response.body, INDEX);
      assert.match(String(response.headers['content-type']), /^text\/html/);
      assert.equal(response.headers['cache-control'], 'no-cache');
      assertPageHeaders(response.headers);
    }
  });

  test('client-side routes fall back to index.html', async () => {
    for (const url of ['/dashboard/sign-in', '/dashboard/invoices/inv_123', '/dashboard/api-keys', '/dashboard/sign-in?next=%2Finvoices']) {
      const response = await t.request({ method: 'GET', url });
      assert.equal(response.statusCode, 200, url);
      assert.equal(response.body, INDEX, url);
      assert.equal(response.headers['cache-control'], 'no-cache');
    }
  });

  test('hashed assets are served immutable; a missing asset is a 404, not the page', async () => {
    const asset = await t.request({ method: 'GET', url: '/dashboard/assets/app-ABC123.js' });
    assert.equal(asset.statusCode, 200);
    assert.equal(asset.body, SCRIPT);
    assert.match(String(asset.headers['content-type']), /javascript/);
    assert.match(String(asset.headers['cache-control']), /max-age=31536000/);
    assert.match(String(asset.headers['cache-control']), /immutable/);
    assertPageHeaders(asset.headers);
    const missing = await t.request({ method: 'GET', url: '/dashboard/assets/app-OLD.js' });
    assert.equal(missing.statusCode, 404);
    assert.equal(missing.json().status, 404);
  });

  test('other files of the build are served; hidden files and paths outside it are not', async () => {
    const robots = await t.request({ method: 'GET', url: '/dashboard/robots.txt' });
    assert.equal(robots.statusCode, 200);
    assert.match(robots.body, /Disallow/);
    for (const url of [
      '/dashboard/.inputs-hash',
      '/dashboard/..%2F..%2Fpackage.json',
      '/dashboard/assets/..%2F.inputs-hash',
      '/dashboard/assets/%2E%2E/index.html',
    ]) {
      const response = await t.request({ method: 'GET', url });
      assert.doesNotMatch(response.body, /secret-ish|"name"/, url);
      assert.ok(response.statusCode === 404 || response.body === INDEX, `${url}: ${response.statusCode}`);
    }
  });
});

describe('dashboard pages without a build', () => {
  let t: DashboardApp;
  before(async () => {
    t = await createDashboardApp({ DASHBOARD_ASSETS_DIR: path.join(os.tmpdir(), 'no-dashboard-build-here') });
  });
  after(() => t.close());

  test('a page is 503 dashboard.pages_unavailable as a problem, or as a small HTML page for a browser', async () => {
    const problem = await t.request({ method: 'GET', url: '/dashboard/invoices', headers: { accept: 'application/json' } });
    assert.equal(problem.statusCode, 503);
    assert.match(String(problem.headers['content-type']), /^application\/problem\+json/);
    assert.equal(problem.json().code, 'dashboard.pages_unavailable');
    const html = await t.request({ method: 'GET', url: '/dashboard', headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
    assert.equal(html.statusCode, 503);
    assert.match(String(html.headers['content-type']), /^text\/html/);
    assert.match(html.body, /Dashboard unavailable/);
    assert.match(html.body, /dashboard\.pages_unavailable/);
    assertPageHeaders(html.headers);
  });

  test("the dashboard's API and the /v1 API keep working", async () => {
    const session = await t.request({ method: 'GET', url: '/dashboard/api/session' });
    assert.equal(session.json().code, 'dashboard.session_required');
    assert.equal((await t.request({ method: 'GET', url: '/v1/versions' })).statusCode, 200);
  });
});
