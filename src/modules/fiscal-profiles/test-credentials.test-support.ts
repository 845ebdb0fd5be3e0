/**
 * SAT-shaped CSD and FIEL made on the spot, so the module's tests run without ../shared: an RSA
 * key pair and a certificate whose subject carries the SAT fields (x500UniqueIdentifier = RFC,
 * name, OU = branch for a CSD) and the SAT keyUsage bits, with the key exported as the SAT issues
 * it (encrypted PKCS#8 DER).
 */
import 'reflect-metadata';
import { createPrivateKey, webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';

x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);

type CryptoKeyPair = webcrypto.CryptoKeyPair;

const RSA = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256', publicExponent: new Uint8Array([1, 0, 1]), modulusLength: 2048 } as const;
const YEAR_MS = 365.25 * 24 * 3_600_000;

export interface MadeCredential {
  rfc: string;
  kind: 'csd' | 'fiel';
  /** The NoCertificado (20 digits). */
  serial: string;
  /** The .cer (DER). */
  cer: Buffer;
  /** The .key: encrypted PKCS#8 DER. */
  key: Buffer;
  password: string;
  /** The private key unencrypted, as PEM: must never be found in storage. */
  plainKeyPem: string;
  validFrom: Date;
  validTo: Date;
}

export interface MakeOptions {
  rfc: string;
  kind: 'csd' | 'fiel';
  name?: string;
  validFrom?: Date;
  validTo?: Date;
  password?: string;
}

let serialCounter = 0;

function nextSerial(): string {
  serialCounter += 1;
  return `3000100000099${String(process.pid % 1000).padStart(3, '0')}${String(serialCounter).padStart(4, '0')}`;
}

export async function makeCredential(options: MakeOptions): Promise<MadeCredential> {
  const name = options.name ?? `CONTRIBUYENTE DE PRUEBA ${options.rfc} SA DE CV`;
  const validFrom = options.validFrom ?? new Date('2025-01-01T00:00:00Z');
  const validTo = options.validTo ?? new Date(validFrom.getTime() + 4 * YEAR_MS);
  const password = options.password ?? `pw-${options.rfc}-${options.kind}`;
  const serial = nextSerial();
  const keys = (await webcrypto.subtle.generateKey(RSA, true, ['sign', 'verify'])) as CryptoKeyPair;
  const subject: x509.JsonName = [{ CN: [name] }, { '2.5.4.41': [name] }, { O: [name] }, { '2.5.4.45': [options.rfc] }];
  if (options.kind === 'csd') subject.push({ OU: ['Sucursal 1'] });
  const signing = x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.nonRepudiation;
  const usage = options.kind === 'fiel' ? signing | x509.KeyUsageFlags.dataEncipherment | x509.KeyUsageFlags.keyAgreement : signing;
  const certificate = await x509.X509CertificateGenerator.createSelfSigned({
    // The SAT writes the NoCertificado's ASCII digits as the serial number's bytes.
    serialNumber: Buffer.from(serial, 'latin1').toString('hex'),
    name: subject,
    notBefore: validFrom,
    notAfter: validTo,
    signingAlgorithm: RSA,
    keys,
    extensions: [new x509.KeyUsagesExtension(usage, true)],
  });
  const pkcs8 = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey));
  const privateKey = createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' });
  return {
    rfc: options.rfc,
    kind: options.kind,
    serial,
    cer: Buffer.from(certificate.rawData),
    key: privateKey.export({ format: 'der', type: 'pkcs8', cipher: 'aes-256-cbc', passphrase: password }),
    password,
    plainKeyPem: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
    validFrom,
    validTo,
  };
}

/** The JSON form of a credential: `{cer_base64, key_base64, password}`. */
export function asJson(credential: Pick<MadeCredential, 'cer' | 'key' | 'password'>) {
  return { cer_base64: credential.cer.toString('base64'), key_base64: credential.key.toString('base64'), password: credential.password };
}
