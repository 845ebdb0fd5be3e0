import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { FiscalProfileView } from './repository.ts';
import { ProfileViewCache } from './view-cache.ts';

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

test('when full, the oldest entry goes first', () => {
  const cache = new ProfileViewCache<FiscalProfileView>(2);
  const scope = { organizationId: 'org_1', mode: 'test' as const };
  for (const id of ['fp_1', 'fp_2', 'fp_3']) cache.set(view(id), cache.begin());
  assert.equal(cache.get(scope, 'fp_1'), undefined);
  assert.ok(cache.get(scope, 'fp_2') && cache.get(scope, 'fp_3'));
});
