/**
 * The password-based encryption of a PKCS#8 EncryptedPrivateKeyInfo (RFC 5958, PKCS#5 v2.1 /
 * RFC 8018), read before any key derivation so that its cost can be judged first: a .key file
 * chooses its own PBKDF2 iteration count, and 2^31 − 1 iterations hold a CPU for minutes.
 *
 * EncryptedPrivateKeyInfo ::= SEQUENCE { AlgorithmIdentifier, encryptedData OCTET STRING }
 * PBES2-params ::= SEQUENCE { keyDerivationFunc AlgorithmIdentifier (PBKDF2), encryptionScheme AlgorithmIdentifier }
 * PBKDF2-params ::= SEQUENCE { salt OCTET STRING, iterationCount INTEGER, keyLength INTEGER OPTIONAL, prf AlgorithmIdentifier DEFAULT hmacWithSHA1 }
 * PBES1 (PKCS#5 v1.5 and PKCS#12) params ::= SEQUENCE { salt OCTET STRING, iterationCount INTEGER }
 */
import { DerTag, derChildren, derObjectIdentifier, expectTag, readDerDocument, type DerNode } from './der.ts';

const PBES2 = '1.2.840.113549.1.5.13';
const PBKDF2 = '1.2.840.113549.1.5.12';

/** PBKDF2's pseudo-random functions, by OID, as node:crypto digest names. */
const PRFS: Record<string, string> = {
  '1.2.840.113549.2.7': 'sha1',
  '1.2.840.113549.2.8': 'sha224',
  '1.2.840.113549.2.9': 'sha256',
  '1.2.840.113549.2.10': 'sha384',
  '1.2.840.113549.2.11': 'sha512',
};

/** PBES2 encryption schemes, by OID: node:crypto cipher name and key length. */
const CIPHERS: Record<string, { cipher: string; keyLength: number }> = {
  '1.2.840.113549.3.7': { cipher: 'des-ede3-cbc', keyLength: 24 },
  '1.3.14.3.2.7': { cipher: 'des-cbc', keyLength: 8 },
  '2.16.840.1.101.3.4.1.2': { cipher: 'aes-128-cbc', keyLength: 16 },
  '2.16.840.1.101.3.4.1.22': { cipher: 'aes-192-cbc', keyLength: 24 },
  '2.16.840.1.101.3.4.1.42': { cipher: 'aes-256-cbc', keyLength: 32 },
};

/** PBES2 with PBKDF2 and a CBC cipher: what the SAT's .key files use (PBKDF2-HMAC-SHA1, 3DES). */
interface Pbes2Encryption {
  scheme: 'pbes2';
  iterations: number;
  salt: Buffer;
  prf: string;
  keyLength: number;
  cipher: string;
  iv: Buffer;
  encrypted: Buffer;
}

/** Any other password-based scheme (PBES1, PKCS#12 PBE, PBES2 with other parts): only its cost is read. */
interface OtherEncryption {
  scheme: 'other';
  iterations: number;
}

export type KeyEncryption = Pbes2Encryption | OtherEncryption;

/** An INTEGER as a number; values beyond 2^48 come back as Infinity (no iteration count is that large honestly). */
function integer(node: DerNode | undefined): number {
  const bytes = expectTag(node, DerTag.integer, 'an INTEGER').content;
  if (bytes.length === 0 || (bytes[0]! & 0x80) !== 0) return 0;
  let value = 0;
  for (const byte of bytes) value = value * 256 + byte;
  return value > 2 ** 48 ? Number.POSITIVE_INFINITY : value;
}

/** The iteration count of PBES1-style parameters (salt, iterations), or 0 when they are not that shape. */
function pbes1Iterations(parameters: DerNode | undefined): number {
  if (parameters?.tag !== DerTag.sequence) return 0;
  const [salt, iterations] = derChildren(parameters);
  return salt?.tag === DerTag.octetString && iterations?.tag === DerTag.integer ? integer(iterations) : 0;
}

function pbes2(parameters: DerNode | undefined, encrypted: Buffer): KeyEncryption {
  const [kdf, scheme] = derChildren(expectTag(parameters, DerTag.sequence, 'PBES2 parameters'));
  const [kdfOid, kdfParameters] = derChildren(expectTag(kdf, DerTag.sequence, 'a key derivation function'));
  if (derObjectIdentifier(kdfOid!) !== PBKDF2) return { scheme: 'other', iterations: pbes1Iterations(kdfParameters) };
  const [salt, iterations, ...optional] = derChildren(expectTag(kdfParameters, DerTag.sequence, 'PBKDF2 parameters'));
  const count = integer(iterations);
  const keyLengthNode = optional[0]?.tag === DerTag.integer ? optional.shift() : undefined;
  const prfNode = optional[0];
  const prf = prfNode === undefined ? 'sha1' : PRFS[derObjectIdentifier(derChildren(expectTag(prfNode, DerTag.sequence, 'a PRF'))[0]!)];
  const [cipherOid, iv] = derChildren(expectTag(scheme, DerTag.sequence, 'an encryption scheme'));
  const cipher = CIPHERS[derObjectIdentifier(cipherOid!)];
  if (prf === undefined || cipher === undefined || iv?.tag !== DerTag.octetString || salt?.tag !== DerTag.octetString) {
    return { scheme: 'other', iterations: count };
  }
  const keyLength = keyLengthNode === undefined ? cipher.keyLength : integer(keyLengthNode);
  if (keyLength !== cipher.keyLength) return { scheme: 'other', iterations: count };
  return { scheme: 'pbes2', iterations: count, salt: salt.content, prf, keyLength, cipher: cipher.cipher, iv: iv.content, encrypted };
}

/**
 * How an EncryptedPrivateKeyInfo is protected, or undefined when `der` is not one (a plain key,
 * or not DER at all). Structural surprises inside a recognised EncryptedPrivateKeyInfo throw.
 */
export function keyEncryptionOf(der: Buffer): KeyEncryption | undefined {
  let algorithm: DerNode | undefined;
  let data: DerNode | undefined;
  try {
    [algorithm, data] = derChildren(readDerDocument(der));
  } catch {
    return undefined;
  }
  if (algorithm?.tag !== DerTag.sequence || data?.tag !== DerTag.octetString) return undefined;
  const [oid, parameters] = derChildren(algorithm);
  const scheme = derObjectIdentifier(expectTag(oid, DerTag.objectIdentifier, 'an algorithm'));
  return scheme === PBES2 ? pbes2(parameters, data.content) : { scheme: 'other', iterations: pbes1Iterations(parameters) };
}
