/** The mail catcher's tables (migrations/0018_email_delivery.sql): messages kept instead of sent. */
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

interface MailMessageTable {
  id: string;
  organization_id: string;
  from_address: string;
  to_addresses: string[];
  subject: string;
  html: string;
  text_body: string;
  attachments: CaughtAttachmentInfo[];
  created_at: Date;
}

interface MailMessageAttachmentTable {
  message_id: string;
  position: number;
  content: Buffer;
}

declare module '../db/schema.ts' {
  interface Database {
    mail_messages: MailMessageTable;
    mail_message_attachments: MailMessageAttachmentTable;
  }
}

export interface CaughtAttachmentInfo {
  filename: string;
  content_type: string;
  size: number;
  cid: string | null;
}

export interface CaughtMessage {
  id: string;
  from: string;
  to: string[];
  subject: string;
  html: string;
  text: string;
  attachments: CaughtAttachmentInfo[];
  createdAt: Date;
}

export interface NewCaughtMessage extends Omit<CaughtMessage, 'attachments'> {
  attachments: (CaughtAttachmentInfo & { content: Buffer })[];
}

/** Stores a message and deletes the organization's oldest beyond `keep`. */
export async function insertCaughtMessage(db: Db, organizationId: string, message: NewCaughtMessage, keep: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('mail_messages')
      .values({
        id: message.id,
        organization_id: organizationId,
        from_address: message.from,
        to_addresses: sql`${JSON.stringify(message.to)}::jsonb` as never,
        subject: message.subject,
        html: message.html,
        text_body: message.text,
        attachments: sql`${JSON.stringify(message.attachments.map(({ content: _content, ...info }) => info))}::jsonb` as never,
        created_at: message.createdAt,
      })
      .execute();
    if (message.attachments.length > 0) {
      await trx
        .insertInto('mail_message_attachments')
        .values(message.attachments.map((attachment, position) => ({ message_id: message.id, position, content: attachment.content })))
        .execute();
    }
    const kept = trx
      .selectFrom('mail_messages')
      .select('id')
      .where('organization_id', '=', organizationId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(keep);
    await trx.deleteFrom('mail_messages').where('organization_id', '=', organizationId).where('id', 'not in', kept).execute();
  });
}

function caught(row: MailMessageTable): CaughtMessage {
  return {
    id: row.id,
    from: row.from_address,
    to: row.to_addresses,
    subject: row.subject,
    html: row.html,
    text: row.text_body,
    attachments: row.attachments,
    createdAt: row.created_at,
  };
}

/** The organization's caught messages, newest first. */
export async function listCaughtMessages(db: Db, organizationId: string, limit: number): Promise<CaughtMessage[]> {
  const rows = await db
    .selectFrom('mail_messages')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(caught);
}

export async function findCaughtMessage(db: Db, organizationId: string, id: string): Promise<CaughtMessage | undefined> {
  const row = await db.selectFrom('mail_messages').selectAll().where('organization_id', '=', organizationId).where('id', '=', id).executeTakeFirst();
  return row && caught(row);
}

export async function findCaughtAttachment(
  db: Db,
  organizationId: string,
  id: string,
  position: number,
): Promise<{ info: CaughtAttachmentInfo; content: Buffer } | undefined> {
  const message = await findCaughtMessage(db, organizationId, id);
  const info = message?.attachments[position];
  if (!info) return undefined;
  const row = await db
    .selectFrom('mail_message_attachments')
    .select('content')
    .where('message_id', '=', id)
    .where('position', '=', position)
    .executeTakeFirst();
  return row && { info, content: Buffer.from(row.content) };
}
