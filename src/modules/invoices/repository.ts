/** The invoices module's tables: invoices and their folio counters. Nobody else touches them. */
import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Comprobante } from '../../cfdi/model.ts';
import type { Mode } from '../../platform/context.ts';
import type { Db } from '../../platform/db/database.ts';
import type { InvoiceInput } from './request-schemas.ts';

export type InvoiceStatus = 'draft' | 'stamping' | 'stamped' | 'cancelled';
export type CancellationStatus = 'none' | 'pending' | 'accepted' | 'rejected';

interface InvoiceTable {
  id: string;
  organization_id: string;
  mode: Mode;
  fiscal_profile_id: string;
  status: InvoiceStatus;
  type: string;
  serie: string;
  folio: string;
  customer_rfc: string;
  currency: string;
  subtotal: string;
  total: string;
  input: InvoiceInput;
  /** The computed model without Fecha and seal; stamping adds them. */
  comprobante: Comprobante;
  sealed_xml: string | null;
  sealed_at: Date | null;
  xml: string | null;
  uuid: string | null;
  stamped_at: Date | null;
  sello_cfd: string | null;
  sello_sat: string | null;
  no_certificado_sat: string | null;
  error: string | null;
  cancellation_status: CancellationStatus;
  cancellation_reason: string | null;
  substitute_invoice_id: string | null;
  cancellation_requested_at: Date | null;
  cancellation_resolved_at: Date | null;
  acuse: string | null;
  metadata: Record<string, string>;
  created_at: Date;
  updated_at: Date;
}

interface InvoiceFolioTable {
  fiscal_profile_id: string;
  serie: string;
  last_folio: number;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    invoices: InvoiceTable;
    invoice_folios: InvoiceFolioTable;
  }
}

export type InvoiceRow = Selectable<InvoiceTable>;
export type NewInvoiceRow = Insertable<InvoiceTable>;
export type InvoiceChanges = Updateable<Omit<InvoiceTable, 'id' | 'organization_id' | 'mode' | 'created_at'>>;

/** The organization and mode that partition every invoice (a test key never sees live data). */
export interface InvoiceScope {
  organizationId: string;
  mode: Mode;
}

// JSON columns are written as JSON text: node-postgres would send a JS array as a Postgres array.
// `input` and `comprobante` are json (migrations/0015_invoice_json.sql), `metadata` jsonb.
function json(value: unknown) {
  return sql`${JSON.stringify(value)}::json`;
}

function jsonb(value: unknown) {
  return sql`${JSON.stringify(value)}::jsonb`;
}

function scoped(db: Db, scope: InvoiceScope) {
  return db.selectFrom('invoices').where('organization_id', '=', scope.organizationId).where('mode', '=', scope.mode);
}

/** What serving an invoice's documents needs: the light columns, the XML only when asked for. */
const DOCUMENT_COLUMNS = ['id', 'organization_id', 'mode', 'status', 'uuid', 'fiscal_profile_id', 'cancellation_resolved_at', 'updated_at'] as const;
export type InvoiceDocumentRow = Pick<InvoiceRow, (typeof DOCUMENT_COLUMNS)[number]> & { stamped: boolean };

/**
 * An invoice for its XML or PDF, without the stored model (a Pagos of thousands of related
 * documents carries megabytes of it): a cached PDF is served without reading it.
 */
export async function findInvoiceDocument(db: Db, scope: InvoiceScope, id: string): Promise<InvoiceDocumentRow | undefined> {
  return scoped(db, scope).select(DOCUMENT_COLUMNS).select(sql<boolean>`xml IS NOT NULL`.as('stamped')).where('id', '=', id).executeTakeFirst();
}

