/**
 * Caches belong to an app (docs/guides/operations.md, "Caches"): two apps in one process, as tests
 * build them, share no cache entry; and PDF_CACHE_MB / API_KEY_CACHE_MB set the bounds they name.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createTestApp, type TestApp } from '../support/app.ts';

let one: TestApp;
let other: TestApp;

before(async () => {
  one = await createTestApp({ env: { PDF_CACHE_MB: '5', API_KEY_CACHE_MB: '1' } });
  other = await createTestApp();
});
after(async () => {
  await Promise.all([one.close(), other.close()]);
});

const cacheNamed = (t: TestApp, name: string) => t.app.services.caches.stats().find((stats) => stats.name === name);

test('two apps in one process share no cache entry', async () => {
  const keys = await one.bootstrap();
  for (let request = 0; request < 3; request += 1) assert.equal((await one.request({ method: 'GET', url: '/v1/api_keys', key: keys.testKey })).statusCode, 200);
  const found = cacheNamed(one, 'api_keys');
  assert.ok(found && found.entries >= 1 && found.hits >= 1, `the app that authenticated holds its key: ${JSON.stringify(found)}`);

  assert.equal(cacheNamed(other, 'api_keys')?.entries, 0, 'the other app holds no key');
  // The other app authenticates that key from its own database, where it does not exist.
  assert.equal((await other.request({ method: 'GET', url: '/v1/api_keys', key: keys.testKey })).statusCode, 401);
  assert.equal(cacheNamed(other, 'api_keys')?.entries, 0);
  assert.notEqual(one.app.services.caches, other.app.services.caches);
});

test('the bounds an operator sets apply to the caches they name, the others keep their defaults', () => {
  assert.equal(cacheNamed(one, 'api_keys')?.maxBytes, 1024 * 1024);
  assert.equal(one.config.cacheBytes.pdfs, 5 * 1024 * 1024);
  assert.equal(cacheNamed(other, 'api_keys')?.maxBytes, 8 * 1024 * 1024);
  assert.deepEqual(other.config.cacheBytes, {});
});
