/**
 * The numbers that lead to a part besides its own: the car makers' (OE), other brands' (interchange)
 * and our old ones (superseded). Compared normalised like part numbers; `products.cross_numbers` keeps
 * them as written and normalised for the search index, so a search for any of them finds the part.
 */
import { sql } from 'kysely';
import type { ProductNumber } from '../../shared/api.js';
import { normalisePartNumber } from '../../shared/catalog.js';
import { PART_NUMBER_TYPE_LABELS, PART_NUMBER_TYPES, type PartNumberType } from '../../shared/fitment.js';
import { fieldMessages } from '../../shared/schemas.js';
import { jsonArrayOn, rowsInColumn } from '../db/json-column.js';
import type { Executor, ProductRow } from '../db/schema.js';
import { badRequest, conflict, notFound } from '../http/errors.js';
import { productsForSaleWith, SHOWN_PRODUCT_COLUMNS, SHOWN_PRODUCT_COLUMNS_OF_PRODUCTS, type ShownProductRow } from './product-rows.js';

/** Rows per query or insert: well inside both databases' limits on bound parameters. */
const BATCH = 1000;
const typeOrder = (type: PartNumberType) => PART_NUMBER_TYPES.indexOf(type);

/** The numbers of these parts (one query per thousand parts): OE first, then interchange, then superseded, each as listed. */
export async function numbersOf(db: Executor, productIds: readonly number[]): Promise<Map<number, ProductNumber[]>> {
  const byProduct = new Map<number, ProductNumber[]>();
  for (let i = 0; i < productIds.length; i += BATCH) {
    for (const { product_id, type, brand, number } of await numberRows(db, productIds.slice(i, i + BATCH))) {
      const list = byProduct.get(product_id) ?? [];
      list.push({ type, brand, number });
      byProduct.set(product_id, list);
    }
  }
  for (const list of byProduct.values()) byType(list);
  return byProduct;
}

/** OE first, then interchange, then superseded, each as listed (a stable sort of the numbers in the order listed). */
function byType(numbers: ProductNumber[]): ProductNumber[] {
  return numbers.sort((a, b) => typeOrder(a.type) - typeOrder(b.type));
}

/**
 * A part's numbers as one JSON column of its row, `numbers`: a part page is then one query, a round trip
 * fewer on PostgreSQL. Read it with `numbersInColumn`.
 */
export function numbersColumn(db: Executor) {
  return jsonArrayOn(db)(
    db
      .selectFrom('product_numbers as listed')
      .select(['listed.type', 'listed.brand', 'listed.number'])
      .where('listed.product_id', '=', sql.ref<number>('products.id'))
      .orderBy('listed.id'),
  ).as('numbers');
}

/** The numbers of that column (JSON text on SQLite), in the order a part shows them. */
export function numbersInColumn(column: ProductNumber[] | string): ProductNumber[] {
  return byType(rowsInColumn(column));
}

function numberRows(db: Executor, productIds: readonly number[]) {
  return db.selectFrom('product_numbers').select(['product_id', 'type', 'brand', 'number']).where('product_id', 'in', productIds).orderBy('id').execute();
}

export interface NumberProblem {
  /** Which of the numbers. */
  index: number;
  /** The same number twice (of one type), or a superseded number that a part for sale still has. */
  kind: 'repeated' | 'current';
  message: string;
}

type Holder = Pick<ProductRow, 'id' | 'sku' | 'name'>;

/** What is wrong with a part's numbers, given the parts for sale that have its superseded numbers (`currentHolders`). */
export function numberProblems(productId: number, numbers: readonly ProductNumber[], currentHolders: Map<string, Holder>): NumberProblem[] {
  const problems: NumberProblem[] = [];
  const seen = new Set<string>();
  numbers.forEach(({ type, number }, index) => {
    const key = normalisePartNumber(number);
    if (seen.has(`${type} ${key}`)) problems.push({ index, kind: 'repeated', message: fieldMessages.numberRepeated(PART_NUMBER_TYPE_LABELS[type], number) });
    seen.add(`${type} ${key}`);
    const holder = type === 'superseded' ? currentHolders.get(key) : undefined;
    if (holder && holder.id !== productId) problems.push({ index, kind: 'current', message: fieldMessages.numberStillCurrent(holder.sku, holder.name) });
  });
  return problems;
}

/** The parts for sale whose own part number is one of these superseded numbers, by its key. */
export async function currentHolders(db: Executor, numbers: readonly ProductNumber[]): Promise<Map<string, Holder>> {
  const found = new Map<string, Holder>();
  const keys = [...new Set(numbers.filter((n) => n.type === 'superseded').map((n) => normalisePartNumber(n.number)))];
  for (let i = 0; i < keys.length; i += BATCH) {
    const rows = await productsForSaleWith(db, ['id', 'sku', 'sku_key', 'name']).where('sku_key', 'in', keys.slice(i, i + BATCH)).execute();
    for (const { sku_key, ...holder } of rows) found.set(sku_key, holder);
  }
  return found;
}

/**
 * A part's numbers become these (after the checks of `numberProblems`: 400 for a repeated number, 409
 * for a superseded one a part for sale still has), and the search index reads them.
 */
export async function replaceNumbers(db: Executor, productId: number, numbers: readonly ProductNumber[]): Promise<void> {
  const [problem] = numberProblems(productId, numbers, await currentHolders(db, numbers));
  if (problem?.kind === 'current') throw conflict('number_current', problem.message, { numbers: problem.message });
  if (problem) throw badRequest(problem.message, { numbers: problem.message });
  await writeNumbers(db, [{ productId, numbers }]);
}

