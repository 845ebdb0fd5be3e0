/**
 * Enveloped XML-DSig (W3C XML Signature 1.0), as the SAT and the PACs use it on acuses, signed
 * requests and manifest contracts: Reference URI="" with the enveloped-signature transform,
 * canonical XML 1.0 or exclusive canonicalization (libxml2's own C14N), SHA-1/256/512 digests and
 * RSA PKCS#1 v1.5 signatures. Signing canonicalizes with libxml2 too, so what is signed is exactly
 * what a verifier computes.
 */
import { createHash, createSign, createVerify, X509Certificate } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { XmlC14NMode, XmlDocument, XmlElement, ParseOption } from 'libxml2-wasm';
import type { XmlNode } from 'libxml2-wasm';
import { assertNoDoctype } from '../cfdi/xml/parse.ts';

export const DSIG_NAMESPACE = 'http://www.w3.org/2000/09/xmldsig#';
const EXC_C14N = 'http://www.w3.org/2001/10/xml-exc-c14n#';
const C14N = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';
const ENVELOPED = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';
const DIGESTS: Record<string, string> = {
  'http://www.w3.org/2000/09/xmldsig#sha1': 'sha1',
  'http://www.w3.org/2001/04/xmlenc#sha256': 'sha256',
  'http://www.w3.org/2001/04/xmlenc#sha512': 'sha512',
};
const SIGNATURES: Record<string, string> = {
  'http://www.w3.org/2000/09/xmldsig#rsa-sha1': 'RSA-SHA1',
  'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256': 'RSA-SHA256',
  'http://www.w3.org/2001/04/xmldsig-more#rsa-sha512': 'RSA-SHA512',
};
const PARSE = ParseOption.XML_PARSE_NONET | ParseOption.XML_PARSE_NO_XXE;

function modeOf(algorithm: string): 0 | 1 {
  return algorithm === EXC_C14N ? XmlC14NMode.XML_C14N_EXCLUSIVE_1_0 : XmlC14NMode.XML_C14N_1_0;
}

function openDocument(xml: string): XmlDocument {
  assertNoDoctype(Buffer.from(xml.slice(0, 4096), 'utf8'));
  return XmlDocument.fromString(xml, { option: PARSE });
}

function elementChildren(node: XmlElement): XmlElement[] {
  const result: XmlElement[] = [];
  for (let current = node.firstChild; current !== null; current = current.next) {
    if (current instanceof XmlElement) result.push(current);
  }
  return result;
}

function dsChild(node: XmlElement | undefined, name: string): XmlElement | undefined {
  return node === undefined ? undefined : elementChildren(node).find((item) => item.name === name && item.namespaceUri === DSIG_NAMESPACE);
}

function isInside(node: XmlNode | null, ancestor: XmlElement): boolean {
  for (let current: XmlNode | null = node; current !== null; current = current.parent) {
    if (current.isSameNode(ancestor)) return true;
  }
  return false;
}

export interface SignOptions {
  privateKey: KeyObject;
  certificateDer: Buffer;
  /** Id attribute of the Signature element (the SAT writes Id="SelloSAT" on its acuses). */
  id?: string;
  /** Optional KeyName (the SAT writes its certificate number there). */
  keyName?: string;
}

/**
 * Signs a document whose root has no Signature yet and returns it with the Signature appended as
 * the root's last child (exclusive C14N, SHA-256 digest, RSA-SHA256).
 */
export function signEnveloped(xml: string, options: SignOptions): string {
  const document = openDocument(xml);
  let canonicalRoot: string;
  try {
    canonicalRoot = document.root.canonicalizeToString({ mode: XmlC14NMode.XML_C14N_EXCLUSIVE_1_0 });
  } finally {
    document.dispose();
  }
  const digest = createHash('sha256').update(canonicalRoot, 'utf8').digest('base64');
  const signedInfo = `<SignedInfo xmlns="${DSIG_NAMESPACE}"><CanonicalizationMethod Algorithm="${EXC_C14N}"/>`
    + '<SignatureMethod Algorithm="http://www.w3.org/2001/04/xmldsig-more#rsa-sha256"/>'
    + `<Reference URI=""><Transforms><Transform Algorithm="${ENVELOPED}"/><Transform Algorithm="${EXC_C14N}"/></Transforms>`
    + `<DigestMethod Algorithm="http://www.w3.org/2001/04/xmlenc#sha256"/><DigestValue>${digest}</DigestValue></Reference></SignedInfo>`;
  const signedInfoDocument = openDocument(signedInfo);
  let canonicalSignedInfo: string;
  try {
    canonicalSignedInfo = signedInfoDocument.root.canonicalizeToString({ mode: XmlC14NMode.XML_C14N_EXCLUSIVE_1_0 });
  } finally {
    signedInfoDocument.dispose();
  }
  const value = createSign('RSA-SHA256').update(canonicalSignedInfo, 'utf8').sign(options.privateKey, 'base64');
  const keyName = options.keyName === undefined ? '' : `<KeyName>${options.keyName}</KeyName>`;
  const signature = `<Signature xmlns="${DSIG_NAMESPACE}"${options.id === undefined ? '' : ` Id="${options.id}"`}>${canonicalSignedInfo}`
    + `<SignatureValue>${value}</SignatureValue><KeyInfo>${keyName}<X509Data><X509Certificate>${options.certificateDer.toString('base64')}</X509Certificate></X509Data></KeyInfo></Signature>`;
  const close = xml.lastIndexOf('</');
  if (close === -1) throw new Error('The document to sign has no closing root tag.');
  return `${xml.slice(0, close)}${signature}${xml.slice(close)}`;
}

