/**
 * Lists of products: the shop's (for sale) and the admin's (archived too), filtered, searched and sorted,
 * page by page. Pages continue from an opaque cursor: the last row's sort key (keyset), or for a search
 * ranked by relevance the number of rows already given.
 */
import { type Compilable, type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { ProductNumber } from '../../shared/api.js';
import { normalisePartNumber, type ProductSort, searchWords } from '../../shared/catalog.js';
import type { VehicleIdentity } from '../../shared/fitment.js';
import { type CursorKey, decodeCursor, encodeCursor, fieldMessages } from '../../shared/schemas.js';
import { type Database, type Executor, isPostgres } from '../db/schema.js';
import { asLongRead } from '../db/long-reads.js';
import { badRequest } from '../http/errors.js';
import { comparedVehicle, type CoveringApplication, coversVehicle, fitmentColumn } from './applications.js';
import { numbersColumn } from './numbers.js';
import { type SearchClause, type Spelling, spellingOf } from './spelling.js';
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
  /** A search's words corrected, when some are no words of the catalog and one typo from some. */
  didYouMean: string | null;
}

type ProductQuery = SelectQueryBuilder<Database, 'products', ShownProductRow>;
type PageQuery = Compilable<ListedProductRow>;

/** A list as its statement needs it: its filters with their values, its order, its search and where its page starts. */
interface ListRequest {
  status: ProductListOptions['status'];
  order: ProductSort | 'relevance';
  category?: string;
  inStock: boolean;
  /** The vehicle as `comparedVehicle` gives it. */
  vehicle?: VehicleIdentity;
  fits: boolean;
  /** The search's terms, or 'nothing' for a search of punctuation alone; absent without a search. */
  search?: SearchTerms | 'nothing';
  /** One row more than the page, to tell whether another page follows. */
  rows: number;
  /** Where the page continues: after a row's sort key and id, or past so many ranked matches. */
  afterKey?: string | number;
  afterId?: number;
  offset?: number;
}

export async function queryProducts(db: Executor, options: ProductListOptions): Promise<ProductList> {
  const spelling = options.q ? await spellingOf(db, searchWords(options.q)) : undefined;
  const request = requestOf(options, spelling);
  const query = pageQuery(db, request);
  // A search checks every part that matches its words: thousands for a common one.
  const { rows } = await (typeof request.search === 'object' ? asLongRead(db, () => db.executeQuery(query)) : db.executeQuery(query));
  const page = rows.slice(0, options.limit);
  const more = rows.length > options.limit;
  return { rows: page, nextCursor: more ? nextCursor(options, page) : null, didYouMean: spelling?.didYouMean ?? null };
}

/** What the category counts are counted within: the list's filters but its category (each count is of one). */
export type CategoryCountOptions = Pick<ProductListOptions, 'q' | 'inStock' | 'vehicle' | 'fitsOnly'>;

/**
 * How many parts for sale of each category the list would show with these filters (a search, in stock, the
 * parts that fit a vehicle): one grouped count over the same filters and search a page reads.
 */
export async function categoryCounts(db: Executor, options: CategoryCountOptions): Promise<Map<string, number>> {
  const request: ListRequest = { ...requestOf({ ...options, status: 'for-sale', limit: 0 }), order: 'newest' };
  let query = filtered(db.selectFrom('products'), request);
  if (request.search) query = searchFor(db, request).filter(query);
  const counts = await query
    .select(['products.category', (eb) => eb.fn.countAll<number | string>().as('count')])
    .groupBy('products.category')
    .execute();
  return new Map(counts.map((c) => [c.category, Number(c.count)]));
}

/** The statement that reads one page (and one row more, to tell whether another page follows), with a search's words as typed. */
export function productsQuery(db: Executor, options: ProductListOptions): PageQuery {
  return pageQuery(db, requestOf(options));
}

