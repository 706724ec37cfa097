import type { Selectable } from 'kysely';
import type { ContactMessage } from '../../shared/api.js';
import { type ContactMessagesTable, type Executor, inTransaction, now, timestamps } from '../db/schema.js';
import { notFound } from '../http/errors.js';
import { enqueueMail } from '../mail/service.js';

type ContactMessageRow = Selectable<ContactMessagesTable>;

function toContactMessageDto(row: ContactMessageRow): ContactMessage {
  return {
    _id: String(row.id),
    email: row.email,
    message: row.message,
    createdAt: row.created_at,
    read: row.read_at !== null,
    repliedAt: row.replied_at,
  };
}

export async function saveContactMessage(db: Executor, input: { email: string; message: string }): Promise<ContactMessage> {
  const row = await db
    .insertInto('contact_messages')
    .values({ ...input, ...timestamps() })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toContactMessageDto(row);
}

/** The inbox, newest first: every message, or only those no admin has read. */
export async function listContactMessages(db: Executor, { unreadOnly = false, limit = 500 } = {}): Promise<ContactMessage[]> {
  let query = db.selectFrom('contact_messages').selectAll().orderBy('id', 'desc').limit(limit);
  if (unreadOnly) query = query.where('read_at', 'is', null);
  return (await query.execute()).map(toContactMessageDto);
}

/** Marks a message read (keeping when it was first read) or unread again. */
export async function markContactMessageRead(db: Executor, id: number, read: boolean): Promise<ContactMessage> {
  const row = await db
    .updateTable('contact_messages')
    .set((eb) => ({ read_at: read ? eb.fn.coalesce('read_at', eb.val(now())) : null, updated_at: now() }))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw notFound('Message');
  return toContactMessageDto(row);
}

/** E-mails the admin's reply to the sender through the outbox, in the transaction that marks it replied and read. */
export async function replyToContactMessage(db: Executor, id: number, reply: string): Promise<ContactMessage> {
  return inTransaction(db, async (trx) => {
    const at = now();
    const row = await trx
      .updateTable('contact_messages')
      .set((eb) => ({ replied_at: at, read_at: eb.fn.coalesce('read_at', eb.val(at)), updated_at: at }))
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw notFound('Message');
    await enqueueMail(trx, { kind: 'contact-reply', to: row.email, data: { reply, original: row.message, sentAt: row.created_at } });
    return toContactMessageDto(row);
  });
}

/** How many messages no admin has read yet (the staff home and the Inbox badge). */
export async function countUnreadMessages(db: Executor): Promise<number> {
  const row = await db.selectFrom('contact_messages').where('read_at', 'is', null).select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}
