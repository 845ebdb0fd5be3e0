import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { createPrivateKey, generateKeyPairSync, sign, verify } from 'node:crypto';
import { satPath, skipWithoutShared } from '../../test/support/shared.ts';
import {
  CredentialError,
  MAX_KEY_ITERATIONS,
  openCredential,
  openCredentialAsync,
  openCsd,
  openFiel,
  readCertificate,
  readPrivateKey,
  readPrivateKeyAsync,
} from './credentials.ts';
import { keyEncryptionOf } from './pkcs8.ts';
import { encryptedKeyInfo, encryptedKeyPem } from './pkcs8.test-support.ts';
import type { CredentialErrorCode } from './credentials.ts';

interface Expected {
  folder: string;
  rfc: string;
  legalName: string;
  persona: 'fisica' | 'moral';
  kind: 'csd' | 'fiel';
  serialNumber: string;
  validFrom: string;
  validTo: string;
}

// The table of README §3 of the SAT kit (dates are UTC).
const expected: Expected[] = [
  {
    folder: 'EKU9003173C9_CSD_30001000000500003416',
    rfc: 'EKU9003173C9',
    legalName: 'ESCUELA KEMPER URGATE SA DE CV',
    persona: 'moral',
    kind: 'csd',
    serialNumber: '30001000000500003416',
    validFrom: '2023-05-18T11:43:51Z',
    validTo: '2027-05-18T11:43:51Z',
  },
  {
    folder: 'EKU9003173C9_FIEL_30001000000500003415',
    rfc: 'EKU9003173C9',
    legalName: 'ESCUELA KEMPER URGATE SA DE CV',
    persona: 'moral',
    kind: 'fiel',
    serialNumber: '30001000000500003415',
    validFrom: '2023-05-18T04:37:14Z',
    validTo: '2027-05-17T04:37:14Z',
  },
  {
    folder: 'ONO120726RX3_CSD_30001000000500003439',
    rfc: 'OÑO120726RX3',
    legalName: 'ORGANICOS ÑAVEZ OSORIO S.A DE C.V SA DE CV',
    persona: 'moral',
    kind: 'csd',
    serialNumber: '30001000000500003439',
    validFrom: '2023-05-18T12:55:16Z',
    validTo: '2027-05-18T12:55:16Z',
  },
  {
    folder: 'FUNK671228PH6_CSD_30001000000500003446',
    rfc: 'FUNK671228PH6',
    legalName: 'KARLA FUENTE NOLASCO',
    persona: 'fisica',
    kind: 'csd',
    serialNumber: '30001000000500003446',
    validFrom: '2023-05-18T14:35:37Z',
    validTo: '2027-05-18T14:35:37Z',
  },
  {
    folder: 'expired/XIQB891116QE4_CSD_30001000000400002336',
    rfc: 'XIQB891116QE4',
    legalName: 'BERENICE XIMO QUEZADA',
    persona: 'fisica',
    kind: 'csd',
    serialNumber: '30001000000400002336',
    validFrom: '2019-05-29T19:52:42Z',
    validTo: '2023-05-29T19:52:42Z',
  },
  {
    folder: 'expired/XIQB891116QE4_FIEL_30001000000400002311',
    rfc: 'XIQB891116QE4',
    legalName: 'BERENICE XIMO QUEZADA',
    persona: 'fisica',
    kind: 'fiel',
    serialNumber: '30001000000400002311',
    validFrom: '2019-05-28T21:58:42Z',
    validTo: '2023-05-27T21:58:42Z',
  },
  {
    folder: 'expired/H_E951128469_CSD_30001000000400002463',
    rfc: 'H&E951128469',
    legalName: 'HERRERIA & ELECTRICOS S DE CV',
    persona: 'moral',
    kind: 'csd',
    serialNumber: '30001000000400002463',
    validFrom: '2019-06-20T20:55:08Z',
    validTo: '2023-06-20T20:55:08Z',
  },
  {
    folder: 'expired/H_E951128469_FIEL_30001000000400002460',
    rfc: 'H&E951128469',
    legalName: 'HERRERIA & ELECTRICOS S DE CV',
    persona: 'moral',
    kind: 'fiel',
    serialNumber: '30001000000400002460',
    validFrom: '2019-06-20T17:02:40Z',
    validTo: '2023-06-19T17:02:40Z',
  },
  {
    folder: 'expired/EKU9003173C9_CSD_30001000000400002434',
    rfc: 'EKU9003173C9',
    legalName: 'ESCUELA KEMPER URGATE SA DE CV',
    persona: 'moral',
    kind: 'csd',
    serialNumber: '30001000000400002434',
    validFrom: '2019-06-17T19:44:14Z',
    validTo: '2023-06-17T19:44:14Z',
  },
  {
    folder: 'expired/CSD01_AAA010101AAA_30001000000300023708',
    rfc: 'AAA010101AAA',
    legalName: 'ACCEM SERVICIOS EMPRESARIALES SC',
    persona: 'moral',
    kind: 'csd',
    serialNumber: '30001000000300023708',
    validFrom: '2017-05-18T03:54:56Z',
    validTo: '2021-05-18T03:54:56Z',
  },
  {
    folder: 'expired/FIEL_AAA010101AAA_30001000000300023685',
    rfc: 'AAA010101AAA',
    legalName: 'ACCEM SERVICIOS EMPRESARIALES SC',
    persona: 'moral',
    kind: 'fiel',
    serialNumber: '30001000000300023685',
    validFrom: '2017-05-16T23:29:17Z',
    validTo: '2021-05-15T23:29:17Z',
  },
  {
    folder: 'expired/LAN7008173R5_CSD_20001000000300022815',
    rfc: 'LAN7008173R5',
    legalName: 'CINDEMEX SA DE CV',
    persona: 'moral',
    kind: 'csd',
    serialNumber: '20001000000300022815',
    validFrom: '2016-10-25T21:52:11Z',
    validTo: '2020-10-25T21:52:11Z',
  },
];