function requestOf(options: ProductListOptions, spelling?: Spelling): ListRequest {
  const terms = options.q ? termsOf(options.q, spelling) : undefined;
  return {
    status: options.status,
    order: rankedByRelevance(options) ? 'relevance' : (options.sort ?? 'newest'),
    ...(options.category ? { category: options.category } : {}),
    inStock: Boolean(options.inStock),
    ...(options.vehicle ? { vehicle: comparedVehicle(options.vehicle) } : {}),
    fits: options.vehicle !== undefined && Boolean(options.fitsOnly),
    ...(options.q ? { search: terms ?? 'nothing' } : {}),
    rows: options.limit + 1,
    ...positionOf(options),
  };
}

/** Where a page starts: past so many ranked matches, or after the cursor's row in the list's order. */
function positionOf(options: ProductListOptions): Pick<ListRequest, 'offset' | 'afterKey' | 'afterId'> {
  if (rankedByRelevance(options)) return { offset: options.cursor ? offsetCursor(options.cursor) : 0 };
  return options.cursor ? keysetOrder(options).after(options.cursor) : {};
}

function pageQuery(db: Executor, request: ListRequest): PageQuery {
  // Only a search is ranked by relevance.
  if (request.order === 'relevance') return rankedPage(db, searchFor(db, request), request);
  const order = ORDERS[request.order];
  let query = filtered(db.selectFrom('products').select(SHOWN_PRODUCT_COLUMNS_OF_PRODUCTS), request);
  if (request.search) query = searchFor(db, request).filter(query);
  query = order.apply(query).limit(request.rows);
  return withWhatBelongs(db, request.afterId !== undefined ? order.continued(query, request) : query, request);
}

