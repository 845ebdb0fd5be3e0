/**
 * E-mailing an invoice (docs/guides/email.md): the request records a delivery and enqueues its
 * job in one transaction; the job composes the message (PDF and XML, the same bytes as the
 * download endpoints; the acuse with a cancellation notice) and hands it to the mailer, recording
 * every attempt. A refusal the server may change its mind about (4xx, unreachable) is retried with
 * the queue's backoff; a permanent one (5xx), or the last attempt, ends the delivery `failed`.
 * Each delivery ends with `invoice.email_sent` or `invoice.email_failed`.
 */
import { Type } from 'typebox';
import type { Ctx, Services } from '../../platform/context.ts';
import type { Db } from '../../platform/db/database.ts';
import { ApiError, notFound } from '../../platform/errors/api-error.ts';
import { isId, newId } from '../../platform/ids.ts';
import { defineJob, type PayloadOf } from '../../platform/jobs/kinds.ts';
import type { JobRecord } from '../../platform/jobs/types.ts';
import { MailDeliveryError, MailNotConfiguredError, type MailAttachment } from '../../platform/mail/index.ts';
import { emitEvent } from '../events/index.ts';
import { scopeOf, systemCtx } from './context.ts';
import { invoiceAcuse, invoicePdf, invoiceXml } from './documents.ts';
import { defaultRecipients } from './email-recipients.ts';
import type { SavedParts } from './ports.ts';
import {
  findInvoiceEmail,
  insertInvoiceEmail,
  listEmailsOfInvoice,
  recordEmailAttempt,
  type EmailLanguage,
  type InvoiceEmailKind,
  type InvoiceEmailRow,
} from './email-repository.ts';
import { invoiceEmail } from './email-template.ts';
import type { InvoiceDeps } from './ports.ts';
import { findInvoice, findInvoiceById, type InvoiceRow } from './repository.ts';

export const SEND_INVOICE_EMAIL_JOB = defineJob('invoices.send_email', Type.Object({ email_id: Type.String() }));
/** Attempts of one delivery: with the queue's backoff (5 s doubling) about five minutes of a refusing server. */
export const EMAIL_MAX_ATTEMPTS = 6;

export interface InvoiceEmailObject {
  object: 'invoice_email';
  id: string;
  invoice_id: string;
  kind: InvoiceEmailKind;
  recipients: string[];
  language: EmailLanguage;
  status: InvoiceEmailRow['status'];
  message_id: string | null;
  attempts: InvoiceEmailRow['attempts'];
  automatic: boolean;
  skipped_reason: string | null;
  created_at: string;
  updated_at: string;
}

