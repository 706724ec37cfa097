import type { HomeSummary } from '../../shared/api.js';
import type { Config } from '../config.js';
import type { Executor } from '../db/schema.js';
import { percentOfOrdersPaid } from '../orders/stats.js';
import { reviewFigures } from '../reviews/service.js';

/** The home page's business summary: the reviews' and the orders' real figures, or none when the shop shows its written ones. */
export async function homeSummary(db: Executor, figures: Config['shop']['homeFigures']): Promise<HomeSummary> {
  if (figures === 'static') return { live: false, reviews: 0, averageRating: 0, ordersCompleted: 0 };
  const [reviews, ordersCompleted] = await Promise.all([reviewFigures(db), percentOfOrdersPaid(db)]);
  return { live: true, reviews: reviews.count, averageRating: reviews.averageRating, ordersCompleted };
}
