/**
 * The simulator's test certificate authority. On first start it creates a root ("AC SIMULADOR
 * DE PRUEBAS") and the certificate that seals every TimbreFiscalDigital, and keeps both in the
 * simulator database. It issues CSD and FIEL certificates for any RFC with the SAT's subject
 * layout (x500UniqueIdentifier = RFC, serialNumber = CURP slot, OU = branch for a CSD) and the
 * SAT's keyUsage bits, so src/cfdi/credentials.ts classifies them exactly as real ones.
 *
 * Trust: a certificate is accepted when this root signed it, or when its issuer is a SAT
 * certification authority (the test CAs "AC UAT" and "A.C. 2 de pruebas(4096)" that issue the
 * public SAT test CSD/FIEL, and the production SAT CAs, so that a sandbox stamp with a real CSD
 * works). The SAT CA certificates themselves are not at hand, so SAT issuance is recognised by the
 * issuer name, never by signature; that is a simulator, not a fiscal, guarantee.
 */
import 'reflect-metadata';
import { createPrivateKey, randomBytes, webcrypto, X509Certificate } from 'node:crypto';
import * as x509 from '@peculiar/x509';
import { sql } from 'kysely';
import { openCredential } from '../cfdi/credentials.ts';
import type { CredentialKind, SatCertificate, SatCredential } from '../cfdi/credentials.ts';
import type { Clock } from '../platform/clock.ts';
import type { SimulatorDb } from './schema.ts';

x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);

type CryptoKey = webcrypto.CryptoKey;
type CryptoKeyPair = webcrypto.CryptoKeyPair;

const RSA = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256', publicExponent: new Uint8Array([1, 0, 1]), modulusLength: 2048 } as const;

/** NoCertificado prefix of everything this CA issues: 20 digits like the SAT's ("30001000000500003416"). */
const SERIAL_PREFIX = '300010000009';
const ROOT_NAME = 'AC SIMULADOR DE PRUEBAS';
const ISSUER_FIELDS: x509.JsonName = [
  { CN: [ROOT_NAME] },
  { O: ['SIMULADOR DEL SERVICIO DE ADMINISTRACION TRIBUTARIA'] },
  { OU: ['SIMULADOR'] },
  { C: ['MX'] },
];
// The simulator's clock can be moved anywhere in tests, so its own certificates span the century.
const OWN_VALID_FROM = new Date('2000-01-01T00:00:00Z');
const OWN_VALID_TO = new Date('2099-12-31T23:59:59Z');
const YEAR_MS = 365.25 * 24 * 3_600_000;

/** SAT issuer names (CN or O) whose certificates count as issued by the SAT. */
const SAT_ISSUERS = [
  /^CN=AC UAT$/m,
  /^CN=A\.C\. 2 de pruebas\(4096\)$/m,
  /^O=SERVICIO DE ADMINISTRACION TRIBUTARIA$/im,
  /^O=Servicio de Administración Tributaria$/im,
];

interface IssueOptions {
  rfc: string;
  kind: CredentialKind;
  /** Razón social or name; default "CONTRIBUYENTE <RFC>". */
  name?: string;
  /** The branch written in the OU of a CSD; default "Sucursal 1". */
  branch?: string;
  /** Default: one hour before the clock's now. */
  validFrom?: Date;
  /** Default: four years after validFrom (the SAT's CSD/FIEL term). */
  validTo?: Date;
  /** Password for the encrypted key; default a random one. */
  password?: string;
}

export interface IssuedCredential {
  noCertificado: string;
  certificate: SatCertificate;
  /** The .cer as the SAT hands it out (DER). */
  cerDer: Buffer;
  /** The .key as the SAT hands it out: encrypted PKCS#8 DER. */
  keyPkcs8EncryptedDer: Buffer;
  password: string;
  /** Opened credential, ready to seal with. */
  credential: SatCredential;
}

type Trust = 'simulator' | 'sat';

export interface SimulatorCa {
  /** The root certificate (DER), for tests and for anyone who wants to trust the simulator. */
  readonly rootDer: Buffer;
  /** The TimbreFiscalDigital certificate and key (NoCertificadoSAT). */
  readonly stamping: SatCredential;
  issue(options: IssueOptions): Promise<IssuedCredential>;
  /** DER of a certificate this CA holds (its own or issued), by NoCertificado. */
  certificateDer(noCertificado: string): Promise<Buffer | undefined>;
  /** Who vouches for a certificate, or undefined when neither this CA nor the SAT issued it. */
  trustOf(certificate: SatCertificate): Trust | undefined;
  /** Marks an issued certificate revoked (as the SAT revokes a CSD); PAC checks see it from `at`. */
  revoke(noCertificado: string, at: Date): Promise<void>;
  isRevoked(noCertificado: string, at: Date): Promise<boolean>;
}

/**
 * The serial sequence's name for a handle whose tables live in a schema of their own (set by
 * openCa): Kysely's schema plugin qualifies tables, not a name nextval reads from a string.
 */
