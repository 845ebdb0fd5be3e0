/**
 * The encrypted columns of a fiscal profile. Every profile has its own data key, wrapped by the
 * master key; each secret is encrypted under it with associated data naming the table, the row,
 * its organization and the column, so bytes copied to another row or column never decrypt.
 */
import { associatedData, decryptSecret, encryptSecret, newDataKey, unwrapDataKey, wrapDataKey, type MasterKeyring } from '../../platform/crypto/index.ts';

const TABLE = 'fiscal_profiles';

type SecretColumn = 'csd_private_key' | 'csd_password' | 'fiel_private_key' | 'fiel_password';

/** The row a secret belongs to. */
export interface ProfileOwner {
  id: string;
  organization_id: string;
}

function aad(owner: ProfileOwner, field: SecretColumn | 'data_key'): string {
  return associatedData({ table: TABLE, rowId: owner.id, organizationId: owner.organization_id, field });
}

export interface ProfileDataKey {
  dataKey: Buffer;
  wrapped: Buffer;
  masterKeyId: string;
}

/** A fresh data key for a new profile, and its wrapped form for the row. */
export function createProfileDataKey(keyring: MasterKeyring, owner: ProfileOwner): ProfileDataKey {
  const dataKey = newDataKey();
  return { dataKey, wrapped: wrapDataKey(keyring, dataKey, aad(owner, 'data_key')), masterKeyId: keyring.current.id };
}

export function openProfileDataKey(keyring: MasterKeyring, owner: ProfileOwner & { data_key: Uint8Array }): Buffer {
  return unwrapDataKey(keyring, owner.data_key, aad(owner, 'data_key'));
}

function sealColumn(dataKey: Buffer, owner: ProfileOwner, column: SecretColumn, plaintext: Uint8Array | string): Buffer {
  return encryptSecret(dataKey, plaintext, aad(owner, column));
}

function openColumn(dataKey: Buffer, owner: ProfileOwner, column: SecretColumn, sealed: Uint8Array): Buffer {
  return decryptSecret(dataKey, sealed, aad(owner, column));
}

/** The encrypted private key and password of one credential kind, for its two columns. */
export function sealCredential(
  dataKey: Buffer,
  owner: ProfileOwner,
  kind: 'csd' | 'fiel',
  credential: { privateKey: Buffer; password: string },
): { privateKey: Buffer; password: Buffer } {
  return {
    privateKey: sealColumn(dataKey, owner, `${kind}_private_key`, credential.privateKey),
    password: sealColumn(dataKey, owner, `${kind}_password`, credential.password),
  };
}

/** Decrypts a stored credential's private key bytes and password. */
export function openCredential(
  dataKey: Buffer,
  owner: ProfileOwner,
  kind: 'csd' | 'fiel',
  sealed: { privateKey: Uint8Array; password: Uint8Array },
): { privateKey: Buffer; password: string } {
  return {
    privateKey: openColumn(dataKey, owner, `${kind}_private_key`, sealed.privateKey),
    password: openColumn(dataKey, owner, `${kind}_password`, sealed.password).toString('utf8'),
  };
}
