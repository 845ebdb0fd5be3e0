import { sql } from 'kysely';
import type { Static } from 'typebox';
import type { Ctx } from '../../platform/context.ts';
import { notFound } from '../../platform/errors/api-error.ts';
import { isId } from '../../platform/ids.ts';
import { dateBound } from '../../platform/http/date-bounds.ts';
import { paginate, type Page } from '../../platform/http/pagination.ts';
import { scopeOf } from './context.ts';
import { findInvoice, invoicesQuery, type InvoiceRow, type InvoiceScope } from './repository.ts';
import type { InvoiceListQuery } from './schemas.ts';

/** The list's filters, as `GET /v1/invoices` and an export of invoices take them. */
export type InvoiceFilterQuery = Omit<Static<typeof InvoiceListQuery>, 'limit' | 'starting_after' | 'ending_before'>;

/** The caller's invoices with the list filters (a date bound the list refuses is a 422). */
export function filteredInvoices(db: Ctx['db'], scope: InvoiceScope, query: InvoiceFilterQuery) {
  let rows = invoicesQuery(db, scope);
  if (query.status !== undefined) rows = rows.where('status', '=', query.status);
  if (query.fiscal_profile_id !== undefined) rows = rows.where('fiscal_profile_id', '=', query.fiscal_profile_id);
  if (query.customer_rfc !== undefined) rows = rows.where('customer_rfc', '=', query.customer_rfc.trim().toUpperCase());
  if (query.uuid !== undefined) rows = rows.where('uuid', '=', query.uuid.toUpperCase());
  if (query.serie !== undefined) rows = rows.where('serie', '=', query.serie);
  if (query.folio !== undefined) rows = rows.where('folio', '=', query.folio);
  if (query.q !== undefined && query.q.trim() !== '') {
    const text = query.q.trim();
    const like = `%${text.replace(/[\\%_]/g, '\\$&')}%`;
    rows = rows.where((eb) =>
      eb.or([
        eb('customer_rfc', 'ilike', like),
        eb(sql<string>`comprobante -> 'Receptor' ->> 'Nombre'`, 'ilike', like),
        eb('folio', '=', text),
        eb(sql<string>`serie || folio`, '=', text.toUpperCase()),
        eb('uuid', '=', text.toUpperCase()),
      ]),
    );
  }
  if (query['created[gte]'] !== undefined) rows = rows.where('created_at', '>=', dateBound(query['created[gte]'], 'start', 'created[gte]'));
  if (query['created[lte]'] !== undefined) rows = rows.where('created_at', '<=', dateBound(query['created[lte]'], 'end', 'created[lte]'));
  return rows;
}

/** The caller's invoices, newest first, with the list filters. */
export function listInvoices(ctx: Ctx, query: Static<typeof InvoiceListQuery>, url: string): Promise<Page<InvoiceRow>> {
  return paginate(filteredInvoices(ctx.db, scopeOf(ctx), query), query, { prefix: 'inv', idColumn: 'id', url });
}

/** One of the caller's invoices; an unknown or foreign id is not found. */
export async function getInvoice(ctx: Ctx, id: string): Promise<InvoiceRow> {
  const row = isId('inv', id) ? await findInvoice(ctx.db, scopeOf(ctx), id) : undefined;
  if (!row) throw notFound('invoice', id);
  return row;
}
