import { type Kysely, type Migration, sql } from 'kysely';

/**
 * What an order charged, kept as it was when placed: goods, shipping and tax in cents, each tax line, the
 * destination and the shipping method, and why no tax was charged (reverse charge with the buyer's VAT ID,
 * or the buyer's exemption certificate). Orders placed before carry goods only: subtotal = total.
 */
export function orderCharges(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('orders')
        .addColumn('subtotal_cents', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('shipping_cents', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('tax_cents', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('tax_lines', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('shipping_address', 'text')
        .addColumn('shipping_method_id', 'text')
        .addColumn('shipping_method_name', 'text')
        .addColumn('reverse_charge', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('vat_id', 'text')
        .addColumn('tax_exemption', 'text')
        .execute();
      await sql`update orders set subtotal_cents = total_cents`.execute(db);
    },
  };
}
