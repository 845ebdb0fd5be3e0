/**
 * XML-DSig verification as the bulk download services apply it: one Reference, RSA with SHA-1
 * (or SHA-256), exclusive or inclusive C14N 1.0.
 *
 * - Solicitud, verificación and descarga sign the operation element of the SOAP Body
 *   (`des:SolicitaDescargaEmitidos`, ...) with Reference URI="" and the Signature enveloped in
 *   its `des:solicitud` child: the digest covers that operation element without the Signature.
 *   This is what every published client computes and what the recorded requests carry.
 * - Autentica signs the WS-Security `u:Timestamp` (Reference URI="#_0").
 *
 * Whitespace-only text between elements is tolerated: a request that was re-indented after
 * signing (as the recorded fixtures were) verifies both as sent and with that whitespace removed.
 */
import { createHash, verify } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { XmlC14NMode, XmlElement, XmlText } from 'libxml2-wasm';
import type { XmlNode } from 'libxml2-wasm';
import { DSIG_NAMESPACE, attribute, childElement, elementChildren } from './envelope.ts';

const C14N_EXCLUSIVE = 'http://www.w3.org/2001/10/xml-exc-c14n#';
const C14N_INCLUSIVE = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';
const ENVELOPED = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';

const CANONICALIZATIONS: Record<string, (typeof XmlC14NMode)[keyof typeof XmlC14NMode]> = {
  [C14N_EXCLUSIVE]: XmlC14NMode.XML_C14N_EXCLUSIVE_1_0,
  [C14N_INCLUSIVE]: XmlC14NMode.XML_C14N_1_0,
};
const DIGESTS: Record<string, string> = {
  'http://www.w3.org/2000/09/xmldsig#sha1': 'sha1',
  'http://www.w3.org/2001/04/xmlenc#sha256': 'sha256',
};
const SIGNATURES: Record<string, string> = {
  'http://www.w3.org/2000/09/xmldsig#rsa-sha1': 'sha1',
  'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256': 'sha256',
};

export type SignatureFailure =
  /** The Signature is absent, incomplete, uses unknown algorithms or is not base64. */
  | 'malformed'
  /** Well-formed, but the digest or the RSA signature does not verify: altered or signed by another key. */
  | 'mismatch';

export type SignatureCheck = { ok: true } | { ok: false; failure: SignatureFailure; message: string };

export interface SignatureParts {
  signedInfo: XmlElement;
  canonicalization: (typeof XmlC14NMode)[keyof typeof XmlC14NMode];
  signatureAlgorithm: string;
  referenceUri: string;
  referenceCanonicalization: (typeof XmlC14NMode)[keyof typeof XmlC14NMode];
  digestAlgorithm: string;
  digestValue: Buffer;
  signatureValue: Buffer;
  keyInfo: XmlElement | undefined;
}

const BASE64 = /^[A-Za-z0-9+/\s]+={0,2}\s*$/;

export function decodeBase64(text: string): Buffer | undefined {
  if (!BASE64.test(text)) return undefined;
  return Buffer.from(text.replace(/\s+/g, ''), 'base64');
}

function fail(failure: SignatureFailure, message: string): { ok: false; failure: SignatureFailure; message: string } {
  return { ok: false, failure, message };
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
  const signatureAlgorithm = SIGNATURES[attribute(method, 'Algorithm') ?? ''];
  if (canonicalization === undefined || signatureAlgorithm === undefined) return 'Unsupported canonicalization or signature algorithm.';
  const transforms = childElement(reference, DSIG_NAMESPACE, 'Transforms');
  const algorithms = transforms ? elementChildren(transforms).map((transform) => attribute(transform, 'Algorithm') ?? '') : [];
  if (algorithms.some((algorithm) => algorithm !== ENVELOPED && CANONICALIZATIONS[algorithm] === undefined)) return 'Unsupported Transform.';
  const lastCanonical = algorithms.filter((algorithm) => algorithm !== ENVELOPED).at(-1);
  const digestMethod = childElement(reference, DSIG_NAMESPACE, 'DigestMethod');
  const digestAlgorithm = DIGESTS[(digestMethod && attribute(digestMethod, 'Algorithm')) ?? ''];
  const digestValue = decodeBase64(childElement(reference, DSIG_NAMESPACE, 'DigestValue')?.content ?? '');
  const signatureValue = decodeBase64(childElement(signature, DSIG_NAMESPACE, 'SignatureValue')?.content ?? '');
  if (digestAlgorithm === undefined || digestValue === undefined || signatureValue === undefined) {
    return 'DigestMethod, DigestValue or SignatureValue is missing or invalid.';
  }
  return {
    signedInfo,
    canonicalization,
    signatureAlgorithm,
    referenceUri: attribute(reference, 'URI') ?? '',
    // XML-DSig: without a canonicalization transform the node set is canonicalized with inclusive C14N.
    referenceCanonicalization: CANONICALIZATIONS[lastCanonical ?? C14N_INCLUSIVE]!,
    digestAlgorithm,
    digestValue,
    signatureValue,
    keyInfo: childElement(signature, DSIG_NAMESPACE, 'KeyInfo'),
  };
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
 * The C14N of an element's subtree as it is and with whitespace-only text removed. The second
 * form is computed by removing that text from the document, so callers take it last.
 */
function canonicalForms(element: XmlElement, mode: SignatureParts['canonicalization']): [string, string] {
  const exact = element.canonicalizeToString({ mode });
  removeWhitespaceText(element);
  return [exact, element.canonicalizeToString({ mode })];
}

export interface VerifyOptions {
  signature: XmlElement;
  parts: SignatureParts;
  /** The element the Reference designates. */
  target: XmlElement;
  /** The signer's public key (from the certificate the request carries). */
  publicKey: KeyObject;
}

/**
 * Checks the Reference digest and the RSA signature over SignedInfo. Never throws for bad input.
 * It edits the document: an enveloped Signature is removed from it (the enveloped-signature
 * transform) and so is whitespace-only text, so the document serves one verification only.
 */
export function verifySignature(options: VerifyOptions): SignatureCheck {
  const { signature, parts, target } = options;
  // SignedInfo first: the digest step removes an enveloped Signature from the document.
  const signedInfoForms = canonicalForms(parts.signedInfo, parts.canonicalization);
  if (isInside(signature, target)) signature.remove();
  const targetForms = canonicalForms(target, parts.referenceCanonicalization);
  const digestMatches = targetForms.some((canonical) =>
    createHash(parts.digestAlgorithm).update(canonical, 'utf8').digest().equals(parts.digestValue));
  if (!digestMatches) return fail('mismatch', 'The DigestValue does not match the signed element.');
  const signatureMatches = signedInfoForms.some((canonical) => {
    try {
      return verify(parts.signatureAlgorithm, Buffer.from(canonical, 'utf8'), options.publicKey, parts.signatureValue);
    } catch {
      return false;
    }
  });
  return signatureMatches ? { ok: true } : fail('mismatch', 'The SignatureValue does not verify with the certificate.');
}
