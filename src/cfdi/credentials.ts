/**
 * Opening SAT credentials: a certificate (.cer DER or PEM) plus its private key (.key: PKCS#8
 * encrypted DER as the SAT issues it, or PEM, encrypted or not) and the password. The private key
 * is decrypted once into a node KeyObject that callers cache and reuse for every seal.
 *
 * A .key file chooses its own PBKDF2 iteration count: it is read first and refused above
 * MAX_KEY_ITERATIONS. The asynchronous openers (`openCsdAsync`, …) derive the key on libuv's
 * thread pool, so that even an allowed count never holds the event loop.
 */
import { createDecipheriv, createPrivateKey, pbkdf2, type KeyObject } from 'node:crypto';
import { promisify } from 'node:util';
import { keyEncryptionOf, type KeyEncryption } from './pkcs8.ts';
import { CredentialError, readCertificate } from './certificate.ts';
import type { CredentialKind, SatCertificate } from './certificate.ts';
import { DerTag, derChildren, readDerDocument } from './der.ts';

export { CredentialError, readCertificate } from './certificate.ts';
export type { CredentialErrorCode, CredentialKind, SatCertificate } from './certificate.ts';

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
    throw new CredentialError(
      'credential.unsupported_key',
      `The private key is ${key.asymmetricKeyType}, not RSA.`,
      `La llave privada es ${key.asymmetricKeyType}, no RSA.`,
    );
  }
  return key;
}

/**
 * The most PBKDF2 (or PBES1) iterations a .key file may ask for. The SAT's tools use 2,048; a
 * million takes a few hundred milliseconds of one thread, and 2^31 − 1 would take many minutes.
 */
export const MAX_KEY_ITERATIONS = 1_000_000;

/** Reads an encrypted key's scheme and refuses a cost above MAX_KEY_ITERATIONS, before any derivation. */
function affordableEncryption(der: Buffer): KeyEncryption | undefined {
  let encryption: KeyEncryption | undefined;
  try {
    encryption = keyEncryptionOf(der);
  } catch {
    throw new CredentialError(
      'credential.not_a_private_key',
      "The encrypted private key's parameters are damaged.",
      'Los parámetros de cifrado de la llave privada están dañados.',
    );
  }
  if (encryption && encryption.iterations > MAX_KEY_ITERATIONS) {
    const count = Number.isFinite(encryption.iterations) ? encryption.iterations.toLocaleString('en-US') : 'more than 2^48';
    const countEs = Number.isFinite(encryption.iterations) ? encryption.iterations.toLocaleString('es-MX') : 'más de 2^48';
    throw new CredentialError(
      'credential.key_too_costly',
      `The private key asks for ${count} key-derivation iterations; at most ${MAX_KEY_ITERATIONS.toLocaleString('en-US')} are accepted (the SAT's tools use 2,048). Export the key again with fewer iterations.`,
      `La llave privada pide ${countEs} iteraciones de derivación; se aceptan como máximo ${MAX_KEY_ITERATIONS.toLocaleString('es-MX')} (las herramientas del SAT usan 2,048). Exporte la llave de nuevo con menos iteraciones.`,
    );
  }
  return encryption;
}

type KeyShape = 'encrypted-pkcs8' | 'pkcs8' | 'pkcs1';

