/**
 * CSDs for synthetic history: the profile's own (its issued CFDIs) and each synthetic
 * counterparty's (the CFDIs it received), issued once by the simulator's CA, kept in
 * descarga_credentials and decrypted once per process.
 */
import { randomBytes } from 'node:crypto';
import { openCredential } from '../../cfdi/credentials.ts';
import type { SatCredential } from '../../cfdi/credentials.ts';
import type { SimulatorCa } from '../ca.ts';
import type { Clock } from '../../platform/clock.ts';
import type { DescargaStore } from './store.ts';

// History spans six years back and the clock can be moved anywhere in tests: the synthetic CSDs
// cover every Fecha they may seal (a simulator convenience; a real CSD lasts four years).
const VALID_FROM = new Date('2000-01-01T00:00:00Z');
const VALID_TO = new Date('2099-12-31T23:59:59Z');

export class SyntheticCredentials {
  private readonly opened = new Map<string, Promise<SatCredential>>();

  constructor(
    private readonly store: DescargaStore,
    private readonly ca: SimulatorCa,
    private readonly clock: Clock,
  ) {}

  /** The CSD of an RFC with this legal name (issued on first use). */
  csd(rfc: string, name: string): Promise<SatCredential> {
    let credential = this.opened.get(rfc);
    if (!credential) {
      credential = this.load(rfc, name);
      this.opened.set(rfc, credential);
      credential.catch(() => this.opened.delete(rfc));
    }
    return credential;
  }

  private async load(rfc: string, name: string): Promise<SatCredential> {
    const stored = (await this.store.findCredential(rfc)) ?? (await this.issue(rfc, name));
    return openCredential(stored.cerDer, stored.keyDer, stored.password);
  }

  private async issue(rfc: string, name: string) {
    const password = randomBytes(12).toString('base64url');
    const issued = await this.ca.issue({ rfc, kind: 'csd', name, validFrom: VALID_FROM, validTo: VALID_TO, password, branch: 'Matriz' });
    return this.store.saveCredential(
      {
        rfc,
        name,
        noCertificado: issued.noCertificado,
        cerDer: issued.cerDer,
        keyDer: issued.keyPkcs8EncryptedDer,
        password,
      },
      this.clock.now(),
    );
  }
}
