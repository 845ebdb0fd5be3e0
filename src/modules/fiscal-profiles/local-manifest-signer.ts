/**
 * A ManifestSigner that signs the carta manifiesto locally with the FIEL, for tests and for a
 * server with no contract service configured. It proves what the PAC's registration service
 * checks first: the certificate is a SAT FIEL of the RFC, and the key signs verifiably for it.
 * The signed document is a record of the authorization; the PAC-backed signer replaces it in live use.
 */
import { sign, verify, X509Certificate } from 'node:crypto';
import { CredentialError, readCertificate } from '../../cfdi/credentials.ts';
import type { Clock } from '../../platform/clock.ts';
import { ManifestSignerError, type ManifestSignRequest, type ManifestSigner } from './ports.ts';

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The declaration the taxpayer signs, in Spanish as the SAT's contract text is. */
export function manifestText(request: Pick<ManifestSignRequest, 'rfc' | 'legalName' | 'email'>, signedAt: Date): string {
  return [
    `Contribuyente: ${request.legalName}`,
    `RFC: ${request.rfc}`,
    `Correo de contacto: ${request.email}`,
    `Fecha: ${signedAt.toISOString()}`,
    'Manifiesto bajo protesta de decir verdad que autorizo al proveedor de certificación a certificar los comprobantes',
    'fiscales digitales que emita con mis certificados de sello digital y a entregar al SAT una copia de ellos.',
  ].join('\n');
}

function certificateOf(der: Buffer, rfc: string) {
  let certificate;
  try {
    certificate = readCertificate(der);
  } catch (error) {
    if (error instanceof CredentialError) throw new ManifestSignerError('manifiesto.invalid_certificate', error.message);
    throw error;
  }
  if (certificate.kind !== 'fiel')
    throw new ManifestSignerError('manifiesto.invalid_certificate', `Certificate ${certificate.serialNumber} is a CSD, not a FIEL.`);
  if (certificate.rfc !== rfc) throw new ManifestSignerError('manifiesto.certificate_error', `The FIEL belongs to ${certificate.rfc}, not ${rfc}.`);
  return certificate;
}

export function createLocalManifestSigner(clock: Clock): ManifestSigner {
  return {
    async signManifest(request) {
      const certificate = certificateOf(request.fiel.certificateDer, request.rfc);
      const signedAt = clock.now();
      if (signedAt.getTime() < certificate.validFrom.getTime() || signedAt.getTime() > certificate.validTo.getTime()) {
        throw new ManifestSignerError('manifiesto.certificate_not_valid', `The FIEL ${certificate.serialNumber} is not valid on ${signedAt.toISOString()}.`);
      }
      const text = manifestText(request, signedAt);
      let signature: Buffer;
      try {
        signature = sign('sha256', Buffer.from(text, 'utf8'), request.fiel.privateKey);
      } catch (error) {
        throw new ManifestSignerError('manifiesto.bad_sello', 'The FIEL key could not sign.', { cause: error });
      }
      const publicKey = new X509Certificate(request.fiel.certificateDer).publicKey;
      if (!verify('sha256', Buffer.from(text, 'utf8'), publicKey, signature)) {
        throw new ManifestSignerError('manifiesto.bad_sello', 'The FIEL key does not match its certificate.');
      }
      const contractXml = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        `<CartaManifiesto Rfc="${escapeXml(request.rfc)}" Nombre="${escapeXml(request.legalName)}" Correo="${escapeXml(request.email)}"`,
        ` Fecha="${signedAt.toISOString()}" NoCertificado="${certificate.serialNumber}" Modo="${request.mode}">`,
        `<Texto>${escapeXml(text)}</Texto>`,
        `<Firma Algoritmo="RSA-SHA256">${signature.toString('base64')}</Firma>`,
        '</CartaManifiesto>',
      ].join('');
      return { signedAt, contractXml };
    },
  };
}
