import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CacheRegistry } from '../../platform/caches/registry.ts';
import { localChangeFeed } from '../../platform/db/changes.ts';
import { KeyCache } from './auth-cache.ts';
import type { ApiKeyRow } from './repository.ts';

const row = (name: string): ApiKeyRow => ({
  id: 'key_1',
  organization_id: 'org_1',
  name,
  mode: 'test',
  prefix: 'sk_test_abcd',
  secret_hash: 'h',
  version: null,
  last_used_at: null,
  revoked_at: null,
  created_at: new Date('2026-01-01T00:00:00Z'),
});

test('a read that started before a change does not refill the cache with what it read', () => {
  const cache = new KeyCache(localChangeFeed());
  const before = cache.mark();
  cache.forget('key_1'); // a rename lands while the read is in flight
  cache.setRow(row('old name'), before);
  assert.equal(cache.row('org_1', 'key_1'), undefined);
  cache.setRow(row('new name'), cache.mark());
  assert.equal(cache.row('org_1', 'key_1')?.name, 'new name');
  assert.equal(cache.row('org_2', 'key_1'), undefined, 'rows are only served to their organization');
});

test('forget drops both the row and the authentication record of a key', () => {
  const cache = new KeyCache(localChangeFeed());
  const record = { id: 'key_1', organizationId: 'org_1', organizationParentId: null, mode: 'test' as const, version: null, revokedAt: null, lastUsedAt: null };
  cache.set('hash', record);
  cache.setRow(row('name'), cache.mark());
  cache.forget('key_1');
  assert.equal(cache.get('hash'), undefined);
  assert.equal(cache.row('org_1', 'key_1'), undefined);
});

test('the keys held never take more than the bytes of their bound, the least recently used going first', () => {
  const caches = new CacheRegistry({ api_key_rows: 8 * 1024 });
  const cache = new KeyCache(localChangeFeed(), caches);
  const ids = Array.from({ length: 200 }, (_, index) => `key_${index}`);
  for (const id of ids) cache.setRow({ ...row(id.repeat(20)), id }, cache.mark());
  const held = ids.filter((id) => cache.row('org_1', id) !== undefined);
  assert.ok(held.length > 0 && held.length < 200);
  const bytes = caches.stats().find((stats) => stats.name === 'api_key_rows')!.bytes;
  assert.ok(bytes <= 8 * 1024, `${held.length} rows of ${bytes} bytes`);
  assert.ok(held.includes('key_199'), 'the last one stored is held');
  assert.equal(cache.row('org_1', 'key_0'), undefined, 'the first one stored made room');
});
