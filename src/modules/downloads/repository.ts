import { sql, type Selectable } from 'kysely';
import type { Mode } from '../../platform/context.ts';
import type { Db } from '../../platform/db/database.ts';

export type Side = 'issued' | 'received';
export type DownloadType = 'cfdi' | 'metadata';
export type DocumentStatus = 'active' | 'cancelled';
export type DownloadStatus = 'requested' | 'processing' | 'ready' | 'no_data' | 'failed';
export type SatRequestState = 'registering' | 'registered' | 'downloading' | 'ready' | 'no_data' | 'split' | 'failed';
type PackageState = 'pending' | 'stored' | 'ingested';

/** A problem-shaped failure, as a download's `error` shows it. */
export interface StoredProblem {
  code: string;
  title: string;
  detail: string;
  sat_code: string | null;
}

interface SatRequestTable {
  id: string;
  organization_id: string;
  mode: Mode;
  fiscal_profile_id: string;
  rfc: string;
  side: Side;
  type: DownloadType;
  period_from: string;
  period_to: string;
  document_status: DocumentStatus | null;
  counterparty_rfc: string | null;
  voucher_type: string | null;
  fingerprint: string;
  root_id: string;
  parent_id: string | null;
  state: SatRequestState;
  sat_request_id: string | null;
  sat_state: string | null;
  cfdi_count: number | null;
  checks: number;
  renewals: number;
  error: StoredProblem | null;
  registered_at: Date | null;
  poll_deadline: Date | null;
  finished_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

interface SatSolicitudTable {
  rfc: string;
  mode: Mode;
  fingerprint: string;
  sent: number;
  last_sent_at: Date;
}

interface SatPackageTable {
  sat_request_id: string;
  position: number;
  sat_package_id: string;
  state: PackageState;
  bytes: number | null;
  sha256: string | null;
  cfdi_count: number | null;
  stored_at: Date | null;
  ingested_at: Date | null;
}

interface DownloadTable {
  id: string;
  organization_id: string;
  mode: Mode;
  fiscal_profile_id: string;
  side: Side;
  type: DownloadType;
  date_from: string;
  date_to: string;
  document_status: DocumentStatus | null;
  counterparty_rfc: string | null;
  voucher_type: string | null;
  sat_request_root: string;
  status: DownloadStatus;
  package_count: number;
  cfdi_count: number | null;
  error: StoredProblem | null;
  metadata: Record<string, string>;
  warnings: string[];
  created_at: Date;
  updated_at: Date;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    sat_requests: SatRequestTable;
    sat_solicitudes: SatSolicitudTable;
    sat_packages: SatPackageTable;
    downloads: DownloadTable;
  }
}

export type SatRequestRow = Selectable<SatRequestTable>;
export type DownloadRow = Selectable<DownloadTable>;
export type PackageRow = Selectable<SatPackageTable>;

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

export async function insertSatRequest(db: Db, row: SatRequestRow): Promise<void> {
  await db
    .insertInto('sat_requests')
    .values({ ...row, error: row.error === null ? null : json(row.error) } as never)
    .execute();
}

export async function insertDownload(db: Db, row: DownloadRow): Promise<void> {
  await db
    .insertInto('downloads')
    .values({
      ...row,
      error: row.error === null ? null : json(row.error),
      metadata: json(row.metadata),
      warnings: json(row.warnings),
    } as never)
    .execute();
}

