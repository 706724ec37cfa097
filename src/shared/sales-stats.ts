/**
 * The sales overview on the wire (GET /api/admin/stats, admins): its query and its answer. Apart from
 * api.ts and schemas.ts so the storefront's first page does not carry them.
 */
import { z } from 'zod';
import { daysInPeriod } from './dates.js';
import { ORDER_STATUSES } from './order-status.js';
import { calendarDateSchema, fieldMessages, idSchema, SALES_PERIOD_MAX_DAYS } from './schemas.js';

/** GET /api/admin/stats: `from` and `to` both included; with `companyId`, that company's orders only (issue 63). */
export const salesStatsQuerySchema = z
  .object({ from: calendarDateSchema, to: calendarDateSchema, companyId: idSchema.optional() })
  .refine(({ from, to }) => from <= to, { path: ['from'], message: fieldMessages.periodOrder })
  .refine(({ from, to }) => daysInPeriod(from, to) <= SALES_PERIOD_MAX_DAYS, {
    path: ['to'],
    message: fieldMessages.periodTooLong(SALES_PERIOD_MAX_DAYS),
  });
export type SalesStatsQuery = z.output<typeof salesStatsQuerySchema>;

/**
 * The sales overview of a period (GET /api/admin/stats, admins), days on the shop's calendar. Money is
 * dollars; revenue, orders, units, `byDay` and the top lists count paid orders on the day they were paid,
 * `byStatus` the orders placed in the period by their status now (every status, 0 included).
 */
const topProductSchema = z.object({ productId: z.string(), sku: z.string(), name: z.string(), revenue: z.number(), units: z.number().int() });

export const salesStatsSchema = z.object({
  /** Goods and shipping of the paid orders, in dollars: what the shop earned. Tax is never in it. */
  revenue: z.number(),
  /** The tax those orders charged (collected for the tax authorities). */
  tax: z.number(),
  /** Dollars given back in the period (cancelled paid orders, returns), on the day each refund was made; revenue above is not lessened by them. */
  refunds: z.number(),
  orders: z.number().int(),
  units: z.number().int(),
  averageOrderValue: z.number(),
  /** Every date of the period, in order, days without sales too. */
  byDay: z.array(z.object({ date: z.string(), revenue: z.number(), orders: z.number().int() })),
  /** At most 10 each, highest revenue first; a product as its last sale in the period named it. */
  topProducts: z.array(topProductSchema),
  /** The same, ranked by units sold (a cheap part sold by the thousand). */
  topProductsByUnits: z.array(topProductSchema),
  topCustomers: z.array(z.object({ email: z.string(), name: z.string(), revenue: z.number(), orders: z.number().int() })),
  /** The companies whose orders (issue 63) brought the most, at most 10, ties by id; orders of no company are not in it. */
  topCompanies: z.array(z.object({ companyId: z.number().int(), name: z.string(), revenue: z.number(), orders: z.number().int() })),
  byStatus: z.record(z.enum(ORDER_STATUSES), z.number().int()),
});
export type SalesStats = z.infer<typeof salesStatsSchema>;
