import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Account mail (confirm an address, reset a password) goes before every other message: `priority` 0 for
 * it, 1 for the rest, and the sender's claim reads `outbox_due` in (priority, due time) order, so a
 * backlog of order mail never delays a reset link (which expires).
 */
export function accountMailFirst(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('outbox').addColumn('priority', 'integer', (c) => c.notNull().defaultTo(1)).execute();
      await sql`update outbox set priority = 0 where kind in ('verify-email', 'reset-password')`.execute(db);
      await db.schema.dropIndex('outbox_due').execute();
      await db.schema.createIndex('outbox_due').on('outbox').columns(['status', 'priority', 'next_attempt_at']).execute();
    },
  };
}
