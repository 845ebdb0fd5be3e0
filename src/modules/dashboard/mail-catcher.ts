/**
 * The mail catcher's pages' data (docs/guides/email.md): the messages the service kept for the
 * session's organization instead of sending them (no SMTP_URL, outside production).
 */
import type { Services } from '../../platform/context.ts';
import { notFound } from '../../platform/errors/api-error.ts';
import { findCaughtAttachment, findCaughtMessage, listCaughtMessages } from '../../platform/mail/index.ts';
import type { CurrentSession } from './sessions.ts';

/** The newest messages the page lists. */
const LISTED = 50;

/**
 * A caught message's HTML is shown in a frame with no script, no network and no same-origin
 * rights (the `sandbox` of both the frame and this policy); images only as data: URLs.
 */
export const PREVIEW_POLICY = "sandbox; default-src 'none'; img-src data:; style-src 'unsafe-inline'; frame-ancestors 'self'";

export async function listCaughtMail(services: Services, session: CurrentSession) {
  const messages = await listCaughtMessages(services.db, session.organizationId, LISTED);
  return {
    transport: services.mail.transport,
    messages: messages.map((message) => ({
      id: message.id,
      from: message.from,
      to: message.to,
      subject: message.subject,
      created_at: message.createdAt.toISOString(),
      attachments: message.attachments.map(({ filename, content_type, size }) => ({ filename, content_type, size })),
    })),
  };
}

export async function caughtMail(services: Services, session: CurrentSession, id: string) {
  const message = await findCaughtMessage(services.db, session.organizationId, id);
  if (!message) throw notFound('message', id);
  return {
    id: message.id,
    from: message.from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    created_at: message.createdAt.toISOString(),
    attachments: message.attachments.map(({ filename, content_type, size }) => ({ filename, content_type, size })),
  };
}

/** The message's HTML with its inline images (`cid:`) as data: URLs. */
export async function caughtMailPreview(services: Services, session: CurrentSession, id: string): Promise<string> {
  const message = await findCaughtMessage(services.db, session.organizationId, id);
  if (!message) throw notFound('message', id);
  let html = message.html;
  for (const [position, attachment] of message.attachments.entries()) {
    if (!attachment.cid || !/^image\/(png|jpeg)$/.test(attachment.content_type)) continue;
    const found = await findCaughtAttachment(services.db, session.organizationId, id, position);
    if (!found) continue;
    html = html.split(`cid:${attachment.cid}`).join(`data:${attachment.content_type};base64,${found.content.toString('base64')}`);
  }
  return html;
}

export async function caughtMailAttachment(services: Services, session: CurrentSession, id: string, position: number) {
  const found = await findCaughtAttachment(services.db, session.organizationId, id, position);
  if (!found) throw notFound('attachment', `${id}/${position}`);
  return { filename: found.info.filename, contentType: found.info.content_type, content: found.content };
}
