/** What the invoices module asks of fiscal profiles when it seals, stamps and renders. */
import type { Ctx } from '../../platform/context.ts';
import type { MasterKeyring } from '../../platform/crypto/index.ts';
import type { Db } from '../../platform/db/database.ts';
import { ApiError, notFound } from '../../platform/errors/api-error.ts';
import { isId } from '../../platform/ids.ts';
import { openCredentialAsync } from '../../cfdi/credentials.ts';
import { findBranding, findFielRow, findProfileView, findProfileViews, profileViews, type FiscalProfileView } from './repository.ts';
import { scopeOf } from './rules.ts';
import { openCredential, openProfileDataKey } from './secrets.ts';
import { DEFAULT_BRAND_COLOR, serializeFiscalProfile, type SerializedFiscalProfile } from './serialize.ts';
import { loadSigningCredential, SigningCredentialCache, type SigningCredential } from './signing-credential.ts';

export interface StampingProfile {
  view: FiscalProfileView;
  /** The embedded `fiscal_profile` object of the invoice resource. */
  fiscalProfile: SerializedFiscalProfile;
  credential: SigningCredential;
}

/**
 * Finds a profile of the caller's organization and mode, or answers 404 as every by-id endpoint
 * does. Outside a transaction, from memory once read while the change feed listens (view-cache.ts).
 */
export async function findFiscalProfile(ctx: Ctx, profileId: string): Promise<FiscalProfileView> {
  if (!isId('fp', profileId)) throw notFound('fiscal profile', profileId);
  const scope = scopeOf(ctx);
  const cacheable = ctx.services.database.changes.live && !ctx.db.isTransaction;
  const views = profileViews(ctx.services.caches);
  const cached = cacheable ? views.get(scope, profileId) : undefined;
  if (cached) return cached;
  const token = views.begin();
  const view = await findProfileView(ctx.db, scope, profileId);
  if (!view) throw notFound('fiscal profile', profileId);
  if (cacheable) views.set(view, token);
  return view;
}

/** The embedded `fiscal_profile` objects of a page of invoices, by id, in one query. */
export async function serializeFiscalProfilesById(ctx: Ctx, profileIds: readonly string[]): Promise<Map<string, SerializedFiscalProfile>> {
  const now = ctx.services.clock.now();
  const views = await findProfileViews(
    ctx.db,
    scopeOf(ctx),
    profileIds.filter((id) => isId('fp', id)),
  );
  return new Map(views.map((view) => [view.id, serializeFiscalProfile(view, now)]));
}

/**
 * The profile an invoice is sealed and stamped with, and its CSD ready to sign
 * (docs/guides/fiscal-profiles.md): without a signed carta manifiesto it cannot stamp (409
 * fiscal_profile.manifest_required); a CSD outside its validity is 422 cfdi.csd_expired.
 */
async function findProfileForStamping(
  source: { ctx: Ctx; keyring: MasterKeyring; cache: SigningCredentialCache },
  profileId: string,
): Promise<StampingProfile> {
  const { ctx } = source;
  const view = await findFiscalProfile(ctx, profileId);
  if (view.manifest_status !== 'signed') {
    throw new ApiError('fiscal_profile.manifest_required', {
      en: `Fiscal profile ${profileId} has not signed the carta manifiesto; sign it with POST /v1/fiscal_profiles/${profileId}/manifest.`,
      es: `El perfil fiscal ${profileId} no ha firmado la carta manifiesto; fírmela con POST /v1/fiscal_profiles/${profileId}/manifest.`,
    });
  }
  const now = ctx.services.clock.now();
  if (now.getTime() < view.csd_valid_from.getTime() || now.getTime() > view.csd_valid_to.getTime()) {
    throw new ApiError('cfdi.csd_expired', {
      en: `The CSD ${view.csd_serial} of fiscal profile ${profileId} is valid from ${view.csd_valid_from.toISOString()} to ${view.csd_valid_to.toISOString()}.`,
      es: `El CSD ${view.csd_serial} del perfil fiscal ${profileId} es vigente del ${view.csd_valid_from.toISOString()} al ${view.csd_valid_to.toISOString()}.`,
    });
  }
  const credential = await loadSigningCredential({ db: ctx.db, keyring: source.keyring, cache: source.cache }, profileId, {
    version: view.csd_version,
  });
  return { view, fiscalProfile: serializeFiscalProfile(view, now), credential };
}

export interface Branding {
  brandColor: string;
  logo: { content: Buffer; contentType: string } | null;
}

/** The logo and colour a PDF of this profile's invoices is drawn with. */
export async function findProfileBranding(ctx: Ctx, profileId: string): Promise<Branding> {
  const row = isId('fp', profileId) ? await findBranding(ctx.db, scopeOf(ctx), profileId) : undefined;
  if (!row) throw notFound('fiscal profile', profileId);
  return {
    brandColor: row.brand_color ?? DEFAULT_BRAND_COLOR,
    logo: row.logo && row.logo_content_type ? { content: Buffer.from(row.logo), contentType: row.logo_content_type } : null,
  };
}

/** A profile's FIEL, decrypted, for the SAT's bulk download services. */
export interface DownloadCredential {
  rfc: string;
  /** The e.firma certificate, DER. */
  certificate: Buffer;
  /** Its private key, unencrypted PKCS#8 PEM (decrypted off the event loop). */
  privateKeyPem: string;
}

/**
 * The FIEL of a profile, decrypted; undefined when the profile has none. The caller checked
 * ownership and the manifiesto.
 */
async function loadDownloadCredential(db: Db, keyring: MasterKeyring, profileId: string): Promise<DownloadCredential | undefined> {
  const row = await findFielRow(db, profileId);
  if (!row?.fiel_certificate || !row.fiel_private_key || !row.fiel_password) return undefined;
  const secrets = openCredential(openProfileDataKey(keyring, row), row, 'fiel', { privateKey: row.fiel_private_key, password: row.fiel_password });
  const credential = await openCredentialAsync(Buffer.from(row.fiel_certificate), secrets.privateKey, secrets.password);
  return {
    rfc: row.rfc,
    certificate: Buffer.from(row.fiel_certificate),
    privateKeyPem: credential.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}

/** The module's services bound to one keyring: what the composition root hands to the invoices module. */
export interface FiscalProfiles {
  loadSigningCredential(source: Ctx | Db, profileId: string, options?: { version?: number }): Promise<SigningCredential>;
  findProfileForStamping(ctx: Ctx, profileId: string): Promise<StampingProfile>;
  findProfileBranding(ctx: Ctx, profileId: string): Promise<Branding>;
  loadDownloadCredential(db: Db, profileId: string): Promise<DownloadCredential | undefined>;
  serialize(view: FiscalProfileView, now: Date): SerializedFiscalProfile;
}

/** `cache`: the app's (signingCredentials); a cache of its own by default. */
export function createFiscalProfiles(options: { keyring: MasterKeyring; cache?: SigningCredentialCache }): FiscalProfiles {
  const cache = options.cache ?? new SigningCredentialCache();
  return {
    loadSigningCredential: (source, profileId, loadOptions) => {
      const db = 'services' in source ? source.db : source;
      return loadSigningCredential({ db, keyring: options.keyring, cache }, profileId, loadOptions);
    },
    findProfileForStamping: (ctx, profileId) => findProfileForStamping({ ctx, keyring: options.keyring, cache }, profileId),
    findProfileBranding,
    loadDownloadCredential: (db, profileId) => loadDownloadCredential(db, options.keyring, profileId),
    serialize: serializeFiscalProfile,
  };
}
