/** The catalog owns products, their part numbers, applications (what they fit), cross-reference numbers and stock; other domains reach products through here. */
import { sql } from 'kysely';
import type { CategorySummary, NumberSuggestion, PartsResolved, Product, ProductChange, ProductNumber } from '../../shared/api.js';
import { CATEGORIES, categoryOf, DEFAULT_CATEGORY, normalisePartNumber, type Spec } from '../../shared/catalog.js';
import { FALLBACK_PRODUCT_IMAGE } from '../../shared/images.js';
import { centsToDollars, dollarsToCents } from '../../shared/money.js';
import type { VehicleIdentity } from '../../shared/fitment.js';
import type { PriceBreak, PriceTier, Pricing } from '../../shared/pricing.js';
import { fieldMessages, STOCK_MAX } from '../../shared/schemas.js';
import { type ProductInput, type ProductPatch, tiersBelowPrice } from '../../shared/product-schemas.js';
import { isUniqueViolation } from '../db/errors.js';
import { rowsOfJson } from '../db/json-column.js';
import { type Executor, isPostgres, now, type ProductChangeReason, type ProductRow, type ProductUpdate, timestamps } from '../db/schema.js';
import { badRequest, conflict, notFound } from '../http/errors.js';
import { comparedVehicle, coversVehicle, fitmentInColumn, replaceApplications } from './applications.js';
import { type CategoryCountOptions, categoryCounts, type ListedProductRow, type ProductList, type ProductListOptions, queryProducts } from './listing.js';
import { matchNumbers, numbersColumn, numbersInColumn, numbersOf, replaceNumbers } from './numbers.js';
import { listedProducts, PRODUCT_COLUMNS, productsForSale, productsForSaleWith, SHOWN_PRODUCT_COLUMNS, type ShownProductRow } from './product-rows.js';
import { assignPartNumbers, partNumberTaken } from './part-numbers.js';
import { closestNumbersOfEach } from './suggestions.js';
import { type MovedStock, recordStockMovements, type StockMove, type StockMover } from './stock-ledger.js';

export type { ProductListOptions } from './listing.js';
export { suggestParts } from './suggest.js';
export { claimAlertsOfOrderableParts } from './stock-alerts.js';
export { exportStockMovementsCsv, stockMovementPage, type StockMover } from './stock-ledger.js';

/** Who changed a price or a stock level, as they were named then. */
export interface Actor {
  id: number;
  name: string;
  email: string;
}

