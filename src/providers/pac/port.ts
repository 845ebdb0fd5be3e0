/**
 * The stamping provider as the service sees it. Adapters (Finkok-compatible SOAP for the
 * simulator and for Finkok itself) implement it and report every failure as a ProviderError with
 * a code of the error catalog.
 */
import type { KeyObject } from 'node:crypto';
import type { SatCredential } from '../../cfdi/credentials.ts';
import type { CfdiStatus, SatStatusQuery } from '../sat/cfdi-status.ts';

export interface StampResult {
  uuid: string;
  /** The stamped CFDI, with its TimbreFiscalDigital. */
  xml: string;
  fechaTimbrado: string;
  selloSat: string;
  noCertificadoSat: string;
  /** True when the PAC had stamped this very comprobante before and returned that stamp. */
  duplicate: boolean;
}

type CancellationMotivo = '01' | '02' | '03' | '04';

export interface CancelRequest {
  uuid: string;
  rfcEmisor: string;
  motivo: CancellationMotivo | string;
  /** Required with motivo 01: the UUID of the CFDI that replaces this one. */
  folioSustitucion?: string;
  /** The emisor's CSD: certificate (DER) and the decrypted private key. */
  certificateDer: Uint8Array;
  privateKey: KeyObject;
}

export interface CancelResult {
  uuid: string;
  /** cancelled: final now; pending: waiting for the receptor (72 business hours). */
  status: 'cancelled' | 'pending';
  /** The SAT's EstatusCancelacion, e.g. "Cancelado sin aceptación" or "En proceso". */
  estatusCancelacion: string;
  /** The acuse of the request, when the provider returned one. */
  acuse: string | undefined;
}

export interface ManifestRequest {
  /** The taxpayer's FIEL (e.firma); the contracts are signed with it. */
  fiel: SatCredential;
  email: string;
  address?: string;
}

export interface ManifestResult {
  rfc: string;
  message: string;
  /** The signed documents as sent. */
  privacyXml: string;
  contractXml: string;
}

export interface PacClient {
  stamp(xml: string): Promise<StampResult>;
  /** The stamp this exact comprobante received before, or null (safe to call after a stamp timed out). */
  stamped(xml: string): Promise<StampResult | null>;
  /** A stamped CFDI by UUID and emisor, or null. */
  stampedXml(uuid: string, rfcEmisor: string): Promise<string | null>;
  cancel(request: CancelRequest): Promise<CancelResult>;
  /** The SAT's status of a CFDI as the PAC relays it. */
  cancellationStatus(query: SatStatusQuery): Promise<CfdiStatus>;
  /** The acuse of a finished cancellation. */
  acuse(uuid: string, rfcEmisor: string): Promise<string>;
  signManifest(request: ManifestRequest): Promise<ManifestResult>;
}
