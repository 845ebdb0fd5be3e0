import { sql, type Insertable, type Selectable } from 'kysely';
import type { Mode } from '../../platform/context.ts';
import type { Db } from '../../platform/db/database.ts';
import type { CfdiFilterQuery } from '../cfdis/index.ts';
import type { InvoiceFilterQuery } from '../invoices/index.ts';

export type ExportFormat = 'csv' | 'xlsx' | 'zip';
export type ExportStatus = 'pending' | 'running' | 'completed' | 'failed' | 'expired';

interface StoredExportProblem {
  code: string;
  title: string;
  detail: string;
}

export interface ExportTable {
  id: string;
  organization_id: string;
  mode: Mode;
  source: 'cfdis' | 'invoices';
  format: ExportFormat;
  filters: CfdiFilterQuery | InvoiceFilterQuery;
  status: ExportStatus;
  rows_total: number | null;
  rows_written: number;
  bytes: string | number | null;
  sha256: string | null;
  error: StoredExportProblem | null;
  completed_at: Date | null;
  expires_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    exports: ExportTable;
  }
}

export type ExportRow = Selectable<ExportTable>;

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

export async function insertExport(db: Db, row: Insertable<ExportTable>): Promise<void> {
  await db
    .insertInto('exports')
    .values({ ...row, filters: json(row.filters) as never, error: null })
    .execute();
}

export function exportsQuery(db: Db, organizationId: string, mode: Mode) {
  return db.selectFrom('exports').selectAll().where('organization_id', '=', organizationId).where('mode', '=', mode);
}

export function findExport(db: Db, organizationId: string, mode: Mode, id: string): Promise<ExportRow | undefined> {
  return exportsQuery(db, organizationId, mode).where('id', '=', id).executeTakeFirst();
}

export function findExportById(db: Db, id: string): Promise<ExportRow | undefined> {
  return db.selectFrom('exports').selectAll().where('id', '=', id).executeTakeFirst();
}

type ExportChanges = Partial<Pick<ExportTable, 'status' | 'rows_total' | 'rows_written' | 'bytes' | 'sha256' | 'error' | 'completed_at' | 'expires_at'>> & {
  updated_at: Date;
};

/** Changes an export that is in one of `from`; answers the updated row, or undefined when it was not. */
export async function updateExport(db: Db, id: string, from: readonly ExportStatus[], changes: ExportChanges): Promise<ExportRow | undefined> {
  const values = changes.error === undefined ? changes : { ...changes, error: changes.error === null ? null : (json(changes.error) as never) };
  return db
    .updateTable('exports')
    .set(values)
    .where('id', '=', id)
    .where('status', 'in', [...from])
    .returningAll()
    .executeTakeFirst();
}

/** Completed exports whose file is past its expiry. */
export function expiredExports(db: Db, now: Date, limit: number): Promise<Pick<ExportRow, 'id' | 'format'>[]> {
  return db
    .selectFrom('exports')
    .select(['id', 'format'])
    .where('status', '=', 'completed')
    .where('expires_at', '<=', now)
    .orderBy('expires_at')
    .limit(limit)
    .execute();
}
