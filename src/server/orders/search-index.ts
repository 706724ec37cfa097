/**
 * SQLite's order search (listing.ts) reads FTS5 trigram tables, separate tables that SQLite does not keep
 * up to date by itself; they are brought up to date here in batches, in the background, rather than by a
 * trigger that would put the index's writes into every order's transaction. Each table's watermark says how
 * far its index got; a search reads the index up to it and compares the rows past it itself
 * (`notYetIndexed`), so an order is found the moment it is placed. PostgreSQL keeps its trigram indexes
 * (on the order columns themselves) up to date itself: this is SQLite's alone.
 */
import { type RawBuilder, sql } from 'kysely';
import { type Executor, inTransaction, isPostgres } from '../db/schema.js';

/**
 * normalisePartNumber in SQL for the characters a part number may hold (PART_NUMBER_PATTERN): no spaces, dots,
 * dashes or slashes, upper case, O read as 0 and I as 1. PostgreSQL's trigram index is on this very expression.
 */
export const normalisedSku = sql`replace(replace(upper(replace(replace(replace(replace(order_lines.product_sku, ' ', ''), '.', ''), '-', ''), '/', '')), 'O', '0'), 'I', '1')`;

type IndexedTable = 'orders' | 'order_lines';

const INDEXES: Record<IndexedTable, { index: string; columns: string; values: RawBuilder<unknown> }> = {
  orders: { index: 'order_search', columns: 'rowid, customer_name, email, po_number', values: sql`id, customer_name, email, po_number` },
  order_lines: { index: 'order_line_search', columns: 'rowid, part_number', values: sql`id, ${normalisedSku}` },
};

const indexedThrough = (table: IndexedTable) => sql`(select indexed_through from order_search_watermarks where table_name = ${table})`;

/** The rows of `table` (as `alias`) that its trigram index does not hold yet (SQLite). */
export const notYetIndexed = (table: IndexedTable, alias: string) => sql<boolean>`${sql.ref(`${alias}.id`)} > ${indexedThrough(table)}`;

/** Orders (and lines) indexed per transaction: few enough that a batch holds SQLite's write lock only briefly. */
export const ORDER_INDEXING_BATCH = 1000;

/**
 * Indexes up to `batch` new orders and up to `batch` new lines in one transaction; answers the larger of
 * the two counts (a full batch: there may be more). A no-op on PostgreSQL, which has no such tables. With
 * nothing new it only reads: a write transaction would take SQLite's write lock and make writers wait.
 */
export async function indexNewOrders(db: Executor, batch = ORDER_INDEXING_BATCH): Promise<number> {
  if (isPostgres(db) || !(await anythingNew(db))) return 0;
  return inTransaction(db, async (trx) => Math.max(await indexNewRows(trx, 'orders', batch), await indexNewRows(trx, 'order_lines', batch)));
}

async function anythingNew(db: Executor): Promise<boolean> {
  const newRow = (table: IndexedTable) => sql`exists (select 1 from ${sql.table(table)} where ${notYetIndexed(table, table)})`;
  const { rows } = await sql<{ found: number }>`select ${newRow('orders')} or ${newRow('order_lines')} as found`.execute(db);
  return Boolean(rows[0]?.found);
}

/** Writes first, then moves the watermark: a SQLite transaction that read first could not write after another process had. */
async function indexNewRows(trx: Executor, table: IndexedTable, batch: number): Promise<number> {
  const { index, columns, values } = INDEXES[table];
  const newRows = sql`select id from ${sql.table(table)} where ${notYetIndexed(table, table)} order by id limit ${batch}`;
  const inserted = await sql`insert into ${sql.table(index)} (${sql.raw(columns)}) select ${values} from ${sql.table(table)} where id in (${newRows})`.execute(trx);
  const count = Number(inserted.numAffectedRows ?? 0);
  if (count > 0) {
    await sql`update order_search_watermarks set indexed_through = (select max(id) from (${newRows})) where table_name = ${table}`.execute(trx);
  }
  return count;
}
