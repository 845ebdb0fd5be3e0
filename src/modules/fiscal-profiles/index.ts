/** Fiscal profiles: issuers, their encrypted CSD/FIEL, the carta manifiesto, and their API. */
export { registerFiscalProfileRoutes } from './routes.ts';
export {
  ManifestSignerError,
  type FiscalProfileDeps,
  type FiscalProfileEvent,
  type HasStampedInvoices,
  type ManifestErrorCode,
  type ManifestSignRequest,
  type ManifestSignature,
  type ManifestSigner,
  type RecordEvent,
  type TaxRegimeCatalog,
} from './ports.ts';
export { createLocalManifestSigner, manifestText } from './local-manifest-signer.ts';
export {
  createFiscalProfiles,
  findFiscalProfile,
  findProfileBranding,
  findProfileForStamping,
  loadDownloadCredential,
  type DownloadCredential,
  serializeFiscalProfilesById,
  type Branding,
  type FiscalProfiles,
  type StampingProfile,
} from './stamping.ts';
export {
  SigningCredentialCache,
  loadSigningCredential,
  signingCredentials,
  type SigningCredential,
  type SigningSource,
} from './signing-credential.ts';
export { DEFAULT_BRAND_COLOR, profileState, serializeFiscalProfile, type ProfileAction, type SerializedFiscalProfile } from './serialize.ts';
export { BrandingPreviewBody, FiscalProfile } from './schemas.ts';
export type { FiscalProfileView, ProfileScope } from './repository.ts';
