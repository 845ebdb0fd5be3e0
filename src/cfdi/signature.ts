/**
 * The one signature scheme of CFDI 3.3/4.0 seals and of the TFD 1.1 SelloSAT (Anexo 20):
 * RSA PKCS#1 v1.5 with SHA-256 over the UTF-8 bytes of a cadena original, in base64.
 */
import { sign, verify, type KeyObject } from 'node:crypto';

const SEAL_DIGEST = 'sha256';

/** Strict base64 as the seal attributes carry it: no whitespace, padding only at the end. */
const base64Pattern = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** Signs on libuv's thread pool, so that many seals run in parallel off the event loop. */
export function signCadena(cadena: string, privateKey: KeyObject): Promise<string> {
  const data = Buffer.from(cadena, 'utf8');
  return new Promise((resolve, reject) => {
    sign(SEAL_DIGEST, data, privateKey, (error, signature) => {
      if (error) reject(error);
      else resolve(signature.toString('base64'));
    });
  });
}

export function signCadenaSync(cadena: string, privateKey: KeyObject): string {
  return sign(SEAL_DIGEST, Buffer.from(cadena, 'utf8'), privateKey).toString('base64');
}

export type SignatureCheck =
  /** The signature verifies against the cadena with the public key. */
  | 'valid'
  /** The attribute is absent or empty. */
  | 'missing'
  /** Not strict base64, or not as long as the key's modulus: it cannot be an RSA signature of that key. */
  | 'malformed'
  /** Well-formed, but it does not verify: the data or the seal changed, or another key signed. */
  | 'mismatch';

/** Checks a base64 RSA-SHA256 signature of `cadena`. Never throws for bad input. */
export function checkSignature(cadena: string, signature: string | undefined, publicKey: KeyObject): SignatureCheck {
  const bytes = signatureBytes(signature, publicKey);
  if (typeof bytes === 'string') return bytes;
  try {
    return verify(SEAL_DIGEST, Buffer.from(cadena, 'utf8'), publicKey, bytes) ? 'valid' : 'mismatch';
  } catch {
    return 'mismatch';
  }
}

function signatureBytes(signature: string | undefined, publicKey: KeyObject): Buffer | 'missing' | 'malformed' {
  if (signature === undefined || signature === '') return 'missing';
  if (!base64Pattern.test(signature)) return 'malformed';
  const bytes = Buffer.from(signature, 'base64');
  const modulusBits = publicKey.asymmetricKeyDetails?.modulusLength;
  if (modulusBits !== undefined && bytes.length !== Math.ceil(modulusBits / 8)) return 'malformed';
  return bytes;
}
