/**
 * The SAT/PAC certificates that sign timbres, fetched from their repository the first time a
 * number is seen and kept in the database from then on (a certificate never changes under its
 * number), with the parsed certificates of this process in memory.
 */
import type { TimbreCertificateLookup } from '../../cfdi/check.ts';
import { readCertificate, type SatCertificate } from '../../cfdi/credentials.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import type { CertificateRepository } from '../../providers/sat/certificate-repository.ts';
import { findSatCertificate, saveSatCertificate } from './repository.ts';

const MEMORY_LIMIT = 256;

export class TimbreCertificates {
  private readonly parsed = new Map<string, SatCertificate>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** The certificate of `noCertificado` from `repository` (through the caches). */
  async lookup(repository: CertificateRepository, noCertificado: string): Promise<TimbreCertificateLookup> {
    const key = `${repository.source}\u0000${noCertificado}`;
    const known = this.parsed.get(key);
    if (known) return { status: 'found', certificate: known };
    let der = await findSatCertificate(this.db, repository.source, noCertificado);
    const fetched = der === undefined;
    if (der === undefined) {
      const answer = await repository.fetch(noCertificado);
      if (answer.status !== 'found') return answer;
      der = answer.der;
    }
    const certificate = parse(der);
    if (!certificate) return { status: 'not_found' };
    // Only what parses as a certificate is kept.
    if (fetched) await saveSatCertificate(this.db, { source: repository.source, no_certificado: noCertificado, der, fetched_at: this.clock.now() });
    if (this.parsed.size >= MEMORY_LIMIT) this.parsed.delete(this.parsed.keys().next().value!);
    this.parsed.set(key, certificate);
    return { status: 'found', certificate };
  }
}

/** A repository that answers with something that is not a certificate has no certificate. */
function parse(der: Buffer): SatCertificate | undefined {
  try {
    return readCertificate(der);
  } catch {
    return undefined;
  }
}
