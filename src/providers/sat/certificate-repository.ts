/**
 * The SAT's public certificate repository: every CSD and timbrado certificate, as a DER `.cer`
 * under its 20-digit number. The SAT splits the number into folders
 * (`rccf/000010/000005/04/46/50/00001000000504465028.cer`); the simulator serves the same files
 * flat (`/certificates/<number>.cer`). Either answers 404 for a number it never issued.
 */
import type { FetchFunction } from '../soap-client.ts';
import { authorityName, type SatAuthority } from './authority.ts';

export const SAT_CERTIFICATES_URL = 'https://rdc.sat.gob.mx/rccf';

type CertificateFetch = { status: 'found'; der: Buffer } | { status: 'not_found' } | { status: 'unreachable'; message: string };

export interface CertificateRepository {
  /** Names the repository in the durable cache (its base URL). */
  readonly source: string;
  /** Who publishes it: the SAT, or the simulator (which publishes only its own certificates). */
  readonly authority: SatAuthority;
  fetch(noCertificado: string): Promise<CertificateFetch>;
}

export interface CertificateRepositoryOptions {
  baseUrl: string;
  layout: 'sat' | 'flat';
  /** Default: the SAT for the SAT's layout, the simulator for the flat one. */
  authority?: SatAuthority;
  timeoutMs?: number;
  fetch?: FetchFunction;
}

/** A certificate is a few kilobytes; anything much larger is not one. */
const MAX_CERTIFICATE_BYTES = 64 * 1024;

function certificatePath(noCertificado: string, layout: 'sat' | 'flat'): string {
  if (layout === 'flat') return `${noCertificado}.cer`;
  const parts = [noCertificado.slice(0, 6), noCertificado.slice(6, 12), noCertificado.slice(12, 14), noCertificado.slice(14, 16), noCertificado.slice(16, 18)];
  return `${parts.join('/')}/${noCertificado}.cer`;
}

export function certificateRepository(options: CertificateRepositoryOptions): CertificateRepository {
  const base = options.baseUrl.replace(/\/+$/, '');
  const fetchImpl = options.fetch ?? fetch;
  const authority = options.authority ?? (options.layout === 'sat' ? 'sat' : 'simulator');
  const repository = `${authorityName(authority)}'s certificate repository`;
  return {
    source: base,
    authority,
    async fetch(noCertificado) {
      // Only a certificate number ever becomes part of a URL.
      if (!/^[0-9]{20}$/.test(noCertificado)) return { status: 'not_found' };
      let response: Response;
      try {
        response = await fetchImpl(`${base}/${certificatePath(noCertificado, options.layout)}`, { signal: AbortSignal.timeout(options.timeoutMs ?? 10_000) });
      } catch (error) {
        const timeout = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
        return {
          status: 'unreachable',
          message: timeout ? `${repository} did not answer in time` : `${repository} could not be reached`,
        };
      }
      if (response.status === 404 || response.status === 410) {
        await response.body?.cancel();
        return { status: 'not_found' };
      }
      if (!response.ok) {
        await response.body?.cancel();
        return { status: 'unreachable', message: `${repository} answered HTTP ${response.status}` };
      }
      const declared = Number(response.headers.get('content-length') ?? '0');
      if (declared > MAX_CERTIFICATE_BYTES) {
        await response.body?.cancel();
        return { status: 'not_found' };
      }
      const der = Buffer.from(await response.arrayBuffer());
      return der.length > MAX_CERTIFICATE_BYTES ? { status: 'not_found' } : { status: 'found', der };
    },
  };
}
