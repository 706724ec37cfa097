import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../connection.js';

/** The PostgreSQL trigram indexes of the order search (migration 018). */
const ORDER_SEARCH_INDEXES = ['orders_customer_name_trgm', 'orders_email_trgm', 'orders_po_number_trgm', 'order_lines_part_number_trgm'];

/**
 * A GIN index takes new rows into a pending list first, and every search reads that whole list besides
 * the index; by default the list is emptied into the index when it passes 4 MB (or by a vacuum). Under
 * orders every minute it stayed 2–4 MB, and an admin's order search at 200,000 orders read 250–340 pages
 * of it for each of the four indexes: p99 163–195 ms. At the smallest limit (64 kB) the same search takes
 * p99 59–64 ms, and placing orders was no slower within the noise (docs/performance.md). SQLite has no
 * such list (search-index.ts indexes new orders in batches).
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
