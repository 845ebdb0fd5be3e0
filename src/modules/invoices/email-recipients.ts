/** Who an invoice is e-mailed to when the request names nobody. */
import type { Ctx } from '../../platform/context.ts';
import type { SavedParts } from './ports.ts';
import type { InvoiceRow } from './repository.ts';

/**
 * The customer's e-mail given on the invoice (`customer.email`) when there is one; otherwise the
 * e-mails of the saved customer the invoice was drafted with (`customer_id`), as they are now.
 */
export async function defaultRecipients(
  ctx: Ctx,
  row: Pick<InvoiceRow, 'input'>,
  savedParts: Pick<SavedParts, 'customerEmails'> | undefined,
): Promise<string[]> {
  const email = row.input.customer?.email;
  if (email) return [email];
  const customerId = (row.input as { customer_id?: string }).customer_id;
  return customerId && savedParts ? savedParts.customerEmails(ctx, customerId) : [];
}
