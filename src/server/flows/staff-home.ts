/**
 * The staff home (issue 62): what needs doing, each count from the domain that owns it, and today's sales
 * as the sales overview counts them.
 */
import type { FastifyInstance } from 'fastify';
import { type AdminHome, adminHomeSchema } from '../../shared/back-office.js';
import { typed, type AppContext } from '../app-types.js';
import { countLowStock } from '../catalog/service.js';
import { countPendingCompanies } from '../companies/service.js';
import { countUnreadMessages } from '../contact/service.js';
import type { Executor } from '../db/schema.js';
import { countOrdersToShip, salesToday } from '../orders/service.js';
import { countReturnsToHandle } from '../returns/service.js';
import { countPendingReviews } from '../reviews/service.js';

export interface StaffHomeSettings {
  /** LOW_STOCK_THRESHOLD: the reorder threshold of a part without one of its own. */
  lowStockThreshold: number;
  /** SHOP_TIME_ZONE: whose calendar "today" is. */
  timeZone: string;
}

/** The counts read side by side: each is a separate figure, none has to agree with another. */
export async function staffHome(db: Executor, { lowStockThreshold, timeZone }: StaffHomeSettings, at = Date.now()): Promise<AdminHome> {
  const [ordersToShip, unreadMessages, lowStock, returnsToHandle, reviewsToApprove, companiesToApprove, sales] = await Promise.all([
    countOrdersToShip(db),
    countUnreadMessages(db),
    countLowStock(db, lowStockThreshold),
    countReturnsToHandle(db),
    countPendingReviews(db),
    countPendingCompanies(db),
    salesToday(db, timeZone, at),
  ]);
  return { ordersToShip, unreadMessages, lowStock, returnsToHandle, reviewsToApprove, companiesToApprove, salesToday: sales };
}

export async function staffHomeRoutes(app: FastifyInstance, { db, config }: AppContext) {
  typed(app).get(
    '/api/admin/home',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['operations'],
        description:
          'What needs doing: paid orders with units to ship, unread contact messages, low-stock parts, returns waiting on staff (requested, or approved and not received), ' +
          "reviews awaiting approval, trade applications waiting for a decision, and today's sales in dollars (SHOP_TIME_ZONE, as GET /api/admin/stats counts revenue).",
        response: { 200: adminHomeSchema },
      },
    },
    async () => staffHome(db.kysely, { lowStockThreshold: config.lowStockThreshold, timeZone: config.shop.timeZone }),
  );
}
