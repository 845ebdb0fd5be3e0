/** The certificate and key a client sends with a cancellation or an answer (Finkok's cer/key parameters). */
import { CredentialError, openCredential } from '../../cfdi/credentials.ts';
import type { SatCredential } from '../../cfdi/credentials.ts';
import type { XmlElement } from '../../cfdi/xml/tree.ts';
import type { SimulatorDeps } from '../deps.ts';
import { param } from '../soap.ts';

function decodeBase64(value: string): Buffer | undefined {
  const compact = value.replace(/\s+/g, '');
  if (compact === '' || !/^[A-Za-z0-9+/]*={0,2}$/.test(compact)) return undefined;
  return Buffer.from(compact, 'base64');
}

/** Opens the cer/key pair sent with a request (PEM or DER, the key plain or encrypted with the account password). */
export function openSentCredential(deps: SimulatorDeps, operation: XmlElement): SatCredential | undefined {
  const cer = decodeBase64(param(operation, 'cer'));
  const key = decodeBase64(param(operation, 'key'));
  if (!cer || !key) return undefined;
  try {
    return openCredential(cer, key, deps.settings.pacPassword);
  } catch (error) {
    if (error instanceof CredentialError) return undefined;
    throw error;
  }
}
