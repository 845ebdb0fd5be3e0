/**
 * What the fiscal-profiles module needs from the rest of the service, as ports the composition
 * root fills in: the carta manifiesto signer (the PAC's registration service in production), the
 * invoices module's "has this profile stamped?" question, the SAT tax-regime catalog, and the
 * event log.
 */
import type { KeyObject } from 'node:crypto';
import type { Mode } from '../../platform/context.ts';
import type { MasterKeyring } from '../../platform/crypto/index.ts';
import type { Db } from '../../platform/db/database.ts';
import type { ErrorCode } from '../../platform/errors/catalog.ts';
import type { CatalogIndex } from '../catalogs/index.ts';
import type { SerializedFiscalProfile } from './serialize.ts';

export interface ManifestSignRequest {
  rfc: string;
  legalName: string;
  /** Contact address recorded in the carta manifiesto. */
  email: string;
  fiel: { certificateDer: Buffer; privateKey: KeyObject };
  mode: Mode;
}

export interface ManifestSignature {
  signedAt: Date;
  /** The signed contract as the signing service returns it, kept for the record. */
  contractXml?: string;
}

/** Signs the carta manifiesto (the one-time authorization per RFC) with the taxpayer's FIEL. */
export interface ManifestSigner {
  signManifest(request: ManifestSignRequest): Promise<ManifestSignature>;
}

/** The `manifiesto.*` codes of the error catalog. */
export type ManifestErrorCode = Extract<ErrorCode, `manifiesto.${string}`>;

/**
 * A signing failure, with the catalog code the API answers with. A signer reports
 * `manifiesto.already_signed` when the RFC's manifiesto was signed before (perhaps through
 * another profile): the module then records the profile as signed.
 */
export class ManifestSignerError extends Error {
  override readonly name = 'ManifestSignerError';
  constructor(
    readonly code: ManifestErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** True once the profile has stamped an invoice (DELETE then answers 409 fiscal_profile.in_use). */
type HasStampedInvoices = (db: Db, profileId: string) => Promise<boolean>;

/** The part of the SAT catalogs used to check `tax_regime` (c_RegimenFiscal). */
type TaxRegimeCatalog = Pick<CatalogIndex, 'check' | 'regimenAllowedForPersona'>;

interface FiscalProfileEvent {
  type: 'fiscal_profile.created' | 'fiscal_profile.updated';
  organizationId: string;
  mode: Mode;
  /** The fiscal_profile object as of the event. */
  object: SerializedFiscalProfile;
}

/** Writes an event in the caller's transaction (docs/contract.md §5: in the same commit as the change). */
type RecordEvent = (db: Db, event: FiscalProfileEvent) => Promise<void>;

export interface FiscalProfileDeps {
  keyring: MasterKeyring;
  manifestSigner: ManifestSigner;
  /** Defaults to "never": until the invoices module answers, every profile can be deleted. */
  hasStampedInvoices?: HasStampedInvoices;
  /** When given, `tax_regime` must be a c_RegimenFiscal key valid for the RFC's persona. */
  taxRegimes?: TaxRegimeCatalog;
  recordEvent?: RecordEvent;
}
