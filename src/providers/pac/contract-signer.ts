/**
 * Signing the manifest contracts with the taxpayer's FIEL, in the shape the signing service
 * expects (the one phpcfdi/finkok documents): `<documento><contrato rfc="…" fecha="…">text
 * </contrato><Signature/></documento>` with an enveloped XML-DSig: Reference URI="" with the
 * enveloped-signature transform (digest over canonical XML 1.0), SHA-1 digest, RSA-SHA1 over the
 * exclusively canonicalized SignedInfo, and the certificate in KeyInfo/X509Data.
 */
import { createHash, createSign } from 'node:crypto';
import { ParseOption, XmlC14NMode, XmlDocument } from 'libxml2-wasm';
import type { SatCredential } from '../../cfdi/credentials.ts';
import { escapeXml } from '../soap-client.ts';

const DSIG = 'http://www.w3.org/2000/09/xmldsig#';
const EXC_C14N = 'http://www.w3.org/2001/10/xml-exc-c14n#';

function canonical(xml: string, mode: 0 | 1): string {
  const document = XmlDocument.fromString(xml, { option: ParseOption.XML_PARSE_NONET | ParseOption.XML_PARSE_NO_XXE });
  try {
    return document.canonicalizeToString({ mode });
  } finally {
    document.dispose();
  }
}

/** `fecha` is the signing time as local wall-clock time, `YYYY-MM-DDTHH:mm:ss`. */
export function signContract(text: string, rfc: string, fecha: string, fiel: SatCredential): string {
  const unsigned = `<?xml version="1.0" encoding="UTF-8"?>\n<documento><contrato rfc="${escapeXml(rfc)}" fecha="${escapeXml(fecha)}">${escapeXml(text)}</contrato></documento>`;
  const digest = createHash('sha1').update(canonical(unsigned, XmlC14NMode.XML_C14N_1_0), 'utf8').digest('base64');
  const signedInfo = `<SignedInfo xmlns="${DSIG}"><CanonicalizationMethod Algorithm="${EXC_C14N}"/>`
    + `<SignatureMethod Algorithm="${DSIG}rsa-sha1"/><Reference URI=""><Transforms><Transform Algorithm="${DSIG}enveloped-signature"/></Transforms>`
    + `<DigestMethod Algorithm="${DSIG}sha1"/><DigestValue>${digest}</DigestValue></Reference></SignedInfo>`;
  const canonicalSignedInfo = canonical(signedInfo, XmlC14NMode.XML_C14N_EXCLUSIVE_1_0);
  const value = createSign('RSA-SHA1').update(canonicalSignedInfo, 'utf8').sign(fiel.privateKey, 'base64');
  const signature = `<Signature xmlns="${DSIG}">${canonicalSignedInfo}<SignatureValue>${value}</SignatureValue>`
    + `<KeyInfo><X509Data><X509Certificate>${fiel.certificate.base64}</X509Certificate></X509Data></KeyInfo></Signature>`;
  return unsigned.replace('</documento>', `${signature}</documento>`);
}
