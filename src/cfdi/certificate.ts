/**
 * SAT certificate (CSD / e.firma) fields read from the X.509 bytes: RFC, legal name, NoCertificado,
 * validity and the CSD-versus-FIEL distinction. Throws CredentialError on anything that is not a
 * SAT certificate.
 */
import { X509Certificate, type KeyObject } from 'node:crypto';
import { DerError, DerTag, derChildren, derObjectIdentifier, derString, derTime, expectTag, readDerDocument } from './der.ts';
import type { DerNode } from './der.ts';

export type CredentialErrorCode =
  | 'credential.not_a_certificate'
  | 'credential.not_sat_certificate'
  | 'credential.not_a_private_key'
  | 'credential.unsupported_key'
  | 'credential.password_required'
  | 'credential.wrong_password'
  | 'credential.key_too_costly'
  | 'credential.key_mismatch'
  | 'credential.rfc_mismatch'
  | 'credential.not_a_csd'
  | 'credential.not_a_fiel'
  | 'credential.expired'
  | 'credential.not_yet_valid';

/** A certificate or key problem, with a stable code for the API edge to map and its message in Spanish too. */
export class CredentialError extends Error {
  override readonly name = 'CredentialError';
  constructor(
    readonly code: CredentialErrorCode,
    message: string,
    readonly messageEs: string,
  ) {
    super(message);
  }
}

export type CredentialKind = 'csd' | 'fiel';
type Persona = 'fisica' | 'moral';

export interface SatCertificate {
  /** Emisor RFC: first token of x500UniqueIdentifier (OID 2.5.4.45), e.g. "OÑO120726RX3". */
  readonly rfc: string;
  /** RFC of the legal representative (the token after " / "), when the certificate names one. */
  readonly representativeRfc: string | undefined;
  /** Razón social or name as the certificate states it (attribute name 2.5.4.41, else CN, else O). */
  readonly legalName: string;
  /** The OU: a CSD names its branch there ("Sucursal 1"); a FIEL has none. */
  readonly branchName: string | undefined;
  /** The SAT NoCertificado: the certificate serial number decoded as ASCII (20 digits). */
  readonly serialNumber: string;
  readonly validFrom: Date;
  readonly validTo: Date;
  readonly kind: CredentialKind;
  /** Why `kind` was decided, in words (keyUsage bits and OU). */
  readonly kindReason: string;
  /** RFC of 13 characters = persona física, 12 = persona moral. */
  readonly persona: Persona;
  /** Issuer common name, e.g. "AC UAT" for SAT test certificates. */
  readonly issuerName: string;
  readonly der: Buffer;
  /** Value for the CFDI `Certificado` attribute (base64 of the DER, no line breaks). */
  readonly base64: string;
  readonly publicKey: KeyObject;
  readonly x509: X509Certificate;
}

const oid = {
  commonName: '2.5.4.3',
  name: '2.5.4.41',
  organization: '2.5.4.10',
  organizationalUnit: '2.5.4.11',
  uniqueIdentifier: '2.5.4.45',
  keyUsage: '2.5.29.15',
} as const;

// RFC 5280 keyUsage bit positions (bit 0 = most significant bit of the first octet).
const keyUsageNames = [
  'digitalSignature',
  'nonRepudiation',
  'keyEncipherment',
  'dataEncipherment',
  'keyAgreement',
  'keyCertSign',
  'cRLSign',
  'encipherOnly',
  'decipherOnly',
] as const;

// Anexo 20 t_RFC: 3 (moral) or 4 (física) letters including Ñ and &, a YYMMDD date, 3 homoclave characters.
const rfcPattern = /^[A-ZÑ&]{3,4}[0-9]{6}[A-Z0-9]{3}$/;

/** Reads a certificate given as DER bytes or PEM text (a PEM may hold other blocks before it). */
export function readCertificate(input: Uint8Array | string): SatCertificate {
  const der = certificateDer(input);
  let x509: X509Certificate;
  try {
    x509 = new X509Certificate(der);
  } catch {
    throw new CredentialError('credential.not_a_certificate', 'The data is not an X.509 certificate.', 'El archivo no es un certificado X.509.');
  }
  try {
    return satFields(der, x509);
  } catch (error) {
    if (error instanceof DerError) {
      throw new CredentialError(
        'credential.not_a_certificate',
        `The certificate cannot be read: ${error.message}.`,
        'El certificado no se puede leer: su contenido está dañado o incompleto.',
      );
    }
    throw error;
  }
}

function certificateDer(input: Uint8Array | string): Buffer {
  const text = typeof input === 'string' ? input : Buffer.from(input).toString('latin1');
  if (!text.includes('-----BEGIN')) {
    if (typeof input === 'string') {
      throw new CredentialError('credential.not_a_certificate', 'The text holds no PEM certificate.', 'El texto no contiene un certificado PEM.');
    }
    return Buffer.from(input);
  }
  // A ".cer.pem" as CfdiUtils ships it has a PUBLIC KEY block first; only the CERTIFICATE block counts.
  const match = /-----BEGIN CERTIFICATE-----([A-Za-z0-9+/=\s]*)-----END CERTIFICATE-----/.exec(text);
  if (match === null)
    throw new CredentialError('credential.not_a_certificate', 'The PEM holds no CERTIFICATE block.', 'El PEM no contiene un bloque CERTIFICATE.');
  return Buffer.from(match[1]!.replace(/\s+/g, ''), 'base64');
}

