import type { Selectable } from 'kysely';
import type { ContactMessage } from '../../shared/api.js';
import type { ContactMessageDetail, ContactThreadEntry } from '../../shared/back-office.js';
import { type ContactMessagesTable, type ContactRepliesTable, type Executor, inTransaction, now, timestamps } from '../db/schema.js';
import { notFound } from '../http/errors.js';
import { enqueueMail } from '../mail/service.js';
import { listActiveAdmins } from '../users/service.js';

type ContactMessageRow = Selectable<ContactMessagesTable>;
type ContactReplyRow = Selectable<ContactRepliesTable>;

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

/** The staff member who answers a message, as the thread names them. */
export interface ContactSender {
  id: number;
  name: string;
  email: string;
}

/**
 * Keeps the message and tells the staff in the same transaction (through the outbox): each STAFF_EMAIL
 * address (`staffEmails`), or every admin when none is set.
 */
export async function saveContactMessage(db: Executor, input: { email: string; message: string }, { staffEmails }: { staffEmails: string[] }): Promise<ContactMessage> {
  return inTransaction(db, async (trx) => {
    const row = await trx
      .insertInto('contact_messages')
      .values({ ...input, ...timestamps() })
      .returningAll()
      .executeTakeFirstOrThrow();
    const staff = staffEmails.length > 0 ? staffEmails : (await listActiveAdmins(trx)).map((admin) => admin.email);
    const data = { messageId: String(row.id), from: row.email, message: row.message, sentAt: row.created_at };
    for (const to of new Set(staff.map((address) => address.toLowerCase()))) await enqueueMail(trx, { kind: 'contact-received', to, data });
    return toContactMessageDto(row);
  });
}

/** The inbox, newest first: every message, or only those no admin has read. */
export async function listContactMessages(db: Executor, { unreadOnly = false, limit = 500 } = {}): Promise<ContactMessage[]> {
  let query = db.selectFrom('contact_messages').selectAll().orderBy('id', 'desc').limit(limit);
  if (unreadOnly) query = query.where('read_at', 'is', null);
  return (await query.execute()).map(toContactMessageDto);
}

const replyEntry = (reply: ContactReplyRow): ContactThreadEntry => ({ from: reply.sender_name, body: reply.body, at: reply.created_at });

/**
 * One message with its thread, oldest first: the customer's message (from their address), then every reply
 * (from the staff member who sent it). Reading it changes nothing: whether it counts as read is the staff's
 * call (PATCH), so a look from the staff home or a second tab does not clear the unread badge behind their back.
 */
export async function getContactMessage(db: Executor, id: number): Promise<ContactMessageDetail> {
  const row = await db.selectFrom('contact_messages').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Message');
  const replies = await db.selectFrom('contact_replies').selectAll().where('message_id', '=', id).orderBy('id', 'asc').execute();
  return {
    ...toContactMessageDto(row),
    thread: [{ from: row.email, body: row.message, at: row.created_at }, ...replies.map(replyEntry)],
  };
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

/**
 * E-mails the admin's reply to the sender through the outbox, in the transaction that marks it replied and
 * read and adds it to the message's thread with who sent it.
 */
export async function replyToContactMessage(db: Executor, id: number, reply: string, sender: ContactSender): Promise<ContactMessage> {
  return inTransaction(db, async (trx) => {
    const at = now();
    const row = await trx
      .updateTable('contact_messages')
      .set((eb) => ({ replied_at: at, read_at: eb.fn.coalesce('read_at', eb.val(at)), updated_at: at }))
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw notFound('Message');
    await trx
      .insertInto('contact_replies')
      .values({ message_id: id, body: reply, sender_user_id: sender.id, sender_name: sender.name, sender_email: sender.email, created_at: at })
      .execute();
    await enqueueMail(trx, { kind: 'contact-reply', to: row.email, data: { reply, original: row.message, sentAt: row.created_at } });
    return toContactMessageDto(row);
  });
}

/** How many messages no admin has read yet (the staff home and the Inbox badge). */
export async function countUnreadMessages(db: Executor): Promise<number> {
  const row = await db.selectFrom('contact_messages').where('read_at', 'is', null).select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}
