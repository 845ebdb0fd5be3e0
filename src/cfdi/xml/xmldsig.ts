/**
 * Enveloped XML-DSig (W3C XML Signature 1.0) in the subset the SAT, the PACs and their clients
 * use: one Reference, canonical XML 1.0 or exclusive C14N 1.0 (libxml2's own), SHA-1/256/512
 * digests, RSA PKCS#1 v1.5 signatures and the certificate in KeyInfo/X509Data. The service signs
 * the manifest contracts with it (providers/pac/contract-signer.ts); the simulator signs its
 * cancellation acuses and verifies manifest contracts and bulk-download requests. Signing
 * canonicalizes with libxml2 too, so what is signed is exactly what a verifier computes.
 *
 * Loads libxml2-wasm statically: not for modules a worker-thread task imports (see
 * libxml2-document.ts).
 */
import { createHash, sign, verify, X509Certificate } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { XmlC14NMode, XmlDocument, XmlElement, XmlText } from 'libxml2-wasm';
import type { XmlNode } from 'libxml2-wasm';
import { attribute, childElement, elementChildren, openDocument } from './libxml2-document.ts';
import { escapeAttribute, escapeText } from './serialize.ts';

export const DSIG_NAMESPACE = 'http://www.w3.org/2000/09/xmldsig#';
const C14N_EXCLUSIVE = 'http://www.w3.org/2001/10/xml-exc-c14n#';
const C14N_INCLUSIVE = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';
const ENVELOPED = `${DSIG_NAMESPACE}enveloped-signature`;

type C14nMode = (typeof XmlC14NMode)[keyof typeof XmlC14NMode];

const CANONICALIZATIONS: Record<string, C14nMode> = {
  [C14N_EXCLUSIVE]: XmlC14NMode.XML_C14N_EXCLUSIVE_1_0,
  [C14N_INCLUSIVE]: XmlC14NMode.XML_C14N_1_0,
};

/** The hash of a DigestMethod, and of an RSA SignatureMethod. */
type DsigHash = 'sha1' | 'sha256' | 'sha512';

const DIGEST_METHODS: Record<DsigHash, string> = {
  sha1: `${DSIG_NAMESPACE}sha1`,
  sha256: 'http://www.w3.org/2001/04/xmlenc#sha256',
  sha512: 'http://www.w3.org/2001/04/xmlenc#sha512',
};
const SIGNATURE_METHODS: Record<DsigHash, string> = {
  sha1: `${DSIG_NAMESPACE}rsa-sha1`,
  sha256: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
  sha512: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha512',
};

function hashOf(methods: Record<DsigHash, string>, algorithm: string | undefined): DsigHash | undefined {
  return (Object.keys(methods) as DsigHash[]).find((hash) => methods[hash] === algorithm);
}

const BASE64 = /^[A-Za-z0-9+/\s]+={0,2}\s*$/;

/** Base64 as XML-DSig writes it (line breaks allowed); undefined when the text is not base64. */
export function decodeBase64(text: string): Buffer | undefined {
  if (!BASE64.test(text)) return undefined;
  return Buffer.from(text.replace(/\s+/g, ''), 'base64');
}

function canonicalDocument(xml: string, mode: C14nMode): string {
  const document = openDocument(xml);
  try {
    return document.canonicalizeToString({ mode });
  } finally {
    document.dispose();
  }
}

export interface SignOptions {
  privateKey: KeyObject;
  certificateDer: Uint8Array;
  /** Hash of the digest and of the RSA signature. */
  hash: DsigHash;
  /**
   * Canonicalization of the document for the digest. 'exclusive' is named in a Transform after
   * the enveloped-signature one; 'inclusive' (canonical XML 1.0) is what XML-DSig applies when no
   * Transform names one, so the enveloped-signature transform stands alone.
   */
  referenceCanonicalization: 'inclusive' | 'exclusive';
  /** Id attribute of the Signature element (the SAT writes Id="SelloSAT" on its acuses). */
  id?: string;
  /** Optional KeyName (the SAT writes its certificate number there). */
  keyName?: string;
}

