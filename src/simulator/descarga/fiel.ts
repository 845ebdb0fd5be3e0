/**
 * Which certificates the bulk download services accept: an e.firma (FIEL), never a CSD, valid at
 * the simulator's clock, not revoked, issued by the simulator's CA or by a SAT CA (see ca.ts for
 * how SAT issuance is recognised). The answers are the SAT's codes 304 and 305.
 */
import { CredentialError, readCertificate } from '../../cfdi/credentials.ts';
import type { SatCertificate } from '../../cfdi/credentials.ts';
import type { SimulatorCa } from '../ca.ts';
import { CodEstatus } from './codes.ts';
import type { SatStatus } from './codes.ts';

/** Reads a DER certificate; undefined when it is not a SAT-shaped X.509 certificate. */
export function readRequestCertificate(der: Buffer): SatCertificate | undefined {
  try {
    return readCertificate(der);
  } catch (error) {
    if (error instanceof CredentialError) return undefined;
    throw error;
  }
}

/** Undefined when the certificate may use the services; otherwise the SAT status to answer. */
export async function checkFiel(certificate: SatCertificate, ca: SimulatorCa, now: Date): Promise<SatStatus | undefined> {
  // 305: "puede ser inválido por tipo, codificación incorrecta, entre otros" (a CSD is the wrong type).
  if (certificate.kind !== 'fiel' || ca.trustOf(certificate) === undefined) return CodEstatus.invalidCertificate;
  // 304: "el certificado fue revocado o la fecha de vigencia expiró".
  const outside = now.getTime() < certificate.validFrom.getTime() || now.getTime() > certificate.validTo.getTime();
  if (outside || (await ca.isRevoked(certificate.serialNumber, now))) return CodEstatus.certificateRevokedOrExpired;
  return undefined;
}
