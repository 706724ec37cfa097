import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';

/**
 * The status moves of orders by when they were made (not the placements, whose `from_status` is null,
 * so placing an order writes no entry here): the sales overview counts the orders of days that are over
 * by status once, and adds the moves made since.
 */
export function orderMoves(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex('order_events_moves').on('order_events').column('created_at').where(sql<boolean>`from_status IS NOT NULL`).execute();
    },
  };
}
