/**
 * A CFDI in the store was written by its issuer, Addenda and all. A signed-in dashboard user who
 * opens its `xml_url` must get a file, never a page of the service's origin that runs the issuer's
 * script with the user's session (docs/decisions.md, "Served documents"); and were it shown
 * anyway, the sandbox it is served under keeps the script from running.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { storeCfdiDocuments } from '../src/modules/cfdis/index.ts';
import { HOSTILE_KEY_NAME, SCRIPT_MARKER, hostileCfdi } from '../test/support/hostile-cfdi.ts';
import { useDashboard } from './support/fixture.ts';
import { signUp } from './support/flows.ts';
import { hasSat } from './support/sat.ts';

const UUID = '0A1B2C3D-0000-4000-8000-0000000BAD01';

const app = useDashboard();

/** A signed-up user's page and secret test key, with the hostile CFDI in their organization's store. */
async function userWithHostileCfdi(label: string): Promise<{ page: Page; secret: string; xml: Buffer }> {
  const { page } = await app.newPage();
  const [answer, secret] = await Promise.all([
    page.waitForResponse((response) => response.url().endsWith('/dashboard/api/sign_up')),
    signUp(page, app.base, { email: `${label}-${Date.now()}@example.com`, organization: 'Receptora SA' }),
  ]);
  const organizationId = ((await answer.json()) as { organization: { id: string } }).organization.id;
  const document = hostileCfdi(UUID);
  // As a download's job stores what the SAT sent.
  const source = { organizationId, mode: 'test' as const, fiscalProfileId: 'fp_01k0000000000000000000000a', side: 'received' as const };
  const stored = await storeCfdiDocuments(app.services!, { ...source, downloadId: null, sourceRequest: null }, [document]);
  assert.deepEqual([stored.inserted, stored.unreadable], [1, []]);
  return { page, secret, xml: document.xml };
}

/** Nothing the script does happened: no mark on the origin's storage, no API key of its name. */
async function assertScriptDidNotRun(page: Page, secret: string): Promise<void> {
  await page.goto(`${app.base}/dashboard/api-keys`);
  // Runs in the page; the tests' tsconfig has no DOM types.
  const mark = await page.evaluate(
    (marker) => (globalThis as unknown as { localStorage: { getItem(name: string): string | null } }).localStorage.getItem(marker),
    SCRIPT_MARKER,
  );
  assert.equal(mark, null, 'the script marked the storage');
  const keys = await fetch(`${app.base}/v1/api_keys?limit=100`, { headers: { Authorization: `Bearer ${secret}` } });
  assert.equal(keys.status, 200);
  const names = ((await keys.json()) as { data: { name: string }[] }).data.map((key) => key.name);
  assert.ok(!names.includes(HOSTILE_KEY_NAME), `the script created a key: ${names.join(', ')}`);
}

describe('a stored CFDI with a script in its Addenda', { skip: hasSat ? false : '../shared/sat is not present' }, () => {
  test('opened by a signed-in user from its xml_url, it is saved as a file and its script never runs', async (t) => {
    if (!app.services) return t.skip('the server runs elsewhere: its store cannot be filled');
    const { page, secret, xml } = await userWithHostileCfdi('attachment');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      // A navigation that becomes a download is reported as aborted.
      page.goto(`${app.base}/v1/cfdis/${UUID}/xml`).catch(() => undefined),
    ]);
    assert.equal(download.suggestedFilename(), `${UUID}.xml`);
    assert.ok(fs.readFileSync(await download.path()).equals(xml), 'the file is the CFDI byte for byte');
    await assertScriptDidNotRun(page, secret);
  });

  test('shown in the tab anyway (a browser that ignored the attachment), the sandbox keeps its script from running', async (t) => {
    if (!app.services) return t.skip('the server runs elsewhere: its store cannot be filled');
    const { page, secret } = await userWithHostileCfdi('inline');
    const url = `${app.base}/v1/cfdis/${UUID}/xml`;
    // The service's answer with only its Content-Disposition taken away.
    await page.route(url, async (route) => {
      const response = await route.fetch();
      const { 'content-disposition': _disposition, ...headers } = response.headers();
      await route.fulfill({ response, headers });
    });
    const shown = await page.goto(url);
    assert.equal(shown?.status(), 200);
    assert.equal(shown?.headers()['content-security-policy'], "default-src 'none'; sandbox");
    // Whatever the page would have fetched has been fetched.
    await page.waitForLoadState('networkidle');
    await assertScriptDidNotRun(page, secret);
  });
});
