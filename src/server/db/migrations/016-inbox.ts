import type { Kysely, Migration } from 'kysely';

/**
 * The admin's inbox: a contact message is unread until an admin reads it (read_at) and is answered when
 * an admin replies to it by e-mail through the outbox (replied_at). Messages sent before this migration
 * start unread.
 */
export function inbox(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('contact_messages').addColumn('read_at', 'text').execute();
      await db.schema.alterTable('contact_messages').addColumn('replied_at', 'text').execute();
    },
  };
}
