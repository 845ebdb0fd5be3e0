/**
 * The signed body shared by SolicitaDescarga*, VerificaSolicitudDescarga and
 * PeticionDescargaMasivaTercerosEntrada: an operation element holding one request element
 * (`des:solicitud` or `des:peticionDescarga`) whose attributes carry the parameters and whose
 * enveloped ds:Signature carries the FIEL certificate (KeyInfo/X509Data/X509Certificate).
 */
import type { XmlElement } from 'libxml2-wasm';
import type { SatCertificate } from '../../cfdi/credentials.ts';
import { childElement, elementChildren } from '../../cfdi/xml/libxml2-document.ts';
import { DSIG_NAMESPACE, readSignature, signatureCertificate, verifySignature } from '../../cfdi/xml/xmldsig.ts';
import type { SimulatorCa } from '../ca.ts';
import { CodEstatus, malformed } from './codes.ts';
import type { SatStatus } from './codes.ts';
import { DESCARGA_NAMESPACE, attributes } from './envelope.ts';
import type { SoapEnvelope } from './envelope.ts';
import { checkFiel, readRequestCertificate } from './fiel.ts';

export interface SignedRequest {
  /** Local name of the operation element, e.g. SolicitaDescargaRecibidos. */
  operation: string;
  /** Attributes of the request element. */
  parameters: Map<string, string>;
  /** The request element, for child elements such as des:RfcReceptores. */
  element: XmlElement;
  /** The FIEL that signed it (already checked: FIEL, trusted, valid, not revoked). */
  certificate: SatCertificate;
}

export type SignedRequestResult = { ok: true; request: SignedRequest } | { ok: false; status: SatStatus };

/**
 * Checks structure, signature and certificate, in the order the SAT's codes suggest:
 * 301 (no request element), 302 (signature absent, malformed or not verifying), 305 (not a
 * trusted FIEL), 304 (expired or revoked). Whose RFC it is (303) is the operation's business.
 */
export async function readSignedRequest(envelope: SoapEnvelope, requestElement: string, ca: SimulatorCa, now: Date): Promise<SignedRequestResult> {
  const operation = envelope.operation!;
  const element = childElement(operation, DESCARGA_NAMESPACE, requestElement);
  if (!element) return { ok: false, status: malformed(`La petición no contiene el elemento ${requestElement}.`) };
  const signature = elementChildren(element).find((child) => child.name === 'Signature' && child.namespaceUri === DSIG_NAMESPACE);
  if (!signature) return { ok: false, status: CodEstatus.malformedSeal };
  const parts = readSignature(signature);
  if (typeof parts === 'string' || parts.referenceUri !== '') return { ok: false, status: CodEstatus.malformedSeal };
  const der = signatureCertificate(signature);
  const certificate = der && readRequestCertificate(der);
  if (!certificate) return { ok: false, status: CodEstatus.invalidCertificate };
  const check = verifySignature({ signature, parts, target: operation, publicKey: certificate.publicKey, tolerateReindentation: true });
  if (!check.ok) return { ok: false, status: CodEstatus.malformedSeal };
  const refused = await checkFiel(certificate, ca, now);
  if (refused) return { ok: false, status: refused };
  return { ok: true, request: { operation: operation.name, parameters: attributes(element), element, certificate } };
}
