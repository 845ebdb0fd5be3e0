import type { Answer, Item } from '../../api/types.ts';

export type Invoice = Answer<'getInvoice'>;

export const STATUSES = ['draft', 'stamping', 'stamped', 'cancelled'] as const satisfies readonly Invoice['status'][];

/** One e-mail of an invoice and its delivery log (GET /v1/invoices/{id}/emails). */
export type InvoiceEmail = Item<'listInvoiceEmails'>;
