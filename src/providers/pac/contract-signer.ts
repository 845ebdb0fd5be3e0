/**
 * Signing the manifest contracts with the taxpayer's FIEL, in the shape the signing service
 * expects (the one phpcfdi/finkok documents): `<documento><contrato rfc="…" fecha="…">text
 * </contrato><Signature/></documento>` with an enveloped XML-DSig: Reference URI="" with the
 * enveloped-signature transform alone (digest over canonical XML 1.0), SHA-1 digest, RSA-SHA1 over
 * the exclusively canonicalized SignedInfo, and the certificate in KeyInfo/X509Data.
 */
import type { SatCredential } from '../../cfdi/credentials.ts';
import { signEnveloped } from '../../cfdi/xml/xmldsig.ts';
import { escapeXml } from '../soap-client.ts';

/** `fecha` is the signing time as local wall-clock time, `YYYY-MM-DDTHH:mm:ss`. */
export function signContract(text: string, rfc: string, fecha: string, fiel: SatCredential): string {
  const unsigned = `<?xml version="1.0" encoding="UTF-8"?>\n<documento><contrato rfc="${escapeXml(rfc)}" fecha="${escapeXml(fecha)}">${escapeXml(text)}</contrato></documento>`;
  return signEnveloped(unsigned, { privateKey: fiel.privateKey, certificateDer: fiel.certificate.der, hash: 'sha1', referenceCanonicalization: 'inclusive' });
}