interface Folder {
  certificate: Buffer;
  key: Buffer;
  password: string;
  certificatePem: Buffer | undefined;
  keyPem: Buffer | undefined;
}

function folder(name: string): Folder {
  const directory = satPath('credentials', name);
  const files = fs.readdirSync(directory);
  const pick = (suffix: string) => files.find((file) => file.endsWith(suffix));
  const read = (file: string | undefined) => (file === undefined ? undefined : fs.readFileSync(path.join(directory, file)));
  return {
    certificate: read(pick('.cer'))!,
    key: read(pick('.key'))!,
    // README §3: the LAN7008173R5 password file ends with a newline.
    password: fs.readFileSync(path.join(directory, 'password.txt'), 'utf8').trim(),
    certificatePem: read(pick('.cer.pem')),
    keyPem: read(pick('.key.pem')),
  };
}

function assertCredentialError(action: () => unknown, code: CredentialErrorCode): void {
  assert.throws(action, (error: unknown) => {
    assert.ok(error instanceof CredentialError, `expected CredentialError, got ${String(error)}`);
    assert.equal(error.code, code);
    return true;
  });
}

const middle = (entry: Expected) => new Date((Date.parse(entry.validFrom) + Date.parse(entry.validTo)) / 2);
const open = (entry: Expected, files: Folder, now: Date) => (entry.kind === 'csd' ? openCsd : openFiel)(files.certificate, files.key, files.password, { now });

for (const entry of expected) {
  test(`${entry.folder}: the certificate reads as the SAT kit documents it`, { skip: skipWithoutShared }, () => {
    const files = folder(entry.folder);
    const certificate = readCertificate(files.certificate);
    assert.equal(certificate.rfc, entry.rfc);
    assert.equal(certificate.legalName, entry.legalName);
    assert.equal(certificate.persona, entry.persona);
    assert.equal(certificate.kind, entry.kind);
    assert.equal(certificate.serialNumber, entry.serialNumber);
    assert.equal(certificate.validFrom.toISOString(), new Date(entry.validFrom).toISOString());
    assert.equal(certificate.validTo.toISOString(), new Date(entry.validTo).toISOString());
    assert.equal(certificate.base64, files.certificate.toString('base64'));
    assert.deepEqual(certificate.der, files.certificate);
    assert.equal(certificate.branchName === undefined, entry.kind === 'fiel');
  });

  test(`${entry.folder}: opens with its password inside its validity and signs verifiably`, { skip: skipWithoutShared }, () => {
    const files = folder(entry.folder);
    const credential = open(entry, files, middle(entry));
    assert.equal(credential.certificate.rfc, entry.rfc);
    assert.equal(credential.privateKey.type, 'private');
    const data = Buffer.from('||4.0|prueba||');
    const signature = sign('sha256', data, credential.privateKey);
    assert.ok(verify('sha256', data, credential.certificate.publicKey, signature));
  });

  test(`${entry.folder}: refused before validFrom and after validTo`, { skip: skipWithoutShared }, () => {
    const files = folder(entry.folder);
    const before = new Date(Date.parse(entry.validFrom) - 1000);
    const after = new Date(Date.parse(entry.validTo) + 1000);
    assertCredentialError(() => open(entry, files, before), 'credential.not_yet_valid');
    assertCredentialError(() => open(entry, files, after), 'credential.expired');
  });

  test(`${entry.folder}: the wrong kind is refused with its own code`, { skip: skipWithoutShared }, () => {
    const files = folder(entry.folder);
    const now = middle(entry);
    if (entry.kind === 'csd') {
      assertCredentialError(() => openFiel(files.certificate, files.key, files.password, { now }), 'credential.not_a_fiel');
    } else {
      assertCredentialError(() => openCsd(files.certificate, files.key, files.password, { now }), 'credential.not_a_csd');
    }
  });
}