function serializeInvoiceEmail(row: InvoiceEmailRow): InvoiceEmailObject {
  return {
    object: 'invoice_email',
    id: row.id,
    invoice_id: row.invoice_id,
    kind: row.kind,
    recipients: row.recipients,
    language: row.language,
    status: row.status,
    message_id: row.message_id,
    attempts: row.attempts,
    automatic: row.automatic,
    skipped_reason: row.skipped_reason,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export interface EmailInput {
  recipients?: string[] | undefined;
  language?: EmailLanguage | undefined;
}

async function stampedInvoice(ctx: Ctx, id: string): Promise<InvoiceRow> {
  const row = isId('inv', id) ? await findInvoice(ctx.db, scopeOf(ctx), id) : undefined;
  if (!row) throw notFound('invoice', id);
  if (row.status !== 'stamped' && row.status !== 'cancelled') {
    throw new ApiError('invoice.email_requires_stamp', {
      en: `Invoice ${id} is ${row.status}; it can be e-mailed once it is stamped (POST /v1/invoices/${id}/stamp).`,
      es: `La factura ${id} aún no está timbrada (estatus ${row.status}); se puede enviar por correo una vez timbrada (POST /v1/invoices/${id}/stamp).`,
    });
  }
  return row;
}

/** Records a delivery and enqueues its job in `db` (the caller's transaction when there is one). */
async function queueEmail(db: Db, services: Services, row: InvoiceRow, kind: InvoiceEmailKind, recipients: string[], language: EmailLanguage) {
  const now = services.clock.now();
  const email = await insertInvoiceEmail(db, {
    id: newId('iem', now.getTime()),
    organization_id: row.organization_id,
    mode: row.mode,
    invoice_id: row.id,
    kind,
    recipients,
    language,
    created_at: now,
  });
  await services.jobs.enqueue(db, SEND_INVOICE_EMAIL_JOB, { email_id: email.id }, { maxAttempts: EMAIL_MAX_ATTEMPTS });
  return email;
}

/** `POST /v1/invoices/{id}/email`. */
export async function requestInvoiceEmail(options: {
  ctx: Ctx;
  id: string;
  input: EmailInput;
  savedParts?: Pick<SavedParts, 'customerEmails'> | undefined;
}): Promise<InvoiceEmailObject> {
  const { ctx, id, input } = options;
  if (ctx.services.mail.transport === 'none') {
    throw new ApiError('invoice.email_not_configured', {
      en: 'This service has no mail server configured (SMTP_URL), so it cannot send e-mail.',
      es: 'Este servicio no tiene un servidor de correo configurado (SMTP_URL), así que no puede enviar correos.',
    });
  }
  const row = await stampedInvoice(ctx, id);
  const recipients = [...new Set(input.recipients ?? (await defaultRecipients(ctx, row, options.savedParts)))];
  if (recipients.length === 0) {
    throw new ApiError('invoice.email_no_recipients', {
      en: `Invoice ${id} has no customer e-mail (customer.email, or the e-mails of its saved customer): name the recipients in \`recipients\`.`,
      es: `La factura ${id} no tiene correo del cliente (customer.email, ni los correos de su cliente guardado): indique los destinatarios en \`recipients\`.`,
    });
  }
  const email = await ctx.db.transaction().execute((trx) => queueEmail(trx, ctx.services, row, 'invoice', recipients, input.language ?? 'es'));
  return serializeInvoiceEmail(email);
}

/** `GET /v1/invoices/{id}/emails`: every delivery of the invoice, oldest first. */
export async function listInvoiceEmails(ctx: Ctx, id: string): Promise<InvoiceEmailObject[]> {
  const row = isId('inv', id) ? await findInvoice(ctx.db, scopeOf(ctx), id) : undefined;
  if (!row) throw notFound('invoice', id);
  return (await listEmailsOfInvoice(ctx.db, row.id)).map(serializeInvoiceEmail);
}

async function composeAttachments(ctx: Ctx, deps: InvoiceDeps, row: InvoiceRow, kind: InvoiceEmailKind): Promise<MailAttachment[]> {
  const pdf = await invoicePdf(ctx, deps, row.id);
  const xml = await invoiceXml(ctx, row.id);
  const attachments: MailAttachment[] = [
    { filename: pdf.filename, contentType: 'application/pdf', content: pdf.body },
    { filename: xml.filename, contentType: 'application/xml', content: xml.body },
  ];
  if (kind === 'cancellation' && row.acuse !== null) {
    const acuse = await invoiceAcuse(ctx, row.id);
    attachments.push({ filename: acuse.filename, contentType: 'application/xml', content: acuse.body });
  }
  return attachments;
}

function describe(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 1000);
}

/** The job: one attempt to send a queued delivery. */
export async function deliverInvoiceEmail(services: Services, deps: InvoiceDeps, job: JobRecord<PayloadOf<typeof SEND_INVOICE_EMAIL_JOB>>): Promise<void> {
  const email = await findInvoiceEmail(services.db, job.payload.email_id);
  if (!email || email.status !== 'queued') return;
  const row = await findInvoiceById(services.db, email.invoice_id);
  if (!row || row.uuid === null) return;
  const ctx = systemCtx(services, row.organization_id, row.mode);
  let failure: unknown;
  let messageId: string | undefined;
  try {
    const branding = await deps.fiscalProfiles.findProfileBranding(ctx, row.fiscal_profile_id);
    const content = invoiceEmail({
      kind: email.kind,
      language: email.language,
      comprobante: row.comprobante,
      uuid: row.uuid,
      brandColor: branding.brandColor,
      logo: branding.logo,
      withAcuse: row.acuse !== null,
      livemode: row.mode === 'live',
    });
    const attachments = [...content.inline, ...(await composeAttachments(ctx, deps, row, email.kind))];
    ({ messageId } = await services.mail.send(services.db, row.organization_id, {
      to: email.recipients,
      subject: content.subject,
      html: content.html,
      text: content.text,
      language: email.language,
      attachments,
    }));
  } catch (error) {
    failure = error;
  }
  const at = services.clock.now();
  if (failure === undefined) {
    await finish(services, email, { at: at.toISOString(), outcome: 'sent', error: null }, 'sent', messageId ?? null);
    return;
  }
  const attempt = { at: at.toISOString(), outcome: 'failed' as const, error: describe(failure) };
  // The server's 5xx, or nowhere to send: the same message gets the same answer. Anything else
  // (a 4xx, an unreachable server, the PDF renderer busy) is tried again while attempts remain.
  const permanent = (failure instanceof MailDeliveryError && failure.permanent) || failure instanceof MailNotConfiguredError;
  if (permanent || job.attempts >= job.maxAttempts) {
    await finish(services, email, attempt, 'failed', null);
    return;
  }
  await recordEmailAttempt(services.db, email.id, attempt, 'queued', null, at);
  throw failure;
}

async function finish(
  services: Services,
  email: InvoiceEmailRow,
  attempt: InvoiceEmailRow['attempts'][number],
  status: 'sent' | 'failed',
  messageId: string | null,
): Promise<void> {
  await services.db.transaction().execute(async (trx) => {
    const updated = await recordEmailAttempt(trx, email.id, attempt, status, messageId, services.clock.now());
    await emitEvent(
      trx,
      {
        organizationId: email.organization_id,
        mode: email.mode,
        type: status === 'sent' ? 'invoice.email_sent' : 'invoice.email_failed',
        object: serializeInvoiceEmail(updated),
      },
      services,
    );
  });
}

declare module '../events/index.ts' {
  interface EventObjects {
    'invoice.email_sent': InvoiceEmailObject;
    'invoice.email_failed': InvoiceEmailObject;
  }
}