const serialSequences = new WeakMap<SimulatorDb, string>();

async function nextSerial(db: SimulatorDb): Promise<string> {
  const sequence = serialSequences.get(db) ?? 'sim_certificate_serial';
  const result = await sql<{ value: number }>`SELECT nextval(${sequence}::regclass) AS value`.execute(db);
  return `${SERIAL_PREFIX}${String(result.rows[0]?.value ?? 0).padStart(8, '0')}`;
}

function serialHex(noCertificado: string): string {
  // The SAT stores the NoCertificado's ASCII digits as the serial INTEGER's bytes.
  return Buffer.from(noCertificado, 'latin1').toString('hex');
}

async function importPrivateKey(pkcs8: Uint8Array): Promise<CryptoKey> {
  return webcrypto.subtle.importKey('pkcs8', pkcs8, RSA, true, ['sign']) as Promise<CryptoKey>;
}

interface OwnCertificate {
  der: Buffer;
  privateKeyDer: Buffer;
}

async function loadOwn(db: SimulatorDb, role: 'root' | 'stamping'): Promise<OwnCertificate | undefined> {
  const row = await db.selectFrom('sim_certificates').select(['der', 'private_key_der']).where('role', '=', role).orderBy('created_at').executeTakeFirst();
  if (!row || !row.private_key_der) return undefined;
  return { der: Buffer.from(row.der), privateKeyDer: Buffer.from(row.private_key_der) };
}

async function createRoot(db: SimulatorDb, now: Date): Promise<OwnCertificate> {
  const keys = (await webcrypto.subtle.generateKey(RSA, true, ['sign', 'verify'])) as CryptoKeyPair;
  const noCertificado = await nextSerial(db);
  const certificate = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: serialHex(noCertificado),
    name: ISSUER_FIELDS,
    notBefore: OWN_VALID_FROM,
    notAfter: OWN_VALID_TO,
    signingAlgorithm: RSA,
    keys,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
    ],
  });
  const own = {
    der: Buffer.from(certificate.rawData),
    privateKeyDer: Buffer.from(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey)),
  };
  await db
    .insertInto('sim_certificates')
    .values({
      no_certificado: noCertificado,
      role: 'root',
      rfc: null,
      der: own.der,
      private_key_der: own.privateKeyDer,
      valid_from: OWN_VALID_FROM,
      valid_to: OWN_VALID_TO,
      revoked_at: null,
      created_at: now,
    })
    .execute();
  return own;
}

interface SubjectInput {
  rfc: string;
  name: string;
  kind: CredentialKind | 'stamping';
  branch: string;
}

function subjectFields(input: SubjectInput): x509.JsonName {
  const fields: x509.JsonName = [{ CN: [input.name] }, { '2.5.4.41': [input.name] }, { O: [input.name] }, { '2.5.4.45': [input.rfc] }, { '2.5.4.5': [''] }];
  // SAT: a CSD (and the SAT's own timbrado certificate) names a branch in the OU; a FIEL has none.
  if (input.kind !== 'fiel') fields.push({ OU: [input.branch] });
  return fields;
}

function keyUsageOf(kind: CredentialKind | 'stamping'): number {
  const signing = x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.nonRepudiation;
  // SAT: the e.firma also allows data encipherment and key agreement; a CSD only signs.
  return kind === 'fiel' ? signing | x509.KeyUsageFlags.dataEncipherment | x509.KeyUsageFlags.keyAgreement : signing;
}

interface SignedCertificate {
  noCertificado: string;
  der: Buffer;
  privateKey: CryptoKey;
}

async function signCertificate(
  db: SimulatorDb,
  rootDer: Buffer,
  rootKey: CryptoKey,
  subject: SubjectInput,
  validFrom: Date,
  validTo: Date,
): Promise<SignedCertificate> {
  const keys = (await webcrypto.subtle.generateKey(RSA, true, ['sign', 'verify'])) as CryptoKeyPair;
  const noCertificado = await nextSerial(db);
  const issuer = new x509.X509Certificate(rootDer);
  const certificate = await x509.X509CertificateGenerator.create({
    serialNumber: serialHex(noCertificado),
    subject: subjectFields(subject),
    issuer: issuer.subjectName,
    notBefore: validFrom,
    notAfter: validTo,
    signingAlgorithm: RSA,
    publicKey: keys.publicKey,
    signingKey: rootKey,
    extensions: [new x509.BasicConstraintsExtension(false, undefined, true), new x509.KeyUsagesExtension(keyUsageOf(subject.kind), true)],
  });
  return { noCertificado, der: Buffer.from(certificate.rawData), privateKey: keys.privateKey };
}

