import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../connection.js';

/**
 * Buying in bulk. Products get a pack size and quantity price breaks (catalog). An order holds lines, a
 * total, the buyer's PO number and, once paid, an invoice number from one gapless sequence (orders).
 * Every existing order becomes an order of one line.
 */
export function bulkOrders(dialect: Dialect): Migration {
  const idType = dialect === 'postgres' ? 'serial' : 'integer';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('products').addColumn('pack_size', 'integer', (c) => c.notNull().defaultTo(1)).execute();
      await db.schema.alterTable('products').addColumn('price_breaks', 'text', (c) => c.notNull().defaultTo('[]')).execute();

      await db.schema
        .createTable('order_lines')
        .addColumn('id', idType, (c) => (dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey()))
        .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
        .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
        .addColumn('product_name', 'text', (c) => c.notNull())
        .addColumn('product_sku', 'text', (c) => c.notNull())
        .addColumn('quantity', 'integer', (c) => c.notNull())
        .addColumn('unit_price_cents', 'integer', (c) => c.notNull())
        .addColumn('list_price_cents', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('order_lines_order').on('order_lines').columns(['order_id', 'id']).execute();
      await db.schema.createIndex('order_lines_product').on('order_lines').columns(['product_id', 'order_id']).execute();

      await db.schema.alterTable('orders').addColumn('total_cents', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable('orders').addColumn('line_count', 'integer', (c) => c.notNull().defaultTo(1)).execute();
      await db.schema.alterTable('orders').addColumn('po_number', 'text', (c) => c.notNull().defaultTo('')).execute();
      await db.schema.alterTable('orders').addColumn('invoice_number', 'integer').execute();
      await db.schema.alterTable('orders').addColumn('invoiced_at', 'text').execute();
      await db.schema.createIndex('orders_invoice_number').unique().on('orders').column('invoice_number').execute();

      await sql`update orders set total_cents = unit_price_cents * quantity`.execute(db);
      await sql`
        insert into order_lines (order_id, product_id, product_name, product_sku, quantity, unit_price_cents, list_price_cents)
        select id, product_id, product_name, product_sku, quantity, unit_price_cents, unit_price_cents from orders order by id`.execute(db);

      // One row: the last invoice number given. Taking the next one locks the row until the paying
      // transaction ends, so numbers are given in order, once, and a rolled-back payment leaves no gap.
      await db.schema
        .createTable('invoice_sequence')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('last', 'integer', (c) => c.notNull())
        .execute();
      // Orders paid before now get their invoice too: paid when their history says so, numbered in that order.
      await sql`
        update orders set invoiced_at = coalesce(
          (select min(e.created_at) from order_events e where e.order_id = orders.id and e.to_status = 'pending'),
          orders.updated_at)
        where status in ('pending', 'shipped')`.execute(db);
      await sql`
        update orders set invoice_number = numbered.n
        from (select id, row_number() over (order by invoiced_at, id) as n from orders where invoiced_at is not null) as numbered
        where numbered.id = orders.id`.execute(db);
      await sql`insert into invoice_sequence (id, last) select 1, count(*) from orders where invoice_number is not null`.execute(db);
    },
  };
}
