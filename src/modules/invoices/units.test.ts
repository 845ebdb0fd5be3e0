import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ApiError } from '../../platform/errors/api-error.ts';
import { pollDelayMs } from './cancellation.ts';
import { FOLIO_RETRY_AFTER_SECONDS, withFolioRetries } from './folios.ts';
import { instantOf } from '../../cfdi/local-time.ts';
import { mergeInput, mergeMetadata } from './update-invoice.ts';

function databaseError(code: string): Error {
  return Object.assign(new Error(`database error ${code}`), { code });
}

test('a folio transaction is retried after a lock timeout, a deadlock or a serialization failure', async () => {
  const failures = ['55P03', '40P01'];
  let attempts = 0;
  const result = await withFolioRetries(async () => {
    attempts += 1;
    const code = failures.shift();
    if (code) throw databaseError(code);
    return 'created';
  }, undefined);
  assert.equal(result, 'created');
  assert.equal(attempts, 3);
});

test('after three failed attempts the create answers 409 folio_contention with Retry-After', async () => {
  let attempts = 0;
  await assert.rejects(
    withFolioRetries(async () => {
      attempts += 1;
      throw databaseError('40001');
    }, undefined),
    (error: unknown) => {
      assert.ok(error instanceof ApiError);
      assert.equal(error.code, 'invoice.folio_contention');
      assert.equal(error.status, 409);
      assert.equal(error.headers['Retry-After'], String(FOLIO_RETRY_AFTER_SECONDS));
      return true;
    },
  );
  assert.equal(attempts, 3);
});

test('a unique violation on an explicit folio is folio_taken, and other errors pass through untouched', async () => {
  await assert.rejects(
    withFolioRetries(
      async () => {
        throw databaseError('23505');
      },
      { serie: 'A', folio: '7' },
    ),
    (error: unknown) => error instanceof ApiError && error.code === 'invoice.folio_taken',
  );
  const other = new Error('boom');
  await assert.rejects(
    withFolioRetries(async () => {
      throw other;
    }, undefined),
    (error: unknown) => error === other,
  );
});

test('a local time names the instant of its zone (FechaTimbrado is Mexico City time)', () => {
  assert.equal(instantOf('2026-07-15T12:00:00', 'America/Mexico_City').toISOString(), '2026-07-15T18:00:00.000Z');
  assert.equal(instantOf('2026-07-15T12:00:00', 'America/Tijuana').toISOString(), '2026-07-15T19:00:00.000Z');
  assert.equal(instantOf('2026-01-15T12:00:00', 'America/Tijuana').toISOString(), '2026-01-15T20:00:00.000Z');
  assert.ok(Number.isNaN(instantOf('not a date', 'America/Mexico_City').getTime()));
});

test('the cancellation poller starts within minutes and settles at one poll an hour', () => {
  assert.equal(pollDelayMs(1), 60_000);
  assert.ok(pollDelayMs(3) > pollDelayMs(2));
  assert.equal(pollDelayMs(50), 3_600_000);
});

test('PATCH merges customer fields and metadata keys, and replaces the rest', () => {
  const current = {
    fiscal_profile_id: 'fp_x',
    customer: { rfc: 'URE180429TM6', name: 'A', cfdi_use: 'G03' },
    items: [{ unit_price: '1' }],
    metadata: { a: '1', b: '2' },
  };
  const merged = mergeInput(current, { customer: { name: 'B' }, items: [{ unit_price: '2' }], metadata: { a: '', c: '3' } });
  assert.deepEqual(merged.customer, { rfc: 'URE180429TM6', name: 'B', cfdi_use: 'G03' });
  assert.deepEqual(merged.items, [{ unit_price: '2' }]);
  assert.deepEqual(merged.metadata, { b: '2', c: '3' });
  assert.deepEqual(mergeMetadata({ a: '1' }, undefined), { a: '1' });
});
