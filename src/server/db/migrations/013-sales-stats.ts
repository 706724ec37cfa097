import type { Kysely, Migration } from 'kysely';

/**
 * The sales overview counts paid orders by when they were paid (`invoiced_at`): an index to find a period's
 * payments that also holds what is summed (an index-only read of a year of orders).
 */
export function salesStats(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('orders_paid')
        .on('orders')
        .columns(['status', 'invoiced_at', 'user_id', 'total_cents', 'quantity'])
        .execute();
    },
  };
}
