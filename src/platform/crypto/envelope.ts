/**
 * Envelope encryption with AES-256-GCM (NIST SP 800-38D). Each protected row has its own random
 * 32-byte data key; the data key is stored wrapped (encrypted) under the master key, whose id
 * travels inside the wrapped bytes so the master key can rotate. Each secret is encrypted under
 * the data key with associated data that names its row and field, so a ciphertext copied into
 * another row or field fails authentication instead of decrypting there.
 *
 * Layouts (all binary):
 *   wrapped data key: 0x01 | master key id (4 bytes) | IV (12) | tag (16) | encrypted key (32)
 *   secret:           0x01 | IV (12) | tag (16) | ciphertext
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { MasterKey, MasterKeyring } from './master-key.ts';

const FORMAT_VERSION = 1;
const IV_BYTES = 12; // the GCM nonce size recommended by SP 800-38D
const TAG_BYTES = 16;
const KEY_ID_BYTES = 4;
const DATA_KEY_BYTES = 32;
const WRAPPED_BYTES = 1 + KEY_ID_BYTES + IV_BYTES + TAG_BYTES + DATA_KEY_BYTES;

export type EnvelopeErrorCode = 'unknown_master_key' | 'malformed' | 'authentication_failed';

/** A wrapped key or secret that cannot be opened: wrong key, wrong row, or altered bytes. */
export class EnvelopeError extends Error {
  override readonly name = 'EnvelopeError';
  constructor(
    readonly code: EnvelopeErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The associated data of one protected value: the table, the row, its owner and the field. Both
 * sides of a decryption must build it the same way.
 */
export function associatedData(parts: { table: string; rowId: string; organizationId: string; field: string }): string {
  return `${parts.table}\u0000${parts.organizationId}\u0000${parts.rowId}\u0000${parts.field}`;
}

export function newDataKey(): Buffer {
  return randomBytes(DATA_KEY_BYTES);
}

function seal(key: Buffer, plaintext: Buffer, aad: string): { iv: Buffer; tag: Buffer; ciphertext: Buffer } {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return { iv, tag: cipher.getAuthTag(), ciphertext };
}

function open(key: Buffer, iv: Buffer, tag: Buffer, ciphertext: Buffer, aad: string, what: string): Buffer {
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(aad, 'utf8'));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]);
  } catch {
    throw new EnvelopeError('authentication_failed', `The ${what} does not authenticate: it was altered, or belongs to another row or field.`);
  }
}

/** Wraps a data key under the keyring's current master key, bound to `aad`. */
export function wrapDataKey(keyring: MasterKeyring, dataKey: Buffer, aad: string): Buffer {
  return wrapWith(keyring.current, dataKey, aad);
}

function wrapWith(master: MasterKey, dataKey: Buffer, aad: string): Buffer {
  if (dataKey.length !== DATA_KEY_BYTES) throw new EnvelopeError('malformed', `A data key must be ${DATA_KEY_BYTES} bytes.`);
  const { iv, tag, ciphertext } = seal(master.key, dataKey, aad);
  return Buffer.concat([Buffer.from([FORMAT_VERSION]), Buffer.from(master.id, 'hex'), iv, tag, ciphertext]);
}

/** The id of the master key that wrapped this data key. */
export function wrappingKeyId(wrapped: Uint8Array): string {
  const bytes = Buffer.from(wrapped);
  if (bytes.length !== WRAPPED_BYTES || bytes[0] !== FORMAT_VERSION) {
    throw new EnvelopeError('malformed', 'The wrapped data key has an unknown layout.');
  }
  return bytes.subarray(1, 1 + KEY_ID_BYTES).toString('hex');
}

/** Unwraps a data key with whichever master key (current or retired) wrapped it. */
export function unwrapDataKey(keyring: MasterKeyring, wrapped: Uint8Array, aad: string): Buffer {
  const bytes = Buffer.from(wrapped);
  const id = wrappingKeyId(bytes);
  const master = keyring.find(id);
  if (!master) {
    throw new EnvelopeError(
      'unknown_master_key',
      `The data key was wrapped by master key ${id}, which this process does not hold; add it to MASTER_KEY_PREVIOUS.`,
    );
  }
  let offset = 1 + KEY_ID_BYTES;
  const iv = bytes.subarray(offset, (offset += IV_BYTES));
  const tag = bytes.subarray(offset, (offset += TAG_BYTES));
  return open(master.key, iv, tag, bytes.subarray(offset), aad, 'wrapped data key');
}

/**
 * Re-wraps a data key under the current master key after a rotation; undefined when it already
 * is. The data key itself, and so every secret encrypted under it, stays the same.
 */
export function rewrapDataKey(keyring: MasterKeyring, wrapped: Uint8Array, aad: string): Buffer | undefined {
  if (wrappingKeyId(wrapped) === keyring.current.id) return undefined;
  return wrapDataKey(keyring, unwrapDataKey(keyring, wrapped, aad), aad);
}

/** Encrypts one secret under a data key, bound to `aad`. */
export function encryptSecret(dataKey: Buffer, plaintext: Uint8Array | string, aad: string): Buffer {
  const input = typeof plaintext === 'string' ? Buffer.from(plaintext, 'utf8') : Buffer.from(plaintext);
  const { iv, tag, ciphertext } = seal(dataKey, input, aad);
  return Buffer.concat([Buffer.from([FORMAT_VERSION]), iv, tag, ciphertext]);
}

export function decryptSecret(dataKey: Buffer, sealed: Uint8Array, aad: string): Buffer {
  const bytes = Buffer.from(sealed);
  if (bytes.length < 1 + IV_BYTES + TAG_BYTES || bytes[0] !== FORMAT_VERSION) {
    throw new EnvelopeError('malformed', 'The encrypted value has an unknown layout.');
  }
  const iv = bytes.subarray(1, 1 + IV_BYTES);
  const tag = bytes.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES);
  return open(dataKey, iv, tag, bytes.subarray(1 + IV_BYTES + TAG_BYTES), aad, 'encrypted value');
}
