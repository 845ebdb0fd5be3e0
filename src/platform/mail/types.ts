import type { Db } from '../db/database.ts';

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
  /** Set for an image the HTML shows inline (`<img src="cid:…">`). */
  cid?: string;
}

/** A message as the service composes it; the From is the configured MAIL_FROM. */
export interface OutgoingMail {
  to: string[];
  subject: string;
  html: string;
  text: string;
  /** The message's language (`Content-Language`). */
  language: string;
  attachments: MailAttachment[];
}

/** Where messages go: an SMTP server, the mail catcher (development), or nowhere (production without SMTP_URL). */
type MailTransportKind = 'smtp' | 'catcher' | 'none';

export interface Mailer {
  readonly transport: MailTransportKind;
  /**
   * Hands the message to the mail server (or the catcher, in `db`, under `organizationId`) and
   * returns its Message-ID. Throws MailDeliveryError when the server refuses or cannot be reached,
   * MailNotConfiguredError when there is nowhere to send.
   */
  send(db: Db, organizationId: string, mail: OutgoingMail): Promise<{ messageId: string }>;
  close(): void;
}

/** Production without SMTP_URL: the service refuses to send rather than keep messages nobody reads. */
export class MailNotConfiguredError extends Error {
  constructor() {
    super('No mail server is configured (SMTP_URL); in production the service does not keep messages instead of sending them.');
    this.name = 'MailNotConfiguredError';
  }
}

/** The mail server refused the message or could not be reached. */
export class MailDeliveryError extends Error {
  /** A 5xx answer: sending the same message again gets the same answer. */
  readonly permanent: boolean;
  constructor(message: string, permanent: boolean, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'MailDeliveryError';
    this.permanent = permanent;
  }
}