/**
 * Signs a document whose root has no Signature yet (Reference URI="", SignedInfo in exclusive
 * C14N) and returns the text with the Signature appended as the root's last child.
 */
export function signEnveloped(xml: string, options: SignOptions): string {
  const exclusive = options.referenceCanonicalization === 'exclusive';
  const canonical = canonicalDocument(xml, exclusive ? XmlC14NMode.XML_C14N_EXCLUSIVE_1_0 : XmlC14NMode.XML_C14N_1_0);
  const digest = createHash(options.hash).update(canonical, 'utf8').digest('base64');
  const transforms = `<Transform Algorithm="${ENVELOPED}"/>${exclusive ? `<Transform Algorithm="${C14N_EXCLUSIVE}"/>` : ''}`;
  const signedInfo =
    `<SignedInfo xmlns="${DSIG_NAMESPACE}"><CanonicalizationMethod Algorithm="${C14N_EXCLUSIVE}"/>` +
    `<SignatureMethod Algorithm="${SIGNATURE_METHODS[options.hash]}"/><Reference URI=""><Transforms>${transforms}</Transforms>` +
    `<DigestMethod Algorithm="${DIGEST_METHODS[options.hash]}"/><DigestValue>${digest}</DigestValue></Reference></SignedInfo>`;
  const canonicalSignedInfo = canonicalDocument(signedInfo, XmlC14NMode.XML_C14N_EXCLUSIVE_1_0);
  const value = sign(options.hash, Buffer.from(canonicalSignedInfo, 'utf8'), options.privateKey).toString('base64');
  const id = options.id === undefined ? '' : ` Id="${escapeAttribute(options.id)}"`;
  const keyName = options.keyName === undefined ? '' : `<KeyName>${escapeText(options.keyName)}</KeyName>`;
  const certificate = Buffer.from(options.certificateDer).toString('base64');
  const signature =
    `<Signature xmlns="${DSIG_NAMESPACE}"${id}>${canonicalSignedInfo}<SignatureValue>${value}</SignatureValue>` +
    `<KeyInfo>${keyName}<X509Data><X509Certificate>${certificate}</X509Certificate></X509Data></KeyInfo></Signature>`;
  const close = xml.lastIndexOf('</');
  if (close === -1) throw new Error('The document to sign has no closing root tag.');
  return `${xml.slice(0, close)}${signature}${xml.slice(close)}`;
}

type SignatureFailure =
  /** There is no Signature where one belongs, or the document is not XML. */
  | 'no_signature'
  /** The Signature is incomplete, not enveloped where it must be, outside this subset or not base64. */
  | 'malformed'
  /** The referenced content changed after it was signed. */
  | 'digest_mismatch'
  /** SignedInfo does not verify with the key: altered, or signed by another key. */
  | 'bad_signature'
  /** No key was given and KeyInfo holds no certificate that can be read. */
  | 'no_certificate';

export type SignatureCheck = { ok: true } | { ok: false; failure: SignatureFailure; message: string };

function failed(failure: SignatureFailure, message: string): { ok: false; failure: SignatureFailure; message: string } {
  return { ok: false, failure, message };
}

export interface SignatureParts {
  signedInfo: XmlElement;
  canonicalization: C14nMode;
  signatureHash: DsigHash;
  referenceUri: string;
  /** Whether the Reference names the enveloped-signature transform. */
  enveloped: boolean;
  referenceCanonicalization: C14nMode;
  digestHash: DsigHash;
  digestValue: Buffer;
  signatureValue: Buffer;
  keyInfo: XmlElement | undefined;
}

