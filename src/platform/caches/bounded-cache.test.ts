import assert from 'node:assert/strict';
import { test } from 'node:test';
import { approximateBytes, BoundedCache } from './bounded-cache.ts';
import { CacheRegistry } from './registry.ts';

test('a cache never holds more bytes than its bound, whatever the sizes of its entries', () => {
  const cache = new BoundedCache<Buffer>({ name: 'test_bytes', maxBytes: 10_000, sizeOf: (body) => body.length });
  let seed = 7;
  for (let index = 0; index < 2_000; index += 1) {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    cache.set(`key ${index}`, Buffer.alloc(1 + (seed % 3_000)));
    let held = 0;
    for (const key of cache.keys()) held += cache.peek(key)!.length;
    assert.ok(held <= 10_000, `after ${index + 1} entries it holds ${held} bytes`);
    assert.equal(cache.bytes, held, 'its own count of bytes is the sum of its entries');
  }
  assert.ok(cache.size > 1, 'and it still holds entries');
});

test('an entry larger than the whole bound is not kept, and the rest stay', () => {
  const cache = new BoundedCache<Buffer>({ name: 'test_large', maxBytes: 1_000, sizeOf: (body) => body.length });
  assert.equal(cache.set('small', Buffer.alloc(100)), true);
  assert.equal(cache.set('large', Buffer.alloc(1_001)), false);
  assert.equal(cache.get('large'), undefined);
  assert.equal(cache.get('small')?.length, 100);
});

test('the least recently used entry goes first; reads are counted as hits and misses', () => {
  const cache = new BoundedCache<string>({ name: 'test_lru', maxBytes: 30, sizeOf: () => 10 });
  cache.set('a', 'A');
  cache.set('b', 'B');
  cache.set('c', 'C');
  assert.equal(cache.get('a'), 'A');
  cache.set('d', 'D');
  assert.equal(cache.get('b'), undefined, 'b was used least recently');
  assert.deepEqual([...cache.keys()].sort(), ['a', 'c', 'd']);
  assert.deepEqual(cache.stats(), { name: 'test_lru', bytes: 30, entries: 3, maxBytes: 30, hits: 1, misses: 1 });
});

test('a count bound applies beside the byte bound, for caches of tiny entries', () => {
  const cache = new BoundedCache<true>({ name: 'test_count', maxBytes: 1_000_000, maxEntries: 3, sizeOf: () => 1 });
  for (const key of ['a', 'b', 'c', 'd', 'e']) cache.set(key, true);
  assert.equal(cache.size, 3);
});

test("an app's registry gives one cache per name, with the configured bound in place of the default", () => {
  const caches = new CacheRegistry({ test_configured: 2_048 });
  const bound = { name: 'test_configured', maxBytes: 1_024, sizeOf: (body: Buffer) => body.length };
  const cache = caches.cache(bound);
  assert.equal(caches.cache(bound), cache);
  assert.equal(cache.maxBytes, 2_048);
  assert.notEqual(new CacheRegistry().cache(bound), cache, 'another registry has its own');
  const state = { name: 'test.state', create: () => new Map<string, number>() };
  assert.equal(caches.state(state), caches.state(state));
  assert.notEqual(new CacheRegistry().state(state), caches.state(state));
  cache.set('x', Buffer.alloc(10));
  assert.deepEqual(caches.stats(), [{ name: 'test_configured', bytes: 10, entries: 1, maxBytes: 2_048, hits: 0, misses: 0 }]);
});

test('the size of an object is estimated from its leaves, a buffer by its length', () => {
  assert.ok(approximateBytes({ text: 'x'.repeat(1_000) }) >= 2_000);
  assert.ok(approximateBytes([Buffer.alloc(5_000)]) >= 5_000);
  const looped: Record<string, unknown> = { a: 1 };
  looped.self = looped;
  assert.ok(approximateBytes(looped) < 200, 'an object met twice is counted once');
});
