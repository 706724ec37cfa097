/**
 * The sales overview (GET /api/admin/stats), summed by the database: whatever the period, each query
 * answers at most a row per day, per product or per customer, never the orders themselves.
 *
 * Which instant puts an order on a day:
 * - revenue, orders, units, `byDay`, `topProducts`, `topCustomers` count paid orders (pending, shipped) on
 *   the day they were paid (`invoiced_at`): money counts when it came in, so an order placed on the 31st and
 *   paid on the 1st is the 1st's, and an order paid later never changes a day that is over.
 * - `byStatus` counts the orders placed (`created_at`) in the period by their status now: of what was
 *   ordered, how much is still unpaid, paid, shipped, cancelled or expired.
 * Days are the shop's (SHOP_TIME_ZONE): each date becomes the UTC instants it spans (calendar.ts), which the
 * stored timestamps (ISO-8601 UTC text on both databases, so text order is time order) are compared with.
 */
import { sql } from 'kysely';
import type { SalesStats } from '../../shared/api.js';
import { centsToDollars } from '../../shared/money.js';
import { isPaid, ORDER_STATUSES, type OrderStatus } from '../../shared/order-status.js';
import type { SalesStatsQuery } from '../../shared/schemas.js';
import type { Executor } from '../db/schema.js';
import { type ShopDay, shopDays } from './calendar.js';

const PAID_STATUSES = ORDER_STATUSES.filter(isPaid);
const TOP_LIST_LENGTH = 10;

/** From the first day's start to the last day's end. */
type Span = Pick<ShopDay, 'starts' | 'ends'>;

export async function salesStats(db: Executor, { from, to }: SalesStatsQuery, timeZone: string): Promise<SalesStats> {
  const days = shopDays(timeZone, from, to);
  const span = { starts: days[0]!.starts, ends: days.at(-1)!.ends };
  const [sales, topProducts, topProductsByUnits, topCustomers, byStatus] = await Promise.all([
    paidByDay(db, days, span),
    topProductsPaidIn(db, span, 'sold.revenue_cents'),
    topProductsPaidIn(db, span, 'sold.units'),
    topCustomersPaidIn(db, span),
    statusesOfOrdersPlacedIn(db, span),
  ]);
  const byDay = days.map(({ date }) => ({ date, ...(sales.get(date) ?? { revenueCents: 0, orders: 0, units: 0 }) }));
  const revenueCents = sum(byDay.map((day) => day.revenueCents));
  const orders = sum(byDay.map((day) => day.orders));
  return {
    revenue: centsToDollars(revenueCents),
    orders,
    units: sum(byDay.map((day) => day.units)),
    averageOrderValue: orders === 0 ? 0 : centsToDollars(Math.round(revenueCents / orders)),
    byDay: byDay.map((day) => ({ date: day.date, revenue: centsToDollars(day.revenueCents), orders: day.orders })),
    topProducts,
    topProductsByUnits,
    topCustomers,
    byStatus,
  };
}

/** Of every order ever placed, the percent that was paid (waiting to ship or shipped), whole; 0 before the first order. */
export async function percentOfOrdersPaid(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => [eb.fn.countAll<number | string>().as('placed'), eb.fn.countAll<number | string>().filterWhere('status', 'in', PAID_STATUSES).as('paid')])
    .executeTakeFirstOrThrow();
  const placed = Number(row.placed);
  return placed === 0 ? 0 : Math.round((Number(row.paid) / placed) * 100);
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/** Paid orders whose payment falls in `span`. */
function paidIn(span: Span) {
  return sql<boolean>`o.status in (${sql.join(PAID_STATUSES)}) and o.invoiced_at >= ${span.starts} and o.invoiced_at < ${span.ends}`;
}

