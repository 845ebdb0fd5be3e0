/**
 * The SAT's bulk download codes (WS v1.5) in the service's error catalog. Codes that say the SAT
 * will not do it (301-305 on a bad request or FIEL, 5001 third party, 5002 lifetime exhausted,
 * 5005 duplicate, 5011 folio limit, 5012 cancelled folio) are `sat.download_rejected`; 404 "Error
 * no controlado" and 5006 "Error interno" are transient (`download.request_failed`).
 */
import type { ErrorCode } from '../../../platform/errors/catalog.ts';
import { ProviderError } from '../../../platform/providers/errors.ts';

/** A CodEstatus and its message, as every SAT answer carries them. */
export interface DescargaStatus {
  code: number;
  message: string;
}

export type DescargaState = 'accepted' | 'in_progress' | 'finished' | 'failed' | 'rejected' | 'expired' | 'unknown';

/** EstadoSolicitud 1-6. */
export const STATES: Readonly<Record<number, DescargaState>> = {
  1: 'accepted',
  2: 'in_progress',
  3: 'finished',
  4: 'failed',
  5: 'rejected',
  6: 'expired',
};

const TRANSIENT = new Set([404, 5006]);

function satMessage(status: DescargaStatus): string {
  return `SAT ${status.code}: ${status.message}`;
}

function refused(code: ErrorCode, detail: string, status: DescargaStatus): ProviderError {
  return new ProviderError(code, detail, { providerCode: String(status.code), retryable: false });
}

function transient(status: DescargaStatus): ProviderError {
  return new ProviderError('download.request_failed', satMessage(status), { providerCode: String(status.code), retryable: true });
}

export function requestFailure(status: DescargaStatus): ProviderError {
  if (TRANSIENT.has(status.code)) return transient(status);
  return refused('sat.download_rejected', satMessage(status), status);
}

export function verifyFailure(status: DescargaStatus, requestId: string): ProviderError {
  if (TRANSIENT.has(status.code)) return transient(status);
  if (status.code === 5004) {
    return new ProviderError('download.no_request_id', `The SAT does not know request ${requestId}: ${status.message}`, {
      providerCode: '5004',
      retryable: false,
    });
  }
  return refused('sat.download_rejected', satMessage(status), status);
}

export function downloadFailure(status: DescargaStatus, packageId: string): ProviderError {
  if (TRANSIENT.has(status.code)) return transient(status);
  // 5004 unknown package, 5007 expired (72 h after the request finished), 5008 downloaded twice already.
  if (status.code === 5004 || status.code === 5007 || status.code === 5008 || status.code === 5000) {
    return refused('download.package_unavailable', `Package ${packageId}: ${satMessage(status)}`, status);
  }
  return refused('sat.download_rejected', satMessage(status), status);
}
