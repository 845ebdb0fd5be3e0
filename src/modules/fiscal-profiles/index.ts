/** Fiscal profiles: issuers, their encrypted CSD/FIEL, the carta manifiesto, and their API. */
export { registerFiscalProfileRoutes } from './routes.ts';
export { ManifestSignerError, type FiscalProfileDeps, type ManifestErrorCode, type ManifestSigner } from './ports.ts';
export { createLocalManifestSigner } from './local-manifest-signer.ts';
export {
  createFiscalProfiles,
  findFiscalProfile,
  findProfileBranding,
  type DownloadCredential,
  serializeFiscalProfilesById,
  type FiscalProfiles,
  type StampingProfile,
} from './stamping.ts';
export { SigningCredentialCache, signingCredentials } from './signing-credential.ts';
export { DEFAULT_BRAND_COLOR, serializeFiscalProfile, type SerializedFiscalProfile } from './serialize.ts';
export { BrandingPreviewBody, FiscalProfile } from './schemas.ts';
export type { FiscalProfileView } from './repository.ts';
export { followProfileChanges } from './repository.ts';