/** Each day's paid orders: one row per day with a sale (sums arrive as strings from PostgreSQL). */
async function paidByDay(db: Executor, days: readonly ShopDay[], span: Span) {
  const ranges = sql.join(days.map((day) => sql`(${day.date}, ${day.starts}, ${day.ends})`));
  // The whole span is asked for as well: PostgreSQL then reads one index range instead of guessing per day.
  const { rows } = await sql<{ day: string; orders: string | number; revenue_cents: string | number; units: string | number }>`
    with days (day, starts, ends) as (values ${ranges})
    select days.day, count(*) as orders, sum(o.total_cents) as revenue_cents, sum(o.quantity) as units
    from days join orders o on o.invoiced_at >= days.starts and o.invoiced_at < days.ends
    where ${paidIn(span)}
    group by days.day`.execute(db);
  return new Map(rows.map((row) => [row.day, { revenueCents: Number(row.revenue_cents), orders: Number(row.orders), units: Number(row.units) }]));
}

/** The products that brought the most (or sold the most units), each named as its last sale in the span named it. */
async function topProductsPaidIn(db: Executor, span: Span, rank: 'sold.revenue_cents' | 'sold.units'): Promise<SalesStats['topProducts']> {
  const rows = await db
    .selectFrom((qb) =>
      qb
        .selectFrom('order_lines as l')
        .innerJoin('orders as o', 'o.id', 'l.order_id')
        .where(paidIn(span))
        .groupBy('l.product_id')
        .select((eb) => [
          'l.product_id',
          sql<string | number>`sum(cast(l.quantity as bigint) * l.unit_price_cents)`.as('revenue_cents'),
          eb.fn.sum<string | number>('l.quantity').as('units'),
          eb.fn.max('l.id').as('latest_line_id'),
        ])
        .as('sold'),
    )
    .innerJoin('order_lines as latest', 'latest.id', 'sold.latest_line_id')
    .select(['sold.product_id', 'sold.revenue_cents', 'sold.units', 'latest.product_sku', 'latest.product_name'])
    .orderBy(rank, 'desc')
    .orderBy('latest.product_name')
    .orderBy('sold.product_id')
    .limit(TOP_LIST_LENGTH)
    .execute();
  return rows.map((row) => ({
    productId: String(row.product_id),
    sku: row.product_sku,
    name: row.product_name,
    revenue: centsToDollars(Number(row.revenue_cents)),
    units: Number(row.units),
  }));
}

/** The accounts that paid the most, with the e-mail and name of their last paid order in the span. */
async function topCustomersPaidIn(db: Executor, span: Span): Promise<SalesStats['topCustomers']> {
  const rows = await db
    .selectFrom((qb) =>
      qb
        .selectFrom('orders as o')
        .where(paidIn(span))
        .groupBy('o.user_id')
        .select((eb) => [
          eb.fn.sum<string | number>('o.total_cents').as('revenue_cents'),
          eb.fn.countAll<string | number>().as('orders'),
          eb.fn.max('o.id').as('latest_order_id'),
        ])
        .as('bought'),
    )
    .innerJoin('orders as latest', 'latest.id', 'bought.latest_order_id')
    .select(['bought.revenue_cents', 'bought.orders', 'latest.email', 'latest.customer_name'])
    .orderBy('bought.revenue_cents', 'desc')
    .orderBy('latest.email')
    .orderBy('latest.id')
    .limit(TOP_LIST_LENGTH)
    .execute();
  return rows.map((row) => ({
    email: row.email,
    name: row.customer_name,
    revenue: centsToDollars(Number(row.revenue_cents)),
    orders: Number(row.orders),
  }));
}

/** The orders placed in the span, counted by their status now (every status, 0 included). */
async function statusesOfOrdersPlacedIn(db: Executor, span: Span): Promise<Record<OrderStatus, number>> {
  const rows = await db
    .selectFrom('orders')
    .where('created_at', '>=', span.starts)
    .where('created_at', '<', span.ends)
    .groupBy('status')
    .select((eb) => ['status', eb.fn.countAll<string | number>().as('count')])
    .execute();
  const counts = Object.fromEntries(ORDER_STATUSES.map((status) => [status, 0])) as Record<OrderStatus, number>;
  for (const row of rows) counts[row.status] = Number(row.count);
  return counts;
}