function satFields(der: Buffer, x509: X509Certificate): SatCertificate {
  const [tbs] = derChildren(readDerDocument(der));
  const fields = derChildren(expectTag(tbs, DerTag.sequence, 'the TBSCertificate'));
  // The optional [0] version comes first in every v3 certificate.
  const start = fields[0]?.tag === 0xa0 ? 1 : 0;
  const serial = expectTag(fields[start], DerTag.integer, 'the serial number');
  const issuer = nameAttributes(expectTag(fields[start + 2], DerTag.sequence, 'the issuer'));
  const validity = derChildren(expectTag(fields[start + 3], DerTag.sequence, 'the validity'));
  const subject = nameAttributes(expectTag(fields[start + 4], DerTag.sequence, 'the subject'));
  const extensions = fields.find((field) => field.tag === 0xa3);

  const serialNumber = serialAsAscii(serial.content);
  const uniqueIdentifier = subject.get(oid.uniqueIdentifier)?.[0];
  const [rfc, representativeRfc] = (uniqueIdentifier ?? '').split('/').map((token) => token.trim());
  if (rfc === undefined || !rfcPattern.test(rfc)) {
    throw new CredentialError(
      'credential.not_sat_certificate',
      'The certificate subject has no RFC (x500UniqueIdentifier).',
      'El certificado no indica un RFC (x500UniqueIdentifier): no es un certificado del SAT.',
    );
  }
  if (serialNumber === undefined) {
    throw new CredentialError(
      'credential.not_sat_certificate',
      'The certificate serial number is not a SAT NoCertificado.',
      'El número de serie del certificado no es un número de certificado (NoCertificado) del SAT.',
    );
  }
  const branchName = subject.get(oid.organizationalUnit)?.[0];
  const usage = extensions === undefined ? undefined : keyUsage(extensions);
  const { kind, reason } = classify(usage, branchName);
  return {
    rfc,
    representativeRfc: representativeRfc === '' ? undefined : representativeRfc,
    legalName: (subject.get(oid.name) ?? subject.get(oid.commonName) ?? subject.get(oid.organization) ?? [''])[0]!,
    branchName,
    serialNumber,
    validFrom: derTime(validity[0]!),
    validTo: derTime(validity[1]!),
    kind,
    kindReason: reason,
    persona: rfc.length === 13 ? 'fisica' : 'moral',
    issuerName: issuer.get(oid.commonName)?.[0] ?? '',
    der,
    base64: der.toString('base64'),
    publicKey: x509.publicKey,
    x509,
  };
}

/** Every attribute of an X.501 Name, by OID, in order. */
function nameAttributes(name: DerNode): Map<string, string[]> {
  const attributes = new Map<string, string[]>();
  for (const relative of derChildren(name)) {
    for (const pair of derChildren(relative)) {
      const [type, value] = derChildren(pair);
      if (type === undefined || value === undefined) continue;
      const key = derObjectIdentifier(type);
      let text: string;
      try {
        text = derString(value);
      } catch {
        continue; // a non-string attribute value carries nothing the SAT fields need
      }
      attributes.set(key, [...(attributes.get(key) ?? []), text]);
    }
  }
  return attributes;
}

/** SAT serial numbers are ASCII digits stored as the INTEGER's bytes ("3330..." = "30..."). */
function serialAsAscii(content: Buffer): string | undefined {
  let start = 0;
  while (start < content.length - 1 && content[start] === 0) start += 1;
  const text = content.subarray(start).toString('latin1');
  return /^[0-9]{1,40}$/.test(text) ? text : undefined;
}

function keyUsage(extensionsField: DerNode): Set<string> | undefined {
  const [list] = derChildren(extensionsField);
  for (const extension of derChildren(expectTag(list, DerTag.sequence, 'the extensions'))) {
    const parts = derChildren(extension);
    if (derObjectIdentifier(parts[0]!) !== oid.keyUsage) continue;
    const octets = expectTag(parts[parts.length - 1], DerTag.octetString, 'the keyUsage value');
    const bits = expectTag(readDerDocument(octets.content), DerTag.bitString, 'the keyUsage bits').content;
    const names = new Set<string>();
    keyUsageNames.forEach((usage, position) => {
      const byte = bits[1 + Math.floor(position / 8)] ?? 0;
      if (byte & (0x80 >> (position % 8))) names.add(usage);
    });
    return names;
  }
  return undefined;
}

/**
 * SAT issues the CSD (sello digital) with keyUsage digitalSignature + nonRepudiation only and an OU
 * naming the branch; the FIEL (e.firma) adds dataEncipherment and keyAgreement and has no OU.
 * keyUsage decides; the OU only decides when a certificate carries no keyUsage at all.
 */
function classify(usage: Set<string> | undefined, branchName: string | undefined): { kind: CredentialKind; reason: string } {
  const ou = branchName === undefined ? 'no OU' : `OU "${branchName}"`;
  if (usage === undefined) {
    return branchName === undefined
      ? { kind: 'fiel', reason: 'no keyUsage extension and no OU (e.firma shape)' }
      : { kind: 'csd', reason: `no keyUsage extension; ${ou} names a branch (CSD shape)` };
  }
  const listed = [...usage].join(', ');
  if (usage.has('dataEncipherment') || usage.has('keyAgreement')) {
    return { kind: 'fiel', reason: `keyUsage ${listed} includes encipherment/key agreement (e.firma); ${ou}` };
  }
  return { kind: 'csd', reason: `keyUsage ${listed} is signing only (CSD); ${ou}` };
}