test('current credentials are valid on 2026-01-01 and expired ones are not', { skip: skipWithoutShared }, () => {
  const now = new Date('2026-01-01T00:00:00Z');
  for (const entry of expected) {
    const files = folder(entry.folder);
    if (entry.folder.startsWith('expired/')) {
      assertCredentialError(() => open(entry, files, now), 'credential.expired');
    } else {
      assert.equal(open(entry, files, now).certificate.serialNumber, entry.serialNumber);
    }
  }
});

test('PEM forms: a .cer.pem with a public key before the certificate, unencrypted .key.pem', { skip: skipWithoutShared }, () => {
  const withPem = expected.filter((entry) => folder(entry.folder).keyPem !== undefined);
  assert.ok(withPem.length >= 4, 'the kit ships at least four .key.pem files');
  for (const entry of withPem) {
    const files = folder(entry.folder);
    const certificate = files.certificatePem?.toString('utf8') ?? files.certificate;
    const credential = openCredential(certificate, files.keyPem!.toString('utf8'));
    assert.equal(credential.certificate.serialNumber, entry.serialNumber);
    const fromDer = readPrivateKey(files.key, files.password);
    assert.ok(credential.privateKey.equals(fromDer), `${entry.folder}: PEM and DER keys are the same key`);
  }
  const cerPem = folder('EKU9003173C9_CSD_30001000000500003416').certificatePem!.toString('utf8');
  assert.ok(cerPem.indexOf('PUBLIC KEY') < cerPem.indexOf('CERTIFICATE'));
  assert.equal(readCertificate(cerPem).rfc, 'EKU9003173C9');
  assert.equal(readCertificate(Buffer.from(cerPem)).rfc, 'EKU9003173C9');
});

test('an encrypted PEM key opens with its password and names the wrong one', { skip: skipWithoutShared }, () => {
  const files = folder('ONO120726RX3_CSD_30001000000500003439');
  const key = readPrivateKey(files.key, files.password);
  const encrypted = key.export({ format: 'pem', type: 'pkcs8', cipher: 'aes-256-cbc', passphrase: 'otra clave' }) as string;
  assert.ok(readPrivateKey(encrypted, 'otra clave').equals(key));
  assertCredentialError(() => readPrivateKey(encrypted, 'mala'), 'credential.wrong_password');
  assertCredentialError(() => readPrivateKey(encrypted), 'credential.password_required');
  const legacy = createPrivateKey(key.export({ format: 'pem', type: 'pkcs1' })).export({
    format: 'pem',
    type: 'pkcs1',
    cipher: 'aes-128-cbc',
    passphrase: 'x1',
  }) as string;
  assert.match(legacy, /Proc-Type: 4,ENCRYPTED/);
  assert.ok(readPrivateKey(legacy, 'x1').equals(key));
  assertCredentialError(() => readPrivateKey(legacy, 'x2'), 'credential.wrong_password');
});

test('a wrong or missing password is told apart from damaged data', { skip: skipWithoutShared }, () => {
  const files = folder('EKU9003173C9_CSD_30001000000500003416');
  for (const password of ['12345678b', '12345678a ', 'x']) {
    assertCredentialError(() => readPrivateKey(files.key, password), 'credential.wrong_password');
  }
  assertCredentialError(() => readPrivateKey(files.key), 'credential.password_required');
  assertCredentialError(() => readPrivateKey(files.key, ''), 'credential.password_required');
  const now = new Date('2026-01-01T00:00:00Z');
  assertCredentialError(() => openCsd(files.certificate, files.key, 'nope', { now }), 'credential.wrong_password');
});

test('a certificate with another credential key is a mismatched pair', { skip: skipWithoutShared }, () => {
  const eku = folder('EKU9003173C9_CSD_30001000000500003416');
  const funk = folder('FUNK671228PH6_CSD_30001000000500003446');
  const fiel = folder('EKU9003173C9_FIEL_30001000000500003415');
  const now = new Date('2026-01-01T00:00:00Z');
  assertCredentialError(() => openCsd(eku.certificate, funk.key, funk.password, { now }), 'credential.key_mismatch');
  // Same RFC, but the FIEL key is not the CSD's key.
  assertCredentialError(() => openCsd(eku.certificate, fiel.key, fiel.password, { now }), 'credential.key_mismatch');
});