export type SignatureFailure = 'no_signature' | 'unsupported' | 'digest_mismatch' | 'bad_signature' | 'no_certificate';

export interface SignatureCheck {
  ok: boolean;
  failure?: SignatureFailure;
  message: string;
  /** The certificate from KeyInfo/X509Data (when present), DER. */
  certificateDer?: Buffer;
}

interface SignatureParts {
  signature: XmlElement;
  signedInfo: XmlElement;
  canonicalization: string;
  digestAlgorithm: string | undefined;
  signatureAlgorithm: string | undefined;
  transforms: string[];
  digestValue: string;
  signatureValue: string;
  certificate: string;
}

function partsOf(signature: XmlElement): SignatureParts | undefined {
  const signedInfo = dsChild(signature, 'SignedInfo');
  const reference = dsChild(signedInfo, 'Reference');
  if (!signedInfo || !reference || (reference.attr('URI')?.value ?? '') !== '') return undefined;
  const algorithm = (node: XmlElement | undefined) => node?.attr('Algorithm')?.value ?? '';
  const transforms = elementChildren(dsChild(reference, 'Transforms') ?? reference).filter((item) => item.name === 'Transform').map((item) => algorithm(item));
  const keyInfo = dsChild(signature, 'KeyInfo');
  return {
    signature,
    signedInfo,
    canonicalization: algorithm(dsChild(signedInfo, 'CanonicalizationMethod')),
    digestAlgorithm: DIGESTS[algorithm(dsChild(reference, 'DigestMethod'))],
    signatureAlgorithm: SIGNATURES[algorithm(dsChild(signedInfo, 'SignatureMethod'))],
    transforms,
    digestValue: (dsChild(reference, 'DigestValue')?.content ?? '').trim(),
    signatureValue: (dsChild(signature, 'SignatureValue')?.content ?? '').replace(/\s+/g, ''),
    certificate: (dsChild(dsChild(keyInfo, 'X509Data'), 'X509Certificate')?.content ?? '').replace(/\s+/g, ''),
  };
}

function check(document: XmlDocument, parts: SignatureParts, publicKey: KeyObject | undefined): SignatureCheck {
  const certificateDer = parts.certificate === '' ? undefined : Buffer.from(parts.certificate, 'base64');
  const withCertificate = (result: Omit<SignatureCheck, 'certificateDer'>): SignatureCheck => (certificateDer ? { ...result, certificateDer } : result);
  if (!parts.digestAlgorithm || !parts.signatureAlgorithm || !parts.transforms.includes(ENVELOPED)) {
    return withCertificate({ ok: false, failure: 'unsupported', message: 'The signature uses an unsupported algorithm or is not enveloped.' });
  }
  const c14n = parts.transforms.find((item) => item === EXC_C14N || item === C14N) ?? C14N;
  const canonical = document.canonicalizeToString({ mode: modeOf(c14n), isVisible: (node) => !isInside(node, parts.signature) });
  const digest = createHash(parts.digestAlgorithm).update(canonical, 'utf8').digest('base64');
  if (digest !== parts.digestValue) return withCertificate({ ok: false, failure: 'digest_mismatch', message: 'The signed content was altered (DigestValue does not match).' });
  let key = publicKey;
  if (key === undefined) {
    if (!certificateDer) return { ok: false, failure: 'no_certificate', message: 'The signature carries no X509Certificate.' };
    try {
      key = new X509Certificate(certificateDer).publicKey;
    } catch {
      return { ok: false, failure: 'no_certificate', message: 'The X509Certificate of the signature cannot be read.' };
    }
  }
  const canonicalSignedInfo = parts.signedInfo.canonicalizeToString({ mode: modeOf(parts.canonicalization) });
  const valid = createVerify(parts.signatureAlgorithm).update(canonicalSignedInfo, 'utf8').verify(key, parts.signatureValue, 'base64');
  return withCertificate(valid ? { ok: true, message: 'The signature verifies.' } : { ok: false, failure: 'bad_signature', message: 'SignatureValue does not verify with the key.' });
}

/**
 * Verifies the enveloped signature that is a direct child of the root (Reference URI="").
 * Without `publicKey`, the certificate in KeyInfo is used; the caller decides whether to trust it.
 * Never throws on bad input: a document that cannot be parsed is reported as unsigned.
 */
export function verifyEnveloped(xml: string, publicKey?: KeyObject): SignatureCheck {
  let document: XmlDocument;
  try {
    document = openDocument(xml);
  } catch {
    return { ok: false, failure: 'no_signature', message: 'The document is not well-formed XML.' };
  }
  try {
    const signature = dsChild(document.root, 'Signature');
    const parts = signature && partsOf(signature);
    if (!parts) return { ok: false, failure: 'no_signature', message: 'The document has no enveloped XML signature.' };
    return check(document, parts, publicKey);
  } catch (error) {
    return { ok: false, failure: 'bad_signature', message: `The signature cannot be checked: ${(error as Error).message}` };
  } finally {
    document.dispose();
  }
}
