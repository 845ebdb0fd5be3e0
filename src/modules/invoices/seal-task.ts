/**
 * Sealing a large CFDI as a worker-pool task: the cadena original, the signature and the XML of a
 * Pagos with thousands of related documents take about a second of CPU, which must not be the
 * event loop's. Input and output are plain data (the private key crosses as a KeyObject, which
 * worker threads can share).
 */
import type { KeyObject } from 'node:crypto';
import { readCertificate } from '../../cfdi/credentials.ts';
import type { Comprobante } from '../../cfdi/model.ts';
import { sealComprobanteSync } from '../../cfdi/seal.ts';
import { writeCfdi } from '../../cfdi/writer.ts';

export interface SealTaskInput {
  comprobante: Comprobante;
  certificateDer: Uint8Array;
  privateKey: KeyObject;
}

/** The XML and what sealing added to the model (the caller has the rest: copying it back would cost as much as the seal saves). */
export interface SealTaskOutput {
  xml: string;
  seal: Pick<Comprobante, 'NoCertificado' | 'Certificado' | 'Sello'>;
}

export default function sealTask(input: SealTaskInput): SealTaskOutput {
  const certificate = readCertificate(Buffer.from(input.certificateDer));
  const { comprobante } = sealComprobanteSync(input.comprobante, { certificate, privateKey: input.privateKey });
  return { xml: writeCfdi(comprobante), seal: { NoCertificado: comprobante.NoCertificado, Certificado: comprobante.Certificado, Sello: comprobante.Sello } };
}
