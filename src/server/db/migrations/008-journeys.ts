import type { Kysely, Migration } from 'kysely';

/**
 * An order placed twice by a retry is placed once (the browser's idempotency key, unique per account),
 * and admins may hide a review (kept, not shown).
 */
export function journeys(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('orders').addColumn('idempotency_key', 'text').execute();
      await db.schema.createIndex('orders_idempotency').unique().on('orders').columns(['user_id', 'idempotency_key']).execute();
      await db.schema.alterTable('reviews').addColumn('hidden_at', 'text').execute();
    },
  };
}
