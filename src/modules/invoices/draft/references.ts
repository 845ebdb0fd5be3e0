/**
 * Invoices a request refers to by id (related CFDIs, paid documents): loaded once, in the
 * caller's organization and mode, then read synchronously by the mapper. Only stamped invoices
 * have a UUID to refer to.
 */
import type { FieldError } from '../../../platform/errors/api-error.ts';
import type { InvoiceRow } from '../repository.ts';
import type { InvoiceInput } from '../request-schemas.ts';

interface ReferencedInvoice {
  id: string;
  uuid: string;
  serie: string;
  folio: string;
  currency: string;
}

export interface References {
  /** The stamped invoice `id`, or undefined with a field error at `path`. */
  stamped(id: string, path: string, errors: FieldError[]): ReferencedInvoice | undefined;
}

export function referencedIds(input: Partial<InvoiceInput>): string[] {
  const related = (input.related ?? []).flatMap((group) => group.invoices ?? []);
  const paid = (input.payments ?? []).flatMap((payment) => payment.documents.flatMap((document) => (document.invoice === undefined ? [] : [document.invoice])));
  return [...new Set([...related, ...paid])];
}

/** What the mapper reads of a referenced invoice: plain data, so that a draft can be built on a worker thread. */
export type ReferencedRow = Pick<InvoiceRow, 'id' | 'uuid' | 'status' | 'serie' | 'folio' | 'currency'>;

export function referencesOf(rows: readonly ReferencedRow[]): References {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return {
    stamped(id, path, errors) {
      const row = byId.get(id);
      if (!row) {
        errors.push({ path, code: 'resource.not_found', message: `No invoice with id '${id}' exists in this organization and mode.` });
        return undefined;
      }
      if (row.uuid === null || (row.status !== 'stamped' && row.status !== 'cancelled')) {
        errors.push({ path, code: 'invoice.not_stamped', message: `Invoice ${id} is ${row.status}: only a stamped invoice has a UUID to refer to.` });
        return undefined;
      }
      return { id: row.id, uuid: row.uuid, serie: row.serie, folio: row.folio, currency: row.currency };
    },
  };
}
