import { randomBytes } from 'node:crypto';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  EnvelopeError,
  associatedData,
  decryptSecret,
  encryptSecret,
  newDataKey,
  rewrapDataKey,
  unwrapDataKey,
  wrapDataKey,
  wrappingKeyId,
} from './envelope.ts';
import { MasterKeyring, masterKeyId } from './master-key.ts';

const rowA = associatedData({ table: 'fiscal_profiles', rowId: 'fp_a', organizationId: 'org_1', field: 'csd_key' });
const rowB = associatedData({ table: 'fiscal_profiles', rowId: 'fp_b', organizationId: 'org_1', field: 'csd_key' });

function assertEnvelopeError(run: () => unknown, code: EnvelopeError['code']): void {
  assert.throws(run, (error: unknown) => error instanceof EnvelopeError && error.code === code);
}

describe('envelope encryption', () => {
  const keyring = MasterKeyring.fromKeys(randomBytes(32));

  test('a secret round-trips through a data key wrapped by the master key', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 4096 }), (bytes) => {
        const dataKey = newDataKey();
        const wrapped = wrapDataKey(keyring, dataKey, rowA);
        const sealed = encryptSecret(dataKey, bytes, rowA);
        const unwrapped = unwrapDataKey(keyring, wrapped, rowA);
        assert.deepEqual(decryptSecret(unwrapped, sealed, rowA), Buffer.from(bytes));
      }),
      { numRuns: 50 },
    );
  });

  test('each encryption uses a fresh IV, so equal secrets give different ciphertexts', () => {
    const dataKey = newDataKey();
    assert.notDeepEqual(encryptSecret(dataKey, 'same', rowA), encryptSecret(dataKey, 'same', rowA));
  });

  test('a ciphertext moved to another row or field does not decrypt (associated data)', () => {
    const dataKey = newDataKey();
    const sealed = encryptSecret(dataKey, 'password', rowA);
    const otherField = associatedData({ table: 'fiscal_profiles', rowId: 'fp_a', organizationId: 'org_1', field: 'csd_password' });
    const otherOrganization = associatedData({ table: 'fiscal_profiles', rowId: 'fp_a', organizationId: 'org_2', field: 'csd_key' });
    for (const aad of [rowB, otherField, otherOrganization]) assertEnvelopeError(() => decryptSecret(dataKey, sealed, aad), 'authentication_failed');
    const wrapped = wrapDataKey(keyring, dataKey, rowA);
    assertEnvelopeError(() => unwrapDataKey(keyring, wrapped, rowB), 'authentication_failed');
  });

  test('any altered byte of a ciphertext or a wrapped key is detected', () => {
    const dataKey = newDataKey();
    const sealed = encryptSecret(dataKey, 'a secret of some length', rowA);
    const wrapped = wrapDataKey(keyring, dataKey, rowA);
    for (let index = 1; index < sealed.length; index++) {
      const altered = Buffer.from(sealed);
      altered[index] = altered[index]! ^ 0x01;
      assertEnvelopeError(() => decryptSecret(dataKey, altered, rowA), 'authentication_failed');
    }
    for (let index = 5; index < wrapped.length; index++) {
      const altered = Buffer.from(wrapped);
      altered[index] = altered[index]! ^ 0x80;
      assertEnvelopeError(() => unwrapDataKey(keyring, altered, rowA), 'authentication_failed');
    }
    assertEnvelopeError(() => decryptSecret(dataKey, sealed.subarray(0, 20), rowA), 'malformed');
    assertEnvelopeError(() => unwrapDataKey(keyring, wrapped.subarray(1), rowA), 'malformed');
  });

  test('the wrong data key does not decrypt', () => {
    const sealed = encryptSecret(newDataKey(), 'secret', rowA);
    assertEnvelopeError(() => decryptSecret(newDataKey(), sealed, rowA), 'authentication_failed');
  });

  test('after a rotation, data keys wrapped by the previous master key still unwrap, and re-wrap under the new one', () => {
    const oldKey = randomBytes(32);
    const before = MasterKeyring.fromKeys(oldKey);
    const dataKey = newDataKey();
    const wrapped = wrapDataKey(before, dataKey, rowA);
    assert.equal(wrappingKeyId(wrapped), masterKeyId(oldKey));

    const rotated = MasterKeyring.fromKeys(randomBytes(32), [oldKey]);
    assert.deepEqual(unwrapDataKey(rotated, wrapped, rowA), dataKey);
    const rewrapped = rewrapDataKey(rotated, wrapped, rowA);
    assert.ok(rewrapped);
    assert.equal(wrappingKeyId(rewrapped), rotated.current.id);
    assert.deepEqual(unwrapDataKey(MasterKeyring.fromKeys(rotated.current.key), rewrapped, rowA), dataKey);
    assert.equal(rewrapDataKey(rotated, rewrapped, rowA), undefined, 'already under the current key');

    // Without the retired key the data key cannot be opened, and the error names the key id.
    assert.throws(
      () => unwrapDataKey(MasterKeyring.fromKeys(randomBytes(32)), wrapped, rowA),
      (error: unknown) => error instanceof EnvelopeError && error.code === 'unknown_master_key' && error.message.includes(masterKeyId(oldKey)),
    );
  });

  test('the stored bytes contain neither the plaintext nor the data key', () => {
    const dataKey = newDataKey();
    const secret = Buffer.from('-----BEGIN PRIVATE KEY-----MIIEvQIBADANBgkqhkiG9w0BAQEFAASC', 'utf8');
    const sealed = encryptSecret(dataKey, secret, rowA);
    const wrapped = wrapDataKey(keyring, dataKey, rowA);
    for (const stored of [sealed, wrapped]) {
      assert.equal(stored.indexOf(secret.subarray(0, 8)), -1);
      assert.equal(stored.indexOf(dataKey.subarray(0, 8)), -1);
      assert.equal(stored.indexOf(keyring.current.key.subarray(0, 8)), -1);
      assert.ok(!stored.toString('latin1').includes('PRIVATE KEY'));
    }
    assert.equal(sealed.length, 1 + 12 + 16 + secret.length, 'GCM adds only the version, IV and tag');
  });
});
