/**
 * What a buyer pays: the catalog's public tiers, or for a signed-in member of an approved company whose
 * price list is in force on the shop's calendar day the lowest of those and the list's price, line by
 * line (src/shared/pricing.ts memberPricing). Read fresh for every request: a member removed from their
 * company pays public prices on their next one. The catalog knows nothing of companies, so this lives
 * here and the catalog's answers are decorated after its public cache (`memberProductPrices`).
 */
import type { Product } from '../../shared/api.js';
import { centsToDollars } from '../../shared/money.js';
import { type ListPricing, memberPricing, type Pricing, pricingOf, unitPriceCentsFor } from '../../shared/pricing.js';
import type { CartPricing } from '../cart/service.js';
import { pricingOfProduct } from '../catalog/service.js';
import { type Membership, membershipOf } from '../companies/service.js';
import type { Config } from '../config.js';
import type { Executor, ProductRow } from '../db/schema.js';
import type { Viewer } from '../http/access.js';
import { listPricingFor } from '../price-lists/service.js';
import { shopToday } from '../shipping-tax/service.js';

type PricedRow = Pick<ProductRow, 'id' | 'price_cents' | 'price_breaks'>;

/** How one buyer's parts are priced: `of` gives the Pricing to use in place of pricingOfProduct. */
export interface BuyerPricing {
  /** The buyer's membership, when they have one (approved company). */
  membership: Membership | undefined;
  /** Whether a price list applies (member, list in force): only then do prices differ from the public ones. */
  member: boolean;
  of(product: PricedRow): Pricing;
}

const publicPricing: BuyerPricing = { membership: undefined, member: false, of: pricingOfProduct };

/** The lists' pricing of these parts for this viewer, or undefined (no member, no list, not in force). */
async function listPricingOfViewer(
  db: Executor,
  viewer: Pick<Viewer, 'id'> | null,
  productIds: readonly number[],
  shop: Pick<Config['shop'], 'timeZone'>,
): Promise<{ membership: Membership | undefined; lists: Map<number, ListPricing> | undefined }> {
  if (!viewer) return { membership: undefined, lists: undefined };
  const membership = await membershipOf(db, viewer.id);
  if (!membership?.priceListId) return { membership, lists: undefined };
  return { membership, lists: await listPricingFor(db, membership.priceListId, productIds, shopToday(shop.timeZone)) };
}

/** The pricing for `viewer` of `products` (rows as the catalog gives them), in `db` (the order's transaction when placing one). */
export async function pricingForBuyer(
  db: Executor,
  viewer: Pick<Viewer, 'id'> | null,
  products: Iterable<PricedRow>,
  shop: Pick<Config['shop'], 'timeZone'>,
): Promise<BuyerPricing> {
  const rows = [...products];
  const { membership, lists } = await listPricingOfViewer(db, viewer, rows.map((row) => row.id), shop);
  if (!lists) return { ...publicPricing, membership };
  return {
    membership,
    member: true,
    of: (product) => {
      const list = lists.get(product.id);
      return list ? memberPricing(pricingOfProduct(product), list) : pricingOfProduct(product);
    },
  };
}

/** The cart's pricing (cart/service.ts CartPricing): the member's where a list applies. */
export function cartPricingFor(shop: Pick<Config['shop'], 'timeZone'>): CartPricing {
  return async (db, userId, products) => (await pricingForBuyer(db, { id: userId }, products, shop)).of;
}

/** A part on the wire with what this member pays: `yourPrice` at its minimum quantity, `yourPriceBreaks` ascending. */
function withMemberPrice(product: Product, list: ListPricing): Product {
  const pricing = memberPricing(pricingOf(product), list);
  return {
    ...product,
    yourPrice: centsToDollars(unitPriceCentsFor(pricing, product.min)),
    yourPriceBreaks: [...pricing.tiers].sort((a, b) => a.minQuantity - b.minQuantity).map((tier) => ({ minQuantity: tier.minQuantity, price: centsToDollars(tier.priceCents) })),
  };
}

/** Decorates the catalog's public answers (one part, a list, a page) with a member's prices. */
export type ProductDecorator = (body: unknown) => Promise<unknown>;

/**
 * For a signed-in member whose list is in force: what turns a public catalog answer (a part, an array of
 * parts, a page `{ items }`, a saved list's `lines`, or anything holding parts under `product`) into theirs. Undefined for anyone
 * else, who gets the public answer as it is.
 */
export async function memberProductPrices(db: Executor, viewer: Pick<Viewer, 'id'> | null, shop: Pick<Config['shop'], 'timeZone'>): Promise<ProductDecorator | undefined> {
  if (!viewer) return undefined;
  const membership = await membershipOf(db, viewer.id);
  if (!membership?.priceListId) return undefined;
  const today = shopToday(shop.timeZone);
  // Whether the list is in force at all (no parts asked): not, and the answer stays public.
  if (!(await listPricingFor(db, membership.priceListId, [], today))) return undefined;
  const priceListId = membership.priceListId;
  return async (body) => {
    const products = productsIn(body);
    const lists = await listPricingFor(db, priceListId, [...new Set(products.map((product) => Number(product._id)))], today);
    if (!lists) return body;
    return mapProducts(body, (product) => withMemberPrice(product, lists.get(Number(product._id)) ?? { discountBasisPoints: 0, fixed: [] }));
  };
}

const isProduct = (value: unknown): value is Product => typeof value === 'object' && value !== null && '_id' in value && 'priceBreaks' in value && 'min' in value;

/** Every part an answer holds: itself, the items of an array or page (`items`), a saved list's `lines`, or a `product` field of each. */
function productsIn(body: unknown): Product[] {
  const found: Product[] = [];
  mapProducts(body, (product) => {
    found.push(product);
    return product;
  });
  return found;
}

function mapProducts(body: unknown, change: (product: Product) => Product): unknown {
  if (isProduct(body)) return change(body);
  if (Array.isArray(body)) return body.map((item) => mapProducts(item, change));
  if (typeof body === 'object' && body !== null) {
    const record = body as Record<string, unknown>;
    if ('items' in record) return { ...record, items: mapProducts(record.items, change) };
    if ('lines' in record) return { ...record, lines: mapProducts(record.lines, change) };
    if ('product' in record) return { ...record, product: record.product === null ? null : mapProducts(record.product, change) };
  }
  return body;
}
