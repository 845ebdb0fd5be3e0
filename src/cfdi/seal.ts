/**
 * The issuer seal (Sello) of a CFDI 4.0, Anexo 20: SHA256withRSA over the UTF-8 cadena original,
 * base64, with the CSD's NoCertificado and Certificado (base64 DER) alongside it.
 */
import { cadenaOriginal, cadenaOriginalFromElement } from './cadena.ts';
import { assertKind, CredentialError, readCertificate } from './credentials.ts';
import type { SatCertificate, SatCredential } from './credentials.ts';
import type { Comprobante } from './model.ts';
import { parseCfdi } from './parse.ts';
import type { ParseCfdiOptions, ParsedCfdi } from './parse.ts';
import { checkSignature, signCadena, signCadenaSync } from './signature.ts';

export interface SealedComprobante {
  /** A copy of the input with NoCertificado, Certificado and Sello set. */
  comprobante: Comprobante;
  cadenaOriginal: string;
}

/**
 * The cadena original includes NoCertificado, so it is set (with Certificado) before the cadena is
 * computed. The credential must be a CSD of the Emisor's RFC: a PAC rejects anything else.
 */
function prepare(comprobante: Comprobante, credential: SatCredential): { unsigned: Comprobante; cadena: string } {
  const { certificate } = credential;
  assertKind(certificate, 'csd');
  if (comprobante.Emisor.Rfc !== certificate.rfc) {
    throw new CredentialError(
      'credential.rfc_mismatch',
      `The CSD ${certificate.serialNumber} belongs to ${certificate.rfc}, not to the Emisor ${comprobante.Emisor.Rfc}.`,
      `El CSD ${certificate.serialNumber} es del RFC ${certificate.rfc}, no del emisor ${comprobante.Emisor.Rfc}.`,
    );
  }
  // Destructuring (not `delete`) keeps the copy a fast-properties object for the cadena walk.
  const { Sello: _previous, ...rest } = comprobante;
  const unsigned: Comprobante = { ...rest, NoCertificado: certificate.serialNumber, Certificado: certificate.base64 };
  return { unsigned, cadena: cadenaOriginal(unsigned) };
}

/** Seals on the thread pool with the cached KeyObject of an opened CSD. */
export async function sealComprobante(comprobante: Comprobante, credential: SatCredential): Promise<SealedComprobante> {
  const { unsigned, cadena } = prepare(comprobante, credential);
  const sello = await signCadena(cadena, credential.privateKey);
  return { comprobante: { ...unsigned, Sello: sello }, cadenaOriginal: cadena };
}

export function sealComprobanteSync(comprobante: Comprobante, credential: SatCredential): SealedComprobante {
  const { unsigned, cadena } = prepare(comprobante, credential);
  return { comprobante: { ...unsigned, Sello: signCadenaSync(cadena, credential.privateKey) }, cadenaOriginal: cadena };
}

type SealFailure =
  /** Sello is absent or empty. */
  | 'cfdi.sello_missing'
  /** Certificado is absent or empty, so there is no key to verify with. */
  | 'cfdi.certificado_missing'
  /** Certificado is not base64 of a SAT X.509 certificate. */
  | 'cfdi.certificado_invalid'
  /** NoCertificado differs from the serial number of the embedded certificate. */
  | 'cfdi.no_certificado_mismatch'
  /** Sello is not strict base64 or not as long as the certificate's RSA modulus. */
  | 'cfdi.malformed_sello'
  /** Sello does not verify over the cadena original: the document or the seal changed. */
  | 'cfdi.sello_mismatch';

/** Facts a PAC rejects although the signature itself verifies (the validator's codes for them). */
type SealWarningCode =
  /** The certificate is an e.firma (FIEL): a CFDI must be sealed with a CSD. */
  | 'cfdi.not_a_csd'
  /** The certificate belongs to another RFC than the Emisor. */
  | 'cfdi.csd_rfc_mismatch'
  /** Fecha lies outside the certificate's validity. */
  | 'cfdi.csd_expired';

interface SealWarning {
  code: SealWarningCode;
  message: string;
}

/** The embedded certificate, in JSON-friendly form. */
interface CertificateSummary {
  rfc: string;
  legalName: string;
  serialNumber: string;
  kind: 'csd' | 'fiel';
  validFrom: string;
  validTo: string;
  issuerName: string;
}

export interface SealVerification {
  /** The Sello verifies with the embedded certificate, whose serial is the NoCertificado. */
  ok: boolean;
  reason?: SealFailure;
  message: string;
  cadenaOriginal: string;
  certificate?: CertificateSummary;
  warnings: SealWarning[];
}

/** What verification needs from a CFDI: its cadena original and a few root/Emisor attributes. */
export interface SealParts {
  cadenaOriginal: string;
  sello: string | undefined;
  certificado: string | undefined;
  noCertificado: string | undefined;
  /** Emisor Rfc, to warn when the certificate is someone else's. */
  emisorRfc?: string;
  /** Comprobante Fecha (local time, no zone), to warn when the certificate was not valid then. */
  fecha?: string;
}