async function createStamping(
  db: SimulatorDb,
  root: OwnCertificate,
  rootKey: CryptoKey,
  pac: { rfc: string; name: string },
  now: Date,
): Promise<OwnCertificate> {
  const signed = await signCertificate(
    db,
    root.der,
    rootKey,
    { rfc: pac.rfc, name: pac.name, kind: 'stamping', branch: 'TIMBRADO SIMULADOR' },
    OWN_VALID_FROM,
    OWN_VALID_TO,
  );
  const privateKeyDer = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', signed.privateKey));
  await db
    .insertInto('sim_certificates')
    .values({
      no_certificado: signed.noCertificado,
      role: 'stamping',
      rfc: pac.rfc,
      der: signed.der,
      private_key_der: privateKeyDer,
      valid_from: OWN_VALID_FROM,
      valid_to: OWN_VALID_TO,
      revoked_at: null,
      created_at: now,
    })
    .execute();
  return { der: signed.der, privateKeyDer };
}

export interface CaOptions {
  db: SimulatorDb;
  clock: Clock;
  /** The PAC identity written into the stamping certificate. */
  pac: { rfc: string; name: string };
  /** The schema of the simulator's tables, when not the database's default (StartSimulatorOptions). */
  schema?: string | undefined;
}

/** Loads the CA from the simulator database, creating root and stamping certificates on first start. */
export async function openCa(options: CaOptions): Promise<SimulatorCa> {
  const { db, clock } = options;
  if (options.schema !== undefined) serialSequences.set(db, `${options.schema}.sim_certificate_serial`);
  const root = (await loadOwn(db, 'root')) ?? (await createRoot(db, clock.now()));
  const rootKey = await importPrivateKey(root.privateKeyDer);
  const stamping = (await loadOwn(db, 'stamping')) ?? (await createStamping(db, root, rootKey, options.pac, clock.now()));
  const rootCertificate = new X509Certificate(root.der);
  // The simulator is the only writer of its CA tables, so revocations live in memory too:
  // every stamp checks them and a query per stamp would dominate the PAC's cost.
  const revoked = new Map<string, number>();
  const revokedRows = await db.selectFrom('sim_certificates').select(['no_certificado', 'revoked_at']).where('revoked_at', 'is not', null).execute();
  for (const row of revokedRows) if (row.revoked_at) revoked.set(row.no_certificado, row.revoked_at.getTime());
  const stampingCredential = openCredential(stamping.der, stamping.privateKeyDer);
  const trusted = new WeakMap<SatCertificate, Trust | undefined>();

  return {
    rootDer: root.der,
    stamping: stampingCredential,
    async issue(issue: IssueOptions): Promise<IssuedCredential> {
      const validFrom = issue.validFrom ?? new Date(clock.now().getTime() - 3_600_000);
      const validTo = issue.validTo ?? new Date(validFrom.getTime() + 4 * YEAR_MS);
      const subject = { rfc: issue.rfc, name: issue.name ?? `CONTRIBUYENTE ${issue.rfc}`, kind: issue.kind, branch: issue.branch ?? 'Sucursal 1' };
      const signed = await signCertificate(db, root.der, rootKey, subject, validFrom, validTo);
      const password = issue.password ?? randomBytes(12).toString('base64url');
      const pkcs8 = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', signed.privateKey));
      const keyPkcs8EncryptedDer = createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' }).export({
        format: 'der',
        type: 'pkcs8',
        cipher: 'aes-256-cbc',
        passphrase: password,
      });
      await db
        .insertInto('sim_certificates')
        .values({
          no_certificado: signed.noCertificado,
          role: issue.kind,
          rfc: issue.rfc,
          der: signed.der,
          private_key_der: null,
          valid_from: validFrom,
          valid_to: validTo,
          revoked_at: null,
          created_at: clock.now(),
        })
        .execute();
      const credential = openCredential(signed.der, keyPkcs8EncryptedDer, password);
      return { noCertificado: signed.noCertificado, certificate: credential.certificate, cerDer: signed.der, keyPkcs8EncryptedDer, password, credential };
    },
    async certificateDer(noCertificado: string): Promise<Buffer | undefined> {
      const row = await db.selectFrom('sim_certificates').select('der').where('no_certificado', '=', noCertificado).executeTakeFirst();
      return row && Buffer.from(row.der);
    },
    trustOf(certificate: SatCertificate): Trust | undefined {
      // A signature check per stamp is wasted work: certificates are immutable, so the answer is kept.
      if (trusted.has(certificate)) return trusted.get(certificate);
      let trust: Trust | undefined;
      if (certificate.x509.checkIssued(rootCertificate)) trust = certificate.x509.verify(rootCertificate.publicKey) ? 'simulator' : undefined;
      else trust = SAT_ISSUERS.some((pattern) => pattern.test(certificate.x509.issuer)) ? 'sat' : undefined;
      trusted.set(certificate, trust);
      return trust;
    },
    async revoke(noCertificado: string, at: Date): Promise<void> {
      await db.updateTable('sim_certificates').set({ revoked_at: at }).where('no_certificado', '=', noCertificado).execute();
      revoked.set(noCertificado, at.getTime());
    },
    async isRevoked(noCertificado: string, at: Date): Promise<boolean> {
      const since = revoked.get(noCertificado);
      return since !== undefined && since <= at.getTime();
    },
  };
}
