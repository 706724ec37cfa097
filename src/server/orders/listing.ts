/**
 * Manage All Orders: the orders filtered (status, the days they were placed on the shop's calendar),
 * searched (order id, customer, part number, PO number) and sorted, page by page from an opaque keyset
 * cursor (the last row's sort key and id), and the same set as CSV, one row per order line.
 */
import { type Expression, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import { normalisePartNumber } from '../../shared/catalog.js';
import { addDays } from '../../shared/dates.js';
import { centsToDollars } from '../../shared/money.js';
import type { OrderStatus } from '../../shared/order-status.js';
import { fieldMessages, type OrderSort } from '../../shared/schemas.js';
import type { Database, Executor, OrderRow } from '../db/schema.js';
import { csvFile } from '../http/csv.js';
import { badRequest } from '../http/errors.js';
import { startOfDay } from './calendar.js';
import { formatInvoiceNumber, lineTotalCents, linesOfOrders } from './service.js';

export interface OrderFilters {
  /** One customer's orders only (My Orders). */
  userId?: number;
  q?: string;
  status?: OrderStatus;
  /** Placed on or after this day, on or before `to` (YYYY-MM-DD, in `timeZone`). */
  from?: string;
  to?: string;
  sort?: OrderSort;
  timeZone: string;
}

export interface OrderListOptions extends OrderFilters {
  limit: number;
  cursor?: string;
}

export interface OrderList {
  rows: OrderRow[];
  nextCursor: string | null;
}

type OrderQuery = SelectQueryBuilder<Database, 'orders', OrderRow>;
type OrderEb = ExpressionBuilder<Database, 'orders'>;

export async function queryOrders(db: Executor, options: OrderListOptions): Promise<OrderList> {
  const sorting = SORTS[options.sort ?? 'newest'];
  let query = sorting.apply(filtered(db.selectFrom('orders').selectAll('orders'), options)).limit(options.limit + 1);
  if (options.cursor) query = sorting.after(query, decodeCursor(options.cursor));
  const rows = await query.execute();
  const page = rows.slice(0, options.limit);
  return { rows: page, nextCursor: rows.length > options.limit ? encodeCursor(sorting.key(page.at(-1)!)) : null };
}

function filtered(query: OrderQuery, { userId, q, status, from, to, timeZone }: OrderFilters): OrderQuery {
  let filteredQuery = query;
  if (userId !== undefined) filteredQuery = filteredQuery.where('orders.user_id', '=', userId);
  if (status) filteredQuery = filteredQuery.where('orders.status', '=', status);
  if (from) filteredQuery = filteredQuery.where('orders.created_at', '>=', dayStart(timeZone, from));
  if (to) filteredQuery = filteredQuery.where('orders.created_at', '<', dayStart(timeZone, addDays(to, 1)));
  if (q) filteredQuery = filteredQuery.where((eb) => matchesSearch(eb, q));
  return filteredQuery;
}

function dayStart(timeZone: string, date: string): string {
  return new Date(startOfDay(timeZone, date)).toISOString();
}

/**
 * An order matches when its id is the search (digits), or the search is in its customer's name or e-mail or
 * its PO number (any case), or, read as a part number, in one of its lines' part numbers however spelled.
 * The lines are read once into a set of order ids (`IN`), not probed once per order.
 */
function matchesSearch(eb: OrderEb, q: string) {
  const text = `%${escapeLike(q.toLowerCase())}%`;
  const contains = (column: 'customer_name' | 'email' | 'po_number') => sql<boolean>`lower(${sql.ref(`orders.${column}`)}) like ${text} escape '\\'`;
  const alternatives: Expression<SqlBool>[] = [contains('customer_name'), contains('email'), contains('po_number')];
  if (/^\d{1,9}$/.test(q)) alternatives.push(eb('orders.id', '=', Number(q)));
  const partNumber = normalisePartNumber(q);
  if (partNumber !== '') {
    const withPart = eb.selectFrom('order_lines').select('order_lines.order_id').where(sql<boolean>`${normalisedSku} like ${`%${partNumber}%`}`);
    alternatives.push(eb('orders.id', 'in', withPart));
  }
  return eb.or(alternatives);
}

/** normalisePartNumber in SQL for the characters a part number may hold (PART_NUMBER_PATTERN): no spaces, dots, dashes or slashes, upper case. */
const normalisedSku = sql`upper(replace(replace(replace(replace(order_lines.product_sku, ' ', ''), '.', ''), '-', ''), '/', ''))`;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

// ---- Sorts and their cursors --------------------------------------------------

/** A sort's key: its column's value and the id, which breaks ties (the same direction as the column). */
type Key = [value: number, id: number];

interface Sorting {
  apply(query: OrderQuery): OrderQuery;
  after(query: OrderQuery, key: Key): OrderQuery;
  key(row: OrderRow): Key;
}

function keyset(column: 'id' | 'total_cents', direction: 'asc' | 'desc'): Sorting {
  const ref = `orders.${column}` as const;
  const beyond = direction === 'asc' ? '>' : '<';
  return {
    apply: (query) => (column === 'id' ? query.orderBy('orders.id', direction) : query.orderBy(ref, direction).orderBy('orders.id', direction)),
    after: (query, [value, id]) =>
      column === 'id'
        ? query.where('orders.id', beyond, id)
        : query.where((eb) => eb.or([eb(ref, beyond, value), eb.and([eb(ref, '=', value), eb('orders.id', beyond, id)])])),
    key: (row) => [row[column], row.id],
  };
}

const SORTS: Record<OrderSort, Sorting> = {
  newest: keyset('id', 'desc'),
  oldest: keyset('id', 'asc'),
  total: keyset('total_cents', 'asc'),
  '-total': keyset('total_cents', 'desc'),
};

function encodeCursor(key: Key): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

function decodeCursor(cursor: string): Key {
  try {
    const key: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString());
    if (Array.isArray(key) && key.length === 2 && key.every((part) => Number.isSafeInteger(part))) return key as Key;
  } catch {
    // falls through to the answer for any cursor we did not write
  }
  throw badRequest(fieldMessages.cursorInvalid, { cursor: fieldMessages.cursorInvalid });
}

