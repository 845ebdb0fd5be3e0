/**
 * The SAT/PAC certificates that sign timbres, fetched from their repository the first time a
 * number is seen and kept in the database from then on (a certificate never changes under its
 * number), with the parsed certificates of this process in memory. What the repository lacks is
 * said in the name of who was asked: the SAT, or the simulator.
 */
import type { TimbreCertificateLookup } from '../../cfdi/check.ts';
import { readCertificate, type SatCertificate } from '../../cfdi/credentials.ts';
import { stringBytes, type CacheBound } from '../../platform/caches/bounded-cache.ts';
import { CacheRegistry } from '../../platform/caches/registry.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import type { CertificateRepository } from '../../providers/sat/certificate-repository.ts';
import { findSatCertificate, saveSatCertificate } from './repository.ts';

/**
 * Parsed certificates: the DER twice (its buffer and the native X509 object), its base64, and a
 * few kilobytes of parsed fields and key object; a couple hundred certificates sign every timbre.
 */
const TIMBRE_CERTIFICATES: CacheBound<SatCertificate> = {
  name: 'timbre_certificates',
  maxBytes: 2 * 1024 * 1024,
  sizeOf: (certificate, key) => 4 * 1024 + 2 * certificate.der.length + stringBytes(certificate.base64) + stringBytes(key),
};

export class TimbreCertificates {
  private readonly parsed;

  /** `caches`: the app's (services.caches); a registry of its own by default. */
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    caches = new CacheRegistry(),
  ) {
    this.parsed = caches.cache(TIMBRE_CERTIFICATES);
  }

  /** The certificate of `noCertificado` from `repository` (through the caches). */
  async lookup(repository: CertificateRepository, noCertificado: string): Promise<TimbreCertificateLookup> {
    const key = `${repository.source}\u0000${noCertificado}`;
    const known = this.parsed.get(key);
    if (known) return { status: 'found', certificate: known };
    let der = await findSatCertificate(this.db, repository.source, noCertificado);
    const fetched = der === undefined;
    if (der === undefined) {
      const answer = await repository.fetch(noCertificado);
      if (answer.status === 'unreachable') return answer;
      if (answer.status === 'not_found') return notPublished(repository, noCertificado);
      der = answer.der;
    }
    const certificate = parse(der);
    if (!certificate) return notPublished(repository, noCertificado);
    // Only what parses as a certificate is kept.
    if (fetched) await saveSatCertificate(this.db, { source: repository.source, no_certificado: noCertificado, der, fetched_at: this.clock.now() });
    this.parsed.set(key, certificate);
    return { status: 'found', certificate };
  }
}

/**
 * A number the repository does not publish: the SAT's repository publishes every CSD and PAC
 * certificate, so the timbre cannot be trusted; the simulator publishes only its own, so a timbre
 * of a real PAC is only not verifiable here.
 */
function notPublished(repository: CertificateRepository, noCertificado: string): TimbreCertificateLookup {
  if (repository.authority === 'sat') return { status: 'not_found', message: `The SAT does not publish certificate ${noCertificado}` };
  return {
    status: 'unknown_here',
    message: `the simulator publishes only its own certificates, and ${noCertificado} is not one of them (a real PAC's is published only by the SAT)`,
  };
}

/** A repository that answers with something that is not a certificate has no certificate. */
function parse(der: Buffer): SatCertificate | undefined {
  try {
    return readCertificate(der);
  } catch {
    return undefined;
  }
}