/** Reads the parts of a ds:Signature; a string explains why it is malformed. */
export function readSignature(signature: XmlElement): SignatureParts | string {
  const signedInfo = childElement(signature, DSIG_NAMESPACE, 'SignedInfo');
  if (!signedInfo) return 'The Signature has no SignedInfo.';
  const canonical = childElement(signedInfo, DSIG_NAMESPACE, 'CanonicalizationMethod');
  const method = childElement(signedInfo, DSIG_NAMESPACE, 'SignatureMethod');
  const references = elementChildren(signedInfo).filter((child) => child.name === 'Reference' && child.namespaceUri === DSIG_NAMESPACE);
  const reference = references[0];
  if (!canonical || !method || !reference || references.length !== 1) return 'SignedInfo needs one CanonicalizationMethod, SignatureMethod and Reference.';
  const canonicalization = CANONICALIZATIONS[attribute(canonical, 'Algorithm') ?? ''];
  const signatureHash = hashOf(SIGNATURE_METHODS, attribute(method, 'Algorithm'));
  if (canonicalization === undefined || signatureHash === undefined) return 'Unsupported canonicalization or signature algorithm.';
  const transforms = childElement(reference, DSIG_NAMESPACE, 'Transforms');
  const algorithms = transforms ? elementChildren(transforms).map((transform) => attribute(transform, 'Algorithm') ?? '') : [];
  if (algorithms.some((algorithm) => algorithm !== ENVELOPED && CANONICALIZATIONS[algorithm] === undefined)) return 'Unsupported Transform.';
  const lastCanonical = algorithms.filter((algorithm) => algorithm !== ENVELOPED).at(-1);
  const digestMethod = childElement(reference, DSIG_NAMESPACE, 'DigestMethod');
  const digestHash = hashOf(DIGEST_METHODS, digestMethod && attribute(digestMethod, 'Algorithm'));
  const digestValue = decodeBase64(childElement(reference, DSIG_NAMESPACE, 'DigestValue')?.content ?? '');
  const signatureValue = decodeBase64(childElement(signature, DSIG_NAMESPACE, 'SignatureValue')?.content ?? '');
  if (digestHash === undefined || digestValue === undefined || signatureValue === undefined) {
    return 'DigestMethod, DigestValue or SignatureValue is missing or invalid.';
  }
  return {
    signedInfo,
    canonicalization,
    signatureHash,
    referenceUri: attribute(reference, 'URI') ?? '',
    enveloped: algorithms.includes(ENVELOPED),
    // XML-DSig: without a canonicalization transform the node set is canonicalized with inclusive C14N.
    referenceCanonicalization: CANONICALIZATIONS[lastCanonical ?? C14N_INCLUSIVE]!,
    digestHash,
    digestValue,
    signatureValue,
    keyInfo: childElement(signature, DSIG_NAMESPACE, 'KeyInfo'),
  };
}

/** The certificate in the Signature's KeyInfo/X509Data/X509Certificate (DER), when it is base64. */
export function signatureCertificate(signature: XmlElement): Buffer | undefined {
  const keyInfo = childElement(signature, DSIG_NAMESPACE, 'KeyInfo');
  const data = keyInfo && childElement(keyInfo, DSIG_NAMESPACE, 'X509Data');
  const text = data && childElement(data, DSIG_NAMESPACE, 'X509Certificate')?.content;
  return text === undefined ? undefined : decodeBase64(text);
}

function isInside(node: XmlNode, ancestor: XmlNode): boolean {
  for (let current = node.parent; current !== null; current = current.parent) {
    if (current.isSameNode(ancestor)) return true;
  }
  return false;
}

function removeWhitespaceText(element: XmlElement): void {
  const blank: XmlText[] = [];
  const walk = (parent: XmlElement): void => {
    for (let child = parent.firstChild; child !== null; child = child.next) {
      if (child instanceof XmlText && /^[ \t\r\n]*$/.test(child.content)) blank.push(child);
      else if (child instanceof XmlElement) walk(child);
    }
  };
  walk(element);
  for (const text of blank) text.remove();
}

/**
 * The C14N of a subtree (or of the whole document) as it is and, when asked, with whitespace-only
 * text removed. The second form is computed by removing that text from the document.
 */
