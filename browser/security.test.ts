import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'node:test';
import { es } from '../dashboard/src/i18n/es.ts';
import { useDashboard } from './support/fixture.ts';
import { PASSWORD, goTo, signIn, signUp } from './support/flows.ts';
import { SESSION_IDLE_MINUTES } from './support/server.ts';

const app = useDashboard();

test('an idle session ends, and signing in again returns to the page', async (t) => {
  if (!app.clock) return t.skip('the server runs elsewhere: its clock cannot be moved');
  const { page } = await app.newPage();
  const email = `idle-${Date.now()}@example.com`;
  await signUp(page, app.base, { email, organization: 'Inactiva SA' });
  app.clock.advance((SESSION_IDLE_MINUTES + 1) * 60_000);
  // The home page's own reads may meet the ended session first and send the user to sign-in by
  // themselves, so the next page is opened by its address rather than from a menu that may be gone.
  await page.goto(`${app.base}/dashboard/api-keys`);
  await page.getByRole('heading', { level: 1, name: es['signIn.title'] }).waitFor();
  assert.match(page.url(), /sign-in\?next=%2Fapi-keys/);
  await signIn(page, email);
  await page.getByRole('heading', { level: 1, name: es['apiKeys.title'] }).waitFor();
});

test('a form posted from another site is refused', async () => {
  const { page } = await app.newPage();
  await signUp(page, app.base, { email: `csrf-${Date.now()}@example.com`, organization: 'Objetivo SA' });
  // localhost and 127.0.0.1 are different sites to the browser.
  const attacker = http.createServer((_request, response) => {
    response.setHeader('content-type', 'text/html');
    response.end(`<form method="post" action="${app.base}/v1/api_keys"><input name="name" value="intruso"><input name="mode" value="test"><button>go</button></form>
<form method="post" action="${app.base}/dashboard/api/password"><input name="current_password" value="x"><input name="new_password" value="hijacked-password-123"><button>pw</button></form>`);
  });
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
  try {
    const evil = await page.context().newPage();
    await evil.goto(`http://localhost:${(attacker.address() as AddressInfo).port}/`);
    for (const button of ['go', 'pw']) {
      const [response] = await Promise.all([evil.waitForNavigation(), evil.getByRole('button', { name: button, exact: true }).click()]);
      assert.ok(response && response.status() >= 400, `${button}: ${response?.status()}`);
      await evil.goBack();
    }
  } finally {
    attacker.close();
  }
  await goTo(page, es['nav.apiKeys']);
  await page.locator('td code').first().waitFor();
  assert.equal(await page.getByText('intruso').count(), 0);
  // The password did not change: signing out and in with the old one works.
  await page.getByRole('button', { name: es['shell.signOut'] }).click();
  await page.getByRole('heading', { level: 1, name: es['signIn.title'] }).waitFor();
});

test('sign-in is locked after repeated wrong passwords', async () => {
  const { page } = await app.newPage();
  const email = `lock-${Date.now()}@example.com`;
  await signUp(page, app.base, { email, organization: 'Cerrojo SA' });
  await page.getByRole('button', { name: es['shell.signOut'] }).click();
  await page.getByRole('heading', { level: 1, name: es['signIn.title'] }).waitFor();
  let code: string | null = null;
  for (let attempt = 0; attempt < 25 && code !== 'dashboard.too_many_attempts'; attempt += 1) {
    const [response] = await Promise.all([
      page.waitForResponse((answer) => answer.url().endsWith('/dashboard/api/sign_in')),
      signIn(page, email, `wrong-password-${attempt}`),
    ]);
    code = ((await response.json()) as { code?: string }).code ?? null;
    assert.ok(code === 'dashboard.invalid_credentials' || code === 'dashboard.too_many_attempts', String(code));
  }
  assert.equal(code, 'dashboard.too_many_attempts');
  await page.locator('.problem[data-code="dashboard.too_many_attempts"]').waitFor();
  // Even the right password is refused while locked.
  await signIn(page, email, PASSWORD);
  await page.locator('.problem[data-code="dashboard.too_many_attempts"]').waitFor();
});

test("a route parameter stays one segment of the page's API call: it can name no other endpoint", async () => {
  const { page } = await app.newPage();
  await signUp(page, app.base, { email: `path-${Date.now()}@example.com`, organization: 'Rutas SA' });
  const pathOf = (url: string) => {
    const parsed = new URL(url);
    return parsed.pathname + parsed.search;
  };
  // Decoded, these parameters are `../api_keys` and `x?limit=1`.
  const cases = [
    { page: '/dashboard/events/..%2Fapi_keys', resource: '/v1/events', call: '/v1/events/..%2Fapi_keys' },
    { page: '/dashboard/invoices/x%3Flimit=1', resource: '/v1/invoices', call: '/v1/invoices/x%3Flimit%3D1' },
  ];
  for (const item of cases) {
    // The page's call for its own resource (the shell may read other lists, such as the fiscal profiles, first).
    const own = (request: { url(): string }) => pathOf(request.url()).startsWith(item.resource) || pathOf(request.url()) === '/v1/api_keys';
    const [call] = await Promise.all([page.waitForRequest(own), page.goto(`${app.base}${item.page}`)]);
    assert.equal(pathOf(call.url()), item.call, item.page);
    // The API answers that nothing has that name, and the page says so.
    await page.locator('.problem[data-code="resource.not_found"]').waitFor();
  }
});
