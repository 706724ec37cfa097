import { type Kysely, type Migration, sql } from 'kysely';

/**
 * The sales overview sums revenue as total less tax, and the tax beside it (issue 60): its index of paid
 * orders (migrations 013, 025) carries tax_cents too, so the overview still reads the index alone.
 */
export function paidOrdersTax(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.dropIndex('orders_paid').execute();
      await db.schema
        .createIndex('orders_paid')
        .on('orders')
        .columns(['status', 'invoiced_at', 'user_id', 'total_cents', 'tax_cents', 'quantity'])
        .where(sql.ref('invoiced_at'), 'is not', null)
        .execute();
    },
  };
}