export function toProductDto(row: ShownProductRow, numbers: ProductNumber[] = []): Product {
  const category = categoryOf(row.category);
  return {
    _id: String(row.id),
    name: row.name,
    img: row.img,
    description: row.description,
    min: row.min_quantity,
    stock: row.stock,
    price: centsToDollars(row.price_cents),
    sku: row.sku,
    category: { slug: category.slug, name: category.name },
    specs: JSON.parse(row.specs) as Spec[],
    active: row.archived_at === null,
    numbers,
    priceBreaks: priceBreaksOf(row),
    packSize: row.pack_size,
    reorderThreshold: row.reorder_threshold,
    weightGrams: row.weight_grams,
    taxClass: row.tax_class,
    coreCharge: centsToDollars(row.core_charge_cents),
    rating: { average: row.rating_count === 0 ? null : Math.round(row.rating_average * 10) / 10, count: row.rating_count },
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function tiersOf(row: Pick<ProductRow, 'price_breaks'>): PriceTier[] {
  return JSON.parse(row.price_breaks) as PriceTier[];
}

/** A product's tiers in dollars, ascending. */
export function priceBreaksOf(row: Pick<ProductRow, 'price_breaks'>): PriceBreak[] {
  return tiersOf(row).map((tier) => ({ minQuantity: tier.minQuantity, price: centsToDollars(tier.priceCents) }));
}

/** Tiers as stored: in cents, ascending by quantity. */
function priceBreaksColumn(priceBreaks: readonly PriceBreak[]): string {
  const tiers: PriceTier[] = priceBreaks.map((tier) => ({ minQuantity: tier.minQuantity, priceCents: dollarsToCents(tier.price) }));
  return JSON.stringify(tiers.sort((a, b) => a.minQuantity - b.minQuantity));
}

/** What a product costs at any quantity: its base price and its tiers. */
export function pricingOfProduct(row: Pick<ProductRow, 'price_cents' | 'price_breaks'>): Pricing {
  return { priceCents: row.price_cents, tiers: tiersOf(row) };
}

/** Products as the API answers them, each with its numbers (one query for all of them). */
async function productDtos(db: Executor, rows: readonly ShownProductRow[]): Promise<Product[]> {
  const numbers = await numbersOf(db, rows.map((row) => row.id));
  return rows.map((row) => toProductDto(row, numbers.get(row.id)));
}

/**
 * A page of a list as the API answers it: each part with the numbers its row brought and, when a vehicle
 * was given, whether and how it fits that vehicle.
 */
export function listedProductDtos(rows: readonly ListedProductRow[]): Product[] {
  return rows.map((row) => (row.fitment === undefined ? withItsNumbers(row) : { ...withItsNumbers(row), fitment: fitmentInColumn(row.fitment) }));
}

/** A part read with its numbers' JSON column, as the API answers it. */
function withItsNumbers(row: ListedProductRow): Product {
  return toProductDto(row, numbersInColumn(row.numbers));
}

export async function productDto(db: Executor, row: ProductRow): Promise<Product> {
  const [product] = await productDtos(db, [row]);
  return product!;
}

/**
 * Numbers typed in a quick order, each with the part for sale it leads to as a lookup finds it (or
 * null), in their order; a bounded number of queries for the whole batch.
 */
export async function resolvePartNumbers(db: Executor, numbers: readonly string[]): Promise<PartsResolved> {
  const matches = await matchNumbers(db, numbers);
  const rows = new Map(matches.flatMap((match) => (match ? [[match.product.id, match.product] as const] : [])));
  const products = new Map((await productDtos(db, [...rows.values()])).map((product) => [product._id, product]));
  const suggestions = await suggestionsFor(db, numbers.filter((_, i) => !matches[i]));
  return numbers.map((number, i) => {
    const match = matches[i];
    return {
      number,
      product: match ? products.get(String(match.product.id))! : null,
      matchedAs: match?.matchedAs ?? null,
      suggestions: match ? [] : (suggestions.get(normalisePartNumber(number)) ?? []),
    };
  });
}

/** Numbers a quick order's unmatched lines may have meant: for the first `SUGGESTED_LINES` distinct ones, in one query. */
const SUGGESTED_LINES = 20;

function suggestionsFor(db: Executor, unmatched: readonly string[]): Promise<Map<string, NumberSuggestion[]>> {
  const distinct = [...new Map(unmatched.map((number) => [normalisePartNumber(number), number])).values()];
  return closestNumbersOfEach(db, distinct.slice(0, SUGGESTED_LINES));
}

export function listProducts(db: Executor, options: ProductListOptions): Promise<ProductList> {
  return queryProducts(db, options);
}

/** A part for sale with its numbers: a part page in one query. */
function shownPartsForSale(db: Executor) {
  return productsForSaleWith(db, SHOWN_PRODUCT_COLUMNS).select(numbersColumn(db));
}

/** A part for sale as its page shows it, or 404. */
export async function visibleProductDto(db: Executor, id: number): Promise<Product> {
  return withItsNumbers(foundOr404(await shownPartsForSale(db).where('id', '=', id).executeTakeFirst()));
}

/** A part for sale as its page shows it, by its part number however it is spelled, or 404. */
export async function visibleProductDtoBySku(db: Executor, sku: string): Promise<Product> {
  return withItsNumbers(foundOr404(await shownPartsForSale(db).where('sku_key', '=', normalisePartNumber(sku)).executeTakeFirst()));
}

/** The parts for sale among these ids as the API answers them, in the ids' order (removed and archived ones left out). */
export async function visibleProductDtos(db: Executor, ids: readonly number[]): Promise<Product[]> {
  if (ids.length === 0) return [];
  const rows = new Map((await shownPartsForSale(db).where('id', 'in', ids).execute()).map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = rows.get(id);
    return row ? [withItsNumbers(row)] : [];
  });
}

/** The newest parts for sale, up to `count`, leaving out these ids. */
export async function newestProductDtos(db: Executor, count: number, leavingOut: readonly number[] = []): Promise<Product[]> {
  let query = shownPartsForSale(db).orderBy('id', 'desc').limit(count);
  if (leavingOut.length > 0) query = query.where('id', 'not in', leavingOut);
  return (await query.execute()).map(withItsNumbers);
}

/** A product that is for sale (not removed, not archived), or 404. */
export async function getVisibleProduct(db: Executor, id: number): Promise<ProductRow> {
  return foundOr404(await productsForSale(db).where('id', '=', id).executeTakeFirst());
}

function foundOr404<T>(product: T | undefined): T {
  if (!product) throw notFound('Product');
  return product;
}

/** The products for sale among these ids, by id (an id of a removed or archived part is missing). */
export async function visibleProductsById(db: Executor, ids: readonly number[]): Promise<Map<number, ProductRow>> {
  if (ids.length === 0) return new Map();
  const rows = await productsForSale(db).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/** The products for sale among these ids as the API answers them, by id (a removed or archived part is missing). */
export async function productDtosForSale(db: Executor, ids: readonly number[]): Promise<Map<number, Product>> {
  const rows = await visibleProductsById(db, ids);
  return new Map((await productDtos(db, [...rows.values()])).map((product) => [Number(product._id), product]));
}

/** A product for sale by its part number, however it is spelled, or 404. */
export async function getVisibleProductBySku(db: Executor, sku: string): Promise<ProductRow> {
  return foundOr404(await productsForSale(db).where('sku_key', '=', normalisePartNumber(sku)).executeTakeFirst());
}

/** A product the admins still list, archived or not (removed ones are gone), or 404. */
export async function getListedProduct(db: Executor, id: number): Promise<ProductRow> {
  return foundOr404(await lockedForUpdate(db, listedProducts(db).where('id', '=', id)).executeTakeFirst());
}

/** The products the admins still list among these ids, archived or not, by id: their names in staff lists (a removed part is missing). */
export async function listedProductsById(db: Executor, ids: readonly number[]): Promise<Map<number, ProductRow>> {
  if (ids.length === 0) return new Map();
  const rows = await listedProducts(db).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/** The listed and removed products that have these part numbers, by their key (a thousand keys per query). */
export async function productsByPartNumber(db: Executor, keys: readonly string[]): Promise<Map<string, ProductRow>> {
  const wanted = [...new Set(keys)].filter((key) => key !== '');
  const found = new Map<string, ProductRow>();
  for (let i = 0; i < wanted.length; i += 1000) {
    const rows = await db.selectFrom('products').select(PRODUCT_COLUMNS).where('sku_key', 'in', wanted.slice(i, i + 1000)).execute();
    for (const row of rows) found.set(row.sku_key, row);
  }
  return found;
}

/** The ids of the listed (not removed) parts with these part-number keys, by key: a thousand keys per query. */
export async function listedPartIds(db: Executor, keys: readonly string[]): Promise<Map<string, number>> {
  const wanted = [...new Set(keys)].filter((key) => key !== '');
  const found = new Map<string, number>();
  for (let i = 0; i < wanted.length; i += 1000) {
    const rows = await db.selectFrom('products').select(['id', 'sku_key']).where('sku_key', 'in', wanted.slice(i, i + 1000)).where('hidden_at', 'is', null).execute();
    for (const row of rows) found.set(row.sku_key, row.id);
  }
  return found;
}

/** On PostgreSQL, a read inside a transaction that is about to write the row locks it (SQLite runs one transaction at a time). */
function lockedForUpdate<Q extends { forUpdate(): Q }>(db: Executor, query: Q): Q {
  return db.isTransaction && isPostgres(db) ? query.forUpdate() : query;
}

/** Every category with the number of its parts for sale, within the list's other filters when given. */
export async function categorySummaries(db: Executor, filters: CategoryCountOptions = {}): Promise<CategorySummary[]> {
  const bySlug = await categoryCounts(db, filters);
  return CATEGORIES.map((c) => ({ slug: c.slug, name: c.name, count: bySlug.get(c.slug) ?? 0 }));
}

export async function hasAnyProduct(db: Executor): Promise<boolean> {
  return Boolean(await db.selectFrom('products').select('id').limit(1).executeTakeFirst());
}

/** Columns derived from a product's fields: the part number's key and the words of its specs. */
function derivedColumns(sku: string, specs: readonly Spec[]) {
  return { sku, sku_key: normalisePartNumber(sku), specs: JSON.stringify(specs), keywords: specs.map((s) => `${s.name} ${s.value}`).join(' ') };
}

/**
 * New products; those without a part number get one generated from their category. 409 when one is taken.
 * Their opening stock is a ledger row each, `edit` from the form (or the demo), `import` from a file.
 */
export async function createProducts(db: Executor, inputs: ProductInput[], opening: { reason: 'edit' | 'import'; by: StockMover }): Promise<ProductRow[]> {
  if (inputs.length === 0) return [];
  const skus = await assignPartNumbers(db, inputs.map((input) => ({ sku: input.sku, category: input.category ?? DEFAULT_CATEGORY })));
  const created = await writeUnique(() =>
    db
      .insertInto('products')
      .values(
        inputs.map((input, i) => ({
          name: input.name,
          description: input.description,
          img: input.img ?? FALLBACK_PRODUCT_IMAGE,
          price_cents: dollarsToCents(input.price),
          stock: input.stock,
          min_quantity: input.min,
          pack_size: input.packSize ?? 1,
          price_breaks: priceBreaksColumn(input.priceBreaks ?? []),
          reorder_threshold: input.reorderThreshold ?? null,
          weight_grams: input.weightGrams ?? 0,
          tax_class: input.taxClass ?? 'standard',
          core_charge_cents: dollarsToCents(input.coreCharge ?? 0),
          hidden_at: null,
          archived_at: null,
          category: input.category ?? DEFAULT_CATEGORY,
          ...derivedColumns(skus[i]!, input.specs ?? []),
          ...timestamps(),
        })),
      )
      .returningAll()
      .execute(),
  );
  for (const [i, product] of created.entries()) {
    const { numbers, applications } = inputs[i]!;
    if (numbers?.length) await replaceNumbers(db, product.id, numbers);
    if (applications?.length) await replaceApplications(db, product.id, applications);
  }
  await recordStockMovements(db, created.map((row) => ({ productId: row.id, change: row.stock, stockAfter: row.stock })), opening);
  return created;
}

/** A new product from the product form: its opening stock is an `edit` by `by`. */
export async function createProduct(db: Executor, by: Actor, input: ProductInput): Promise<ProductRow> {
  const [product] = await createProducts(db, [input], { reason: 'edit', by });
  return product!;
}

/** Two admins saving the same new part number at once: the index refuses the second, the same answer as a check. */
async function writeUnique<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('sku_taken', fieldMessages.skuTakenRace, { sku: fieldMessages.skuTakenRace });
    throw error;
  }
}

/**
 * Changes any of a product's fields (the caller's transaction holds its row); every change of price or
 * stock is recorded with who made it. Archiving (`active: false`) takes it off the shop, restoring puts it back.
 */
export async function updateProduct(db: Executor, actor: Actor, id: number, patch: ProductPatch, reason: ProductChangeReason = 'edit'): Promise<ProductRow> {
  const [after] = await updateProducts(db, actor, [{ id, patch }], reason);
  return after!;
}

/**
 * Edits of several products (an import's batch: each id once, at most a thousand) as `updateProduct`
 * makes one: their rows read (and on PostgreSQL locked, in id order as orders lock them) in one query,
 * each edit checked, the edits that set the same fields written by one statement, their price and stock
 * changes recorded in one insert.
 */
export async function updateProducts(db: Executor, actor: Actor, edits: readonly { id: number; patch: ProductPatch }[], reason: ProductChangeReason = 'edit'): Promise<ProductRow[]> {
  if (edits.length === 0) return [];
  const rows = await lockedForUpdate(db, listedProducts(db).where('id', 'in', edits.map((edit) => edit.id)).orderBy('id')).execute();
  const before = new Map(rows.map((row) => [row.id, row]));
  const changes: Change[] = [];
  for (const { id, patch } of edits) {
    const row = foundOr404(before.get(id));
    changes.push({ id, set: await checkedChange(db, row, patch) });
  }
  const after = await writeChanges(db, changes);
  const changed = edits.map(({ id }) => ({ before: before.get(id)!, after: after.get(id)! }));
  await recordChanges(db, actor, changed, reason);
  // The rows were read locked (PostgreSQL) or in SQLite's one writer: their stock before is exact.
  const moved = changed.map(({ before: row, after: now }) => ({ productId: now.id, change: now.stock - row.stock, stockAfter: now.stock }));
  await recordStockMovements(db, moved, { reason: reason === 'import' ? 'import' : 'edit', by: actor });
  return changed.map((change) => change.after);
}

/** The columns an edit sets (`updated_at` aside), once it is checked against the part as it is. */
interface Change {
  id: number;
  set: Omit<ProductUpdate, 'id' | 'updated_at'>;
}

async function checkedChange(db: Executor, before: ProductRow, patch: ProductPatch): Promise<Change['set']> {
  if (patch.sku !== undefined && normalisePartNumber(patch.sku) !== before.sku_key) await refuseTakenPartNumber(db, patch.sku);
  if (patch.price !== undefined || patch.priceBreaks !== undefined) refuseTiersNotBelowPrice(before, patch);
  const set: Change['set'] = {};
  if (patch.name !== undefined) set.name = patch.name;
  if (patch.description !== undefined) set.description = patch.description;
  if (patch.img !== undefined) set.img = patch.img;
  if (patch.price !== undefined) set.price_cents = dollarsToCents(patch.price);
  if (patch.stock !== undefined) set.stock = patch.stock;
  if (patch.min !== undefined) set.min_quantity = patch.min;
  if (patch.packSize !== undefined) set.pack_size = patch.packSize;
  if (patch.priceBreaks !== undefined) set.price_breaks = priceBreaksColumn(patch.priceBreaks);
  if (patch.reorderThreshold !== undefined) set.reorder_threshold = patch.reorderThreshold;
  if (patch.weightGrams !== undefined) set.weight_grams = patch.weightGrams;
  if (patch.taxClass !== undefined) set.tax_class = patch.taxClass;
  if (patch.coreCharge !== undefined) set.core_charge_cents = dollarsToCents(patch.coreCharge);
  if (patch.category !== undefined) set.category = patch.category;
  if (patch.sku !== undefined || patch.specs !== undefined) {
    Object.assign(set, derivedColumns(patch.sku ?? before.sku, patch.specs ?? (JSON.parse(before.specs) as Spec[])));
  }
  if (patch.active !== undefined) set.archived_at = patch.active ? null : (before.archived_at ?? now());
  if (patch.numbers !== undefined) await replaceNumbers(db, before.id, patch.numbers);
  if (patch.applications !== undefined) await replaceApplications(db, before.id, patch.applications);
  return set;
}

/**
 * The changes written, those that set the same columns by one statement (an import's batch sets the same
 * few for most parts: one statement for the batch instead of one a part). The rows as they are now, by id.
 */
async function writeChanges(db: Executor, changes: readonly Change[]): Promise<Map<number, ProductRow>> {
  const byColumns = new Map<string, Change[]>();
  for (const change of changes) {
    const columns = Object.keys(change.set).sort().join();
    const alike = byColumns.get(columns);
    if (alike) alike.push(change);
    else byColumns.set(columns, [change]);
  }
  const at = now();
  const after = new Map<number, ProductRow>();
  for (const alike of byColumns.values()) {
    const rows = await writeUnique(() => setColumnsOf(db, alike, at).execute());
    for (const row of rows) after.set(row.id, row);
  }
  return after;
}

/** One statement for edits that set the same columns: each edit's values come as JSON, `[{ id, column: value, … }]`. */
function setColumnsOf(db: Executor, alike: readonly Change[], at: string) {
  const columns = Object.keys(alike[0]!.set);
  const edits = rowsOfJson(db, 'products', ['id', ...columns], JSON.stringify(alike.map(({ id, set }) => ({ id, ...set }))));
  return db
    .updateTable('products')
    .from(edits.as('edit'))
    .set({ ...Object.fromEntries(columns.map((column) => [column, sql.ref(`edit.${column}`)])), updated_at: at })
    .whereRef('products.id', '=', sql.ref('edit.id'))
    .returning(PRODUCT_COLUMNS.map((column) => `products.${column}` as const));
}

/** A new price or new tiers are checked together with what the part keeps: every tier cheaper than the price. */
function refuseTiersNotBelowPrice(before: ProductRow, patch: Pick<ProductPatch, 'price' | 'priceBreaks'>): void {
  if (tiersBelowPrice(patch.price ?? centsToDollars(before.price_cents), patch.priceBreaks ?? priceBreaksOf(before))) return;
  throw badRequest(fieldMessages.priceBreakBelowPrice, { priceBreaks: fieldMessages.priceBreakBelowPrice });
}

async function refuseTakenPartNumber(db: Executor, sku: string): Promise<void> {
  const holder = await partNumberTaken(db, sku);
  if (holder) throw conflict('sku_taken', fieldMessages.skuTaken(holder.sku, holder.name), { sku: fieldMessages.skuTaken(holder.sku, holder.name) });
}

/** Units that arrived, added to what is there in one statement (orders taking stock meanwhile lose nothing). */
export async function restockProduct(db: Executor, actor: Actor, id: number, quantity: number): Promise<ProductRow> {
  const before = await getListedProduct(db, id);
  const after = await db
    .updateTable('products')
    .set({ stock: sql<number>`stock + ${quantity}`, updated_at: now() })
    .where('id', '=', id)
    .where('stock', '<=', STOCK_MAX - quantity)
    .returningAll()
    .executeTakeFirst();
  if (!after) throw conflict('stock_too_high', fieldMessages.stockAboveMax, { quantity: fieldMessages.stockAboveMax });
  await recordChanges(db, actor, [{ before: { ...before, stock: after.stock - quantity }, after }], 'restock');
  await recordStockMovements(db, [{ productId: id, change: quantity, stockAfter: after.stock }], { reason: 'restock', by: actor });
  return after;
}

/** Rows of price and stock changes a statement: nine values each, well inside both databases' limits on bound parameters. */
const CHANGES_PER_INSERT = 1000;

/** Every change of price or stock among these edits, with who made it and why. */
async function recordChanges(db: Executor, actor: Actor, changed: readonly { before: ProductRow; after: ProductRow }[], reason: ProductChangeReason) {
  const by = { actor_user_id: actor.id, actor_name: actor.name, actor_email: actor.email, created_at: now() };
  const rows = changed.flatMap(({ before, after }) =>
    [
      { field: 'price' as const, old_value: before.price_cents, new_value: after.price_cents },
      { field: 'stock' as const, old_value: before.stock, new_value: after.stock },
    ]
      .filter((c) => c.old_value !== c.new_value)
      .map((c) => ({ product_id: after.id, reason, ...c, ...by })),
  );
  for (let start = 0; start < rows.length; start += CHANGES_PER_INSERT) {
    await db.insertInto('product_changes').values(rows.slice(start, start + CHANGES_PER_INSERT)).execute();
  }
}

/** A product's price and stock changes, newest first. */
export async function productChanges(db: Executor, id: number): Promise<ProductChange[]> {
  const rows = await db.selectFrom('product_changes').selectAll().where('product_id', '=', id).orderBy('id', 'desc').limit(500).execute();
  return rows.map((r) => ({
    field: r.field,
    from: r.field === 'price' ? centsToDollars(r.old_value) : r.old_value,
    to: r.field === 'price' ? centsToDollars(r.new_value) : r.new_value,
    reason: r.reason,
    by: { name: r.actor_name, email: r.actor_email },
    at: r.created_at,
  }));
}

/**
 * Takes each line's units from its product (each product once) for an order, or reports the first product,
 * in product order, it could not take them from: the caller's transaction then undoes the rest. The
 * condition is in the update itself (the stock stays at least 0), so concurrent reservations never take
 * more than there is, on either database, whatever the caller read before: PostgreSQL checks it again on
 * the row as the transaction that held the row left it, and SQLite runs one writer at a time. Every line
 * is taken by one statement, and recorded in the ledger (`order`, the order's id) by one insert.
 */
export async function reserveStock(
  db: Executor,
  lines: readonly { productId: number; quantity: number }[],
  order: { orderId: number; by: StockMover },
): Promise<number | undefined> {
  if (lines.length === 0) return undefined;
  const moved = await addToStock(db, lines.map((line) => ({ productId: line.productId, change: -line.quantity })), { forSaleOnly: true });
  const taken = new Set(moved.map((m) => m.productId));
  const short = lines.map((line) => line.productId).sort((a, b) => a - b).find((id) => !taken.has(id));
  if (short === undefined) await recordStockMovements(db, moved, { reason: 'order', ...order });
  return short;
}

/**
 * Units an order let go of (cancelled or expired) or a buyer sent back undamaged go back to their products,
 * hidden or not, by one statement, recorded in the ledger by one insert.
 */
export async function releaseStock(
  db: Executor,
  lines: readonly { productId: number; quantity: number }[],
  move: StockMove & { reason: 'cancel' | 'expiry' | 'return' },
): Promise<void> {
  const byProduct = new Map<number, number>();
  for (const line of lines) byProduct.set(line.productId, (byProduct.get(line.productId) ?? 0) + line.quantity);
  const moved = await addToStock(db, [...byProduct].map(([productId, change]) => ({ productId, change })), { forSaleOnly: false });
  await recordStockMovements(db, moved, move);
}

/**
 * Adds each change to its product's stock in one statement (each product once), the changes joined to the
 * products as a list of values; the stock is read and written by the update itself, and its RETURNING is
 * the stock each change left. `forSaleOnly` changes only parts for sale, and none below 0 (a reservation).
 *
 * On PostgreSQL the rows of several parts are locked first, in product order: an update of many rows locks
 * them in whatever order its plan reads them, and two transactions of the same parts locking in different
 * orders would deadlock. The locks stay until the commit: callers keep that stretch short.
 */
async function addToStock(db: Executor, changes: readonly { productId: number; change: number }[], { forSaleOnly }: { forSaleOnly: boolean }): Promise<MovedStock[]> {
  if (changes.length === 0) return [];
  const byProduct = [...changes].sort((a, b) => a.productId - b.productId);
  if (byProduct.length > 1 && isPostgres(db)) {
    // The lock the update takes itself (it changes no key): an order's lines, written before its stock is
    // taken, hold a key-share lock on their parts (their foreign key), which FOR UPDATE would wait for.
    await db.selectFrom('products').select('id').where('id', 'in', byProduct.map((c) => c.productId)).orderBy('id').forNoKeyUpdate().execute();
  }
  // A list of values names its columns column1, column2 on both databases; the casts type the parameters for PostgreSQL.
  const values = sql.join(byProduct.map((c) => sql`(cast(${c.productId} as integer), cast(${c.change} as integer))`));
  const moves = sql<{ id: number; change: number }>`(select column1 as id, column2 as change from (values ${values}) as moves)`;
  let update = db
    .updateTable('products')
    .from(moves.as('moves'))
    .set({ stock: sql<number>`products.stock + moves.change`, updated_at: now() })
    .whereRef('products.id', '=', 'moves.id');
  if (forSaleOnly) {
    update = update
      .where(sql<boolean>`products.stock + moves.change >= 0`)
      .where('products.hidden_at', 'is', null)
      .where('products.archived_at', 'is', null);
  }
  // SQLite's RETURNING of an UPDATE FROM names only the updated table: each change comes from the list.
  const changeOf = new Map(byProduct.map((c) => [c.productId, c.change]));
  const rows = await update.returning(['products.id', 'products.stock']).execute();
  return rows.map((row) => ({ productId: row.id, change: changeOf.get(row.id)!, stockAfter: row.stock }));
}

/** How a product's shown reviews changed: so many more (or fewer) of them, their ratings' sum by so much. */
export interface RatingChange {
  productId: number;
  count: number;
  sum: number;
}

/**
 * Adds review changes to the products' rating figures in one statement, each product once (the changes
 * of one product summed first): the figures are read and written by the update itself, so reviews of one
 * part written at once on several servers lose none.
 */
export async function addToRatings(db: Executor, changes: readonly RatingChange[]): Promise<void> {
  const byProduct = new Map<number, RatingChange>();
  for (const change of changes) {
    const total = byProduct.get(change.productId) ?? { productId: change.productId, count: 0, sum: 0 };
    byProduct.set(change.productId, { ...total, count: total.count + change.count, sum: total.sum + change.sum });
  }
  const real = [...byProduct.values()].filter((change) => change.count !== 0 || change.sum !== 0).sort((a, b) => a.productId - b.productId);
  if (real.length === 0) return;
  const values = sql.join(real.map((c) => sql`(cast(${c.productId} as integer), cast(${c.count} as integer), cast(${c.sum} as integer))`));
  const delta = sql<{ id: number; count: number; sum: number }>`(select column1 as id, column2 as count, column3 as sum from (values ${values}) as changes)`;
  // SET expressions read the row as it was before the update, on both databases.
  await db
    .updateTable('products')
    .from(delta.as('delta'))
    .set({
      rating_count: sql<number>`products.rating_count + delta.count`,
      rating_sum: sql<number>`products.rating_sum + delta.sum`,
      rating_average: sql<number>`case when products.rating_count + delta.count = 0 then 0 else cast(products.rating_sum + delta.sum as double precision) / (products.rating_count + delta.count) end`,
    })
    .whereRef('products.id', '=', 'delta.id')
    .execute();
}

/** Whether our fitment data says the part fits the vehicle: one of its applications covers it. */
export async function partFitsVehicle(db: Executor, productId: number, vehicle: VehicleIdentity): Promise<boolean> {
  const covering = await db
    .selectFrom('applications')
    .select('applications.id')
    .where('applications.product_id', '=', productId)
    .where(coversVehicle(comparedVehicle(vehicle)))
    .limit(1)
    .executeTakeFirst();
  return covering !== undefined;
}

export async function currentStock(db: Executor, productId: number): Promise<number> {
  const row = await db.selectFrom('products').select('stock').where('id', '=', productId).executeTakeFirst();
  return row?.stock ?? 0;
}

/** Takes a product off the shop; a hidden product keeps its row, for the orders that point at it. */
export async function hideProduct(db: Executor, id: number): Promise<void> {
  await db.updateTable('products').set({ hidden_at: now(), updated_at: now() }).where('id', '=', id).execute();
}

export async function deleteProduct(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('product_changes').where('product_id', '=', id).execute();
  await db.deleteFrom('stock_movements').where('product_id', '=', id).execute();
  await db.deleteFrom('applications').where('product_id', '=', id).execute();
  await db.deleteFrom('product_numbers').where('product_id', '=', id).execute();
  await db.deleteFrom('products').where('id', '=', id).execute();
}

/** How many parts for sale are at or below their reorder threshold (the staff home). */
export { countLowStock } from './low-stock.js';
