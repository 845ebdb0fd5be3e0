import type { ChangeFeed } from '../../platform/db/changes.ts';
import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Mode } from '../../platform/context.ts';
import type { Db } from '../../platform/db/database.ts';
import type { AppState, CacheRegistry } from '../../platform/caches/registry.ts';
import { ProfileViewCache, profileViewBound } from './view-cache.ts';

interface FiscalProfileTable {
  id: string;
  organization_id: string;
  mode: Mode;
  rfc: string;
  legal_name: string;
  tax_regime: string;
  zip: string;
  data_key: Uint8Array;
  master_key_id: string;
  csd_certificate: Uint8Array;
  csd_serial: string;
  csd_valid_from: Date;
  csd_valid_to: Date;
  csd_private_key: Uint8Array;
  csd_password: Uint8Array;
  csd_version: number;
  fiel_certificate: Uint8Array | null;
  fiel_serial: string | null;
  fiel_valid_from: Date | null;
  fiel_valid_to: Date | null;
  fiel_private_key: Uint8Array | null;
  fiel_password: Uint8Array | null;
  manifest_status: ManifestStatus;
  manifest_signed_at: Date | null;
  manifest_email: string | null;
  manifest_contract: string | null;
  metadata: Record<string, string>;
  brand_color: string | null;
  email_settings: ProfileEmailSettings;
  logo: Uint8Array | null;
  logo_content_type: string | null;
  created_at: Date;
  updated_at: Date;
}

type ManifestStatus = 'pending_signature' | 'signed';

/** Whether the profile's invoices are e-mailed when stamped and when cancelled, and in which language (docs/guides/email.md). */
export interface ProfileEmailSettings {
  send_on_stamp: boolean;
  send_on_cancel: boolean;
  language: 'es' | 'en';
}

export const DEFAULT_EMAIL_SETTINGS: ProfileEmailSettings = { send_on_stamp: false, send_on_cancel: false, language: 'es' };

declare module '../../platform/db/schema.ts' {
  interface Database {
    fiscal_profiles: FiscalProfileTable;
  }
}

export type FiscalProfileRow = Selectable<FiscalProfileTable>;
export type NewFiscalProfileRow = Insertable<FiscalProfileTable>;
export type FiscalProfileChanges = Updateable<Omit<FiscalProfileTable, 'id' | 'organization_id' | 'mode' | 'rfc' | 'created_at'>>;

/** The organization and mode that partition every profile (docs/guides/authentication.md: a test key never sees live data). */
export interface ProfileScope {
  organizationId: string;
  mode: Mode;
}

/** The columns the API shows: no key material, no logo bytes. */
const VIEW_COLUMNS = [
  'id',
  'organization_id',
  'mode',
  'rfc',
  'legal_name',
  'tax_regime',
  'zip',
  'csd_serial',
  'csd_valid_from',
  'csd_valid_to',
  'csd_version',
  'fiel_serial',
  'manifest_status',
  'manifest_signed_at',
  'manifest_email',
  'metadata',
  'brand_color',
  'email_settings',
  'created_at',
  'updated_at',
] as const;

export type FiscalProfileView = Pick<FiscalProfileRow, (typeof VIEW_COLUMNS)[number]> & { has_logo: boolean };

const PROFILE_VIEWS: AppState<ProfileViewCache<FiscalProfileView>> = {
  name: 'fiscal_profiles.views',
  create: (caches) => new ProfileViewCache(caches.cache(profileViewBound<FiscalProfileView>())),
};

/** The app's cache of views, invalidated by this file's writes and by the change feed. */
export function profileViews(caches: CacheRegistry): ProfileViewCache<FiscalProfileView> {
  return caches.state(PROFILE_VIEWS);
}

/** Drops a cached view whenever its row changes anywhere (the database's change feed). */
export function followProfileChanges(feed: ChangeFeed, caches: CacheRegistry): void {
  const views = profileViews(caches);
  feed.subscribe('fiscal_profiles', (id) => views.forget(id));
  feed.onReset(() => views.clear());
}

function viewQuery(db: Db) {
  return db.selectFrom('fiscal_profiles').select(VIEW_COLUMNS).select(sql<boolean>`logo IS NOT NULL`.as('has_logo'));
}

/** Newest-first lists go through `paginate`; this is the scoped query it pages over. */
export function profilesQuery(db: Db, scope: ProfileScope) {
  return viewQuery(db).where('organization_id', '=', scope.organizationId).where('mode', '=', scope.mode);
}

export async function findProfileView(db: Db, scope: ProfileScope, id: string): Promise<FiscalProfileView | undefined> {
  return profilesQuery(db, scope).where('id', '=', id).executeTakeFirst();
}

export async function findProfileViews(db: Db, scope: ProfileScope, ids: readonly string[]): Promise<FiscalProfileView[]> {
  if (ids.length === 0) return [];
  return profilesQuery(db, scope)
    .where('id', 'in', [...new Set(ids)])
    .execute();
}

/** The whole row, secrets included (still encrypted), for the verbs that need them. */
export async function findProfileRow(db: Db, scope: ProfileScope, id: string, options: { lock?: boolean } = {}): Promise<FiscalProfileRow | undefined> {
  let query = db
    .selectFrom('fiscal_profiles')
    .selectAll()
    .where('organization_id', '=', scope.organizationId)
    .where('mode', '=', scope.mode)
    .where('id', '=', id);
  if (options.lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function insertProfile(db: Db, row: NewFiscalProfileRow): Promise<void> {
  await db.insertInto('fiscal_profiles').values(row).execute();
}

export async function updateProfile(db: Db, caches: CacheRegistry, scope: ProfileScope, id: string, changes: FiscalProfileChanges): Promise<void> {
  profileViews(caches).forget(id);
  await db
    .updateTable('fiscal_profiles')
    .set(changes)
    .where('organization_id', '=', scope.organizationId)
    .where('mode', '=', scope.mode)
    .where('id', '=', id)
    .execute();
}

export async function deleteProfile(db: Db, caches: CacheRegistry, scope: ProfileScope, id: string): Promise<boolean> {
  profileViews(caches).forget(id);
  const result = await db
    .deleteFrom('fiscal_profiles')
    .where('organization_id', '=', scope.organizationId)
    .where('mode', '=', scope.mode)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** What sealing needs: the certificate and the encrypted CSD key, by id alone (callers scope first). */
export async function findSigningRow(db: Db, id: string) {
  return db
    .selectFrom('fiscal_profiles')
    .select(['id', 'organization_id', 'mode', 'rfc', 'data_key', 'csd_certificate', 'csd_private_key', 'csd_password', 'csd_version'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The FIEL columns, for the SAT's bulk download services. */
export async function findFielRow(db: Db, id: string) {
  return db
    .selectFrom('fiscal_profiles')
    .select(['id', 'organization_id', 'mode', 'rfc', 'data_key', 'fiel_certificate', 'fiel_private_key', 'fiel_password', 'fiel_valid_to', 'manifest_status'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function findSigningVersion(db: Db, id: string): Promise<number | undefined> {
  const row = await db.selectFrom('fiscal_profiles').select('csd_version').where('id', '=', id).executeTakeFirst();
  return row?.csd_version;
}

/** The logo and brand colour for rendering a PDF. */
export async function findBranding(db: Db, scope: ProfileScope, id: string) {
  return db
    .selectFrom('fiscal_profiles')
    .select(['logo', 'logo_content_type', 'brand_color'])
    .where('organization_id', '=', scope.organizationId)
    .where('mode', '=', scope.mode)
    .where('id', '=', id)
    .executeTakeFirst();
}