// ---- CSV export ----------------------------------------------------------------

export const ORDER_CSV_COLUMNS = [
  'orderId',
  'placedAt',
  'status',
  'customerName',
  'email',
  'poNumber',
  'invoiceNumber',
  'sku',
  'product',
  'quantity',
  'unitPrice',
  'lineTotal',
  'orderTotal',
] as const;

const EXPORT_BATCH = 500;

/** The filtered orders in the list's order, a batch at a time, each as a record per line. */
async function* orderLineRecords(db: Executor, filters: OrderFilters): AsyncGenerator<string[][]> {
  let cursor: string | undefined;
  do {
    const page = await queryOrders(db, { ...filters, limit: EXPORT_BATCH, cursor });
    const lines = await linesOfOrders(db, page.rows.map((row) => row.id));
    yield page.rows.flatMap((order) =>
      (lines.get(order.id) ?? []).map((line) => [
        String(order.id),
        order.created_at,
        order.status,
        order.customer_name,
        order.email,
        order.po_number,
        order.invoice_number === null ? '' : formatInvoiceNumber(order.invoice_number),
        line.product_sku,
        line.product_name,
        String(line.quantity),
        centsToDollars(line.unit_price_cents).toFixed(2),
        centsToDollars(lineTotalCents(line)).toFixed(2),
        centsToDollars(order.total_cents).toFixed(2),
      ]),
    );
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}

export function exportOrdersCsv(db: Executor, filters: OrderFilters, { bom }: { bom: boolean }): AsyncGenerator<string> {
  return csvFile(ORDER_CSV_COLUMNS, orderLineRecords(db, filters), { bom });
}