function readDerKey(der: Buffer, password: string | undefined): KeyObject {
  const shape = derKeyShape(der);
  if (shape === 'encrypted-pkcs8') {
    affordableEncryption(der);
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
  throw new CredentialError(
    'credential.not_a_private_key',
    'The data is not a private key (PKCS#8 or PKCS#1 DER).',
    'El archivo no es una llave privada (PKCS#8 o PKCS#1 DER).',
  );
}

function readPemKey(text: string, password: string | undefined): KeyObject {
  const match = /-----BEGIN ((?:ENCRYPTED |RSA )?PRIVATE KEY)-----[\s\S]*?-----END \1-----/.exec(text);
  if (match === null)
    throw new CredentialError('credential.not_a_private_key', 'The PEM holds no PRIVATE KEY block.', 'El PEM no contiene un bloque PRIVATE KEY.');
  const block = match[0];
  // Legacy "Proc-Type: 4,ENCRYPTED" PEM derives its key with one MD5 pass: no cost to judge.
  const encrypted = match[1] === 'ENCRYPTED PRIVATE KEY' || /Proc-Type:\s*4,ENCRYPTED/.test(block);
  if (match[1] === 'ENCRYPTED PRIVATE KEY') affordableEncryption(pemBody(block));
  if (encrypted) return decrypt(password, () => createPrivateKey({ key: block, format: 'pem', passphrase: password }));
  return plain(() => createPrivateKey({ key: block, format: 'pem' }));
}

function pemBody(block: string): Buffer {
  return Buffer.from(block.replace(/-----[^-]+-----/g, '').replace(/\s+/g, ''), 'base64');
}

function requirePassword(password: string | undefined): asserts password is string {
  // OpenSSL would try to prompt on a terminal for a missing passphrase; never let it get there.
  if (password === undefined || password === '') {
    throw new CredentialError(
      'credential.password_required',
      'The private key is encrypted and needs its password.',
      'La llave privada está cifrada y requiere su contraseña.',
    );
  }
}

const wrongPassword = () =>
  new CredentialError('credential.wrong_password', 'The password does not decrypt the private key.', 'La contraseña no abre la llave privada.');

function decrypt(password: string | undefined, open: () => KeyObject): KeyObject {
  requirePassword(password);
  try {
    return open();
  } catch {
    // The structure was already recognised as an encrypted key, so a failure is the password
    // (a wrong password may fail at the padding or, rarely, at parsing the decrypted bytes).
    throw wrongPassword();
  }
}

const pbkdf2Async = promisify(pbkdf2);

/**
 * `readPrivateKey` with the key derivation of a PBES2 key (every SAT .key) on the thread pool;
 * the rest (deciphering a few KB, parsing the key) is microseconds. Other inputs are cheap or
 * bounded by MAX_KEY_ITERATIONS and are read as `readPrivateKey` reads them.
 */
export async function readPrivateKeyAsync(input: Uint8Array | string, password?: string): Promise<KeyObject> {
  const text = typeof input === 'string' ? input : Buffer.from(input).toString('latin1');
  const pem = text.includes('-----BEGIN') ? /-----BEGIN ENCRYPTED PRIVATE KEY-----[\s\S]*?-----END ENCRYPTED PRIVATE KEY-----/.exec(text) : null;
  const der = pem ? pemBody(pem[0]) : typeof input === 'string' ? undefined : Buffer.from(input);
  const encryption = der === undefined ? undefined : affordableEncryption(der);
  if (encryption?.scheme !== 'pbes2') return readPrivateKey(input, password);
  requirePassword(password);
  const derived = await pbkdf2Async(password, encryption.salt, encryption.iterations, encryption.keyLength, encryption.prf);
  let key: KeyObject;
  try {
    const decipher = createDecipheriv(encryption.cipher, derived, encryption.iv);
    const plainKey = Buffer.concat([decipher.update(encryption.encrypted), decipher.final()]);
    key = createPrivateKey({ key: plainKey, format: 'der', type: 'pkcs8' });
  } catch {
    throw wrongPassword();
  }
  if (key.asymmetricKeyType !== 'rsa') {
    throw new CredentialError(
      'credential.unsupported_key',
      `The private key is ${key.asymmetricKeyType}, not RSA.`,
      `La llave privada es ${key.asymmetricKeyType}, no RSA.`,
    );
  }
  return key;
}

function plain(open: () => KeyObject): KeyObject {
  try {
    return open();
  } catch {
    throw new CredentialError(
      'credential.not_a_private_key',
      'The private key data is damaged or of an unsupported type.',
      'La llave privada está dañada o es de un tipo no admitido.',
    );
  }
}

/** Opens a certificate and its key and checks that they are a pair (no kind or date checks). */
export function openCredential(certificate: Uint8Array | string, key: Uint8Array | string, password?: string): SatCredential {
  return pair(readCertificate(certificate), key, password);
}

function pair(parsed: SatCertificate, key: Uint8Array | string, password: string | undefined): SatCredential {
  return matched(parsed, readPrivateKey(key, password));
}

function matched(parsed: SatCertificate, privateKey: KeyObject): SatCredential {
  if (!parsed.x509.checkPrivateKey(privateKey)) {
    throw new CredentialError(
      'credential.key_mismatch',
      `The private key does not belong to certificate ${parsed.serialNumber} (${parsed.rfc}).`,
      `La llave privada no corresponde al certificado ${parsed.serialNumber} (${parsed.rfc}).`,
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
  return pair(certificateOfKind(kind, certificate, options), key, password);
}

// The certificate alone settles kind and dates, so those errors come before any key decryption.
function certificateOfKind(kind: CredentialKind, certificate: Uint8Array | string, options: ValidityOptions): SatCertificate {
  const parsed = readCertificate(certificate);
  assertKind(parsed, kind);
  assertValidAt(parsed, options.now);
  return parsed;
}

/** `openCredential` with the key derived off the event loop (see readPrivateKeyAsync): for keys that come from outside. */
export async function openCredentialAsync(certificate: Uint8Array | string, key: Uint8Array | string, password?: string): Promise<SatCredential> {
  const parsed = readCertificate(certificate);
  return matched(parsed, await readPrivateKeyAsync(key, password));
}

/** `openCsd` with the key derived off the event loop. */
export async function openCsdAsync(
  certificate: Uint8Array | string,
  key: Uint8Array | string,
  password: string,
  options: ValidityOptions,
): Promise<SatCredential> {
  const parsed = certificateOfKind('csd', certificate, options);
  return matched(parsed, await readPrivateKeyAsync(key, password));
}

/** `openFiel` with the key derived off the event loop. */
export async function openFielAsync(
  certificate: Uint8Array | string,
  key: Uint8Array | string,
  password: string,
  options: ValidityOptions,
): Promise<SatCredential> {
  const parsed = certificateOfKind('fiel', certificate, options);
  return matched(parsed, await readPrivateKeyAsync(key, password));
}

export function assertKind(certificate: SatCertificate, kind: CredentialKind): void {
  if (certificate.kind === kind) return;
  if (kind === 'csd') {
    // Anexo 20 / RMF: a CFDI is sealed with a CSD; the e.firma must not be used for it.
    throw new CredentialError(
      'credential.not_a_csd',
      `Certificate ${certificate.serialNumber} is an e.firma (FIEL), not a CSD: ${certificate.kindReason}.`,
      `El certificado ${certificate.serialNumber} es de e.firma (FIEL), no un CSD.`,
    );
  }
  throw new CredentialError(
    'credential.not_a_fiel',
    `Certificate ${certificate.serialNumber} is a CSD, not an e.firma (FIEL): ${certificate.kindReason}.`,
    `El certificado ${certificate.serialNumber} es un CSD, no una e.firma (FIEL).`,
  );
}

function assertValidAt(certificate: SatCertificate, now: Date): void {
  if (now.getTime() < certificate.validFrom.getTime()) {
    throw new CredentialError(
      'credential.not_yet_valid',
      `Certificate ${certificate.serialNumber} is valid from ${certificate.validFrom.toISOString()}.`,
      `El certificado ${certificate.serialNumber} es vigente a partir del ${certificate.validFrom.toISOString()}.`,
    );
  }
  if (now.getTime() > certificate.validTo.getTime()) {
    throw new CredentialError(
      'credential.expired',
      `Certificate ${certificate.serialNumber} expired on ${certificate.validTo.toISOString()}.`,
      `El certificado ${certificate.serialNumber} venció el ${certificate.validTo.toISOString()}.`,
    );
  }
}
