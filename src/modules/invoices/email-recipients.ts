/** Who an invoice is e-mailed to when the request names nobody. */
import type { InvoiceRow } from './repository.ts';

/** The customer's e-mail given on the invoice (`customer.email`), when there is one. */
export function defaultRecipients(row: Pick<InvoiceRow, 'input'>): string[] {
  const email = row.input.customer?.email;
  return email ? [email] : [];
}
