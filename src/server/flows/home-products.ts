import type { Product } from '../../shared/api.js';
import { MOST_ORDERED } from '../../shared/catalog.js';
import { newestProductDtos, visibleProductDtos } from '../catalog/service.js';
import type { Executor } from '../db/schema.js';
import { partsByUnitsPaid } from '../orders/stats.js';

const DAY_MS = 86_400_000;
/** Ranked parts read: enough that archived or removed best sellers still leave a full grid. */
const CANDIDATES = 50;

/**
 * The home page's "Parts our customers order most": the parts for sale with the most units in orders paid in
 * the last MOST_ORDERED.days days, most first. A shop that has sold fewer parts than the grid holds fills it
 * with its newest parts, after the ones sold.
 */
export async function mostOrderedProducts(db: Executor, now = Date.now()): Promise<Product[]> {
  const since = new Date(now - MOST_ORDERED.days * DAY_MS).toISOString();
  const ranked = await partsByUnitsPaid(db, since, new Date(now).toISOString(), CANDIDATES);
  const sold = (await visibleProductDtos(db, ranked)).slice(0, MOST_ORDERED.count);
  if (sold.length === MOST_ORDERED.count) return sold;
  const newest = await newestProductDtos(db, MOST_ORDERED.count - sold.length, sold.map((product) => Number(product._id)));
  return [...sold, ...newest];
}
