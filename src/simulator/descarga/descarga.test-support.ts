/**
 * Test harness for the bulk download services: a running simulator on a ManualClock, FIELs
 * issued by its CA or read from ../shared, the service's client pointed at it, and helpers to
 * send hand-made SOAP (signed like the SAT clients sign, or deliberately broken).
 */
import { createHash, randomUUID, sign } from 'node:crypto';
import fs from 'node:fs';
import type { KeyObject } from 'node:crypto';
import { AuthenticateTranslator, DateTime, Fiel, FielRequestBuilder } from '@nodecfdi/sat-ws-descarga-masiva';
import { openCredential, readCertificate } from '../../cfdi/credentials.ts';
import type { SatCertificate } from '../../cfdi/credentials.ts';
import { ManualClock } from '../../platform/clock.ts';
import { createDescargaClient, descargaUrls } from '../../providers/sat/descarga/index.ts';
import type { DescargaClient, DescargaRequestInput, DescargaVerification } from '../../providers/sat/descarga/index.ts';
import { satPath } from '../../../test/support/shared.ts';
import { startSimulator } from '../index.ts';
import type { RunningSimulator } from '../index.ts';
import { formatCents, totalCents } from './history.ts';
import type { SyntheticCfdi } from './history.ts';
import { DESCARGA_PATHS } from './index.ts';
import { localDateTime } from './local-time.ts';
import { syntheticXml } from './synthetic-xml.ts';
import type { Party } from './synthetic-xml.ts';

const START = '2026-07-15T18:00:00Z';
const DESCARGA_NAMESPACE = 'http://DescargaMasivaTerceros.sat.gob.mx';

export interface FielFiles {
  certificate: Buffer;
  privateKey: Buffer;
  password: string;
}

export interface Harness {
  simulator: RunningSimulator;
  clock: ManualClock;
  url: string;
  fiel(rfc: string, name?: string): Promise<FielFiles>;
  client(fiel: FielFiles): DescargaClient;
  pacCertificate(): Promise<SatCertificate>;
  close(): Promise<void>;
}

export async function startHarness(descarga: Record<string, number> = {}): Promise<Harness> {
  const clock = new ManualClock(START);
  const simulator = await startSimulator({ clock, settings: { descarga } });
  const fiels = new Map<string, FielFiles>();
  return {
    simulator,
    clock,
    url: simulator.url,
    async fiel(rfc, name) {
      const known = fiels.get(rfc);
      if (known) return known;
      const issued = await simulator.ca.issue({ rfc, kind: 'fiel', name: name ?? `CONTRIBUYENTE ${rfc}` });
      const files = { certificate: issued.cerDer, privateKey: issued.keyPkcs8EncryptedDer, password: issued.password };
      fiels.set(rfc, files);
      return files;
    },
    client: (fiel) => createDescargaClient({ urls: descargaUrls(simulator.url), fiel, clock }),
    async pacCertificate() {
      const number = simulator.ca.stamping.certificate.serialNumber;
      const response = await fetch(`${simulator.url}/certificates/${number}.cer`);
      return readCertificate(Buffer.from(await response.arrayBuffer()));
    },
    close: () => simulator.close(),
  };
}

/** A credential folder of ../shared/sat/credentials: `<certificate>.cer`, `<key>.key`, password.txt. */
export function sharedFiel(folder: string, certificate: string, key = certificate): FielFiles {
  const directory = satPath('credentials', folder);
  return {
    certificate: fs.readFileSync(`${directory}/${certificate}.cer`),
    privateKey: fs.readFileSync(`${directory}/${key}.key`),
    password: fs.readFileSync(`${directory}/password.txt`, 'utf8').trim(),
  };
}

/** Requests, lets the processing time pass on the clock and verifies. */
export async function finishedRequest(
  harness: Harness,
  client: DescargaClient,
  input: DescargaRequestInput,
): Promise<DescargaVerification & { requestId: string }> {
  const { requestId } = await client.request(input);
  harness.clock.advance(121_000);
  return { ...(await client.verify(requestId)), requestId };
}

export interface RawAnswer {
  status: number;
  body: string;
}

export async function post(url: string, path: string, body: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  const response = await fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'text/xml; charset=utf-8', ...headers }, body });
  return { status: response.status, body: await response.text() };
}

/** A token obtained with a hand-made Autentica request (nodecfdi's builder, the clock's time). */
export async function rawToken(harness: Harness, fiel: FielFiles): Promise<string> {
  const builder = new FielRequestBuilder(Fiel.create(fiel.certificate.toString('binary'), fiel.privateKey.toString('binary'), fiel.password));
  const created = Math.floor(harness.clock.now().getTime() / 1000);
  const answer = await post(harness.url, DESCARGA_PATHS.authenticate, builder.authorization(DateTime.create(created), DateTime.create(created + 300)));
  return new AuthenticateTranslator().createTokenFromSoapResponse(answer.body).getValue();
}

export function authorization(token: string): Record<string, string> {
  return { authorization: `WRAP access_token="${token}"` };
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
}

export interface Signer {
  certificate: Buffer;
  privateKey: KeyObject;
}