/** Each part's numbers become these (checked by the caller), and the search index reads them. */
export async function writeNumbers(db: Executor, parts: readonly { productId: number; numbers: readonly ProductNumber[] }[]): Promise<void> {
  for (let i = 0; i < parts.length; i += BATCH) {
    await db.deleteFrom('product_numbers').where('product_id', 'in', parts.slice(i, i + BATCH).map((p) => p.productId)).execute();
  }
  const rows = parts.flatMap(({ productId, numbers }) =>
    numbers.map(({ type, brand, number }) => ({ product_id: productId, type, brand, number, number_key: normalisePartNumber(number) })),
  );
  for (let i = 0; i < rows.length; i += BATCH) await db.insertInto('product_numbers').values(rows.slice(i, i + BATCH)).execute();
  for (const { productId, numbers } of parts) {
    await db.updateTable('products').set({ cross_numbers: crossNumbers(numbers) }).where('id', '=', productId).execute();
  }
}

/** The text the search index reads: each number as written and normalised (`04465-02220 0446502220`). */
function crossNumbers(numbers: readonly ProductNumber[]): string {
  return [...new Set(numbers.flatMap(({ number }) => [number, normalisePartNumber(number)]))].join(' ');
}

export type MatchedAs = 'sku' | PartNumberType;

/** The part a number leads to, how it matched, and the number as the part has it. */
export interface NumberMatch {
  product: ShownProductRow;
  matchedAs: MatchedAs;
  number: string;
}

/** A number looked up: the part it leads to, how, and the part's own numbers for its answer. */
export interface NumberLookup extends NumberMatch {
  numbers: ProductNumber[];
}

/**
 * The part for sale a number leads to, however spelled: our part number first, then a superseded
 * number of ours (the part that replaced it), then an OE number, then an interchange number. Two parts
 * with the same OE or interchange number: the older part. 404 when nothing matches. One query.
 */
export async function lookupNumber(db: Executor, number: string): Promise<NumberLookup> {
  const key = normalisePartNumber(number);
  const [best] = key === '' ? [] : bestFirst(await matchesOfOneKey(db, key).execute());
  if (!best) throw notFound('Part');
  const { matched_type, matched_number, matched_key: _key, numbers, ...product } = best;
  return { product, matchedAs: matched_type, number: matched_number, numbers: numbersInColumn(numbers) };
}

/**
 * What each of these numbers leads to, as `lookupNumber` finds it (undefined: nothing, or a blank
 * number), in their order: two queries per thousand distinct numbers, however many there are.
 */
export async function matchNumbers(db: Executor, numbers: readonly string[]): Promise<(NumberMatch | undefined)[]> {
  const keys = [...new Set(numbers.map(normalisePartNumber))].filter((key) => key !== '');
  const found = new Map<string, NumberMatch>();
  for (let i = 0; i < keys.length; i += BATCH) {
    for (const { matched_type, matched_number, matched_key, ...product } of await candidates(db, keys.slice(i, i + BATCH))) {
      if (!found.has(matched_key)) found.set(matched_key, { product, matchedAs: matched_type, number: matched_number });
    }
  }
  return numbers.map((number) => found.get(normalisePartNumber(number)));
}

/**
 * The parts for sale these keys may lead to, the best match of each key first: the parts with these part
 * numbers, then the other numbers of only the keys no part number matched.
 */
async function candidates(db: Executor, keys: readonly string[]) {
  const own = await ownMatchColumns(db).where('products.sku_key', 'in', keys).execute();
  const matched = new Set(own.map((row) => row.matched_key));
  const unmatched = keys.filter((key) => !matched.has(key));
  return unmatched.length === 0 ? own : [...own, ...bestFirst(await crossMatchColumns(db).where('product_numbers.number_key', 'in', unmatched).execute())];
}

/** What one key may lead to, each part with its own numbers: a number looked up. */
function matchesOfOneKey(db: Executor, key: string) {
  return ownMatchColumns(db)
    .select(numbersColumn(db))
    .where('products.sku_key', '=', key)
    .unionAll(crossMatchColumns(db).select(numbersColumn(db)).where('product_numbers.number_key', '=', key));
}

/** The parts for sale, with their part number as the number matched. */
function ownMatchColumns(db: Executor) {
  return productsForSaleWith(db, SHOWN_PRODUCT_COLUMNS).select([
    sql<MatchedAs>`'sku'`.as('matched_type'),
    'products.sku as matched_number',
    'products.sku_key as matched_key',
  ]);
}

/** The parts for sale with another number, and which of their numbers it is. */
function crossMatchColumns(db: Executor) {
  return db
    .selectFrom('product_numbers')
    .innerJoin('products', 'products.id', 'product_numbers.product_id')
    .select(SHOWN_PRODUCT_COLUMNS_OF_PRODUCTS)
    .select([sql<MatchedAs>`product_numbers.type`.as('matched_type'), 'product_numbers.number as matched_number', 'product_numbers.number_key as matched_key'])
    .where('products.hidden_at', 'is', null)
    .where('products.archived_at', 'is', null);
}

/** Our part number, then a superseded number, an OE number, an interchange number; the older part first. */
function bestFirst<T extends { matched_type: MatchedAs; id: number }>(rows: T[]): T[] {
  return rows.sort((a, b) => lookupOrder(a.matched_type) - lookupOrder(b.matched_type) || a.id - b.id);
}

const LOOKUP_ORDER: MatchedAs[] = ['sku', 'superseded', 'oe', 'interchange'];
export const lookupOrder = (type: MatchedAs) => LOOKUP_ORDER.indexOf(type);
