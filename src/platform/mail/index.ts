/** Outgoing e-mail (docs/guides/email.md): the mailer and the development mail catcher. */
export { createMailer } from './mailer.ts';
export { findCaughtAttachment, findCaughtMessage, listCaughtMessages } from './catcher-repository.ts';
export { MailDeliveryError, MailNotConfiguredError, type MailAttachment } from './types.ts';