export function signer(fiel: FielFiles): Signer {
  const credential = openCredential(fiel.certificate, fiel.privateKey, fiel.password);
  return { certificate: credential.certificate.der, privateKey: credential.privateKey };
}

/**
 * A signed des:solicitud (or des:peticionDescarga) as the SAT clients build it: attributes in
 * code-point order, the digest over the operation element without the Signature (exclusive
 * C14N), RSA-SHA1 over SignedInfo, the certificate in KeyInfo.
 */
export function signedEnvelope(key: Signer, operation: string, element: string, attributes: Record<string, string>, inner = ''): string {
  const text = Object.entries(attributes)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([name, value]) => `${name}="${escapeAttribute(value)}"`)
    .join(' ');
  const toDigest = `<des:${operation} xmlns:des="${DESCARGA_NAMESPACE}"><des:${element} ${text}>${inner}</des:${element}></des:${operation}>`;
  const digest = createHash('sha1').update(toDigest).digest('base64');
  const signedInfo =
    '<SignedInfo xmlns="http://www.w3.org/2000/09/xmldsig#"><CanonicalizationMethod Algorithm="http://www.w3.org/2001/10/xml-exc-c14n#"></CanonicalizationMethod>' +
    '<SignatureMethod Algorithm="http://www.w3.org/2000/09/xmldsig#rsa-sha1"></SignatureMethod><Reference URI=""><Transforms>' +
    '<Transform Algorithm="http://www.w3.org/2001/10/xml-exc-c14n#"></Transform></Transforms><DigestMethod Algorithm="http://www.w3.org/2000/09/xmldsig#sha1"></DigestMethod>' +
    `<DigestValue>${digest}</DigestValue></Reference></SignedInfo>`;
  const value = sign('sha1', Buffer.from(signedInfo), key.privateKey).toString('base64');
  const signature =
    `<Signature xmlns="http://www.w3.org/2000/09/xmldsig#">${signedInfo.replace(' xmlns="http://www.w3.org/2000/09/xmldsig#"', '')}` +
    `<SignatureValue>${value}</SignatureValue><KeyInfo><X509Data><X509Certificate>${key.certificate.toString('base64')}</X509Certificate></X509Data></KeyInfo></Signature>`;
  return (
    `<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/" xmlns:des="${DESCARGA_NAMESPACE}" xmlns:xd="http://www.w3.org/2000/09/xmldsig#">` +
    `<s:Header/><s:Body><des:${operation}><des:${element} ${text}>${inner}${signature}</des:${element}></des:${operation}></s:Body></s:Envelope>`
  );
}

/** An attribute of the first element with that local name, read with a regular expression. */
export function attributeOf(xml: string, element: string, attribute: string): string | undefined {
  const tag = new RegExp(`<(?:[A-Za-z0-9_]+:)?${element}\\b[^>]*>`).exec(xml)?.[0];
  return tag === undefined ? undefined : new RegExp(`\\b${attribute}="([^"]*)"`).exec(tag)?.[1];
}

export interface LedgerStamp {
  emisor: Party;
  receptor: Party;
  /** Instant of Fecha; FechaTimbrado is 40 seconds later. */
  issuedAt: Date;
  subtotalCents: number;
  tipo?: 'I' | 'E';
}

/** Seals and stamps a CFDI like the simulator's PAC and records it in the ledger; returns its UUID. */
export async function stampIntoLedger(harness: Harness, stamp: LedgerStamp): Promise<string> {
  const { simulator } = harness;
  const csd = await simulator.ca.issue({ rfc: stamp.emisor.rfc, kind: 'csd', name: stamp.emisor.name, validFrom: new Date('2025-01-01T00:00:00Z') });
  const uuid = randomUUID().toUpperCase();
  const cfdi: SyntheticCfdi = {
    owner: stamp.emisor.rfc,
    side: 'issued',
    month: 0,
    index: 0,
    uuid,
    issuedAt: stamp.issuedAt.getTime(),
    stampedAt: stamp.issuedAt.getTime() + 40_000,
    tipo: stamp.tipo ?? 'I',
    counterparty: 0,
    subtotalCents: stamp.subtotalCents,
    cancelledAt: null,
  };
  const stamper = { credential: simulator.ca.stamping, rfcProvCertif: simulator.deps.settings.pacRfc };
  const xml = await syntheticXml(cfdi, { emisor: stamp.emisor, receptor: stamp.receptor }, csd.credential, stamper, simulator.deps.settings.timeZone);
  const sello = /\bSello="([^"]+)"/.exec(xml)![1]!;
  await simulator.ledger.insertUnlessDuplicate({
    uuid,
    emisorRfc: stamp.emisor.rfc,
    emisorNombre: stamp.emisor.name,
    receptorRfc: stamp.receptor.rfc,
    receptorNombre: stamp.receptor.name,
    tipo: cfdi.tipo,
    total: formatCents(totalCents(stamp.subtotalCents)),
    fecha: localDateTime(stamp.issuedAt, simulator.deps.settings.timeZone),
    fechaTimbrado: new Date(cfdi.stampedAt),
    rfcProvCertif: stamper.rfcProvCertif,
    selloHash: createHash('sha256').update(sello).digest('hex'),
    xml,
  });
  return uuid;
}
