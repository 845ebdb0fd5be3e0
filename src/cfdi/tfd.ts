/**
 * TimbreFiscalDigital 1.1: its cadena original (cadenaoriginal_TFD_1_1.xslt), building a timbre
 * with a PAC/SAT key (SelloSAT), and verifying one against the certificate NoCertificadoSAT names.
 */
import type { KeyObject } from 'node:crypto';
import type { SatCertificate } from './certificate.ts';
import type { TimbreFiscalDigital } from './model.ts';
import { CFDI_NAMESPACE, TFD_NAMESPACE } from './model.ts';
import { checkSignature, signCadena, signCadenaSync } from './signature.ts';
import { attributeValue, childElements } from './xml/tree.ts';
import type { XmlElement } from './xml/tree.ts';

/**
 * The TFD attributes as written. Version is any string here: verification reads the element
 * itself, so a timbre whose Version is not "1.1" yields the XSLT's cadena, not a corrected one.
 */
export type TimbreFields = Omit<TimbreFiscalDigital, 'Version'> & { Version: string };

/**
 * XPath normalize-space(), which the SAT XSLT applies to every value (template ManejaEspacios):
 * strip leading and trailing XML whitespace and collapse inner runs to one space. XML whitespace
 * is only space, tab, CR and LF; other Unicode spaces (NBSP, ...) are kept.
 */
export function normalizeSpace(value: string): string {
  return value.replace(/[ \t\r\n]+/g, ' ').replace(/^ | $/g, '');
}

/**
 * The cadena original of a TFD 1.1, byte-identical to the SAT XSLT: `||Version|UUID|FechaTimbrado|
 * RfcProvCertif[|Leyenda]|SelloCFD|NoCertificadoSAT||`. Required values always print a `|` (even
 * when empty); Leyenda prints only when the attribute is present, even if empty (the XSLT tests
 * the attribute node, not its value).
 */
export function tfdCadenaOriginal(tfd: Omit<TimbreFields, 'SelloSAT'>): string {
  const parts = [tfd.Version, tfd.UUID, tfd.FechaTimbrado, tfd.RfcProvCertif];
  if (tfd.Leyenda !== undefined) parts.push(tfd.Leyenda);
  parts.push(tfd.SelloCFD, tfd.NoCertificadoSAT);
  return `||${parts.map(normalizeSpace).join('|')}||`;
}

export interface TimbreInput {
  UUID: string;
  /** Local time of Mexico City as the PAC writes it, `YYYY-MM-DDThh:mm:ss` (no zone). */
  FechaTimbrado: string;
  RfcProvCertif: string;
  Leyenda?: string;
  /** The comprobante's Sello. */
  SelloCFD: string;
  /** NoCertificado of the certificate whose private key signs. */
  NoCertificadoSAT: string;
}

/** The tfd:TimbreFiscalDigital element among the children of cfdi:Complemento, if any. */
export function findTimbreElement(comprobante: XmlElement): XmlElement | undefined {
  for (const complemento of childElements(comprobante, CFDI_NAMESPACE, 'Complemento')) {
    const [timbre] = childElements(complemento, TFD_NAMESPACE, 'TimbreFiscalDigital');
    if (timbre) return timbre;
  }
  return undefined;
}

/** Attribute values of a TFD element exactly as written (absent required ones read as empty, as in the XSLT). */
export function timbreFieldsFromElement(element: XmlElement): TimbreFields {
  const value = (name: string) => attributeValue(element, name) ?? '';
  const fields: TimbreFields = {
    Version: value('Version'),
    UUID: value('UUID'),
    FechaTimbrado: value('FechaTimbrado'),
    RfcProvCertif: value('RfcProvCertif'),
    SelloCFD: value('SelloCFD'),
    NoCertificadoSAT: value('NoCertificadoSAT'),
    SelloSAT: value('SelloSAT'),
  };
  const leyenda = attributeValue(element, 'Leyenda');
  if (leyenda !== undefined) fields.Leyenda = leyenda;
  return fields;
}