/** The same with the stamped XML, for its download. */
export async function findInvoiceDocumentWithXml(db: Db, scope: InvoiceScope, id: string): Promise<(InvoiceDocumentRow & { xml: string | null }) | undefined> {
  return scoped(db, scope)
    .select([...DOCUMENT_COLUMNS, 'xml'])
    .select(sql<boolean>`xml IS NOT NULL`.as('stamped'))
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function findInvoiceXml(db: Db, id: string): Promise<string | undefined> {
  const row = await db.selectFrom('invoices').select('xml').where('id', '=', id).executeTakeFirst();
  return row?.xml ?? undefined;
}

/** The scoped query lists page over. */
export function invoicesQuery(db: Db, scope: InvoiceScope) {
  return scoped(db, scope).selectAll();
}

export async function findInvoice(db: Db, scope: InvoiceScope, id: string, options: { lock?: boolean } = {}): Promise<InvoiceRow | undefined> {
  let query = scoped(db, scope).selectAll().where('id', '=', id);
  if (options.lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** By id alone, for jobs (which carry the id of a row they were scheduled for). */
export async function findInvoiceById(db: Db, id: string, options: { lock?: boolean } = {}): Promise<InvoiceRow | undefined> {
  let query = db.selectFrom('invoices').selectAll().where('id', '=', id);
  if (options.lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function findInvoicesByIds(db: Db, scope: InvoiceScope, ids: readonly string[]): Promise<InvoiceRow[]> {
  if (ids.length === 0) return [];
  return scoped(db, scope)
    .selectAll()
    .where('id', 'in', [...new Set(ids)])
    .execute();
}

export async function insertInvoice(db: Db, row: NewInvoiceRow): Promise<void> {
  const { input, comprobante, metadata, ...rest } = row;
  await db
    .insertInto('invoices')
    .values({ ...rest, input: json(input), comprobante: json(comprobante), metadata: jsonb(metadata ?? {}) } as never)
    .execute();
}

/**
 * Updates a row when it is still in `expected` status; returns the new row, or undefined when
 * another request moved it first (the caller then re-reads and decides).
 */
export async function updateInvoice(
  db: Db,
  id: string,
  expected: readonly InvoiceStatus[],
  changes: InvoiceChanges,
  cancellation?: readonly CancellationStatus[],
): Promise<InvoiceRow | undefined> {
  const { input, comprobante, metadata, ...rest } = changes;
  const values: Record<string, unknown> = { ...rest };
  if (input !== undefined) values.input = json(input);
  if (comprobante !== undefined) values.comprobante = json(comprobante);
  if (metadata !== undefined) values.metadata = jsonb(metadata);
  let query = db
    .updateTable('invoices')
    .set(values as never)
    .where('id', '=', id)
    .where('status', 'in', [...expected]);
  if (cancellation) query = query.where('cancellation_status', 'in', [...cancellation]);
  return query.returningAll().executeTakeFirst();
}

/**
 * Like updateInvoice for a row the caller has just read, without reading the (large) row back:
 * the result is `row` with `changes` applied. Only for transitions no other writer can interleave
 * with (the expected status is the guard).
 */
export async function transitionInvoice(db: Db, row: InvoiceRow, expected: readonly InvoiceStatus[], changes: InvoiceChanges): Promise<InvoiceRow | undefined> {
  const { input, comprobante, metadata, ...rest } = changes;
  const values: Record<string, unknown> = { ...rest };
  if (input !== undefined) values.input = json(input);
  if (comprobante !== undefined) values.comprobante = json(comprobante);
  if (metadata !== undefined) values.metadata = jsonb(metadata);
  const updated = await db
    .updateTable('invoices')
    .set(values as never)
    .where('id', '=', row.id)
    .where('status', 'in', [...expected])
    .returning('id')
    .executeTakeFirst();
  return updated ? ({ ...row, ...changes } as InvoiceRow) : undefined;
}

export async function deleteDraft(db: Db, scope: InvoiceScope, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('invoices')
    .where('organization_id', '=', scope.organizationId)
    .where('mode', '=', scope.mode)
    .where('id', '=', id)
    .where('status', '=', 'draft')
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function folioTaken(db: Db, profileId: string, serie: string, folio: string, exceptId?: string): Promise<boolean> {
  let query = db.selectFrom('invoices').select('id').where('fiscal_profile_id', '=', profileId).where('serie', '=', serie).where('folio', '=', folio);
  if (exceptId) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/**
 * Takes the (profile, serie) counter's row lock for the rest of the transaction and returns the
 * counter after adding `step` (0 only locks), and whether an invoice already holds that number
 * (an explicit folio the counter reached). Concurrent creates of one serie queue on this row.
 */
export async function lockFolioCounter(db: Db, profileId: string, serie: string, step: number): Promise<{ folio: number; taken: boolean }> {
  const result = await sql<{ last_folio: string | number; taken: boolean }>`
    WITH counter AS (
      INSERT INTO invoice_folios (fiscal_profile_id, serie, last_folio) VALUES (${profileId}, ${serie}, ${step})
      ON CONFLICT (fiscal_profile_id, serie) DO UPDATE SET last_folio = invoice_folios.last_folio + ${step}
      RETURNING last_folio
    )
    SELECT counter.last_folio, EXISTS (
      SELECT 1 FROM invoices WHERE fiscal_profile_id = ${profileId} AND serie = ${serie} AND folio = counter.last_folio::text
    ) AS taken FROM counter`.execute(db);
  const row = result.rows[0];
  if (!row) throw new Error(`The folio counter of ${profileId}/${serie} returned no row`);
  return { folio: Number(row.last_folio), taken: row.taken };
}

export async function setFolioCounter(db: Db, profileId: string, serie: string, value: number): Promise<void> {
  await db.updateTable('invoice_folios').set({ last_folio: value }).where('fiscal_profile_id', '=', profileId).where('serie', '=', serie).execute();
}

/** True once the profile has an invoice that is not a draft (stamping, stamped or cancelled). */
export async function profileHasStamped(db: Db, profileId: string): Promise<boolean> {
  const row = await db.selectFrom('invoices').select('id').where('fiscal_profile_id', '=', profileId).where('status', '<>', 'draft').executeTakeFirst();
  return row !== undefined;
}

/** Which of these UUIDs are invoices this organization stamped here, in this mode. */
export async function uuidsStampedHere(db: Db, organizationId: string, mode: Mode, uuids: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  // A few thousand at a time: a statement holds at most 65,535 parameters.
  for (let at = 0; at < uuids.length; at += 5_000) {
    const rows = await db
      .selectFrom('invoices')
      .select('uuid')
      .where('uuid', 'in', uuids.slice(at, at + 5_000))
      .where('organization_id', '=', organizationId)
      .where('mode', '=', mode)
      .execute();
    for (const row of rows) found.add(row.uuid!);
  }
  return found;
}

/** Invoices left `stamping` since before `sealedBefore`: a crashed or abandoned stamp. */
export async function stuckStamping(db: Db, sealedBefore: Date, limit: number): Promise<InvoiceRow[]> {
  return db
    .selectFrom('invoices')
    .selectAll()
    .where('status', '=', 'stamping')
    .where('sealed_at', '<', sealedBefore)
    .orderBy('sealed_at')
    .limit(limit)
    .execute();
}

/** Payable invoices of a customer: stamped, type I, paid in installments (MetodoPago PPD), newest first. */
export async function stampedPpdInvoices(db: Db, scope: InvoiceScope, customerRfc: string, limit: number): Promise<InvoiceRow[]> {
  return scoped(db, scope)
    .selectAll()
    .where('type', '=', 'I')
    .where('status', '=', 'stamped')
    .where('customer_rfc', '=', customerRfc)
    .where(sql<string>`comprobante ->> 'MetodoPago'`, '=', 'PPD')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** The CFDI models of a customer's stamped payments (type P), whose Pagos say what each paid. */
export async function stampedPaymentModels(db: Db, scope: InvoiceScope, customerRfc: string): Promise<InvoiceRow['comprobante'][]> {
  const rows = await scoped(db, scope)
    .select('comprobante')
    .where('type', '=', 'P')
    .where('status', '=', 'stamped')
    .where('customer_rfc', '=', customerRfc)
    .execute();
  return rows.map((row) => row.comprobante);
}
