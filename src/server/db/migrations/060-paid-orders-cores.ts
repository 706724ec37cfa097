import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Core deposits are in an order's total but are not revenue (they go back when the old unit does): the
 * sales overview sums total less tax less deposits, so its index of paid orders carries the deposits too
 * and the overview still reads the index alone.
 */
export function paidOrdersCores(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.dropIndex('orders_paid').execute();
      await db.schema
        .createIndex('orders_paid')
        .on('orders')
        .columns(['status', 'invoiced_at', 'user_id', 'total_cents', 'tax_cents', 'core_deposit_cents', 'quantity'])
        .where(sql.ref('invoiced_at'), 'is not', null)
        .execute();
    },
  };
}
