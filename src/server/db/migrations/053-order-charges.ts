import { type ColumnDefinitionBuilderCallback, type Kysely, type Migration, sql } from 'kysely';

/**
 * What an order charged, kept as it was when placed: goods, shipping and tax in cents, each tax line, the
 * destination and the shipping method, and why no tax was charged (reverse charge with the buyer's VAT ID,
 * or the buyer's exemption certificate). Orders placed before carry goods only: subtotal = total.
 */
export function orderCharges(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // One column per statement: SQLite's ALTER TABLE adds one at a time.
      const columns: [string, 'integer' | 'text', ColumnDefinitionBuilderCallback?][] = [
        ['subtotal_cents', 'integer', (c) => c.notNull().defaultTo(0)],
        ['shipping_cents', 'integer', (c) => c.notNull().defaultTo(0)],
        ['tax_cents', 'integer', (c) => c.notNull().defaultTo(0)],
        ['tax_lines', 'text', (c) => c.notNull().defaultTo('[]')],
        ['shipping_address', 'text'],
        ['shipping_method_id', 'text'],
        ['shipping_method_name', 'text'],
        ['reverse_charge', 'integer', (c) => c.notNull().defaultTo(0)],
        ['vat_id', 'text'],
        ['tax_exemption', 'text'],
      ];
      for (const [name, type, build] of columns) {
        await db.schema.alterTable('orders').addColumn(name, type, build ?? ((c) => c)).execute();
      }
      await sql`update orders set subtotal_cents = total_cents`.execute(db);
    },
  };
}
