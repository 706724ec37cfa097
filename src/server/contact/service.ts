import type { ContactMessage } from '../../shared/api.js';
import { type Executor, timestamps } from '../db/schema.js';

function toContactMessageDto(row: { id: number; email: string; message: string; created_at: string }): ContactMessage {
  return { _id: String(row.id), email: row.email, message: row.message, createdAt: row.created_at };
}

export async function saveContactMessage(db: Executor, input: { email: string; message: string }): Promise<ContactMessage> {
  const row = await db
    .insertInto('contact_messages')
    .values({ ...input, ...timestamps() })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toContactMessageDto(row);
}

export async function listContactMessages(db: Executor, limit = 500): Promise<ContactMessage[]> {
  return (await db.selectFrom('contact_messages').selectAll().orderBy('id', 'desc').limit(limit).execute()).map(toContactMessageDto);
}
