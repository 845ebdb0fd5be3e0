/** The rendered PDFs of stamped invoices (migration 0008), one per invoice. */
import type { Db } from '../../platform/db/database.ts';

interface InvoicePdfTable {
  invoice_id: string;
  fingerprint: string;
  body: Buffer;
  created_at: Date;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    invoice_pdfs: InvoicePdfTable;
  }
}

export async function findInvoicePdf(db: Db, invoiceId: string): Promise<{ fingerprint: string; body: Buffer } | undefined> {
  const row = await db.selectFrom('invoice_pdfs').select(['fingerprint', 'body']).where('invoice_id', '=', invoiceId).executeTakeFirst();
  return row && { fingerprint: row.fingerprint, body: Buffer.from(row.body) };
}

/** Keeps the newest rendering of an invoice. */
export async function storeInvoicePdf(db: Db, invoiceId: string, fingerprint: string, body: Buffer, at: Date): Promise<void> {
  await db
    .insertInto('invoice_pdfs')
    .values({ invoice_id: invoiceId, fingerprint, body, created_at: at })
    .onConflict((conflict) => conflict.column('invoice_id').doUpdateSet({ fingerprint, body, created_at: at }))
    .execute();
}
