/**
 * Opening SAT credentials: a certificate (.cer DER or PEM) plus its private key (.key: PKCS#8
 * encrypted DER as the SAT issues it, or PEM, encrypted or not) and the password. The private key
 * is decrypted once into a node KeyObject that callers cache and reuse for every seal.
 */
import { createPrivateKey, type KeyObject } from 'node:crypto';
import { CredentialError, readCertificate } from './certificate.ts';
import type { CredentialKind, SatCertificate } from './certificate.ts';
import { DerTag, derChildren, readDerDocument } from './der.ts';

export { CredentialError, readCertificate } from './certificate.ts';
export type { CredentialErrorCode, CredentialKind, Persona, SatCertificate } from './certificate.ts';

export interface SatCredential {
  readonly certificate: SatCertificate;
  readonly privateKey: KeyObject;
}

export interface ValidityOptions {
  /** The instant the credential must be valid at (time is an argument: this engine has no clock). */
  readonly now: Date;
}

/**
 * Decrypts a private key. DER input must be PKCS#8 (EncryptedPrivateKeyInfo as in a SAT .key, or
 * plain PrivateKeyInfo) or PKCS#1; PEM input may be any of the PRIVATE KEY block types.
 */
export function readPrivateKey(input: Uint8Array | string, password?: string): KeyObject {
  const text = typeof input === 'string' ? input : Buffer.from(input).toString('latin1');
  const key = text.includes('-----BEGIN') ? readPemKey(text, password) : readDerKey(Buffer.from(input), password);
  if (key.asymmetricKeyType !== 'rsa') {
    // Anexo 20: the sello is an RSA PKCS#1 v1.5 signature; the SAT issues RSA keys only.
    throw new CredentialError('credential.unsupported_key', `The private key is ${key.asymmetricKeyType}, not RSA.`);
  }
  return key;
}

type KeyShape = 'encrypted-pkcs8' | 'pkcs8' | 'pkcs1';

function readDerKey(der: Buffer, password: string | undefined): KeyObject {
  const shape = derKeyShape(der);
  if (shape === 'encrypted-pkcs8') {
    return decrypt(password, () => createPrivateKey({ key: der, format: 'der', type: 'pkcs8', passphrase: password }));
  }
  return plain(() => createPrivateKey({ key: der, format: 'der', type: shape }));
}

function derKeyShape(der: Buffer): KeyShape {
  try {
    const [first, second] = derChildren(readDerDocument(der));
    // EncryptedPrivateKeyInfo ::= SEQUENCE { AlgorithmIdentifier, OCTET STRING }
    if (first?.tag === DerTag.sequence && second?.tag === DerTag.octetString) return 'encrypted-pkcs8';
    // PrivateKeyInfo ::= SEQUENCE { INTEGER version, AlgorithmIdentifier, ... }; RSAPrivateKey is all INTEGERs.
    if (first?.tag === DerTag.integer && second?.tag === DerTag.sequence) return 'pkcs8';
    if (first?.tag === DerTag.integer && second?.tag === DerTag.integer) return 'pkcs1';
  } catch {
    // fall through: not DER at all
  }
  throw new CredentialError('credential.not_a_private_key', 'The data is not a private key (PKCS#8 or PKCS#1 DER).');
}

function readPemKey(text: string, password: string | undefined): KeyObject {
  const match = /-----BEGIN ((?:ENCRYPTED |RSA )?PRIVATE KEY)-----[\s\S]*?-----END \1-----/.exec(text);
  if (match === null) throw new CredentialError('credential.not_a_private_key', 'The PEM holds no PRIVATE KEY block.');
  const block = match[0];
  const encrypted = match[1] === 'ENCRYPTED PRIVATE KEY' || /Proc-Type:\s*4,ENCRYPTED/.test(block);
  if (encrypted) return decrypt(password, () => createPrivateKey({ key: block, format: 'pem', passphrase: password }));
  return plain(() => createPrivateKey({ key: block, format: 'pem' }));
}

function decrypt(password: string | undefined, open: () => KeyObject): KeyObject {
  // OpenSSL would try to prompt on a terminal for a missing passphrase; never let it get there.
  if (password === undefined || password === '') {
    throw new CredentialError('credential.password_required', 'The private key is encrypted and needs its password.');
  }
  try {
    return open();
  } catch {
    // The structure was already recognised as an encrypted key, so a failure is the password
    // (a wrong password may fail at the padding or, rarely, at parsing the decrypted bytes).
    throw new CredentialError('credential.wrong_password', 'The password does not decrypt the private key.');
  }
}

function plain(open: () => KeyObject): KeyObject {
  try {
    return open();
  } catch {
    throw new CredentialError('credential.not_a_private_key', 'The private key data is damaged or of an unsupported type.');
  }
}

/** Opens a certificate and its key and checks that they are a pair (no kind or date checks). */
export function openCredential(certificate: Uint8Array | string, key: Uint8Array | string, password?: string): SatCredential {
  return pair(readCertificate(certificate), key, password);
}

function pair(parsed: SatCertificate, key: Uint8Array | string, password: string | undefined): SatCredential {
  const privateKey = readPrivateKey(key, password);
  if (!parsed.x509.checkPrivateKey(privateKey)) {
    throw new CredentialError(
      'credential.key_mismatch',
      `The private key does not belong to certificate ${parsed.serialNumber} (${parsed.rfc}).`,
    );
  }
  return { certificate: parsed, privateKey };
}

/** Opens a CSD (certificado de sello digital), the only credential a CFDI may be sealed with. */
export function openCsd(certificate: Uint8Array | string, key: Uint8Array | string, password: string, options: ValidityOptions): SatCredential {
  return openOfKind('csd', certificate, key, password, options);
}

/** Opens an e.firma (FIEL), the credential for SAT web services such as descarga masiva. */
export function openFiel(certificate: Uint8Array | string, key: Uint8Array | string, password: string, options: ValidityOptions): SatCredential {
  return openOfKind('fiel', certificate, key, password, options);
}

function openOfKind(
  kind: CredentialKind,
  certificate: Uint8Array | string,
  key: Uint8Array | string,
  password: string,
  options: ValidityOptions,
): SatCredential {
  // The certificate alone settles kind and dates, so those errors come before any key decryption.
  const parsed = readCertificate(certificate);
  assertKind(parsed, kind);
  assertValidAt(parsed, options.now);
  return pair(parsed, key, password);
}

export function assertKind(certificate: SatCertificate, kind: CredentialKind): void {
  if (certificate.kind === kind) return;
  if (kind === 'csd') {
    // Anexo 20 / RMF: a CFDI is sealed with a CSD; the e.firma must not be used for it.
    throw new CredentialError(
      'credential.not_a_csd',
      `Certificate ${certificate.serialNumber} is an e.firma (FIEL), not a CSD: ${certificate.kindReason}.`,
    );
  }
  throw new CredentialError(
    'credential.not_a_fiel',
    `Certificate ${certificate.serialNumber} is a CSD, not an e.firma (FIEL): ${certificate.kindReason}.`,
  );
}

export function assertValidAt(certificate: SatCertificate, now: Date): void {
  if (now.getTime() < certificate.validFrom.getTime()) {
    throw new CredentialError(
      'credential.not_yet_valid',
      `Certificate ${certificate.serialNumber} is valid from ${certificate.validFrom.toISOString()}.`,
    );
  }
  if (now.getTime() > certificate.validTo.getTime()) {
    throw new CredentialError(
      'credential.expired',
      `Certificate ${certificate.serialNumber} expired on ${certificate.validTo.toISOString()}.`,
    );
  }
}
