/**
 * The service's outgoing mail, created once by the composition root: SMTP through nodemailer when
 * SMTP_URL is set; otherwise the mail catcher (messages kept in the database, per organization,
 * for the dashboard) outside production, and no transport at all in production, where a message
 * kept instead of sent would be a message silently lost.
 */
import nodemailer from 'nodemailer';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { newId } from '../ids.ts';
import { insertCaughtMessage } from './catcher-repository.ts';
import { MailDeliveryError, MailNotConfiguredError, type Mailer, type OutgoingMail } from './types.ts';

/** An SMTP answer or a connection that failed; 5xx answers are permanent. */
function deliveryError(error: unknown): MailDeliveryError {
  const code = typeof error === 'object' && error !== null && 'responseCode' in error ? Number(error.responseCode) : undefined;
  const response = typeof error === 'object' && error !== null && 'response' in error ? String(error.response) : undefined;
  const detail = response ?? (error instanceof Error ? error.message : String(error));
  const permanent = code !== undefined && code >= 500 && code < 600;
  return new MailDeliveryError(`The mail server ${code ? `answered ${detail}` : `could not be reached: ${detail}`}`.slice(0, 1000), permanent, {
    cause: error,
  });
}

function smtpMailer(url: string, from: string): Mailer {
  const transporter = nodemailer.createTransport(url);
  return {
    transport: 'smtp',
    async send(_db, _organizationId, mail) {
      try {
        const info = await transporter.sendMail({
          from,
          to: mail.to,
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
          headers: { 'Content-Language': mail.language },
          attachments: mail.attachments.map((attachment) => ({
            filename: attachment.filename,
            content: attachment.content,
            contentType: attachment.contentType,
            ...(attachment.cid ? { cid: attachment.cid } : {}),
          })),
        });
        return { messageId: info.messageId };
      } catch (error) {
        throw deliveryError(error);
      }
    },
    close: () => transporter.close(),
  };
}

function catcherMailer(from: string, keep: number, clock: Clock): Mailer {
  return {
    transport: 'catcher',
    async send(db: Db, organizationId: string, mail: OutgoingMail) {
      const now = clock.now();
      const id = newId('msg', now.getTime());
      await insertCaughtMessage(
        db,
        organizationId,
        {
          id,
          from,
          to: mail.to,
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
          createdAt: now,
          attachments: mail.attachments.map((attachment) => ({
            filename: attachment.filename,
            content_type: attachment.contentType,
            size: attachment.content.length,
            cid: attachment.cid ?? null,
            content: attachment.content,
          })),
        },
        keep,
      );
      return { messageId: `<${id}@mail-catcher>` };
    },
    close: () => {},
  };
}

const refusingMailer: Mailer = {
  transport: 'none',
  send: async () => {
    throw new MailNotConfiguredError();
  },
  close: () => {},
};

export function createMailer(config: Pick<Config, 'appEnv' | 'mail'>, clock: Clock): Mailer {
  if (config.mail.smtpUrl) return smtpMailer(config.mail.smtpUrl, config.mail.from);
  if (config.appEnv === 'production') return refusingMailer;
  return catcherMailer(config.mail.from, config.mail.catcherKeep, clock);
}
