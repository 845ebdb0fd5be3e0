/**
 * The writes of create and stamp as single statements, each carrying its companions (the event,
 * the usage record) as CTEs. One statement is atomic without a transaction; on the embedded
 * database every statement costs a fixed round trip through PGlite's protocol (about 0.2 ms of CPU)
 * and a transaction two more (BEGIN, COMMIT), which made the writes of create + stamp the largest
 * cost of an invoice (bench/invoices.ts).
 */
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import type { InvoiceChanges, InvoiceRow, InvoiceStatus, NewInvoiceRow } from './repository.ts';

/** Other writes of the same statement: CTEs, and the columns of the one output row they add. */
export interface Companions {
  ctes: RawBuilder<unknown>[];
  columns: RawBuilder<unknown>[];
}

/** True in a companion CTE when the invoice was updated (transitionInvoiceWith). */
export const IF_UPDATED = sql`EXISTS (SELECT 1 FROM invoice_updated)`;
/** True in a companion CTE when the invoice was inserted (insertWithNextFolio). */
export const IF_INSERTED = sql`EXISTS (SELECT 1 FROM invoice_inserted)`;
/** The folio the statement assigned, for a companion (NULL when it inserted nothing). */
export const INSERTED_FOLIO = sql`(SELECT folio FROM invoice_inserted)`;

// JSON columns are written as JSON text: node-postgres would send a JS array as a Postgres array
// (`input` and `comprobante` are json, `metadata` jsonb: migrations/0015_invoice_json.sql).
const json = (value: unknown) => JSON.stringify(value);

function withCompanions(head: RawBuilder<unknown>, companions: Companions, select: RawBuilder<unknown>, from?: RawBuilder<unknown>) {
  const ctes = companions.ctes.length > 0 ? sql`, ${sql.join(companions.ctes)}` : sql``;
  const columns = companions.columns.length > 0 ? sql`, ${sql.join(companions.columns)}` : sql``;
  return sql`WITH ${head}${ctes} SELECT ${select}${columns} ${from ?? sql``}`;
}

/**
 * Inserts a draft under the next folio of its serie, in one statement: the serie's counter row is
 * incremented (and locked until the statement commits, so concurrent creates queue on it) and the
 * invoice inserted with that number, unless an invoice already holds it (an explicit folio the
 * counter reached): then nothing is inserted and `inserted` is false, for the caller to skip past
 * it. `token` stands for the folio in `row` (its `folio`, and `Folio` in its model) and in the
 * companions' text, and is replaced by the number.
 */
export async function insertWithNextFolio<T>(
  db: Db,
  row: NewInvoiceRow,
  token: string,
  companions: Companions,
): Promise<{ folio: string; inserted: boolean; output: T }> {
  const head = sql`folio_counter AS (
      INSERT INTO invoice_folios (fiscal_profile_id, serie, last_folio) VALUES (${row.fiscal_profile_id}, ${row.serie}, 1)
      ON CONFLICT (fiscal_profile_id, serie) DO UPDATE SET last_folio = invoice_folios.last_folio + 1
      RETURNING last_folio::text AS folio
    ),
    folio_free AS (
      -- The number as a scalar subquery, so that the check is one probe of the folio index.
      SELECT folio FROM folio_counter WHERE NOT EXISTS (
        SELECT 1 FROM invoices WHERE fiscal_profile_id = ${row.fiscal_profile_id} AND serie = ${row.serie} AND folio = (SELECT folio FROM folio_counter))
    ),
    invoice_inserted AS (
      INSERT INTO invoices (id, organization_id, mode, fiscal_profile_id, status, type, serie, folio, customer_rfc, currency,
        subtotal, total, input, comprobante, metadata, created_at, updated_at)
      SELECT ${row.id}::text, ${row.organization_id}::text, ${row.mode}::text, ${row.fiscal_profile_id}::text, ${row.status}::text,
        ${row.type}::text, ${row.serie ?? ''}::text, folio_free.folio, ${row.customer_rfc}::text, ${row.currency}::text,
        ${row.subtotal}::text, ${row.total}::text, ${json(row.input)}::json,
        replace(${json(row.comprobante)}::text, ${token}::text, folio_free.folio)::json, ${json(row.metadata ?? {})}::jsonb,
        ${row.created_at}::timestamptz, ${row.updated_at}::timestamptz
      FROM folio_free
      RETURNING folio
    )`;
  const statement = withCompanions(head, companions, sql`folio_counter.folio, ${IF_INSERTED} AS inserted`, sql`FROM folio_counter`);
  const result = await statement.execute(db);
  const output = result.rows[0] as (T & { folio: string; inserted: boolean }) | undefined;
  if (!output) throw new Error(`The folio counter of ${row.fiscal_profile_id}/${row.serie ?? ''} returned no row`);
  return { folio: String(output.folio), inserted: output.inserted === true, output };
}

/**
 * transitionInvoice with companions in the same statement: `row` with `changes` applied when it
 * was still in an `expected` status (undefined otherwise, and the companions guarded by
 * IF_UPDATED wrote nothing).
 */
export async function transitionInvoiceWith<T>(
  db: Db,
  row: InvoiceRow,
  expected: readonly InvoiceStatus[],
  changes: InvoiceChanges,
  companions: Companions,
): Promise<{ updated: InvoiceRow | undefined; output: T }> {
  const { input, comprobante, metadata, ...rest } = changes;
  const values: Record<string, unknown> = { ...rest };
  if (input !== undefined) values.input = sql`${json(input)}::json`;
  if (comprobante !== undefined) values.comprobante = sql`${json(comprobante)}::json`;
  if (metadata !== undefined) values.metadata = sql`${json(metadata)}::jsonb`;
  const update = db
    .updateTable('invoices')
    .set(values as never)
    .where('id', '=', row.id)
    .where('status', 'in', [...expected])
    .returning('id');
  const result = await withCompanions(sql`invoice_updated AS (${update})`, companions, sql`${IF_UPDATED} AS updated`).execute(db);
  const output = result.rows[0] as (T & { updated: boolean }) | undefined;
  if (!output) throw new Error(`The update of invoice ${row.id} returned no row`);
  return { updated: output.updated ? ({ ...row, ...changes } as InvoiceRow) : undefined, output };
}