/** A page's parts with their numbers and, with a vehicle, the applications that cover it. */
function withWhatBelongs(db: Executor, query: ProductQuery, { vehicle }: ListRequest): PageQuery {
  return query.select(numbersColumn(db)).$if(vehicle !== undefined, (q) => q.select(fitmentColumn(db, vehicle!)));
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
 * thousand whole rows costs far more than sorting their keys.
 */
function rankedPage(db: Executor, search: Search, request: ListRequest): PageQuery {
  const ranked = search
    .filter(filtered(db.selectFrom('products'), request))
    .select(['products.id', search.exact.as('exact'), search.typo.as('typo'), search.score.as('score')])
    .orderBy('exact', 'desc')
    .orderBy('typo')
    .orderBy('score')
    .orderBy('products.id', 'desc')
    .limit(request.rows)
    .offset(request.offset!);
  const page = db
    .selectFrom(ranked.as('ranked'))
    .innerJoin('products', 'products.id', 'ranked.id')
    .select(SHOWN_PRODUCT_COLUMNS_OF_PRODUCTS)
    .orderBy('ranked.exact', 'desc')
    .orderBy('ranked.typo')
    .orderBy('ranked.score')
    .orderBy('ranked.id', 'desc');
  return withWhatBelongs(db, page, request);
}

function forSale({ status }: ListRequest): boolean {
  return status === 'for-sale' || status === 'active';
}

function filtered<Row>(query: SelectQueryBuilder<Database, 'products', Row>, request: ListRequest): SelectQueryBuilder<Database, 'products', Row> {
  let q = query.where('products.hidden_at', 'is', null);
  if (forSale(request)) q = q.where('products.archived_at', 'is', null);
  if (request.status === 'archived') q = q.where('products.archived_at', 'is not', null);
  if (request.category !== undefined) q = q.where('products.category', '=', request.category);
  if (request.inStock) q = q.where((eb) => eb('products.stock', '>=', eb.ref('products.min_quantity')));
  // `IN`, not `EXISTS`: the applications of one make and model (index applications_vehicle) are far
  // fewer than the parts, whereas a correlated probe per part reads every part when few fit.
  const { vehicle } = request;
  if (request.fits && vehicle) q = q.where('products.id', 'in', (eb) => eb.selectFrom('applications').select('applications.product_id').where(coversVehicle(vehicle)));
  return q;
}

// ---- Full-text search ------------------------------------------------------

interface Search {
  filter<Row>(query: SelectQueryBuilder<Database, 'products', Row>): SelectQueryBuilder<Database, 'products', Row>;
  /** Whether the part's own number is the search, read as a part number. */
  exact: RawBuilder<boolean>;
  /** 1 for a part found only through a typo's correction, which ranks below the exact matches; else 0. */
  typo: RawBuilder<number>;
  /** The index's rank of a match: lower is better. */
  score: RawBuilder<number>;
}

/** The words of a search (with their synonyms and corrections) and the search read as a part number. */
interface SearchTerms {
  clauses: SearchClause[];
  partNumber: string;
}

/** A search's terms; none in a search of punctuation alone ("--"). Without its spelling, its words as typed. */
function termsOf(q: string, spelling?: Spelling): SearchTerms | undefined {
  const clauses = spelling?.clauses ?? searchWords(q).map((word) => ({ alternatives: [[word]], corrections: [] }));
  const partNumber = normalisePartNumber(q);
  return clauses.length === 0 && partNumber === '' ? undefined : { clauses, partNumber };
}

/** Whether a search has corrections of typos, whose matches rank below the others. */
function correcting(clauses: readonly SearchClause[]): boolean {
  return clauses.some((clause) => clause.corrections.length > 0);
}

/** A clause as lists of word sequences: its alternatives, and with `withCorrections` each correction as one more. */
function sequencesOf(clause: SearchClause, withCorrections: boolean): string[][] {
  return withCorrections ? [...clause.alternatives, ...clause.corrections.map((word) => [word])] : clause.alternatives;
}

/**
 * Every word must match the start of a word (`brake pads` finds "Brake Pad Set", stemmed), or the whole
 * search, read as a part number, must start one of ours (`bl-150 7` finds BL1507). The two databases'
 * full-text indexes are asked differently: SQLite's FTS5 table, PostgreSQL's tsvector column.
 */
function searchFor(db: Executor, { search }: ListRequest): Search {
  if (search === undefined || search === 'nothing') return NOTHING;
  // By id, so that a search reads no product's row to tell whether it is the one.
  const exact = sql<boolean>`products.id IN (SELECT id FROM products WHERE sku_key = ${search.partNumber})`;
  return isPostgres(db) ? postgresSearch(search, exact) : sqliteSearch(search, exact);
}

/** A search with neither words nor a part number in it ("--") finds nothing. */
const NOTHING: Search = { filter: (query) => query.where(sql<boolean>`1 = 0`), exact: sql<boolean>`1 = 0`, typo: sql<number>`0`, score: sql<number>`0` };

/** An FTS5 query: every clause, each any of its word sequences, each word the start of one (`"w"*`). */
export function fts5Words(clauses: readonly SearchClause[], withCorrections: boolean): string {
  const sequence = (words: string[]) => `(${words.map((w) => `"${w}"*`).join(' AND ')})`;
  return clauses.map((clause) => `(${sequencesOf(clause, withCorrections).map(sequence).join(' OR ')})`).join(' AND ');
}

function sqliteSearch({ clauses, partNumber }: SearchTerms, exact: RawBuilder<boolean>): Search {
  const matchOf = (withCorrections: boolean) => {
    const alternatives: string[] = [];
    if (clauses.length > 0) alternatives.push(fts5Words(clauses, withCorrections));
    if (partNumber !== '') alternatives.push(`numbers : "${partNumber.toLowerCase()}"*`);
    return alternatives.map((a) => `(${a})`).join(' OR ');
  };
  // Ranked inside the index's own query, where bm25() is cheapest: in the join with products it costs more.
  const matches = sql<{ rowid: number; score: number }>`(SELECT rowid, bm25(product_search, 10.0, 8.0, 1.0) AS score FROM product_search WHERE product_search MATCH ${matchOf(true)})`;
  const typo = correcting(clauses)
    ? sql<number>`(CASE WHEN matches.rowid IN (SELECT rowid FROM product_search WHERE product_search MATCH ${matchOf(false)}) THEN 0 ELSE 1 END)`
    : sql<number>`0`;
  return {
    filter: (query) => query.innerJoin(matches.as('matches'), (join) => join.onRef(sql.ref('matches.rowid'), '=', 'products.id')),
    exact,
    typo,
    score: sql<number>`matches.score`,
  };
}

/** A tsquery's text: every clause, each any of its word sequences, each word a prefix (`w:*`). */
export function tsqueryWords(clauses: readonly SearchClause[], withCorrections: boolean): string {
  const sequence = (words: string[]) => `(${words.map((w) => `${w}:*`).join(' & ')})`;
  return clauses.map((clause) => `(${sequencesOf(clause, withCorrections).map(sequence).join(' | ')})`).join(' & ');
}

function postgresSearch({ clauses, partNumber }: SearchTerms, exact: RawBuilder<boolean>): Search {
  const numberQuery = partNumber === '' ? '' : `${partNumber.toLowerCase()}:*`;
  const tsqueryOf = (withCorrections: boolean) => sql`(to_tsquery('english', ${tsqueryWords(clauses, withCorrections)}) || to_tsquery('simple', ${numberQuery}))`;
  const tsquery = tsqueryOf(true);
  const typo = correcting(clauses) ? sql<number>`(CASE WHEN products.search_vector @@ ${tsqueryOf(false)} THEN 0 ELSE 1 END)` : sql<number>`0`;
  return {
    filter: (query) => query.where(sql<boolean>`products.search_vector @@ ${tsquery}`),
    exact,
    typo,
    score: sql<number>`-ts_rank(products.search_vector, ${tsquery})`,
  };
}

// ---- Orders and their cursors -----------------------------------------------

/** A keyset order: a page continues after the previous page's last row. */
interface Ordering {
  apply(query: ProductQuery): ProductQuery;
  /** The values a page continues after, read from the previous page's cursor. */
  after(cursor: string): Pick<ListRequest, 'afterKey' | 'afterId'>;
  continued(query: ProductQuery, request: ListRequest): ProductQuery;
  cursor(last: ShownProductRow): string;
}

/** A keyset order on one column and then the id, both the same direction; its cursors are of `kind`. */
function keyset<K extends 'price_cents' | 'name' | 'rating_average'>(
  column: K,
  direction: 'asc' | 'desc',
  kind: 'price' | '-price' | 'name' | 'rating',
  key: (row: ShownProductRow) => ShownProductRow[K],
): Ordering {
  const ref = column === 'name' ? sql.ref('products.name') : sql.ref(`products.${column}`);
  const beyond = direction === 'asc' ? '>' : '<';
  return {
    apply: (query) => query.orderBy(ref, direction).orderBy('products.id', direction),
    after: (cursor) => {
      const [afterKey, afterId] = decodeCursor(kind, cursor) ?? invalidCursor();
      return { afterKey, afterId };
    },
    continued: (query, { afterKey, afterId }) =>
      query.where((eb) => eb.or([eb(ref, beyond, afterKey!), eb.and([eb(ref, '=', afterKey!), eb('products.id', beyond, afterId!)])])),
    cursor: (last) => encodeCursor(kind, [key(last), last.id] as CursorKey<typeof kind>),
  };
}

const ORDERS: Record<ProductSort, Ordering> = {
  newest: {
    apply: (query) => query.orderBy('products.id', 'desc'),
    after: (cursor) => ({ afterId: numberCursor(cursor) }),
    continued: (query, { afterId }) => query.where('products.id', '<', afterId!),
    cursor: (last) => String(last.id),
  },
  price: keyset('price_cents', 'asc', 'price', (row) => row.price_cents),
  '-price': keyset('price_cents', 'desc', '-price', (row) => row.price_cents),
  name: keyset('name', 'asc', 'name', (row) => row.name),
  rating: keyset('rating_average', 'desc', 'rating', (row) => row.rating_average),
};

/** The most rows a ranked search pages through (beyond that, a more precise search helps more). */
const MAX_SEARCH_OFFSET = 10_000;

function invalidCursor(): never {
  throw badRequest(fieldMessages.cursorInvalid, { cursor: fieldMessages.cursorInvalid });
}

function numberCursor(cursor: string): number {
  if (!/^\d{1,10}$/.test(cursor) || Number(cursor) > 2_147_483_647) invalidCursor();
  return Number(cursor);
}

function offsetCursor(cursor: string): number {
  const match = /^o(\d{1,6})$/.exec(cursor);
  if (!match || Number(match[1]) > MAX_SEARCH_OFFSET) invalidCursor();
  return Number(match[1]);
}
