import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../connection.js';

/**
 * Manage All Orders finds an order by a piece of its customer's name or e-mail, its PO number or a part
 * number of one of its lines. Scanning every order and line for the piece grows with the shop; trigram
 * indexes find it directly. PostgreSQL indexes the very expressions the search compares (pg_trgm);
 * SQLite keeps FTS5 trigram tables, filled by triggers on every write of an order or a line and here from
 * the orders a shop already has.
 */
export function orderSearchSpeed(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await (dialect === 'postgres' ? postgresTrigrams(db) : sqliteTrigrams(db));
    },
  };
}

/** The part numbers of the lines as the search reads them: upper case, without spaces, dots, dashes or slashes. */
const normalisedSku = (line: string) => `upper(replace(replace(replace(replace(${line}.product_sku, ' ', ''), '.', ''), '-', ''), '/', ''))`;

async function postgresTrigrams(db: Kysely<unknown>) {
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
  for (const column of ['customer_name', 'email', 'po_number']) {
    await sql`CREATE INDEX ${sql.raw(`orders_${column}_trgm`)} ON orders USING gin (lower(${sql.raw(column)}) gin_trgm_ops)`.execute(db);
  }
  await sql`CREATE INDEX order_lines_part_number_trgm ON order_lines USING gin ((${sql.raw(normalisedSku('order_lines'))}) gin_trgm_ops)`.execute(db);
}

async function sqliteTrigrams(db: Kysely<unknown>) {
  // The orders' own columns: an external-content table, which stores only the index.
  await sql`
    CREATE VIRTUAL TABLE order_search USING fts5(customer_name, email, po_number, content = 'orders', content_rowid = 'id', tokenize = 'trigram')`.execute(db);
  const insertOrder = (row: string) =>
    sql.raw(`INSERT INTO order_search (rowid, customer_name, email, po_number) VALUES (${row}.id, ${row}.customer_name, ${row}.email, ${row}.po_number);`);
  const deleteOrder = sql.raw(
    `INSERT INTO order_search (order_search, rowid, customer_name, email, po_number) VALUES ('delete', old.id, old.customer_name, old.email, old.po_number);`,
  );
  await sql`CREATE TRIGGER orders_search_insert AFTER INSERT ON orders BEGIN ${insertOrder('new')} END`.execute(db);
  await sql`CREATE TRIGGER orders_search_delete AFTER DELETE ON orders BEGIN ${deleteOrder} END`.execute(db);
  await sql`CREATE TRIGGER orders_search_update AFTER UPDATE OF customer_name, email, po_number ON orders BEGIN ${deleteOrder} ${insertOrder('new')} END`.execute(db);
  await sql`INSERT INTO order_search (order_search) VALUES ('rebuild')`.execute(db);

  // The lines' part numbers, normalised, by line id: contentless, as the search only asks which lines match.
  await sql`CREATE VIRTUAL TABLE order_line_search USING fts5(part_number, content = '', contentless_delete = 1, tokenize = 'trigram')`.execute(db);
  await sql`
    CREATE TRIGGER order_lines_search_insert AFTER INSERT ON order_lines BEGIN
      INSERT INTO order_line_search (rowid, part_number) VALUES (new.id, ${sql.raw(normalisedSku('new'))});
    END`.execute(db);
  await sql`CREATE TRIGGER order_lines_search_delete AFTER DELETE ON order_lines BEGIN DELETE FROM order_line_search WHERE rowid = old.id; END`.execute(db);
  await sql`INSERT INTO order_line_search (rowid, part_number) SELECT id, ${sql.raw(normalisedSku('order_lines'))} FROM order_lines`.execute(db);
}
