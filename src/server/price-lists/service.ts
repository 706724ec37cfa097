/**
 * Staff price lists: what a list charges for parts. Only this domain reads its tables; the rule that
 * combines a list with the public tiers is src/shared/pricing.ts (memberPricing).
 */
import type { Selectable } from 'kysely';
import type { PriceList, PriceListInput } from '../../shared/companies.js';
import { centsToDollars, dollarsToCents } from '../../shared/money.js';
import { priceListMessages } from '../../shared/price-lists-copy.js';
import { type ListPricing, priceListInForce } from '../../shared/pricing.js';
import { listedProductsById } from '../catalog/service.js';
import { type Executor, now, type PriceListsTable } from '../db/schema.js';
import { badRequest, notFound } from '../http/errors.js';

/**
 * How the list prices each of `productIds` on `today` (the shop's calendar day): its discount and its
 * fixed tiers for the part. Undefined when there is no such list or it is not in force that day.
 */
export async function listPricingFor(db: Executor, priceListId: string, productIds: readonly number[], today: string): Promise<Map<number, ListPricing> | undefined> {
  const list = await db.selectFrom('price_lists').select(['discount_basis_points', 'valid_from', 'valid_to']).where('id', '=', priceListId).executeTakeFirst();
  if (!list || !priceListInForce({ validFrom: list.valid_from, validTo: list.valid_to }, today)) return undefined;
  const fixed =
    productIds.length === 0
      ? []
      : await db
          .selectFrom('price_list_prices')
          .select(['product_id', 'min_quantity', 'price_cents'])
          .where('price_list_id', '=', priceListId)
          .where('product_id', 'in', [...productIds])
          .execute();
  const byProduct = new Map<number, ListPricing>(productIds.map((id) => [id, { discountBasisPoints: list.discount_basis_points, fixed: [] }]));
  for (const row of fixed) {
    const pricing = byProduct.get(row.product_id)!;
    byProduct.set(row.product_id, { ...pricing, fixed: [...pricing.fixed, { minQuantity: row.min_quantity, priceCents: row.price_cents }] });
  }
  return byProduct;
}

/** Whether staff keep a price list of this id (a company can be given only one that exists). */
export async function priceListExists(db: Executor, priceListId: string): Promise<boolean> {
  return (await db.selectFrom('price_lists').select('id').where('id', '=', priceListId).executeTakeFirst()) !== undefined;
}

// ---- Staff keep the lists -------------------------------------------------------

/** A list as staff see it, without how many companies buy at it (the companies domain knows that). */
export type StoredPriceList = Omit<PriceList, 'companyCount'>;

/** A fixed price to store: cents, from `minQuantity` units on. */
export interface FixedPrice {
  productId: number;
  minQuantity: number;
  priceCents: number;
}

const percentOfBasisPoints = (basisPoints: number) => basisPoints / 100;
const basisPointsOf = (percent: number) => Math.round(percent * 100);

/** Every list, by id, each with its fixed prices (sku and name as the catalog has them now). */
export async function listPriceLists(db: Executor): Promise<StoredPriceList[]> {
  const lists = await db.selectFrom('price_lists').selectAll().orderBy('id').execute();
  return withPrices(db, lists);
}

/** One list, or 404. */
export async function getPriceList(db: Executor, id: string): Promise<StoredPriceList> {
  const list = await db.selectFrom('price_lists').selectAll().where('id', '=', id).executeTakeFirst();
  if (!list) throw notFound('Price list');
  return (await withPrices(db, [list]))[0]!;
}

async function withPrices(db: Executor, lists: readonly Selectable<PriceListsTable>[]): Promise<StoredPriceList[]> {
  if (lists.length === 0) return [];
  const prices = await db
    .selectFrom('price_list_prices')
    .selectAll()
    .where('price_list_id', 'in', lists.map((list) => list.id))
    .orderBy('price_list_id')
    .orderBy('product_id')
    .orderBy('min_quantity')
    .execute();
  const products = await listedProductsById(db, [...new Set(prices.map((price) => price.product_id))]);
  return lists.map((list) => ({
    id: list.id,
    name: list.name,
    discountPercent: percentOfBasisPoints(list.discount_basis_points),
    prices: prices
      .filter((price) => price.price_list_id === list.id && products.has(price.product_id))
      .map((price) => {
        const product = products.get(price.product_id)!;
        return { productId: price.product_id, sku: product.sku, name: product.name, price: centsToDollars(price.price_cents), minQuantity: price.min_quantity };
      }),
    validFrom: list.valid_from,
    validTo: list.valid_to,
    updatedAt: list.updated_at,
  }));
}

/**
 * Creates or replaces list `id` with all its fixed prices, in the caller's transaction. 400 naming the
 * line of a price whose part the catalog does not list. Answers whether the list is new.
 */
export async function savePriceList(db: Executor, id: string, input: PriceListInput): Promise<{ created: boolean }> {
  const products = await listedProductsById(db, [...new Set(input.prices.map((price) => price.productId))]);
  const fields: Record<string, string> = {};
  input.prices.forEach((price, i) => {
    if (!products.has(price.productId)) fields[`prices.${i}.productId`] = priceListMessages.unknownProduct(i + 1, price.productId);
  });
  const first = Object.values(fields)[0];
  if (first) throw badRequest(first, fields);
  const at = now();
  const existing = await db.selectFrom('price_lists').select('id').where('id', '=', id).executeTakeFirst();
  const values = {
    name: input.name,
    discount_basis_points: basisPointsOf(input.discountPercent),
    valid_from: input.validFrom,
    valid_to: input.validTo,
    updated_at: at,
  };
  if (existing) await db.updateTable('price_lists').set(values).where('id', '=', id).execute();
  else await db.insertInto('price_lists').values({ id, ...values, created_at: at }).execute();
  await replaceFixedPrices(db, id, input.prices.map((price) => ({ productId: price.productId, minQuantity: price.minQuantity, priceCents: dollarsToCents(price.price) })));
  return { created: !existing };
}

/** Replaces the list's fixed prices (the caller's transaction; the list exists). */
export async function replaceFixedPrices(db: Executor, id: string, prices: readonly FixedPrice[]): Promise<void> {
  await db.deleteFrom('price_list_prices').where('price_list_id', '=', id).execute();
  for (let i = 0; i < prices.length; i += 500) {
    const batch = prices.slice(i, i + 500);
    await db
      .insertInto('price_list_prices')
      .values(batch.map((price) => ({ price_list_id: id, product_id: price.productId, min_quantity: price.minQuantity, price_cents: price.priceCents })))
      .execute();
  }
  await db.updateTable('price_lists').set({ updated_at: now() }).where('id', '=', id).execute();
}

/** Deletes a list and its prices; 404 when there is none. Whether a company still buys at it is the caller's to check first. */
export async function deletePriceList(db: Executor, id: string): Promise<void> {
  const deleted = await db.deleteFrom('price_lists').where('id', '=', id).executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) throw notFound('Price list');
  await db.deleteFrom('price_list_prices').where('price_list_id', '=', id).execute();
}
