/**
 * Ready-made verifiers for ValidateCfdiOptions, built on seal.ts and tfd.ts. The rule engine
 * itself never imports them: callers choose these (or their own) and pass them in.
 */
import type { SatCertificate } from '../credentials.ts';
import { verifyParsedSeal } from '../seal.ts';
import { verifyTimbre } from '../tfd.ts';
import { comprobanteElement } from '../writer.ts';
import type { ValidateCfdiOptions } from './types.ts';

/**
 * Verifies Sello with the certificate embedded in the CFDI. The cadena original comes from the
 * parsed XML when the input was XML, otherwise from the model as writeCfdi would write it.
 */
export function sealVerifier(): NonNullable<ValidateCfdiOptions['verifySeal']> {
  return (document) => verifyParsedSeal({ comprobante: document.comprobante, root: document.root ?? comprobanteElement(document.comprobante) });
}

/**
 * Verifies SelloSAT with the SAT/PAC certificate named by NoCertificadoSAT, looked up in
 * `certificates` (by serial number); an unknown certificate yields undefined (a warning).
 */
export function timbreVerifier(
  certificates: ReadonlyMap<string, SatCertificate> | ((serialNumber: string) => SatCertificate | undefined),
): NonNullable<ValidateCfdiOptions['verifyTimbre']> {
  const find = typeof certificates === 'function' ? certificates : (serial: string) => certificates.get(serial);
  return (timbre, document) => {
    const certificate = find(timbre.NoCertificadoSAT);
    if (!certificate) return undefined;
    const sello = document.comprobante.Sello;
    return verifyTimbre(timbre, sello ? { certificate, sello } : { certificate });
  };
}
