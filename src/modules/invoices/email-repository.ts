/** An invoice's e-mails and their attempts (migrations/0023_email_delivery.sql). */
import { sql } from 'kysely';
import type { Mode } from '../../platform/context.ts';
import type { Db } from '../../platform/db/database.ts';

export type InvoiceEmailKind = 'invoice' | 'cancellation';
export type InvoiceEmailStatus = 'queued' | 'sent' | 'failed' | 'skipped';
export type EmailLanguage = 'es' | 'en';

/** One try to hand the message to the mail server. */
export interface EmailAttempt {
  at: string;
  outcome: 'sent' | 'failed';
  /** The server's refusal or why it could not be reached; null when sent. */
  error: string | null;
}

interface InvoiceEmailTable {
  id: string;
  organization_id: string;
  mode: Mode;
  invoice_id: string;
  kind: InvoiceEmailKind;
  recipients: string[];
  language: EmailLanguage;
  status: InvoiceEmailStatus;
  attempts: EmailAttempt[];
  message_id: string | null;
  /** Queued by the invoice's stamp or cancellation rather than by a request (at most one per invoice and kind). */
  automatic: boolean;
  /** Why an automatic e-mail was not sent (status `skipped`). */
  skipped_reason: string | null;
  created_at: Date;
  updated_at: Date;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    invoice_emails: InvoiceEmailTable;
  }
}

export type InvoiceEmailRow = InvoiceEmailTable;

type NewInvoiceEmail = Omit<InvoiceEmailRow, 'attempts' | 'message_id' | 'status' | 'updated_at' | 'automatic' | 'skipped_reason'>;

function newEmailValues(row: NewInvoiceEmail) {
  return {
    ...row,
    recipients: sql`${JSON.stringify(row.recipients)}::jsonb` as never,
    attempts: sql`'[]'::jsonb` as never,
    status: 'queued' as const,
    message_id: null,
    automatic: false,
    skipped_reason: null,
    updated_at: row.created_at,
  };
}

export async function insertInvoiceEmail(db: Db, row: NewInvoiceEmail): Promise<InvoiceEmailRow> {
  return db.insertInto('invoice_emails').values(newEmailValues(row)).returningAll().executeTakeFirstOrThrow();
}

/**
 * The automatic e-mail of an invoice for its kind, queued, or `skipped` with the reason; undefined
 * when the invoice already has one of that kind (migrations/0026_invoice_email_automation.sql).
 */
export async function insertAutomaticEmail(db: Db, row: NewInvoiceEmail, skippedReason: string | null): Promise<InvoiceEmailRow | undefined> {
  return (
    db
      .insertInto('invoice_emails')
      .values({
        ...newEmailValues(row),
        automatic: true,
        skipped_reason: skippedReason,
        ...(skippedReason === null ? {} : { status: 'skipped' as const }),
      })
      // The index's own predicate, written out: a bound `automatic = $1` does not prove it to the planner.
      .onConflict((conflict) => conflict.columns(['invoice_id', 'kind']).where(sql<boolean>`automatic`).doNothing())
      .returningAll()
      .executeTakeFirst()
  );
}

export function findInvoiceEmail(db: Db, id: string): Promise<InvoiceEmailRow | undefined> {
  return db.selectFrom('invoice_emails').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listEmailsOfInvoice(db: Db, invoiceId: string): Promise<InvoiceEmailRow[]> {
  return db.selectFrom('invoice_emails').selectAll().where('invoice_id', '=', invoiceId).orderBy('created_at').orderBy('id').execute();
}

/** Appends an attempt and sets the status (and the Message-ID once sent). */
export async function recordEmailAttempt(
  db: Db,
  id: string,
  attempt: EmailAttempt,
  status: InvoiceEmailStatus,
  messageId: string | null,
  at: Date,
): Promise<InvoiceEmailRow> {
  return db
    .updateTable('invoice_emails')
    .set({
      attempts: sql`attempts || ${JSON.stringify([attempt])}::jsonb` as never,
      status,
      message_id: messageId,
      updated_at: at,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}
