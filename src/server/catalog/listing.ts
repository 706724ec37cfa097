/**
 * Lists of products: the shop's (for sale) and the admin's (archived too), filtered, searched and sorted,
 * page by page. Pages continue from an opaque cursor: the last row's sort key (keyset), or for a search
 * ranked by relevance the number of rows already given.
 */
import { type Compilable, type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { ProductNumber } from '../../shared/api.js';
import { normalisePartNumber, type ProductSort, searchWords } from '../../shared/catalog.js';
import type { VehicleIdentity } from '../../shared/fitment.js';
import { fieldMessages } from '../../shared/schemas.js';
import { type Database, type Executor, isPostgres, type ProductsTable } from '../db/schema.js';
import { asLongRead } from '../db/long-reads.js';
import { preparedShapes } from '../db/prepared-query.js';
import { badRequest } from '../http/errors.js';
import { shareTheLoop } from '../http/loop-turns.js';
import { comparedVehicle, type CoveringApplication, coversVehicle, fitmentColumn } from './applications.js';
import { numbersColumn } from './numbers.js';
import { SHOWN_PRODUCT_COLUMNS_OF_PRODUCTS, type ShownProductRow } from './product-rows.js';

export interface ProductListOptions {
  q?: string;
  category?: string;
  inStock?: boolean;
  sort?: ProductSort;
  /** The shop lists parts for sale; admins see archived ones too, or only those. */
  status: 'for-sale' | 'active' | 'archived' | 'all';
  /** A vehicle: each part of the page comes with how it fits it (`fitment`). */
  vehicle?: VehicleIdentity;
  /** With a vehicle, only the parts that fit it. */
  fitsOnly?: boolean;
  limit: number;
  cursor?: string;
}

/**
 * A part of a page with its numbers, and with a vehicle the applications that cover it, each as one JSON
 * column (`numbersInColumn` and `fitmentInColumn` read them): round trips fewer on PostgreSQL.
 */
export type ListedProductRow = ShownProductRow & { numbers: ProductNumber[] | string; fitment?: CoveringApplication[] | string };

export interface ProductList {
  rows: ListedProductRow[];
  nextCursor: string | null;
}

type ProductQuery = SelectQueryBuilder<Database, 'products', ShownProductRow>;
type PageQuery = Compilable<ListedProductRow>;

/**
 * What decides a list's statement: which filters it has, its order and whether it continues a page
 * (not their values, which are the statement's parameters, `ListValues`).
 */
interface ListShape {
  status: ProductListOptions['status'];
  order: ProductSort | 'relevance';
  category: boolean;
  inStock: boolean;
  vehicle: boolean;
  fits: boolean;
  search: 'none' | 'nothing' | 'text';
  after: boolean;
}

/** The values of a list's statement, as its shape asks for them. */
interface ListValues extends Record<string, unknown>, Partial<VehicleIdentity> {
  /** One row more than the page, to tell whether another page follows. */
  rows: number;
  category?: string;
  /** The search read as a part number (its key), and the search as the index is asked (SQLite: `match`; PostgreSQL: both queries). */
  partNumber?: string;
  match?: string;
  wordQuery?: string;
  numberQuery?: string;
  /** Where the page continues: after a row's sort key and id, or past so many ranked matches. */
  afterKey?: string | number;
  afterId?: number;
  offset?: number;
}

export async function queryProducts(db: Executor, options: ProductListOptions): Promise<ProductList> {
  const [shape, values] = statementOf(db, options);
  const { rows } = await (shape.search === 'text' ? searchPage(db, shape, values) : listPage(db, shape, values));
  const page = rows.slice(0, options.limit);
  const more = rows.length > options.limit;
  return { rows: page, nextCursor: more ? nextCursor(options, page) : null };
}

/**
 * Lists are built and compiled once per shape: building and compiling a page's statement with Kysely
 * took about a fifth of an uncached catalog page's time.
 */
const listPage = preparedShapes(pageQuery);

/** A search checks every part that matches its words: thousands for a common one. */
async function searchPage(db: Executor, shape: ListShape, values: ListValues) {
  await shareTheLoop();
  return asLongRead(db, () => listPage(db, shape, values));
}

/** The statement that reads one page (and one row more, to tell whether another page follows). */
export function productsQuery(db: Executor, options: ProductListOptions): PageQuery {
  return pageQuery(db, ...statementOf(db, options));
}

/** The shape of a list's statement and its values; the search is read into its terms once for both. */
function statementOf(db: Executor, options: ProductListOptions): [ListShape, ListValues] {
  const terms = options.q ? termsOf(options.q) : undefined;
  return [shapeOf(options, terms), valuesOf(db, options, terms)];
}

function shapeOf(options: ProductListOptions, terms: SearchTerms | undefined): ListShape {
  return {
    status: options.status,
    order: rankedByRelevance(options) ? 'relevance' : (options.sort ?? 'newest'),
    category: Boolean(options.category),
    inStock: Boolean(options.inStock),
    vehicle: options.vehicle !== undefined,
    fits: options.vehicle !== undefined && Boolean(options.fitsOnly),
    search: !options.q ? 'none' : terms ? 'text' : 'nothing',
    after: Boolean(options.cursor) && !rankedByRelevance(options),
  };
}

function valuesOf(db: Executor, options: ProductListOptions, terms: SearchTerms | undefined): ListValues {
  return {
    rows: options.limit + 1,
    ...(options.category ? { category: options.category } : {}),
    ...(options.vehicle ? comparedVehicle(options.vehicle) : {}),
    ...(terms ? searchValues(db, terms) : {}),
    ...positionOf(options),
  };
}

/** The vehicle among a list's values (their slots while the statement is built): all of it is there when the list's shape has a vehicle. */
function vehicleOf(values: ListValues): VehicleIdentity {
  return values as VehicleIdentity;
}

/** Where a page starts: past so many ranked matches, or after the cursor's row in the list's order. */
function positionOf(options: ProductListOptions): Pick<ListValues, 'offset' | 'afterKey' | 'afterId'> {
  if (rankedByRelevance(options)) return { offset: options.cursor ? offsetCursor(options.cursor) : 0 };
  return options.cursor ? keysetOrder(options).after(options.cursor) : {};
}

function pageQuery(db: Executor, shape: ListShape, values: ListValues): PageQuery {
  // Only a search is ranked by relevance.
  if (shape.order === 'relevance') return rankedPage(db, searchFor(db, shape, values), shape, values);
  const order = ORDERS[shape.order];
  let query = filtered(db.selectFrom('products').select(SHOWN_PRODUCT_COLUMNS_OF_PRODUCTS), shape, values);
  if (shape.search !== 'none') query = searchFor(db, shape, values).filter(query);
  query = order.apply(query).limit(values.rows);
  return withWhatBelongs(db, shape.after ? order.continued(query, values) : query, shape, values);
}

/** A page's parts with their numbers and, with a vehicle, the applications that cover it. */
function withWhatBelongs(db: Executor, query: ProductQuery, shape: ListShape, values: ListValues): PageQuery {
  return query.select(numbersColumn(db)).$if(shape.vehicle, (q) => q.select(fitmentColumn(db, vehicleOf(values))));
}

/** A search without a sort of its own lists the best matches first and pages by offset; all else by keyset. */
function rankedByRelevance(options: ProductListOptions): boolean {
  return Boolean(options.q) && !options.sort;
}

function keysetOrder(options: ProductListOptions): Ordering {
  return ORDERS[options.sort ?? 'newest'];
}

function nextCursor(options: ProductListOptions, page: ShownProductRow[]): string {
  if (rankedByRelevance(options)) return `o${(options.cursor ? offsetCursor(options.cursor) : 0) + page.length}`;
  return keysetOrder(options).cursor(page.at(-1)!);
}

/**
 * A page of a search by relevance: the exact part number first, then the index's rank. The matches are
 * ranked by their ids and sort keys alone and only the page's rows are read whole: sorting a few
 * thousand whole rows was half the time of a search for a common word.
 */
function rankedPage(db: Executor, search: Search, shape: ListShape, values: ListValues): PageQuery {
  const ranked = search
    .filter(filtered(matchesChecked(db, shape), shape, values))
    .select(['products.id', search.exact.as('exact'), search.score.as('score')])
    .orderBy('exact', 'desc')
    .orderBy('score')
    .orderBy('products.id', 'desc')
    .limit(values.rows)
    .offset(values.offset!);
  const page = db
    .selectFrom(ranked.as('ranked'))
    .innerJoin('products', 'products.id', 'ranked.id')
    .select(SHOWN_PRODUCT_COLUMNS_OF_PRODUCTS)
    .orderBy('ranked.exact', 'desc')
    .orderBy('ranked.score')
    .orderBy('ranked.id', 'desc');
  return withWhatBelongs(db, page, shape, values);
}

/**
 * The products a ranked search checks its matches against. On SQLite, for the parts for sale, through
 * the index of their ids (migration 022): the 8,400 matches of "brake" among 100,000 parts fall on most
 * of the table's 8,000 pages (33 MB, far more than SQLite's page cache), the index is 280 pages. Row by
 * row the search took 34 ms, through the index 11 ms. SQLite's planner prefers the table's own key for
 * a lookup by id, hence INDEXED BY. Every other list (archived parts, PostgreSQL) reads the table.
 */
function matchesChecked(db: Executor, shape: ListShape) {
  if (isPostgres(db) || !forSale(shape)) return db.selectFrom('products');
  return db.selectFrom(sql<ProductsTable>`products`.as<'products'>(sql`products INDEXED BY products_for_sale_ids`));
}

function forSale(shape: ListShape): boolean {
  return shape.status === 'for-sale' || shape.status === 'active';
}

function filtered<Row>(query: SelectQueryBuilder<Database, 'products', Row>, shape: ListShape, values: ListValues): SelectQueryBuilder<Database, 'products', Row> {
  let q = query.where('products.hidden_at', 'is', null);
  if (forSale(shape)) q = q.where('products.archived_at', 'is', null);
  if (shape.status === 'archived') q = q.where('products.archived_at', 'is not', null);
  if (shape.category) q = q.where('products.category', '=', values.category!);
  if (shape.inStock) q = q.where((eb) => eb('products.stock', '>=', eb.ref('products.min_quantity')));
  // `IN`, not `EXISTS`: the applications of one make and model (index applications_vehicle) are far
  // fewer than the parts, whereas a correlated probe per part reads every part when few fit.
  if (shape.fits) q = q.where('products.id', 'in', (eb) => eb.selectFrom('applications').select('applications.product_id').where(coversVehicle(vehicleOf(values))));
  return q;
}

// ---- Full-text search ------------------------------------------------------

interface Search {
  filter<Row>(query: SelectQueryBuilder<Database, 'products', Row>): SelectQueryBuilder<Database, 'products', Row>;
  /** Whether the part's own number is the search, read as a part number. */
  exact: RawBuilder<boolean>;
  /** The index's rank of a match: lower is better. */
  score: RawBuilder<number>;
}

/**
 * Every word must match the start of a word (`brake pads` finds "Brake Pad Set", stemmed), or the whole
 * search, read as a part number, must start one of ours (`bl-150 7` finds BL1507).
 */
function searchValues(db: Executor, { words, partNumber }: SearchTerms): Pick<ListValues, 'partNumber' | 'match' | 'wordQuery' | 'numberQuery'> {
  if (isPostgres(db)) return { partNumber, wordQuery: words.map((w) => `${w}:*`).join(' & '), numberQuery: partNumber === '' ? '' : `${partNumber.toLowerCase()}:*` };
  const alternatives: string[] = [];
  if (words.length > 0) alternatives.push(words.map((w) => `"${w}"*`).join(' AND '));
  if (partNumber !== '') alternatives.push(`numbers : "${partNumber.toLowerCase()}"*`);
  return { partNumber, match: alternatives.map((a) => `(${a})`).join(' OR ') };
}

/** The words of a search and the search read as a part number. */
interface SearchTerms {
  words: string[];
  partNumber: string;
}

/** A search's terms; none in a search of punctuation alone ("--"). */
function termsOf(q: string): SearchTerms | undefined {
  const words = searchWords(q);
  const partNumber = normalisePartNumber(q);
  return words.length === 0 && partNumber === '' ? undefined : { words, partNumber };
}

function searchFor(db: Executor, shape: ListShape, values: ListValues): Search {
  if (shape.search === 'nothing') return NOTHING;
  // By id, so that a search reads no product's row to tell whether it is the one.
  const exact = sql<boolean>`products.id IN (SELECT id FROM products WHERE sku_key = ${values.partNumber})`;
  return isPostgres(db) ? postgresSearch(values, exact) : sqliteSearch(values, exact);
}

/** A search with neither words nor a part number in it ("--") finds nothing. */
const NOTHING: Search = { filter: (query) => query.where(sql<boolean>`1 = 0`), exact: sql<boolean>`1 = 0`, score: sql<number>`0` };

function sqliteSearch(values: ListValues, exact: RawBuilder<boolean>): Search {
  // Ranked inside the index's own query: bm25() in the join with products took a third longer.
  const matches = sql<{ rowid: number; score: number }>`(SELECT rowid, bm25(product_search, 10.0, 8.0, 1.0) AS score FROM product_search WHERE product_search MATCH ${values.match})`;
  return {
    filter: (query) => query.innerJoin(matches.as('matches'), (join) => join.onRef(sql.ref('matches.rowid'), '=', 'products.id')),
    exact,
    score: sql<number>`matches.score`,
  };
}

function postgresSearch(values: ListValues, exact: RawBuilder<boolean>): Search {
  const tsquery = sql`(to_tsquery('english', ${values.wordQuery}) || to_tsquery('simple', ${values.numberQuery}))`;
  return {
    filter: (query) => query.where(sql<boolean>`products.search_vector @@ ${tsquery}`),
    exact,
    score: sql<number>`-ts_rank(products.search_vector, ${tsquery})`,
  };
}

// ---- Orders and their cursors -----------------------------------------------

/** A keyset order: a page continues after the previous page's last row. */
interface Ordering {
  apply(query: ProductQuery): ProductQuery;
  /** The values a page continues after, read from the previous page's cursor. */
  after(cursor: string): Pick<ListValues, 'afterKey' | 'afterId'>;
  continued(query: ProductQuery, values: ListValues): ProductQuery;
  cursor(last: ShownProductRow): string;
}

/** A keyset order on one column and then the id, both the same direction. */
function keyset<K extends 'price_cents' | 'name'>(column: K, direction: 'asc' | 'desc', key: (row: ShownProductRow) => ShownProductRow[K]): Ordering {
  const ref = column === 'name' ? sql.ref('products.name') : sql.ref(`products.${column}`);
  const beyond = direction === 'asc' ? '>' : '<';
  return {
    apply: (query) => query.orderBy(ref, direction).orderBy('products.id', direction),
    after: (cursor) => {
      const [afterKey, afterId] = decodeKeyset(cursor);
      return { afterKey, afterId };
    },
    continued: (query, { afterKey, afterId }) =>
      query.where((eb) => eb.or([eb(ref, beyond, afterKey!), eb.and([eb(ref, '=', afterKey!), eb('products.id', beyond, afterId!)])])),
    cursor: (last) => encodeKeyset([key(last), last.id]),
  };
}

const ORDERS: Record<ProductSort, Ordering> = {
  newest: {
    apply: (query) => query.orderBy('products.id', 'desc'),
    after: (cursor) => ({ afterId: numberCursor(cursor) }),
    continued: (query, { afterId }) => query.where('products.id', '<', afterId!),
    cursor: (last) => String(last.id),
  },
  price: keyset('price_cents', 'asc', (row) => row.price_cents),
  '-price': keyset('price_cents', 'desc', (row) => row.price_cents),
  name: keyset('name', 'asc', (row) => row.name),
};

/** The most rows a ranked search pages through (beyond that, a more precise search helps more). */
const MAX_SEARCH_OFFSET = 10_000;

function invalidCursor(): Error {
  return badRequest(fieldMessages.cursorInvalid, { cursor: fieldMessages.cursorInvalid });
}

function numberCursor(cursor: string): number {
  if (!/^\d{1,10}$/.test(cursor) || Number(cursor) > 2_147_483_647) throw invalidCursor();
  return Number(cursor);
}

function offsetCursor(cursor: string): number {
  const match = /^o(\d{1,6})$/.exec(cursor);
  if (!match || Number(match[1]) > MAX_SEARCH_OFFSET) throw invalidCursor();
  return Number(match[1]);
}

function encodeKeyset(key: [string | number, number]): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

function decodeKeyset(cursor: string): [string | number, number] {
  try {
    const key: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString());
    if (Array.isArray(key) && key.length === 2 && ['string', 'number'].includes(typeof key[0]) && Number.isInteger(key[1])) {
      return key as [string | number, number];
    }
  } catch {
    // falls through to the answer for any cursor we did not write
  }
  throw invalidCursor();
}
