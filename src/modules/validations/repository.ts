import { sql, type RawBuilder, type Selectable } from 'kysely';
import type { Mode } from '../../platform/context.ts';
import type { Db } from '../../platform/db/database.ts';
import type { StoredCheck, StoredIssue, StoredSummary } from './types.ts';

interface ValidationTable {
  id: string;
  organization_id: string;
  mode: Mode;
  valid: boolean;
  errors: StoredIssue[];
  warnings: StoredIssue[];
  /** Null for validations stored before checks were recorded (serialize.ts works them out). */
  checks: StoredCheck[] | null;
  summary: StoredSummary;
  uuid: string | null;
  emisor: string | null;
  receptor: string | null;
  document_sha256: string;
  created_at: Date;
}

export interface SatCertificateTable {
  no_certificado: string;
  source: string;
  der: Buffer;
  fetched_at: Date;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    validations: ValidationTable;
    sat_certificates: SatCertificateTable;
  }
}

export type ValidationRow = Selectable<ValidationTable>;

/**
 * Stores a validation with the caller's CTEs (its usage record and events) in one statement:
 * atomic without a transaction, which on the embedded database costs two more round trips.
 * Returns the row of `columns`.
 */
export async function insertValidationWith<Output>(
  db: Db,
  row: ValidationRow,
  parts: { ctes: RawBuilder<unknown>[]; columns: RawBuilder<unknown> },
): Promise<Output> {
  const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;
  const result = await sql<Output>`
    WITH ${sql.join(parts.ctes)}, validation_inserted AS (
      INSERT INTO validations (id, organization_id, mode, valid, errors, warnings, checks, summary, uuid, emisor, receptor, document_sha256, created_at)
      VALUES (${row.id}, ${row.organization_id}, ${row.mode}, ${row.valid}, ${json(row.errors)}, ${json(row.warnings)}, ${json(row.checks)}, ${json(row.summary)},
        ${row.uuid}, ${row.emisor}, ${row.receptor}, ${row.document_sha256}, ${row.created_at}::timestamptz)
      RETURNING id
    )
    SELECT ${parts.columns}`.execute(db);
  return result.rows[0]!;
}

export interface ValidationFilters {
  valid?: boolean | undefined;
  uuid?: string | undefined;
  emisor?: string | undefined;
  receptor?: string | undefined;
  createdFrom?: Date | undefined;
  createdThrough?: Date | undefined;
}

export function validationsQuery(db: Db, organizationId: string, mode: Mode, filters: ValidationFilters = {}) {
  let query = db.selectFrom('validations').selectAll().where('organization_id', '=', organizationId).where('mode', '=', mode);
  if (filters.valid !== undefined) query = query.where('valid', '=', filters.valid);
  if (filters.uuid !== undefined) query = query.where('uuid', '=', filters.uuid);
  if (filters.emisor !== undefined) query = query.where('emisor', '=', filters.emisor);
  if (filters.receptor !== undefined) query = query.where('receptor', '=', filters.receptor);
  if (filters.createdFrom) query = query.where('created_at', '>=', filters.createdFrom);
  if (filters.createdThrough) query = query.where('created_at', '<=', filters.createdThrough);
  return query;
}

export function findValidation(db: Db, organizationId: string, mode: Mode, id: string): Promise<ValidationRow | undefined> {
  return validationsQuery(db, organizationId, mode).where('id', '=', id).executeTakeFirst();
}

export async function findSatCertificate(db: Db, source: string, noCertificado: string): Promise<Buffer | undefined> {
  const row = await db.selectFrom('sat_certificates').select('der').where('source', '=', source).where('no_certificado', '=', noCertificado).executeTakeFirst();
  return row ? Buffer.from(row.der) : undefined;
}

export async function saveSatCertificate(db: Db, row: SatCertificateTable): Promise<void> {
  await db
    .insertInto('sat_certificates')
    .values(row)
    .onConflict((conflict) => conflict.columns(['source', 'no_certificado']).doNothing())
    .execute();
}
