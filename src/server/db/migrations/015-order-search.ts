import type { Kysely, Migration } from 'kysely';

/**
 * Manage All Orders pages through every order by id or by total, filtered by status or by the days they were
 * placed: an index for each order a page may be read in, so a page reads its rows and no more.
 */
export function orderSearch(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex('orders_total').on('orders').columns(['total_cents', 'id']).execute();
      await db.schema.createIndex('orders_status_id').on('orders').columns(['status', 'id']).execute();
      await db.schema.createIndex('orders_created').on('orders').columns(['created_at', 'id']).execute();
    },
  };
}
