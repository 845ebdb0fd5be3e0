/**
 * Autentica (/Autenticacion/Autenticacion.svc): WS-Security 1.0 with an X.509 token. The header
 * holds a u:Timestamp, the FIEL certificate as o:BinarySecurityToken and an XML-DSig signature
 * over the Timestamp whose KeyInfo points at that token. Any failure is the SOAP fault
 * InvalidSecurity; success answers a token valid for 5 minutes with Created/Expires in the header.
 */
import type { XmlElement } from 'libxml2-wasm';
import { childElement, elementChildren } from '../../cfdi/xml/libxml2-document.ts';
import { DSIG_NAMESPACE, decodeBase64, readSignature, verifySignature } from '../../cfdi/xml/xmldsig.ts';
import { WSSE_NAMESPACE, WSU_NAMESPACE } from './envelope.ts';
import type { SoapEnvelope } from './envelope.ts';
import { checkFiel, readRequestCertificate } from './fiel.ts';
import { authenticateResponse, invalidSecurityFault } from './responses.ts';
import type { SoapAnswer } from './responses.ts';
import type { DescargaService } from './service.ts';

function wsuId(element: XmlElement): string | undefined {
  return element.attrs.find((item) => item.name === 'Id' && item.namespaceUri === WSU_NAMESPACE)?.value;
}

function byId(elements: XmlElement[], reference: string | undefined): XmlElement | undefined {
  if (reference === undefined || !reference.startsWith('#')) return undefined;
  return elements.find((element) => wsuId(element) === reference.slice(1));
}

/** The instant of an xs:dateTime in UTC (`...Z`), or NaN. */
function instant(element: XmlElement | undefined): number {
  const text = element?.content.trim() ?? '';
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/.test(text) ? Date.parse(text) : NaN;
}

/** The Timestamp must be current: created no later than now and not yet expired (within the skew). */
function timestampIsCurrent(timestamp: XmlElement, now: number, skewMs: number): boolean {
  const created = instant(childElement(timestamp, WSU_NAMESPACE, 'Created'));
  const expires = instant(childElement(timestamp, WSU_NAMESPACE, 'Expires'));
  return created <= now + skewMs && expires > now - skewMs && expires > created;
}

export async function authenticate(service: DescargaService, envelope: SoapEnvelope): Promise<SoapAnswer> {
  const { clock, ca } = service.deps;
  const now = clock.now();
  const security = envelope.header && childElement(envelope.header, WSSE_NAMESPACE, 'Security');
  if (!security) return invalidSecurityFault();
  const children = elementChildren(security);
  const timestamp = children.find((child) => child.name === 'Timestamp' && child.namespaceUri === WSU_NAMESPACE);
  const signature = childElement(security, DSIG_NAMESPACE, 'Signature');
  const parts = signature && readSignature(signature);
  if (!timestamp || !signature || parts === undefined || typeof parts === 'string') return invalidSecurityFault();
  if (byId([timestamp], parts.referenceUri) === undefined) return invalidSecurityFault();
  const tokenReference = parts.keyInfo && childElement(parts.keyInfo, WSSE_NAMESPACE, 'SecurityTokenReference');
  const reference = tokenReference && childElement(tokenReference, WSSE_NAMESPACE, 'Reference');
  const token = byId(
    children.filter((child) => child.name === 'BinarySecurityToken' && child.namespaceUri === WSSE_NAMESPACE),
    reference?.attrs.find((item) => item.name === 'URI')?.value,
  );
  const der = token && decodeBase64(token.content.trim());
  const certificate = der && readRequestCertificate(der);
  if (!certificate) return invalidSecurityFault();
  const check = verifySignature({ signature, parts, target: timestamp, publicKey: certificate.publicKey, tolerateReindentation: true });
  if (!check.ok || !timestampIsCurrent(timestamp, now.getTime(), service.settings.clockSkewSeconds * 1000)) return invalidSecurityFault();
  if (await checkFiel(certificate, ca, now)) return invalidSecurityFault();
  const issued = service.tokens.issue(certificate.serialNumber, now);
  return authenticateResponse(issued.value, issued.created, issued.expires);
}
