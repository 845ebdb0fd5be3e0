/**
 * What the invoices module needs from the rest of the service, filled in by the composition root:
 * the fiscal profiles' signing keys and branding, a stamping provider and a SAT status service per
 * mode (test: the simulator; live: the configured PAC), the SAT catalogs, and the PDF renderer.
 */
import type { CatalogLookup } from '../../cfdi/rules/index.ts';
import type { Ctx, Mode } from '../../platform/context.ts';
import type { CrashHook } from '../../platform/crash-points.ts';
import type { CreateInvoiceBody, ItemInput } from './request-schemas.ts';
import type { PacClient } from '../../providers/pac/index.ts';
import type { SatAuthority } from '../../providers/sat/authority.ts';
import type { CfdiStatus } from '../../providers/sat/cfdi-status.ts';
import type { CfdiStatusQuery } from '../../providers/sat/status-client.ts';
import type { CatalogIndex } from '../catalogs/index.ts';
import type { FiscalProfiles } from '../fiscal-profiles/index.ts';

/** The SAT's CFDI status service (ConsultaCFDIService), as SatStatusClient implements it. */
interface SatStatusSource {
  /** Who answers: the SAT, or the simulator standing in for it. */
  readonly authority: SatAuthority;
  query(query: CfdiStatusQuery): Promise<CfdiStatus>;
}

/** The SAT catalogs as the catalog store offers them: the engine's lookup plus the API index. */
export type InvoiceCatalogs = CatalogLookup & { readonly index: CatalogIndex };

/** What a stamping crash point is about: the invoice (the kill -9 test picks one by its serie). */
interface StampingSubject {
  id: string;
  serie: string;
}

/**
 * Points of the stamping verb where a test may kill the process (kill -9 test): after the CFDI is
 * sealed, after the `stamping` recovery point commits, after the PAC answered, and just before
 * the statement that stores the stamp (with its usage record and event) runs.
 */
interface StampCrashPoints {
  after_seal: StampingSubject;
  after_recovery_point: StampingSubject;
  after_pac_call: StampingSubject;
  before_commit: StampingSubject;
}

export type StampCrashPoint = keyof StampCrashPoints;

declare module '../../platform/crash-points.ts' {
  interface CrashPoints extends StampCrashPoints {}
}

/** Saved customers and products, read for `customer_id` and `items[].product_id` (the customers and products modules). */
export interface SavedParts {
  /** The customer as an invoice's `customer`, or undefined when the caller has no such customer. */
  customer(ctx: Ctx, id: string): Promise<CreateInvoiceBody['customer'] | undefined>;
  /** The caller's products among `ids`, each as an invoice item. */
  products(ctx: Ctx, ids: string[]): Promise<Map<string, ItemInput>>;
  /** The saved customer's e-mails (none when the caller has no such customer): where its invoices are e-mailed by default. */
  customerEmails(ctx: Ctx, id: string): Promise<string[]>;
}

export interface InvoiceDeps {
  fiscalProfiles: Pick<FiscalProfiles, 'findProfileForStamping' | 'findProfileBranding' | 'loadSigningCredential'>;
  /** The stamping provider of a mode (docs/contract.md §1: test always the simulator). */
  pacFor(mode: Mode): PacClient;
  /** The SAT status service of a mode, polled while a cancellation waits for the receptor. */
  satStatusFor(mode: Mode): SatStatusSource;
  catalogs: InvoiceCatalogs;
  /** The app's crash hook (src/platform/crash-points.ts): none outside crash tests. */
  crashHook?: CrashHook;
  /** How long a create waits for its serie's folio lock before answering folio_contention (default 5 s). */
  folioLockTimeoutMs?: number;
  /** Saved customers and products; without it, `customer_id` and `product_id` cannot be used. */
  savedParts?: SavedParts;
}