test('garbage is neither a certificate nor a key', { skip: skipWithoutShared }, () => {
  const files = folder('EKU9003173C9_CSD_30001000000500003416');
  const garbage = [Buffer.from('hello world'), Buffer.alloc(0), Buffer.from([0x30, 0x82, 0xff, 0xff, 0x01]), files.certificate.subarray(0, 600)];
  for (const data of garbage) {
    assertCredentialError(() => readCertificate(data), 'credential.not_a_certificate');
    assertCredentialError(() => readPrivateKey(data, '12345678a'), 'credential.not_a_private_key');
  }
  assertCredentialError(() => readCertificate(files.key), 'credential.not_a_certificate');
  assertCredentialError(() => readPrivateKey(files.certificate, '12345678a'), 'credential.not_a_private_key');
  assertCredentialError(() => readCertificate('-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----\n'), 'credential.not_a_certificate');
  assertCredentialError(() => readPrivateKey('-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n'), 'credential.not_a_private_key');
  assertCredentialError(() => readPrivateKey('-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n'), 'credential.not_a_private_key');
});

test('SAT and PAC certificates (for SelloSAT) read with their NoCertificado as the file name', { skip: skipWithoutShared }, () => {
  const directory = satPath('credentials', 'sat-pac-certificates');
  const names = fs.readdirSync(directory).filter((file) => file.endsWith('.cer'));
  assert.equal(names.length, 4);
  for (const name of names) {
    const certificate = readCertificate(fs.readFileSync(path.join(directory, name)));
    assert.equal(`${certificate.serialNumber}.cer`, name);
    assert.equal(certificate.kind, 'csd');
    assert.ok(['SAT970701NN3', 'SPR190613I52'].includes(certificate.rfc), certificate.rfc);
  }
});

test('the asynchronous reading gives the same key as the synchronous one for every SAT key, with the same errors', { skip: skipWithoutShared }, async () => {
  for (const entry of expected) {
    const { certificate, key, password } = folder(entry.folder);
    const sync = readPrivateKey(key, password);
    const async = await readPrivateKeyAsync(key, password);
    assert.ok(async.export({ format: 'der', type: 'pkcs8' }).equals(sync.export({ format: 'der', type: 'pkcs8' })), entry.folder);
    const credential = await openCredentialAsync(certificate, key, password);
    assert.equal(credential.certificate.serialNumber, entry.serialNumber);
    await assert.rejects(readPrivateKeyAsync(key, `${password}x`), (error: CredentialError) => error.code === 'credential.wrong_password');
    await assert.rejects(readPrivateKeyAsync(key, ''), (error: CredentialError) => error.code === 'credential.password_required');
  }
});

test('a key that asks for more than a million PBKDF2 iterations is refused before any derivation, by every reader', async () => {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const costly = encryptedKeyInfo(privateKey, 'secreto', { encryptWith: 2048, declare: 2 ** 31 - 1 });
  assert.equal(keyEncryptionOf(costly)?.iterations, 2 ** 31 - 1);
  const refused = (error: CredentialError) =>
    error.code === 'credential.key_too_costly' && /2,147,483,647 key-derivation iterations; at most 1,000,000/.test(error.message);
  assert.throws(() => readPrivateKey(costly, 'secreto'), refused);
  await assert.rejects(readPrivateKeyAsync(costly, 'secreto'), refused);
  assert.throws(() => readPrivateKey(encryptedKeyPem(costly), 'secreto'), refused);
  await assert.rejects(readPrivateKeyAsync(encryptedKeyPem(costly), 'secreto'), refused);
  // At the cap, and with a count other than the SAT's, the key opens and is the same key.
  const atCap = encryptedKeyInfo(privateKey, 'secreto', { encryptWith: MAX_KEY_ITERATIONS });
  const opened = await readPrivateKeyAsync(atCap, 'secreto');
  assert.ok(opened.export({ format: 'der', type: 'pkcs8' }).equals(privateKey.export({ format: 'der', type: 'pkcs8' })));
  assert.throws(
    () => readPrivateKey(encryptedKeyInfo(privateKey, 'secreto', { declare: MAX_KEY_ITERATIONS + 1 }), 'secreto'),
    (error: CredentialError) => error.code === 'credential.key_too_costly',
  );
});
