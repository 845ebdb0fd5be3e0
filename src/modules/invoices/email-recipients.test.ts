import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Ctx } from '../../platform/context.ts';
import { defaultRecipients } from './email-recipients.ts';
import type { InvoiceRow } from './repository.ts';

const ctx = {} as Ctx;
const savedCustomers = new Map([['cus_1', ['pagos@cliente.mx', 'contabilidad@cliente.mx']]]);
const savedParts = { customerEmails: async (_ctx: Ctx, id: string) => savedCustomers.get(id) ?? [] };
const invoice = (input: Record<string, unknown>) => ({ input }) as unknown as Pick<InvoiceRow, 'input'>;

test('an invoice is e-mailed by default to its customer.email, else to every e-mail of the saved customer it was drafted with, else to no one', async () => {
  assert.deepEqual(await defaultRecipients(ctx, invoice({ customer: { email: 'uno@cliente.mx' }, customer_id: 'cus_1' }), savedParts), ['uno@cliente.mx']);
  assert.deepEqual(await defaultRecipients(ctx, invoice({ customer: {}, customer_id: 'cus_1' }), savedParts), ['pagos@cliente.mx', 'contabilidad@cliente.mx']);
  assert.deepEqual(await defaultRecipients(ctx, invoice({ customer: {}, customer_id: 'cus_gone' }), savedParts), []);
  assert.deepEqual(await defaultRecipients(ctx, invoice({ customer: {} }), savedParts), []);
});
