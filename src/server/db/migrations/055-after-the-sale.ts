import { type ColumnDefinitionBuilderCallback, type CreateTableBuilder, type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../connection.js';

/**
 * After the sale: shipments (any quantities of an order's lines, with carrier and tracking), returns and
 * their lines (why, which vehicle, what came back), refunds with their credit notes, and core deposits on
 * remanufactured parts. Shipment and credit-note numbers come from one-row sequences, as invoice numbers
 * do: taking the next one locks the row until the transaction ends, so a rolled-back one leaves no gap.
 */
export function afterTheSale(dialect: Dialect): Migration {
  const withId = <T extends string>(table: CreateTableBuilder<T>) =>
    dialect === 'sqlite' ? table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()) : table.addColumn('id', 'serial', (c) => c.primaryKey());
  return {
    async up(db: Kysely<unknown>) {
      // One column per statement: SQLite's ALTER TABLE adds one at a time.
      const columns: [table: string, name: string][] = [
        // Dollars per unit the buyer gets back when the old unit comes back.
        ['products', 'core_charge_cents'],
        // Each line's core charge per unit as it was when ordered; the units shipped, returned, and cores returned.
        ['order_lines', 'core_charge_cents'],
        ['order_lines', 'shipped_quantity'],
        ['order_lines', 'returned_quantity'],
        ['order_lines', 'cores_returned'],
        // The order's core deposits (in its total) and what has been refunded of it.
        ['orders', 'core_deposit_cents'],
        ['orders', 'refunded_cents'],
      ];
      const zero: ColumnDefinitionBuilderCallback = (c) => c.notNull().defaultTo(0);
      for (const [table, name] of columns) await db.schema.alterTable(table).addColumn(name, 'integer', zero).execute();
      // Orders shipped before shipments existed shipped every unit at once.
      await sql`update order_lines set shipped_quantity = quantity
        where order_id in (select id from orders where status = 'shipped')`.execute(db);

      await withId(db.schema.createTable('shipments'))
        .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
        .addColumn('number', 'integer', (c) => c.notNull().unique())
        .addColumn('carrier', 'text', (c) => c.notNull())
        .addColumn('tracking_number', 'text', (c) => c.notNull())
        .addColumn('tracking_url', 'text')
        .addColumn('shipped_at', 'text', (c) => c.notNull())
        .addColumn('shipped_by', 'integer')
        .execute();
      await db.schema.createIndex('shipments_by_order').on('shipments').columns(['order_id', 'id']).execute();
      await db.schema
        .createTable('shipment_lines')
        .addColumn('shipment_id', 'integer', (c) => c.notNull().references('shipments.id'))
        .addColumn('order_line_id', 'integer', (c) => c.notNull().references('order_lines.id'))
        .addColumn('product_id', 'integer', (c) => c.notNull())
        .addColumn('quantity', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('shipment_lines_pk', ['shipment_id', 'order_line_id'])
        .execute();

      await withId(db.schema.createTable('returns'))
        .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('reject_reason', 'text')
        // 1: the admin said the shop was at fault, so the refund gives the shipping back too.
        .addColumn('refund_shipping', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('returns_by_order').on('returns').columns(['order_id', 'id']).execute();
      await db.schema.createIndex('returns_by_user').on('returns').columns(['user_id', 'id']).execute();
      await db.schema.createIndex('returns_by_status').on('returns').columns(['status', 'id']).execute();
      await db.schema
        .createTable('return_lines')
        .addColumn('return_id', 'integer', (c) => c.notNull().references('returns.id'))
        .addColumn('order_line_id', 'integer', (c) => c.notNull().references('order_lines.id'))
        .addColumn('product_id', 'integer', (c) => c.notNull())
        .addColumn('quantity', 'integer', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('vehicle_id', 'integer')
        .addColumn('vehicle_label', 'text')
        // For 'doesnt_fit': 1 when our fitment data said the part fits the named vehicle, 0 when not.
        .addColumn('fits_by_our_data', 'integer')
        .addColumn('received_quantity', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('damaged_quantity', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('return_lines_pk', ['return_id', 'order_line_id', 'reason'])
        .execute();
      await db.schema.createIndex('return_lines_by_reason').on('return_lines').columns(['reason', 'product_id']).execute();

      await withId(db.schema.createTable('refunds'))
        .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
        .addColumn('return_id', 'integer')
        .addColumn('amount_cents', 'integer', (c) => c.notNull())
        // The parts of amount_cents that are tax and shipping, as the credit note shows them.
        .addColumn('tax_cents', 'integer', (c) => c.notNull())
        .addColumn('shipping_cents', 'integer', (c) => c.notNull())
        .addColumn('credit_note_number', 'integer', (c) => c.notNull().unique())
        .addColumn('provider_refund_id', 'text')
        .addColumn('lines', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('created_by', 'integer')
        .execute();
      await db.schema.createIndex('refunds_by_order').on('refunds').columns(['order_id', 'id']).execute();
      await db.schema.createIndex('refunds_by_date').on('refunds').columns(['created_at']).execute();

      // One row each: the last number given.
      await db.schema.createTable('shipment_sequence').addColumn('id', 'integer', (c) => c.primaryKey()).addColumn('last', 'integer', (c) => c.notNull()).execute();
      await sql`insert into shipment_sequence (id, last) values (1, 0)`.execute(db);
      await db.schema.createTable('credit_note_sequence').addColumn('id', 'integer', (c) => c.primaryKey()).addColumn('last', 'integer', (c) => c.notNull()).execute();
      await sql`insert into credit_note_sequence (id, last) values (1, 0)`.execute(db);
    },
  };
}