function unsignedTimbre(input: TimbreInput): TimbreFiscalDigital {
  const timbre: TimbreFiscalDigital = {
    Version: '1.1',
    UUID: input.UUID,
    FechaTimbrado: input.FechaTimbrado,
    RfcProvCertif: input.RfcProvCertif,
    SelloCFD: input.SelloCFD,
    NoCertificadoSAT: input.NoCertificadoSAT,
    SelloSAT: '',
  };
  if (input.Leyenda !== undefined) timbre.Leyenda = input.Leyenda;
  return timbre;
}

/** Builds a TFD 1.1 and signs its cadena (SelloSAT) on the thread pool. */
export async function buildTimbre(input: TimbreInput, privateKey: KeyObject): Promise<TimbreFiscalDigital> {
  const timbre = unsignedTimbre(input);
  timbre.SelloSAT = await signCadena(tfdCadenaOriginal(timbre), privateKey);
  return timbre;
}

export function buildTimbreSync(input: TimbreInput, privateKey: KeyObject): TimbreFiscalDigital {
  const timbre = unsignedTimbre(input);
  timbre.SelloSAT = signCadenaSync(tfdCadenaOriginal(timbre), privateKey);
  return timbre;
}

type TimbreFailure =
  /** The timbre names another certificate than the one given to verify it. */
  | 'cfdi.tfd_certificado_mismatch'
  /** SelloSAT is empty or absent. */
  | 'cfdi.tfd_sello_sat_missing'
  /** SelloSAT is not base64 of the certificate's signature length. */
  | 'cfdi.tfd_malformed_sello_sat'
  /** SelloSAT does not verify over the TFD cadena: the timbre was altered or signed by another key. */
  | 'cfdi.tfd_sello_sat_mismatch'
  /** SelloCFD differs from the comprobante's Sello: the timbre belongs to another document. */
  | 'cfdi.tfd_sello_cfd_mismatch';

export interface TimbreVerification {
  ok: boolean;
  /** The first failure, in the order the checks run (certificate, SelloSAT, SelloCFD). */
  reason?: TimbreFailure;
  message: string;
  cadenaOriginal: string;
  /** Whether SelloSAT verifies (false when the certificate is the wrong one). */
  selloSatValid: boolean;
  /** Whether SelloCFD equals the comprobante's Sello; undefined when no Sello was given. */
  selloCfdMatches: boolean | undefined;
}

export interface VerifyTimbreOptions {
  /** The PAC/SAT certificate whose NoCertificado is the timbre's NoCertificadoSAT. */
  certificate: SatCertificate;
  /** The comprobante's Sello, to check SelloCFD against (Anexo 20: SelloCFD is a copy of it). */
  sello?: string;
}

export function verifyTimbre(tfd: TimbreFields, options: VerifyTimbreOptions): TimbreVerification {
  const cadenaOriginal = tfdCadenaOriginal(tfd);
  const selloCfdMatches = options.sello === undefined ? undefined : options.sello === tfd.SelloCFD;
  const failure = (reason: TimbreFailure, message: string, selloSatValid: boolean): TimbreVerification => ({
    ok: false,
    reason,
    message,
    cadenaOriginal,
    selloSatValid,
    selloCfdMatches,
  });
  if (options.certificate.serialNumber !== tfd.NoCertificadoSAT) {
    return failure('cfdi.tfd_certificado_mismatch', `The timbre names certificate ${tfd.NoCertificadoSAT}, not ${options.certificate.serialNumber}.`, false);
  }
  const check = checkSignature(cadenaOriginal, tfd.SelloSAT, options.certificate.publicKey);
  if (check === 'missing') return failure('cfdi.tfd_sello_sat_missing', 'The timbre has no SelloSAT.', false);
  if (check === 'malformed') {
    return failure('cfdi.tfd_malformed_sello_sat', 'SelloSAT is not a base64 signature of the certificate key length.', false);
  }
  if (check === 'mismatch') {
    return failure('cfdi.tfd_sello_sat_mismatch', `SelloSAT does not verify with certificate ${tfd.NoCertificadoSAT}.`, false);
  }
  if (selloCfdMatches === false) {
    return failure('cfdi.tfd_sello_cfd_mismatch', "The timbre's SelloCFD differs from the comprobante's Sello.", true);
  }
  return { ok: true, message: `SelloSAT verifies with certificate ${tfd.NoCertificadoSAT}.`, cadenaOriginal, selloSatValid: true, selloCfdMatches };
}
