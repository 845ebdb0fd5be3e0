import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { FiscalProfileView } from './repository.ts';
import { BoundedCache } from '../../platform/caches/bounded-cache.ts';
import { ProfileViewCache, profileViewBound } from './view-cache.ts';

const view = (id: string, legalName = 'ESCUELA KEMPER URGATE'): FiscalProfileView => ({
  id,
  organization_id: 'org_1',
  mode: 'test',
  rfc: 'EKU9003173C9',
  legal_name: legalName,
  tax_regime: '601',
  zip: '42501',
  csd_serial: '30001000000500003416',
  csd_valid_from: new Date('2023-01-01'),
  csd_valid_to: new Date('2027-01-01'),
  csd_version: 1,
  fiel_serial: null,
  manifest_status: 'signed',
  manifest_signed_at: new Date('2026-01-01'),
  manifest_email: null,
  metadata: { a: '1' },
  brand_color: null,
  email_settings: { send_on_stamp: false, send_on_cancel: false, language: 'es' },
  created_at: new Date('2026-01-01'),
  updated_at: new Date('2026-01-01'),
  has_logo: false,
});

test('a view is served only to its own organization and mode, and frozen', () => {
  const cache = new ProfileViewCache<FiscalProfileView>();
  cache.set(view('fp_1'), cache.begin());
  const cached = cache.get({ organizationId: 'org_1', mode: 'test' }, 'fp_1');
  assert.equal(cached?.legal_name, 'ESCUELA KEMPER URGATE');
  assert.equal(cache.get({ organizationId: 'org_2', mode: 'test' }, 'fp_1'), undefined);
  assert.equal(cache.get({ organizationId: 'org_1', mode: 'live' }, 'fp_1'), undefined);
  assert.throws(() => {
    (cached!.metadata as Record<string, string>).a = '2';
  }, TypeError);
});

test('a change drops the entry, and a read that started before any change stores nothing', () => {
  const cache = new ProfileViewCache<FiscalProfileView>();
  const scope = { organizationId: 'org_1', mode: 'test' as const };
  cache.set(view('fp_1'), cache.begin());
  const started = cache.begin();
  cache.forget('fp_1');
  assert.equal(cache.get(scope, 'fp_1'), undefined);
  cache.set(view('fp_1', 'OLD NAME'), started);
  assert.equal(cache.get(scope, 'fp_1'), undefined, 'the stale read was not stored');
  cache.set(view('fp_1', 'NEW NAME'), cache.begin());
  assert.equal(cache.get(scope, 'fp_1')?.legal_name, 'NEW NAME');
});

test("the views held never take more than the cache's bytes, the least recently used going first", () => {
  const bound = profileViewBound<FiscalProfileView>(64 * 1024);
  const cache = new ProfileViewCache<FiscalProfileView>(new BoundedCache(bound));
  const scope = { organizationId: 'org_1', mode: 'test' as const };
  const ids = Array.from({ length: 500 }, (_, index) => `fp_${index}`);
  // Metadata of up to 50 keys of 500 characters: each view about 50 KB at most.
  const large = (id: string, index: number) => ({
    ...view(id),
    metadata: Object.fromEntries(Array.from({ length: 1 + (index % 50) }, (_, key) => [`k${key}`, 'x'.repeat(500)])),
  });
  ids.forEach((id, index) => cache.set(large(id, index), cache.begin()));
  const held = ids.flatMap((id, index) => (cache.get(scope, id) ? [bound.sizeOf(large(id, index), id)] : []));
  const bytes = held.reduce((sum, size) => sum + size, 0);
  assert.ok(held.length > 0 && bytes <= 64 * 1024, `${held.length} views of ${bytes} bytes in all`);
  assert.ok(cache.get(scope, 'fp_499'), 'the last view stored is held');
});
