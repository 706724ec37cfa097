import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../connection.js';

/**
 * The lines' part numbers as the order search reads them (orders/search-index.ts): upper case, without
 * spaces, dots, dashes or slashes, and O read as 0, I as 1 like every part number (shared/catalog.ts).
 */
const normalisedSku = (line: string) =>
  `replace(replace(upper(replace(replace(replace(replace(${line}.product_sku, ' ', ''), '.', ''), '-', ''), '/', '')), 'O', '0'), 'I', '1')`;

/**
 * Manage All Orders finds a part number typed with O for 0 (or I for 1) in its orders' lines: the trigram
 * index of the lines' numbers is built again on the folded numbers. PostgreSQL indexes the expression
 * itself; SQLite's table is emptied and refilled with the lines it held (search-index.ts adds the newer ones).
 */
export function orderSearchConfusables(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'postgres') {
        await sql`DROP INDEX order_lines_part_number_trgm`.execute(db);
        await sql`CREATE INDEX order_lines_part_number_trgm ON order_lines USING gin ((${sql.raw(normalisedSku('order_lines'))}) gin_trgm_ops)`.execute(db);
        await sql`ALTER INDEX order_lines_part_number_trgm SET (gin_pending_list_limit = 64)`.execute(db);
        return;
      }
      await sql`INSERT INTO order_line_search (order_line_search) VALUES ('delete-all')`.execute(db);
      await sql`INSERT INTO order_line_search (rowid, part_number)
        SELECT id, ${sql.raw(normalisedSku('order_lines'))} FROM order_lines
        WHERE id <= (SELECT indexed_through FROM order_search_watermarks WHERE table_name = 'order_lines')`.execute(db);
    },
  };
}
