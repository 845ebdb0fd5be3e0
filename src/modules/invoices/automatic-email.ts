/**
 * Automatic e-mails (docs/guides/email.md): the invoice when it is stamped, the cancellation notice
 * when its cancellation completes. Whether one is sent, to whom and in which language comes from
 * the invoice's own `email`, else its fiscal profile's `email_settings`. The caller works out the
 * plan before its transaction (it reads the saved customer) and queues it inside the transaction
 * that moves the invoice, so a stamp or cancellation that is stored has its e-mail stored with it;
 * an invoice gets at most one automatic e-mail of each kind. One that has nowhere to go (no
 * recipient, no mail server) is recorded `skipped` with the reason, in the invoice's e-mail log.
 */
import type { Services } from '../../platform/context.ts';
import type { Ctx } from '../../platform/context.ts';
import type { Db } from '../../platform/db/database.ts';
import { ApiError } from '../../platform/errors/api-error.ts';
import { fieldLabel } from '../../platform/errors/field-words.ts';
import { newId } from '../../platform/ids.ts';
import type { SerializedFiscalProfile } from '../fiscal-profiles/index.ts';
import { defaultRecipients } from './email-recipients.ts';
import { insertAutomaticEmail, type EmailLanguage, type InvoiceEmailKind } from './email-repository.ts';
import type { InvoiceDeps } from './ports.ts';
import type { InvoiceRow } from './repository.ts';
import type { InvoiceInput } from './request-schemas.ts';
import { EMAIL_MAX_ATTEMPTS, SEND_INVOICE_EMAIL_JOB } from './send-email.ts';

/** What the transaction queues: the recipients and language, or why nothing is sent. */
export interface AutomaticEmail {
  kind: InvoiceEmailKind;
  recipients: string[];
  language: EmailLanguage;
  skippedReason: string | null;
}

/** Refuses an invoice `email` that names a recipient twice (addresses compared without regard to case). */
export function checkEmailInput(input: Pick<InvoiceInput, 'email'>): void {
  const recipients = input.email?.recipients ?? [];
  const seen = new Set<string>();
  for (const [index, address] of recipients.entries()) {
    const key = address.toLowerCase();
    if (seen.has(key)) {
      const path = `email.recipients.${index}`;
      const es = `${fieldLabel(path, 'es')}: ${address} aparece dos veces; indique cada correo una sola vez.`;
      throw new ApiError(
        'invoice.email_duplicate_recipient',
        { en: `email.recipients names ${address} twice; give each address once.`, es },
        { errors: [{ path, code: 'duplicate', message: `${address} is already a recipient.`, messageEs: es }] },
      );
    }
    seen.add(key);
  }
}

/**
 * The automatic e-mail of `kind` the invoice is to get, or undefined when neither the invoice nor
 * its profile asks for one.
 */
export async function planAutomaticEmail(
  ctx: Ctx,
  deps: Pick<InvoiceDeps, 'savedParts'>,
  row: Pick<InvoiceRow, 'id' | 'input'>,
  profile: Pick<SerializedFiscalProfile, 'email_settings'>,
  kind: InvoiceEmailKind,
): Promise<AutomaticEmail | undefined> {
  const own = row.input.email;
  const settings = profile.email_settings;
  const wanted = kind === 'invoice' ? (own?.send_on_stamp ?? settings.send_on_stamp) : (own?.send_on_cancel ?? settings.send_on_cancel);
  if (!wanted) return undefined;
  const language = own?.language ?? settings.language;
  if (ctx.services.mail.transport === 'none') {
    return { kind, recipients: [], language, skippedReason: 'This service has no mail server configured (SMTP_URL).' };
  }
  const recipients = [...new Set(own?.recipients ?? (await defaultRecipients(ctx, row, deps.savedParts)))];
  if (recipients.length === 0) {
    return {
      kind,
      recipients,
      language,
      skippedReason: `Invoice ${row.id} has no customer e-mail (customer.email, or the e-mails of its saved customer) and no email.recipients.`,
    };
  }
  return { kind, recipients, language, skippedReason: null };
}

/** Records the planned e-mail and enqueues its job in `db`, the transaction that moves the invoice. */
export async function queueAutomaticEmail(
  db: Db,
  services: Services,
  row: Pick<InvoiceRow, 'id' | 'organization_id' | 'mode'>,
  plan: AutomaticEmail,
): Promise<void> {
  const now = services.clock.now();
  const email = await insertAutomaticEmail(
    db,
    {
      id: newId('iem', now.getTime()),
      organization_id: row.organization_id,
      mode: row.mode,
      invoice_id: row.id,
      kind: plan.kind,
      recipients: plan.recipients,
      language: plan.language,
      created_at: now,
    },
    plan.skippedReason,
  );
  if (!email || email.status !== 'queued') return;
  await services.jobs.enqueue(db, SEND_INVOICE_EMAIL_JOB, { email_id: email.id }, { maxAttempts: EMAIL_MAX_ATTEMPTS });
}
