/**
 * Manage All Orders: the orders filtered (status, the days they were placed on the shop's calendar),
 * searched (order id, customer, part number, PO number) and sorted, page by page from an opaque keyset
 * cursor (the last row's sort key and id), and the same set as CSV, one row per order line.
 */
import { orderIdOfNumber } from '../../shared/format.js';
import { setImmediate as yieldToOtherRequests } from 'node:timers/promises';
import { type Expression, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import { normalisePartNumber } from '../../shared/catalog.js';
import { addDays } from '../../shared/dates.js';
import { centsToDollars } from '../../shared/money.js';
import { type OrderStatusFilter, statusesOf } from '../../shared/order-status.js';
import { decodeCursor, encodeCursor, fieldMessages, type OrderSort } from '../../shared/schemas.js';
import { type Database, type Executor, isPostgres, type OrderRow } from '../db/schema.js';
import { csvFile } from '../http/csv.js';
import { badRequest } from '../http/errors.js';
import { startOfDay } from './calendar.js';
import { normalisedSku, notYetIndexed } from './search-index.js';
import { formatInvoiceNumber, lineTotalCents, linesOfOrders } from './service.js';

export interface OrderFilters {
  /** One customer's orders only (My Orders). */
  userId?: number;
  /** One company's orders only (its admins' list and export). */
  companyId?: number;
  q?: string;
  status?: OrderStatusFilter;
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

interface OrderRows {
  rows: OrderRow[];
  nextCursor: string | null;
}

export interface OrderList extends OrderRows {
  /** How many orders match the filters and search, on every page: the list's real size, not the rows loaded. */
  total: number;
}

type OrderQuery = SelectQueryBuilder<Database, 'orders', OrderRow>;
type OrderEb = ExpressionBuilder<Database, 'orders'>;

export async function queryOrders(db: Executor, options: OrderListOptions): Promise<OrderList> {
  const search = await searchOf(db, options);
  const page = await pageOfOrders(db, options, search);
  return { ...page, total: await countOrders(db, options, search) };
}

/** One count over the same filters and search as the page: no row is read into the server to count it. */
async function countOrders(db: Executor, filters: OrderFilters, search: Search | undefined): Promise<number> {
  const counted = db.selectFrom('orders').select((eb) => eb.fn.countAll<number | string>().as('total'));
  const { total } = await filtered(counted, filters, search).executeTakeFirstOrThrow();
  // PostgreSQL answers count(*) as a bigint, which its driver gives as text.
  return Number(total);
}

/** A page of the orders that match a search worked out once (the export reads many pages of one search). */
async function pageOfOrders(db: Executor, options: OrderListOptions, search: Search | undefined): Promise<OrderRows> {
  const sort = options.sort ?? 'newest';
  const sorting = SORTS[sort];
  let query = sorting.apply(filtered(db.selectFrom('orders').selectAll('orders'), options, search)).limit(options.limit + 1);
  if (options.cursor) query = sorting.after(query, decodeCursor(sort, options.cursor) ?? invalidCursor());
  const rows = await query.execute();
  const page = rows.slice(0, options.limit);
  return { rows: page, nextCursor: rows.length > options.limit ? encodeCursor(sort, sorting.key(page.at(-1)!)) : null };
}

function filtered<Row>(
  query: SelectQueryBuilder<Database, 'orders', Row>,
  { userId, companyId, status, from, to, timeZone }: OrderFilters,
  search: Search | undefined,
): SelectQueryBuilder<Database, 'orders', Row> {
  let filteredQuery = query;
  if (userId !== undefined) filteredQuery = filteredQuery.where('orders.user_id', '=', userId);
  if (companyId !== undefined) filteredQuery = filteredQuery.where('orders.company_id', '=', companyId);
  if (status) filteredQuery = filteredQuery.where('orders.status', 'in', statusesOf(status));
  if (from) filteredQuery = filteredQuery.where('orders.created_at', '>=', dayStart(timeZone, from));
  if (to) filteredQuery = filteredQuery.where('orders.created_at', '<', dayStart(timeZone, addDays(to, 1)));
  if (search) filteredQuery = filteredQuery.where(search);
  return filteredQuery;
}

function dayStart(timeZone: string, date: string): string {
  return new Date(startOfDay(timeZone, date)).toISOString();
}

/** The search's condition on an order. */
type Search = (eb: OrderEb) => Expression<SqlBool>;

function searchOf(db: Executor, { q }: OrderFilters): Promise<Search | undefined> {
  return q ? searchFor(db, q) : Promise.resolve(undefined);
}

/**
 * An order matches when its id is the search (digits), or the search is in its customer's name or e-mail or
 * its PO number (any case), or, read as a part number, in one of its lines' part numbers however spelled.
 *
 * Trigram indexes find a piece of three characters or more; the ids they give are one set (`IN`). The two
 * databases keep them differently (PostgreSQL's pg_trgm indexes on the columns themselves, SQLite's FTS5
 * trigram tables that search-index.ts fills), so this is where the search is written once for each. A shorter search has no trigram to look up: the orders are compared row by row, newest (or in the
 * sort's order) first until the page is full, which comes early as one or two characters are in most orders.
 * For the same reason a part number of fewer than three letters and digits is not looked for in the lines:
 * it would be in nearly every order's, and finding that out means reading every line.
 */
async function searchFor(db: Executor, q: string): Promise<Search> {
  const partNumber = normalisePartNumber(q);
  const id = orderIdOfNumber(q);
  if (q.length < TRIGRAM) {
    const alternatives: Expression<SqlBool>[] = SEARCHED_COLUMNS.map((column) => contains(`orders.${column}`, q));
    return (eb) => eb.or(id === undefined ? alternatives : [...alternatives, eb('orders.id', '=', id)]);
  }
  const postgres = isPostgres(db);
  const candidates = [postgres ? await textMatchesPostgres(db, q) : await textMatchesSqlite(db, q)];
  if (partNumber.length >= TRIGRAM) candidates.push(postgres ? partMatchesPostgres(partNumber) : await partMatchesSqlite(db, partNumber));
  if (id !== undefined) candidates.push(sql`select ${sql.lit(id)}`);
  const ids = sql.join(candidates, sql` union all `);
  // PostgreSQL cannot estimate how many orders the union finds and would rather walk every order by id until the
  // page is full; an array is computed first, so it reads just the orders found.
  const matched = postgres ? sql<SqlBool>`${sql.ref('orders.id')} = any(array(${ids}))` : sql<SqlBool>`${sql.ref('orders.id')} in (${ids})`;
  return () => matched;
}

const TRIGRAM = 3;

/**
 * The ids of the orders whose name, e-mail or PO number holds the text: PostgreSQL's trigram indexes are on
 * these very expressions. A GIN index reads the whole list of every trigram it is asked for, and a search
 * like 'buyer42@example' asks for 'exa', 'amp' and 'ple' too, which are in every order's e-mail. So a search
 * of more than `FEW_PIECES` pieces asks each column first for two of them, the likeliest rare first ('r42'
 * and '42@'), and compares the few orders found with the whole search. A column where those two pieces are
 * in more than `guessedRows` orders (a search whose digits are in a year, say) is asked for the whole search
 * after all, having cost the comparison of that many orders more.
 */
export async function textMatchesPostgres(db: Executor, q: string, guessedRows = GUESSED_ROWS) {
  const searched = q.toLowerCase();
  const pieces = [...new Set(piecesOf(searched).filter(yieldsATrigram))];
  const whole = (column: SearchedColumn) => sql`select id from orders where ${contains(column, q)}`;
  if (pieces.length <= FEW_PIECES) return sql.join(SEARCHED_COLUMNS.map(whole), sql` union all `);
  const asked = likeliestRareFirst(pieces).slice(0, 2);
  const guesses = await guessedMatches(db, searched, asked, guessedRows);
  const ids = guesses.flatMap((guess) => guess.ids ?? []);
  const unguessed = guesses.filter((guess) => guess.ids === undefined).map((guess) => whole(guess.column));
  // Without an id found, the whole searches alone: PostgreSQL runs none of a union with unnest() in parallel.
  const found = ids.length > 0 || unguessed.length === 0 ? [sql`select unnest(${ids}::int[]) as id`] : [];
  return sql.join([...found, ...unguessed], sql` union all `);
}

/**
 * For each column, the orders holding every piece that hold the whole search too; `ids` undefined where
 * more than `guessedRows` hold the pieces.
 */
async function guessedMatches(db: Executor, searched: string, pieces: readonly string[], guessedRows: number) {
  const guessIn = (column: SearchedColumn) => sql`(select ${sql.lit(column)} as searched, id, strpos(lower(${sql.ref(column)}), ${searched}) > 0 as found
    from orders where ${sql.join(pieces.map((piece) => contains(column, piece)), sql` and `)} limit ${sql.lit(guessedRows + 1)})`;
  const { rows } = await sql<{ searched: SearchedColumn; held: number; ids: number[] }>`select searched, count(*)::int as held,
    coalesce(array_agg(id) filter (where found), '{}') as ids from (${sql.join(SEARCHED_COLUMNS.map(guessIn), sql` union all `)}) as guesses group by searched`.execute(db);
  return SEARCHED_COLUMNS.map((column) => {
    const guess = rows.find((row) => row.searched === column);
    return { column, ids: guess === undefined ? [] : guess.held > guessedRows ? undefined : guess.ids };
  });
}

/**
 * Whether pg_trgm finds a trigram in '%piece%' to ask its index for (else it would read the index whole):
 * a word of letters and digits is padded where punctuation ends or starts it, so a piece has one unless
 * neither its second nor its third character is a letter or digit ('1--'). Only ASCII ones are counted:
 * whether 'ü' is a letter to pg_trgm depends on the database's locale.
 */
function yieldsATrigram(piece: string): boolean {
  const [, second = '', third = ''] = Array.from(piece);
  return /[a-z0-9]/.test(second) || /[a-z0-9]/.test(third);
}

/** A search this short ('po-12345') costs the index less to read whole than a guess's comparison would. */
const FEW_PIECES = 6;
/** Orders a guess may find before it is given up: reading and comparing them is what a wrong guess costs. */
const GUESSED_ROWS = 300;

function partMatchesPostgres(partNumber: string) {
  return sql`select order_id from order_lines where ${holdsPart(partNumber)}`;
}

/**
 * SQLite's FTS5 trigram tables (any case): a quoted phrase matches where it is a piece of the text. FTS5
 * merges the orders of every trigram of the phrase, and in '@example.com' or 'customer' each one is in
 * nearly every order (as 'PS1' is in nearly every line). When a trigram is rare, the rows holding it (and
 * the next rarest, if that is rare too) are found instead and compared. The rows added since the index
 * was last brought up to date (search-index.ts) are compared too.
 */
async function textMatchesSqlite(db: Executor, q: string) {
  const holds = (column: string) => sql`instr(casefold(${sql.ref(`searched.${column}`)}), ${q.toLowerCase()}) > 0`;
  const holdsText = sql`(${sql.join(SEARCHED_COLUMNS.map(holds), sql` or `)})`;
  const notYetIndexedHolding = sql`select searched.id from orders searched where ${notYetIndexed('orders', 'searched')} and ${holdsText}`;
  const { rowids, compare } = await candidatesIn(db, 'order_search', q);
  const indexed = compare ? sql`select searched.id from orders searched where searched.id in (${rowids}) and ${holdsText}` : rowids;
  return sql`${indexed} union all ${notYetIndexedHolding}`;
}

/**
 * The rows of the index that may hold the search: those holding two of its rare trigrams, which are to be
 * compared with it (`compare`), or, when no trigram is rare, those FTS5 finds for the whole phrase.
 */
async function candidatesIn(db: Executor, index: SearchIndex, search: string) {
  const pieces = await rareTrigrams(db, search, FEW_ORDERS, index);
  const table = sql.table(index);
  const query = pieces.length === 0 ? phrase(search) : pieces.map(phrase).join(' ');
  return { rowids: sql`select rowid from ${table} where ${table} match ${query}`, compare: pieces.length > 0 };
}

/**
 * Up to two trigrams of the search that fewer than `few` rows of the index hold (orders, or order lines
 * by their part numbers): the first two such that the index counts, asking first those with digits or
 * letters beyond ASCII, as they are the likeliest to be rare; one that no row holds is enough alone (no
 * row can hold both). FTS5 then finds the rows holding both (its phrases side by side) from the two short
 * lists, far fewer rows to compare than those of either alone. The other trigrams are not counted in case
 * two still rarer were among them: counting them all costs about what the whole search does. Which
 * trigrams are chosen never changes what a search finds (every row found is compared with the search),
 * only how fast.
 */
export async function rareTrigrams(db: Executor, q: string, few = FEW_ORDERS, index: SearchIndex = 'order_search'): Promise<string[]> {
  const rare: string[] = [];
  for (const piece of likeliestRareFirst(piecesOf(q).slice(0, MAX_TRIGRAMS_WEIGHED))) {
    const holding = await holders(db, index, piece, few);
    if (holding >= few) continue;
    rare.push(piece);
    if (holding === 0 || rare.length === 2) break;
  }
  return rare;
}

type SearchIndex = 'order_search' | 'order_line_search';

/** How many rows of the index hold the trigram, counting no further than `limit`, so a common one costs little to count. */
async function holders(db: Executor, index: SearchIndex, piece: string, limit: number): Promise<number> {
  const table = sql.table(index);
  const { rows } = await sql<{ holding: number }>`select count(*) as holding from (select rowid from ${table} where ${table} match ${phrase(piece)} limit ${sql.lit(limit)})`.execute(db);
  return rows[0]!.holding;
}

/** Every piece of three characters of the search, in its order. */
function piecesOf(q: string): string[] {
  const characters = Array.from(q);
  return Array.from({ length: Math.max(0, characters.length - 2) }, (_, i) => characters.slice(i, i + 3).join(''));
}

/** The pieces, those with more digits or letters beyond ASCII first (a stable sort: each group in the search's order). */
function likeliestRareFirst(pieces: readonly string[]): string[] {
  const unusual = (piece: string) => Array.from(piece).filter((c) => (c >= '0' && c <= '9') || c.codePointAt(0)! > 0x7f).length;
  return [...pieces].sort((a, b) => unusual(b) - unusual(a));
}

/** Comparing this many orders or lines costs less than the index's merge of a phrase of common trigrams in a large shop. */
const FEW_ORDERS = 5000;
const MAX_TRIGRAMS_WEIGHED = 16;

async function partMatchesSqlite(db: Executor, partNumber: string) {
  const { rowids, compare } = await candidatesIn(db, 'order_line_search', partNumber);
  const indexed = sql`select order_id from order_lines where id in (${rowids})${compare ? sql` and ${holdsPart(partNumber)}` : sql``}`;
  return sql`${indexed} union all select order_id from order_lines where ${notYetIndexed('order_lines', 'order_lines')} and ${holdsPart(partNumber)}`;
}

const phrase = (text: string) => `"${text.replaceAll('"', '""')}"`;

const SEARCHED_COLUMNS = ['customer_name', 'email', 'po_number'] as const;
type SearchedColumn = (typeof SEARCHED_COLUMNS)[number];

/** The column holds the text, any case. */
function contains(column: string, q: string) {
  return sql<boolean>`lower(${sql.ref(column)}) like ${`%${escapeLike(q.toLowerCase())}%`} escape '\\'`;
}

/** The line's part number holds this normalised one (letters and digits only: no LIKE wildcards). */
const holdsPart = (partNumber: string) => sql<boolean>`${normalisedSku} like ${`%${partNumber}%`}`;

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

function invalidCursor(): never {
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
  // What the order charged (issue 60); orderTotal, kept for files read by its name, is the same charged total.
  'subtotal',
  'shipping',
  'tax',
  'total',
  // The core deposits (issue 61), in total: subtotal + coreDeposit + shipping + tax = total.
  'coreDeposit',
] as const;

/** An amount as a spreadsheet reads it: dollars with two decimals, no grouping or sign ("1234.50"). */
const csvAmount = (cents: number) => centsToDollars(cents).toFixed(2);

/**
 * Orders read and written out at a time. A long CSV export of orders must not hold the event loop for
 * seconds (on SQLite every query answers on this thread), so it yields to other requests after each batch.
 */
const EXPORT_BATCH = 500;

/** The filtered orders in the list's order, a batch at a time, each as a record per line. */
async function* orderLineRecords(db: Executor, filters: OrderFilters): AsyncGenerator<string[][]> {
  const search = await searchOf(db, filters);
  let cursor: string | undefined;
  do {
    const page = await pageOfOrders(db, { ...filters, limit: EXPORT_BATCH, cursor }, search);
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
        csvAmount(line.unit_price_cents),
        csvAmount(lineTotalCents(line)),
        csvAmount(order.total_cents),
        csvAmount(order.subtotal_cents),
        csvAmount(order.shipping_cents),
        csvAmount(order.tax_cents),
        csvAmount(order.total_cents),
        csvAmount(order.core_deposit_cents),
      ]),
    );
    cursor = page.nextCursor ?? undefined;
    if (cursor) await yieldToOtherRequests();
  } while (cursor);
}

export function exportOrdersCsv(db: Executor, filters: OrderFilters, { bom }: { bom: boolean }): AsyncGenerator<string> {
  return csvFile(ORDER_CSV_COLUMNS, orderLineRecords(db, filters), { bom });
}
