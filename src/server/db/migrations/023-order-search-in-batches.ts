import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../connection.js';

/**
 * SQLite's order-search trigram tables (migration 018) were written by triggers in every order's and every
 * line's insert, a large share of writing an order, and the tables' segments flushed at every commit.
 * The orders domain indexes the new rows in batches instead (orders/search-index.ts, far cheaper per
 * row), and each table's watermark says how far it got: a search reads the index up to it and
 * compares the few rows past it. Changing or deleting a row the index already holds still updates it at
 * once. PostgreSQL's trigram indexes (GIN) are unchanged.
 */
export function orderSearchInBatches(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'postgres') return;
      await db.schema
        .createTable('order_search_watermarks')
        .addColumn('table_name', 'text', (column) => column.primaryKey())
        .addColumn('indexed_through', 'integer', (column) => column.notNull())
        .execute();
      // Every row written so far is indexed: the triggers dropped below wrote them.
      await sql`INSERT INTO order_search_watermarks (table_name, indexed_through)
        SELECT 'orders', coalesce(max(id), 0) FROM orders UNION ALL SELECT 'order_lines', coalesce(max(id), 0) FROM order_lines`.execute(db);
      for (const trigger of ['orders_search_insert', 'orders_search_update', 'orders_search_delete', 'order_lines_search_insert', 'order_lines_search_delete']) {
        await sql`DROP TRIGGER ${sql.raw(trigger)}`.execute(db);
      }
      const indexed = (table: string) => sql.raw(`old.id <= (SELECT indexed_through FROM order_search_watermarks WHERE table_name = '${table}')`);
      const insertOrder = sql.raw(`INSERT INTO order_search (rowid, customer_name, email, po_number) VALUES (new.id, new.customer_name, new.email, new.po_number);`);
      const deleteOrder = sql.raw(
        `INSERT INTO order_search (order_search, rowid, customer_name, email, po_number) VALUES ('delete', old.id, old.customer_name, old.email, old.po_number);`,
      );
      await sql`CREATE TRIGGER orders_search_delete AFTER DELETE ON orders WHEN ${indexed('orders')} BEGIN ${deleteOrder} END`.execute(db);
      await sql`CREATE TRIGGER orders_search_update AFTER UPDATE OF customer_name, email, po_number ON orders WHEN ${indexed('orders')}
        BEGIN ${deleteOrder} ${insertOrder} END`.execute(db);
      await sql`CREATE TRIGGER order_lines_search_delete AFTER DELETE ON order_lines WHEN ${indexed('order_lines')}
        BEGIN DELETE FROM order_line_search WHERE rowid = old.id; END`.execute(db);
    },
  };
}
