/**
 * EncryptedPrivateKeyInfo built by hand with any PBKDF2 iteration count, for tests of the cost
 * cap: encrypting with 2^31 − 1 iterations would itself take minutes, so the tests encrypt with
 * a cheap count and then write the count they want into the parameters.
 */
import { createCipheriv, pbkdf2Sync, randomBytes, type KeyObject } from 'node:crypto';

function length(size: number): Buffer {
  if (size < 0x80) return Buffer.from([size]);
  const bytes: number[] = [];
  for (let rest = size; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest % 256);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

const der = (tag: number, ...content: Buffer[]): Buffer => {
  const body = Buffer.concat(content);
  return Buffer.concat([Buffer.from([tag]), length(body.length), body]);
};

function integer(value: number): Buffer {
  const bytes: number[] = [];
  for (let rest = value; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest % 256);
  if (bytes.length === 0 || bytes[0]! & 0x80) bytes.unshift(0);
  return der(0x02, Buffer.from(bytes));
}

function oid(dotted: string): Buffer {
  const [first = 0, second = 0, ...rest] = dotted.split('.').map(Number);
  const bytes = [first * 40 + second];
  for (const arc of rest) {
    const groups: number[] = [];
    for (let value = arc; ; value = Math.floor(value / 128)) {
      groups.unshift(value % 128);
      if (value < 128) break;
    }
    bytes.push(...groups.map((group, index) => (index < groups.length - 1 ? group | 0x80 : group)));
  }
  return der(0x06, Buffer.from(bytes));
}

/**
 * The key as PBES2 (PBKDF2-HMAC-SHA1, DES-EDE3-CBC, as the SAT issues .key files), encrypted with
 * `encryptWith` iterations and declaring `declare` (default: the same).
 */
export function encryptedKeyInfo(key: KeyObject, password: string, options: { encryptWith?: number; declare?: number } = {}): Buffer {
  const encryptWith = options.encryptWith ?? 2048;
  const salt = randomBytes(8);
  const iv = randomBytes(8);
  const derived = pbkdf2Sync(password, salt, encryptWith, 24, 'sha1');
  const cipher = createCipheriv('des-ede3-cbc', derived, iv);
  const plain = key.export({ format: 'der', type: 'pkcs8' });
  const encrypted = Buffer.concat([cipher.update(plain), cipher.final()]);
  const kdf = der(0x30, oid('1.2.840.113549.1.5.12'), der(0x30, der(0x04, salt), integer(options.declare ?? encryptWith)));
  const scheme = der(0x30, oid('1.2.840.113549.3.7'), der(0x04, iv));
  const algorithm = der(0x30, oid('1.2.840.113549.1.5.13'), der(0x30, kdf, scheme));
  return der(0x30, algorithm, der(0x04, encrypted));
}

/** The same as a PEM ENCRYPTED PRIVATE KEY block. */
export function encryptedKeyPem(info: Buffer): string {
  const lines = info.toString('base64').match(/.{1,64}/g) ?? [];
  return `-----BEGIN ENCRYPTED PRIVATE KEY-----\n${lines.join('\n')}\n-----END ENCRYPTED PRIVATE KEY-----\n`;
}