function summarizeCertificate(certificate: SatCertificate): CertificateSummary {
  return {
    rfc: certificate.rfc,
    legalName: certificate.legalName,
    serialNumber: certificate.serialNumber,
    kind: certificate.kind,
    validFrom: certificate.validFrom.toISOString(),
    validTo: certificate.validTo.toISOString(),
    issuerName: certificate.issuerName,
  };
}

const strictBase64 = /^[A-Za-z0-9+/]+={0,2}$/;

function embeddedCertificate(certificado: string): SatCertificate | undefined {
  if (!strictBase64.test(certificado) || certificado.length % 4 !== 0) return undefined;
  try {
    return readCertificate(Buffer.from(certificado, 'base64'));
  } catch (error) {
    if (error instanceof CredentialError) return undefined;
    throw error;
  }
}

/** Verifies a Sello given the cadena original and the attributes it depends on. Never throws on bad data. */
export function verifySealParts(parts: SealParts): SealVerification {
  const { cadenaOriginal } = parts;
  const failure = (reason: SealFailure, message: string, certificate?: SatCertificate): SealVerification => ({
    ok: false,
    reason,
    message,
    cadenaOriginal,
    ...(certificate ? { certificate: summarizeCertificate(certificate) } : {}),
    warnings: certificate ? sealWarnings(certificate, parts) : [],
  });
  if (!parts.certificado) return failure('cfdi.certificado_missing', 'The comprobante has no Certificado.');
  const certificate = embeddedCertificate(parts.certificado);
  if (certificate === undefined) {
    return failure('cfdi.certificado_invalid', 'Certificado is not the base64 of a SAT certificate.');
  }
  if (parts.noCertificado !== certificate.serialNumber) {
    return failure(
      'cfdi.no_certificado_mismatch',
      `NoCertificado "${parts.noCertificado ?? ''}" is not the embedded certificate's number ${certificate.serialNumber}.`,
      certificate,
    );
  }
  const check = checkSignature(cadenaOriginal, parts.sello, certificate.publicKey);
  if (check === 'missing') return failure('cfdi.sello_missing', 'The comprobante has no Sello.', certificate);
  if (check === 'malformed') {
    return failure('cfdi.malformed_sello', 'Sello is not a base64 RSA signature of the certificate key length.', certificate);
  }
  if (check === 'mismatch') {
    return failure('cfdi.sello_mismatch', `Sello does not verify over the cadena original with certificate ${certificate.serialNumber}.`, certificate);
  }
  return {
    ok: true,
    message: `Sello verifies with certificate ${certificate.serialNumber} (${certificate.rfc}).`,
    cadenaOriginal,
    certificate: summarizeCertificate(certificate),
    warnings: sealWarnings(certificate, parts),
  };
}

const HOUR_MS = 3_600_000;

function sealWarnings(certificate: SatCertificate, parts: SealParts): SealWarning[] {
  const warnings: SealWarning[] = [];
  if (certificate.kind !== 'csd') {
    warnings.push({ code: 'cfdi.not_a_csd', message: `Certificate ${certificate.serialNumber} is an e.firma (FIEL), not a CSD.` });
  }
  if (parts.emisorRfc !== undefined && parts.emisorRfc !== certificate.rfc) {
    warnings.push({
      code: 'cfdi.csd_rfc_mismatch',
      message: `The certificate belongs to ${certificate.rfc}, not to the Emisor ${parts.emisorRfc}.`,
    });
  }
  const local = parts.fecha === undefined ? NaN : Date.parse(`${parts.fecha}Z`);
  // Fecha is local time at LugarExpedicion (UTC-5 to UTC-8); warn only when no offset fits.
  if (!Number.isNaN(local) && (local + 5 * HOUR_MS > certificate.validTo.getTime() || local + 8 * HOUR_MS < certificate.validFrom.getTime())) {
    warnings.push({
      code: 'cfdi.csd_expired',
      message: `Fecha ${parts.fecha} is outside the certificate's validity (${certificate.validFrom.toISOString()} to ${certificate.validTo.toISOString()}).`,
    });
  }
  return warnings;
}

/** Verifies the Sello of an already parsed CFDI, with the cadena computed from its XML tree. */
export function verifyParsedSeal(parsed: ParsedCfdi): SealVerification {
  const { comprobante, root } = parsed;
  return verifySealParts({
    cadenaOriginal: cadenaOriginalFromElement(root),
    sello: comprobante.Sello,
    certificado: comprobante.Certificado,
    noCertificado: comprobante.NoCertificado,
    emisorRfc: comprobante.Emisor.Rfc,
    fecha: comprobante.Fecha,
  });
}

/**
 * Verifies the issuer seal of any CFDI 4.0 XML with the certificate embedded in it. Seal problems
 * come back as data; input that is not a CFDI 4.0 document throws CfdiError.
 */
export function verifySeal(xml: string | Uint8Array, options: ParseCfdiOptions = {}): SealVerification {
  return verifyParsedSeal(parseCfdi(xml, options));
}