function canonicalForms(node: XmlElement | XmlDocument, mode: C14nMode, withoutWhitespace: boolean): string[] {
  const exact = node.canonicalizeToString({ mode });
  if (!withoutWhitespace) return [exact];
  removeWhitespaceText(node instanceof XmlDocument ? node.root : node);
  return [exact, node.canonicalizeToString({ mode })];
}

export interface VerifyOptions {
  signature: XmlElement;
  parts: SignatureParts;
  /** What the Reference designates: an element, or the whole document. */
  target: XmlElement | XmlDocument;
  publicKey: KeyObject;
  /**
   * Also accept the digest and the signature computed with whitespace-only text between elements
   * removed: a request re-indented after signing (as recorded fixtures are) still verifies.
   */
  tolerateReindentation?: boolean;
}

/**
 * Checks the Reference digest and the RSA signature over SignedInfo. Never throws for bad input.
 * It edits the document: a Signature inside the target is removed from it (the enveloped-signature
 * transform), and so is whitespace-only text when it is tolerated, so the document serves one
 * verification only.
 */
export function verifySignature(options: VerifyOptions): SignatureCheck {
  const { signature, parts, target } = options;
  const tolerant = options.tolerateReindentation === true;
  // SignedInfo first: the digest step removes an enveloped Signature from the document.
  const signedInfoForms = canonicalForms(parts.signedInfo, parts.canonicalization, tolerant);
  if (target instanceof XmlDocument || isInside(signature, target)) signature.remove();
  const targetForms = canonicalForms(target, parts.referenceCanonicalization, tolerant);
  const digestMatches = targetForms.some((canonical) => createHash(parts.digestHash).update(canonical, 'utf8').digest().equals(parts.digestValue));
  if (!digestMatches) return failed('digest_mismatch', 'The DigestValue does not match the signed content.');
  const signatureMatches = signedInfoForms.some((canonical) => {
    try {
      return verify(parts.signatureHash, Buffer.from(canonical, 'utf8'), options.publicKey, parts.signatureValue);
    } catch {
      return false;
    }
  });
  return signatureMatches ? { ok: true } : failed('bad_signature', 'The SignatureValue does not verify with the key.');
}

/** A verification of a whole document, with the certificate its KeyInfo carries (when it does). */
export type EnvelopedCheck = SignatureCheck & { certificateDer?: Buffer };

/**
 * Verifies the enveloped signature that is a direct child of the root (Reference URI="" with the
 * enveloped-signature transform). Without `publicKey` the certificate in KeyInfo is used; the
 * caller decides whether to trust it. Never throws: a document that cannot be parsed is unsigned.
 */
export function verifyEnveloped(xml: string, publicKey?: KeyObject): EnvelopedCheck {
  let document: XmlDocument;
  try {
    document = openDocument(xml);
  } catch {
    return failed('no_signature', 'The document is not well-formed XML.');
  }
  try {
    const signature = childElement(document.root, DSIG_NAMESPACE, 'Signature');
    if (!signature) return failed('no_signature', 'The document has no enveloped XML signature.');
    const certificateDer = signatureCertificate(signature);
    const withCertificate = (check: SignatureCheck): EnvelopedCheck => (certificateDer ? { ...check, certificateDer } : check);
    const parts = readSignature(signature);
    if (typeof parts === 'string') return withCertificate(failed('malformed', parts));
    if (parts.referenceUri !== '' || !parts.enveloped) {
      return withCertificate(failed('malformed', 'The signature is not enveloped (Reference URI="" with the enveloped-signature transform).'));
    }
    let key = publicKey;
    if (key === undefined) {
      if (!certificateDer) return failed('no_certificate', 'The signature carries no X509Certificate.');
      try {
        key = new X509Certificate(certificateDer).publicKey;
      } catch {
        return failed('no_certificate', 'The X509Certificate of the signature cannot be read.');
      }
    }
    return withCertificate(verifySignature({ signature, parts, target: document, publicKey: key }));
  } catch (error) {
    return failed('bad_signature', `The signature cannot be checked: ${(error as Error).message}`);
  } finally {
    document.dispose();
  }
}
