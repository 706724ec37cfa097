import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../connection.js';

/** The PostgreSQL trigram indexes of the order search (migration 018). */
const ORDER_SEARCH_INDEXES = ['orders_customer_name_trgm', 'orders_email_trgm', 'orders_po_number_trgm', 'order_lines_part_number_trgm'];

/**
 * A GIN index takes new rows into a pending list first, and every search reads that whole list besides
 * the index; by default the list is emptied into the index only once it is large (or by a vacuum). Under
 * a steady stream of orders it stays large, and an admin's order search reads all of it for each of the
 * four indexes. At the smallest limit the search reads little of it, and placing orders is no slower.
 * SQLite has no such list (search-index.ts indexes new orders in batches).
 */
export function orderSearchPendingLists(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      for (const index of ORDER_SEARCH_INDEXES) {
        await sql`ALTER INDEX ${sql.ref(index)} SET (gin_pending_list_limit = 64)`.execute(db);
      }
    },
  };
}
