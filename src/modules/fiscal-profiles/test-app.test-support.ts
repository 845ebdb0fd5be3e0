/**
 * A test app whose fiscal-profile routes are built with the test's dependencies (a local manifest
 * signer, fakes), a fixed clock inside the validity of the SAT test credentials, and a master key
 * given in the environment so nothing is written to disk.
 */
import { randomBytes } from 'node:crypto';
import { createTestApp, type TestApp } from '../../../test/support/app.ts';
import { ManualClock } from '../../platform/clock.ts';
import type { MasterKeyring } from '../../platform/crypto/index.ts';
import { createLocalManifestSigner } from './local-manifest-signer.ts';
import type { FiscalProfileDeps } from './ports.ts';

const TEST_NOW = '2026-07-15T18:00:00Z';

export interface ProfilesTestApp extends TestApp {
  clock: ManualClock;
  keyring: MasterKeyring;
  deps: FiscalProfileDeps;
}

export interface ProfilesTestOptions {
  deps?: Partial<FiscalProfileDeps>;
  /** Check tax_regime against the built-in c_RegimenFiscal catalog. */
  catalogs?: boolean;
  env?: Record<string, string>;
}

export async function createProfilesTestApp(options: ProfilesTestOptions = {}): Promise<ProfilesTestApp> {
  const clock = new ManualClock(TEST_NOW);
  const masterKey = randomBytes(32).toString('base64');
  const t = await createTestApp({
    clock,
    env: { MASTER_KEY: masterKey, ...options.env },
    deps: {
      // Only what the test asks for: no tax-regime catalog, events or "has stamped" question unless given.
      fiscalProfiles: (made) => ({
        keyring: made.keyring,
        manifestSigner: createLocalManifestSigner(clock),
        ...(options.catalogs ? { taxRegimes: made.taxRegimes } : {}),
        ...options.deps,
      }),
    },
  });
  const deps = t.app.deps.fiscalProfiles;
  return { ...t, clock, keyring: deps.keyring, deps };
}

export interface FormPart {
  name: string;
  value?: string;
  file?: Buffer;
  filename?: string;
  contentType?: string;
}

/** A multipart/form-data body, written by hand so tests control every byte. */
export function multipartBody(parts: FormPart[], boundary = `----form${randomBytes(8).toString('hex')}`) {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const filename = part.file ? `; filename="${part.filename ?? `${part.name}.bin`}"` : '';
    const type = part.contentType ?? (part.file ? 'application/octet-stream' : undefined);
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${filename}\r\n${type ? `Content-Type: ${type}\r\n` : ''}\r\n`),
    );
    chunks.push(part.file ?? Buffer.from(part.value ?? '', 'utf8'), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