export function findSatRequest(db: Db, id: string): Promise<SatRequestRow | undefined> {
  return db.selectFrom('sat_requests').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Updates a request; with `onlyFrom`, only while it is still in that state. */
export async function updateSatRequest(db: Db, id: string, changes: Partial<Omit<SatRequestRow, 'id'>> & { onlyFrom?: SatRequestState }): Promise<void> {
  const { onlyFrom, ...rest } = changes;
  const values: Record<string, unknown> = { ...rest };
  if ('error' in rest) values.error = rest.error === null ? null : json(rest.error);
  let query = db
    .updateTable('sat_requests')
    .set(values as never)
    .where('id', '=', id);
  if (onlyFrom) query = query.where('state', '=', onlyFrom);
  await query.execute();
}

/** The requests of a tree, parents before children, siblings in creation order. */
export function requestTree(db: Db, rootId: string): Promise<SatRequestRow[]> {
  return db.selectFrom('sat_requests').selectAll().where('root_id', '=', rootId).orderBy('id').execute();
}

/**
 * The root request an identical download may share: same profile and SAT parameters, not
 * failed, and either unfinished or finished recently enough that the SAT still holds it.
 */
export function findCurrentRoot(
  db: Db,
  scope: { organizationId: string; mode: Mode; profileId: string },
  fingerprint: string,
  finishedAfter: Date,
): Promise<SatRequestRow | undefined> {
  return db
    .selectFrom('sat_requests')
    .selectAll()
    .where('organization_id', '=', scope.organizationId)
    .where('mode', '=', scope.mode)
    .where('fiscal_profile_id', '=', scope.profileId)
    .where('fingerprint', '=', fingerprint)
    .where('parent_id', 'is', null)
    .where('state', 'not in', ['failed', 'registering'])
    .where((eb) => eb.or([eb('finished_at', 'is', null), eb('finished_at', '>', finishedAfter)]))
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/**
 * Counts one more solicitud with this fingerprint and returns how many were sent before it.
 * Called before the SAT call, so a crash right after the call still counts it.
 */
export async function countSolicitud(db: Db, key: { mode: Mode; rfc: string; fingerprint: string }, at: Date): Promise<number> {
  const result = await sql<{ sent: number }>`
    INSERT INTO sat_solicitudes (rfc, mode, fingerprint, sent, last_sent_at)
    VALUES (${key.rfc}, ${key.mode}, ${key.fingerprint}, 1, ${at}::timestamptz)
    ON CONFLICT (mode, rfc, fingerprint) DO UPDATE SET sent = sat_solicitudes.sent + 1, last_sent_at = excluded.last_sent_at
    RETURNING sent`.execute(db);
  return Number(result.rows[0]!.sent) - 1;
}

export async function solicitudesSent(db: Db, key: { mode: Mode; rfc: string; fingerprint: string }): Promise<number> {
  const row = await db
    .selectFrom('sat_solicitudes')
    .select('sent')
    .where('mode', '=', key.mode)
    .where('rfc', '=', key.rfc)
    .where('fingerprint', '=', key.fingerprint)
    .executeTakeFirst();
  return row ? Number(row.sent) : 0;
}

export async function insertPackages(db: Db, requestId: string, packageIds: readonly string[]): Promise<void> {
  if (packageIds.length === 0) return;
  await db
    .insertInto('sat_packages')
    .values(packageIds.map((satPackageId, position) => ({ sat_request_id: requestId, position, sat_package_id: satPackageId, state: 'pending' as const })))
    .onConflict((conflict) => conflict.columns(['sat_request_id', 'position']).doNothing())
    .execute();
}

const PACKAGE_COLUMNS = ['sat_request_id', 'position', 'sat_package_id', 'state', 'bytes', 'sha256', 'cfdi_count', 'stored_at', 'ingested_at'] as const;

export function packagesOf(db: Db, requestIds: readonly string[]): Promise<PackageRow[]> {
  if (requestIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('sat_packages')
    .select(PACKAGE_COLUMNS)
    .where('sat_request_id', 'in', requestIds)
    .orderBy('sat_request_id')
    .orderBy('position')
    .execute();
}

export async function markPackageStored(
  db: Db,
  key: { requestId: string; position: number },
  stored: { bytes: number; sha256: string; at: Date },
): Promise<void> {
  await db
    .updateTable('sat_packages')
    .set({ state: 'stored', bytes: stored.bytes, sha256: stored.sha256, stored_at: stored.at })
    .where('sat_request_id', '=', key.requestId)
    .where('position', '=', key.position)
    .where('state', '=', 'pending')
    .execute();
}

export async function markPackageIngested(db: Db, key: { requestId: string; position: number }, cfdiCount: number, at: Date): Promise<void> {
  await db
    .updateTable('sat_packages')
    .set({ state: 'ingested', cfdi_count: cfdiCount, ingested_at: at })
    .where('sat_request_id', '=', key.requestId)
    .where('position', '=', key.position)
    .execute();
}

/** Forgets the packages of a request that were not kept before the SAT's copy went (they are asked again). */
export async function deletePendingPackages(db: Db, requestId: string): Promise<void> {
  await db.deleteFrom('sat_packages').where('sat_request_id', '=', requestId).where('state', '=', 'pending').execute();
}

/** Records a fingerprint as used up at the SAT (5002, or 5005 for a request whose id we never got). */
export async function markFingerprintSpent(db: Db, key: { mode: Mode; rfc: string; fingerprint: string }, at: Date): Promise<void> {
  await db
    .insertInto('sat_solicitudes')
    .values({ ...key, sent: 2, last_sent_at: at })
    .onConflict((conflict) => conflict.columns(['mode', 'rfc', 'fingerprint']).doUpdateSet({ sent: sql`greatest(sat_solicitudes.sent, 2)` }))
    .execute();
}

/** Adds a line to `metadata.warnings` of every download served by this tree. */
export async function addDownloadWarning(db: Db, rootId: string, warning: string): Promise<void> {
  await db
    .updateTable('downloads')
    .set({ warnings: sql`warnings || ${JSON.stringify([warning])}::jsonb` } as never)
    .where('sat_request_root', '=', rootId)
    .execute();
}

/** The download that first asked for this tree: provenance of the CFDIs it brings. */
export async function firstDownloadOfRoot(db: Db, rootId: string): Promise<string | undefined> {
  const row = await db.selectFrom('downloads').select('id').where('sat_request_root', '=', rootId).orderBy('id').executeTakeFirst();
  return row?.id;
}

/** The SAT's id of the first registered request of each tree. */
export async function firstSatRequestIds(db: Db, rootIds: readonly string[]): Promise<Map<string, string>> {
  const requests = await db
    .selectFrom('sat_requests')
    .select(['root_id', 'sat_request_id'])
    .where('root_id', 'in', rootIds)
    .where('sat_request_id', 'is not', null)
    .orderBy('id')
    .execute();
  const first = new Map<string, string>();
  for (const request of requests) if (!first.has(request.root_id)) first.set(request.root_id, request.sat_request_id!);
  return first;
}

export function downloadsOfRoot(db: Db, rootId: string): Promise<DownloadRow[]> {
  return db.selectFrom('downloads').selectAll().where('sat_request_root', '=', rootId).execute();
}

export async function updateDownload(
  db: Db,
  id: string,
  changes: Partial<Pick<DownloadRow, 'status' | 'package_count' | 'cfdi_count' | 'error' | 'updated_at'>>,
): Promise<void> {
  const values: Record<string, unknown> = { ...changes };
  if ('error' in changes) values.error = changes.error === null ? null : json(changes.error);
  await db
    .updateTable('downloads')
    .set(values as never)
    .where('id', '=', id)
    .execute();
}

export interface DownloadFilters {
  fiscalProfileId?: string | undefined;
  status?: DownloadStatus | undefined;
  side?: Side | undefined;
  type?: DownloadType | undefined;
}

export function downloadsQuery(db: Db, organizationId: string, mode: Mode, filters: DownloadFilters = {}) {
  let query = db.selectFrom('downloads').selectAll().where('organization_id', '=', organizationId).where('mode', '=', mode);
  if (filters.fiscalProfileId !== undefined) query = query.where('fiscal_profile_id', '=', filters.fiscalProfileId);
  if (filters.status !== undefined) query = query.where('status', '=', filters.status);
  if (filters.side !== undefined) query = query.where('side', '=', filters.side);
  if (filters.type !== undefined) query = query.where('type', '=', filters.type);
  return query;
}

export function findDownload(db: Db, organizationId: string, mode: Mode, id: string): Promise<DownloadRow | undefined> {
  return downloadsQuery(db, organizationId, mode).where('id', '=', id).executeTakeFirst();
}

/** Undoes a download whose solicitud the SAT refused or never got: nothing of it is kept. */
export async function deleteUnregistered(db: Db, rootId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('downloads').where('sat_request_root', '=', rootId).execute();
    await trx.deleteFrom('sat_requests').where('id', '=', rootId).where('state', '=', 'registering').execute();
  });
}

/** Requests left `registering` by a crash between recording the intent and the SAT's answer. */
export function staleRegistrations(db: Db, before: Date, limit: number): Promise<SatRequestRow[]> {
  return db
    .selectFrom('sat_requests')
    .selectAll()
    .where('state', '=', 'registering')
    .where('updated_at', '<', before)
    .orderBy('updated_at')
    .limit(limit)
    .execute();
}
