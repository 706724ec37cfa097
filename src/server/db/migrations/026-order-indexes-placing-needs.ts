import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Two more index entries each order wrote when placed, for nothing that reads them:
 * - `orders_product` (migration 001): the order's first part, from the one-product orders. Every query by
 *   part reads `order_lines_product` since orders have lines (migration 012); the index only spared the
 *   foreign key's check a scan of the orders when a part is deleted (a part with orders is never deleted,
 *   only hidden), a scan for an admin's rare delete, against a B-tree insert at a random place and one
 *   more page at the commit for every order.
 * - the invoice numbers' unique index held every unpaid order under NULL. It holds the invoiced orders
 *   only; a number is as unique as before (NULLs never collide), and nothing looks orders up by it.
 */
export function orderIndexesPlacingNeeds(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.dropIndex('orders_product').execute();
      await db.schema.dropIndex('orders_invoice_number').execute();
      await db.schema
        .createIndex('orders_invoice_number')
        .unique()
        .on('orders')
        .column('invoice_number')
        .where(sql.ref('invoice_number'), 'is not', null)
        .execute();
    },
  };
}
