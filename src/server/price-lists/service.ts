/**
 * Staff price lists: what a list charges for parts. Only this domain reads its tables; the rule that
 * combines a list with the public tiers is src/shared/pricing.ts (memberPricing).
 */
import { type ListPricing, priceListInForce } from '../../shared/pricing.js';
import type { Executor } from '../db/schema.js';

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
