import type { Kysely, Migration } from 'kysely';

/**
 * An unpaid order holds its parts for UNPAID_ORDER_TTL from when it was placed, or from when a payment of
 * it last began: a customer in the middle of paying keeps the parts. Orders placed before have none.
 */
export function paymentHolds(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('orders').addColumn('payment_started_at', 'text').execute();
    },
  };
}
