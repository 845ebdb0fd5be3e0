import type { Selectable } from 'kysely';
import type { Mode } from '../../platform/context.ts';
import type { Db } from '../../platform/db/database.ts';
import type { StoredIssue, StoredSummary } from './types.ts';

export interface ValidationTable {
  id: string;
  organization_id: string;
  mode: Mode;
  valid: boolean;
  errors: StoredIssue[];
  warnings: StoredIssue[];
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

export async function insertValidation(db: Db, row: ValidationRow): Promise<void> {
  await db.insertInto('validations').values({
    ...row,
    errors: JSON.stringify(row.errors) as never,
    warnings: JSON.stringify(row.warnings) as never,
    summary: JSON.stringify(row.summary) as never,
  }).execute();
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
  await db.insertInto('sat_certificates').values(row).onConflict((conflict) => conflict.columns(['source', 'no_certificado']).doNothing()).execute();
}
