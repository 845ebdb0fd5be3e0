/**
 * What an export of invoices reads (docs/guides/exports.md): the list's selection in keyset pages,
 * and each stamped invoice's XML and PDF. The PDF is the download's: the same fingerprint, cache
 * and store, rendered on the worker pool when it is not kept yet.
 */
import { sql } from 'kysely';
import type { Mode, Services } from '../../platform/context.ts';
import { dateBound } from '../../platform/http/date-bounds.ts';
import { systemCtx } from './context.ts';
import { invoicePdf } from './documents.ts';
import type { InvoiceDeps } from './ports.ts';
import { filteredInvoices, type InvoiceFilterQuery } from './read-invoices.ts';

export type { InvoiceFilterQuery };

/** One invoice as an export writes it. */
export interface InvoiceExportRow {
  id: string;
  fiscal_profile_id: string;
  status: string;
  type: string;
  serie: string;
  folio: string;
  uuid: string | null;
  customer_rfc: string;
  customer_name: string | null;
  uso_cfdi: string | null;
  metodo_pago: string | null;
  forma_pago: string | null;
  currency: string;
  subtotal: string;
  total: string;
  stamped_at: Date | null;
  cancellation_resolved_at: Date | null;
  created_at: Date;
  /** The stamped XML; read only for a ZIP, null otherwise and for invoices not stamped. */
  xml: string | null;
}

export interface InvoiceExportSource {
  /** Refuses, as the list does, a filter it would refuse. */
  check(filters: InvoiceFilterQuery): void;
  count(services: Services, scope: { organizationId: string; mode: Mode }, filters: InvoiceFilterQuery): Promise<number>;
  /** One page after `afterId`, oldest first. */
  page(
    services: Services,
    scope: { organizationId: string; mode: Mode },
    filters: InvoiceFilterQuery,
    page: { afterId: string | null; limit: number; withXml: boolean },
  ): Promise<InvoiceExportRow[]>;
  /** The PDF of a stamped invoice, the bytes of `GET /v1/invoices/{id}/pdf`. */
  pdf(services: Services, scope: { organizationId: string; mode: Mode }, id: string): Promise<Buffer>;
}

export function invoiceExportSource(deps: InvoiceDeps): InvoiceExportSource {
  return {
    check(filters) {
      // The bounds are read (and refused) as the list reads them.
      for (const [name, end] of [
        ['created[gte]', 'start'],
        ['created[lte]', 'end'],
      ] as const) {
        const value = filters[name];
        if (value !== undefined) dateBound(value, end, name);
      }
    },
    async count(services, scope, filters) {
      const row = await filteredInvoices(services.db, scope, filters).clearSelect().select(sql<number>`count(*)`.as('count')).executeTakeFirstOrThrow();
      return Number(row.count);
    },
    async page(services, scope, filters, page) {
      let query = filteredInvoices(services.db, scope, filters).clearSelect();
      if (page.afterId !== null) query = query.where('id', '>', page.afterId);
      const rows = await query
        .select([
          'id',
          'fiscal_profile_id',
          'status',
          'type',
          'serie',
          'folio',
          'uuid',
          'customer_rfc',
          sql<string | null>`comprobante -> 'Receptor' ->> 'Nombre'`.as('customer_name'),
          sql<string | null>`comprobante -> 'Receptor' ->> 'UsoCFDI'`.as('uso_cfdi'),
          sql<string | null>`comprobante ->> 'MetodoPago'`.as('metodo_pago'),
          sql<string | null>`comprobante ->> 'FormaPago'`.as('forma_pago'),
          'currency',
          'subtotal',
          'total',
          'stamped_at',
          'cancellation_resolved_at',
          'created_at',
          page.withXml ? 'xml' : sql<string | null>`NULL::text`.as('xml'),
        ])
        .orderBy('id')
        .limit(page.limit)
        .execute();
      return rows as InvoiceExportRow[];
    },
    async pdf(services, scope, id) {
      return (await invoicePdf(systemCtx(services, scope.organizationId, scope.mode), deps, id)).body;
    },
  };
}
