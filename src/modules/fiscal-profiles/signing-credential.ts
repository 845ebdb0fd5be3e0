/**
 * The CSD a profile seals invoices with, decrypted once and kept as a KeyObject (ARCHITECTURE:
 * decrypt a CSD private key once per profile). Entries are keyed by the row's `csd_version`, which
 * every rotation bumps, so a process never seals with a key another process has replaced.
 */
import type { KeyObject } from 'node:crypto';
import { openCredentialAsync, type SatCertificate } from '../../cfdi/credentials.ts';
import { BoundedCache, type CacheBound } from '../../platform/caches/bounded-cache.ts';
import type { AppState, CacheRegistry } from '../../platform/caches/registry.ts';
import type { MasterKeyring } from '../../platform/crypto/index.ts';
import type { Db } from '../../platform/db/database.ts';
import { ApiError } from '../../platform/errors/api-error.ts';
import { findSigningRow, findSigningVersion } from './repository.ts';
import { openCredential, openProfileDataKey } from './secrets.ts';

export interface SigningCredential {
  profileId: string;
  rfc: string;
  certificate: SatCertificate;
  privateKey: KeyObject;
  /** The CFDI `NoCertificado`: the certificate serial as 20 digits. */
  noCertificado: string;
  /** The CFDI `Certificado`: base64 of the DER, no line breaks. */
  certificateBase64: string;
  /** The row's csd_version this key was decrypted from. */
  version: number;
}

/**
 * A decrypted key, its parsed certificate and the certificate's base64 (the key object and the
 * parsed certificate are not walkable: a fixed 6 KB for them, three times the base64 for the rest).
 */
const SIGNING_CREDENTIALS: CacheBound<SigningCredential> = {
  name: 'signing_credentials',
  maxBytes: 16 * 1024 * 1024,
  sizeOf: (credential) => 6 * 1024 + 3 * credential.certificateBase64.length,
};

/** Decrypted CSD keys by profile id; the least recently used go first when full. */
export class SigningCredentialCache {
  constructor(private readonly entries: BoundedCache<SigningCredential> = new BoundedCache(SIGNING_CREDENTIALS)) {}

  get(profileId: string, version: number): SigningCredential | undefined {
    const entry = this.entries.get(profileId);
    return entry && entry.version === version ? entry : undefined;
  }

  set(credential: SigningCredential): void {
    this.entries.set(credential.profileId, credential);
  }

  /** Drops a profile's key after its CSD changed or the profile was deleted. */
  forget(profileId: string): void {
    this.entries.delete(profileId);
  }

  get size(): number {
    return this.entries.size;
  }
}

const APP_SIGNING_CREDENTIALS: AppState<SigningCredentialCache> = {
  name: 'fiscal_profiles.signing_credentials',
  create: (caches) => new SigningCredentialCache(caches.cache(SIGNING_CREDENTIALS)),
};

/** The app's cache, shared by the routes (which invalidate it) and the invoices module. */
export function signingCredentials(caches: CacheRegistry): SigningCredentialCache {
  return caches.state(APP_SIGNING_CREDENTIALS);
}

export interface SigningSource {
  db: Db;
  keyring: MasterKeyring;
  cache: SigningCredentialCache;
}

/**
 * The profile's CSD ready to seal with. The caller has already checked that the profile belongs
 * to its organization and mode; `version`, when the caller read the row already, saves a query.
 */
export async function loadSigningCredential(source: SigningSource, profileId: string, options: { version?: number } = {}): Promise<SigningCredential> {
  const { cache } = source;
  const version = options.version ?? (await findSigningVersion(source.db, profileId));
  if (version === undefined) throw noProfile(profileId);
  const cached = cache.get(profileId, version);
  if (cached) return cached;
  const row = await findSigningRow(source.db, profileId);
  if (!row) throw noProfile(profileId);
  const dataKey = openProfileDataKey(source.keyring, row);
  const secrets = openCredential(dataKey, row, 'csd', { privateKey: row.csd_private_key, password: row.csd_password });
  // Off the event loop: a profile's first stamp in a process derives the key (docs/decisions.md).
  const opened = await openCredentialAsync(Buffer.from(row.csd_certificate), secrets.privateKey, secrets.password);
  const credential: SigningCredential = {
    profileId,
    rfc: row.rfc,
    certificate: opened.certificate,
    privateKey: opened.privateKey,
    noCertificado: opened.certificate.serialNumber,
    certificateBase64: opened.certificate.base64,
    version: row.csd_version,
  };
  cache.set(credential);
  return credential;
}

function noProfile(profileId: string): ApiError {
  return new ApiError('resource.not_found', {
    en: `No fiscal profile with id '${profileId}' exists.`,
    es: `No existe ningún perfil fiscal con el id '${profileId}'.`,
  });
}
