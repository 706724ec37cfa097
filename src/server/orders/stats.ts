/**
 * The sales overview (GET /api/admin/stats), summed by the database: whatever the period, each query
 * answers at most a row per day, per product or per customer, never the orders themselves.
 *
 * Which instant puts an order on a day:
 * - revenue (goods and shipping: tax is the state's, reported beside it as `tax`, never in revenue, and core
 *   deposits go back with the old unit, so they are not revenue either), tax, orders, units, `byDay`, `topProducts`, `topCustomers` count paid orders (pending, shipped) on
 *   the day they were paid (`invoiced_at`): money counts when it came in, so an order placed on the 31st and
 *   paid on the 1st is the 1st's, and an order paid later never changes a day that is over.
 * - `refunds` sums the money given back in the period (cancelled paid orders, returns) on the day it went
 *   back (the refund's `created_at`): a refund, too, is never undone or re-dated.
 * - `byStatus` counts the orders placed (`created_at`) in the period by their status now: of what was
 *   ordered, how much is still unpaid, paid, shipped, cancelled or expired.
 * Days are the shop's (SHOP_TIME_ZONE): each date becomes the UTC instants it spans (calendar.ts), which the
 * stored timestamps (ISO-8601 UTC text on both databases, so text order is time order) are compared with.
 *
 * Because a payment is never undone or re-dated, the sales of days that are over never change: a server
 * sums them once per period (SettledSales) and adds the days still going on each time it is asked: a long
 * period is read whole by its first viewer only, and every later one reads the days still going on.
 * Statuses do change, but only with an event that says from what to what: the orders of the days that
 * are over are counted by status once as well, and the moves made since are added (statusesNow).
 */
import { sql } from 'kysely';
import type { SalesStats, SalesStatsQuery } from '../../shared/sales-stats.js';
import { centsToDollars } from '../../shared/money.js';
import { isPaid, ORDER_STATUSES, type OrderStatus } from '../../shared/order-status.js';
import type { Executor } from '../db/schema.js';
import { type ShopDay, shopClock, shopDays } from './calendar.js';

const PAID_STATUSES = ORDER_STATUSES.filter(isPaid);
const TOP_LIST_LENGTH = 10;
/**
 * A day counts as over this long after it ended: a payment is dated when its transaction starts, on the
 * clock of whichever server took it, so a late commit or a slightly slow clock still lands in an open day.
 */
const SETTLING_MS = 10 * 60_000;
/** Periods whose settled sales a server keeps (the overview's presets and a few custom periods). */
const SETTLED_PERIODS_KEPT = 16;
/**
 * Parts kept per settled period and figure (ties included): a part below the last of them ranks only if
 * what it sold since closes the gap to the tenth, so the days going on rarely need another part's past.
 */
const SETTLED_LEADERS = 300;
/** Parts named in one query at most (both databases take far more parameters; this keeps statements small). */
const PARTS_PER_QUERY = 1_000;

/** From the first day's start to the last day's end; with `companyId`, that company's orders only. */
type Span = Pick<ShopDay, 'starts' | 'ends'> & { companyId?: number | undefined };
type DaySales = { revenueCents: number; taxCents: number; orders: number; units: number };
type PartSales = { revenueCents: number; units: number; latestLineId: number };
type CustomerSales = { revenueCents: number; orders: number; latestOrderId: number };
type CompanySales = { revenueCents: number; orders: number };

/** What a run of days sold, by day, by part and by account: enough to rank a longer period without re-reading it. */
interface PaidSales {
  byDay: Map<string, DaySales>;
  /** Every part sold or, of settled days, only the leaders (leadingPartsPaidIn). */
  parts: Map<number, PartSales>;
  customers: Map<number, CustomerSales>;
  /** By the company the orders belong to (orders of no company left out). */
  companies: Map<number, CompanySales>;
}

const NO_SALES: PaidSales = { byDay: new Map(), parts: new Map(), customers: new Map(), companies: new Map() };

/** What the days of a period that are over sold, and where the orders placed in them stood when they ended. */
interface Settled {
  sales: PaidSales;
  statuses: StatusCounts;
}

/** The settled sales and status counts of the periods asked for lately, per server: a day over never changes. */
export class SettledSales {
  readonly #periods = new Map<string, Promise<Settled>>();

  constructor(readonly leaders = SETTLED_LEADERS) {}

  of(db: Executor, days: readonly ShopDay[], companyId?: number): Promise<Settled> {
    const key = `${days[0]!.starts}/${days.at(-1)!.ends}/${companyId ?? ''}`;
    let settled = this.#periods.get(key);
    if (!settled) {
      if (this.#periods.size >= SETTLED_PERIODS_KEPT) this.#periods.delete(this.#periods.keys().next().value!);
      const leadingParts = (executor: Executor, span: Span) => leadingPartsPaidIn(executor, span, this.leaders);
      settled = Promise.all([paidSalesIn(db, days, leadingParts, companyId), statusesAtTheEnd(db, spanOf(days, companyId))]).then(([sales, statuses]) => ({ sales, statuses }));
      settled.catch(() => this.#periods.delete(key));
      this.#periods.set(key, settled);
    }
    return settled;
  }
}

/** A company among the top ones, by id: its name is the companies domain's (the route adds it). */
export type TopCompany = Omit<SalesStats['topCompanies'][number], 'name'>;
export type SalesStatsByCompanyId = Omit<SalesStats, 'topCompanies'> & { topCompanies: TopCompany[] };

/** The overview of `from` to `to`; with `companyId`, of that company's orders only. */
export async function salesStats(
  db: Executor,
  { from, to, companyId }: SalesStatsQuery,
  timeZone: string,
  settled: SettledSales,
  now = Date.now(),
): Promise<SalesStatsByCompanyId> {
  const days = shopDays(timeZone, from, to);
  const settledUntil = new Date(now - SETTLING_MS).toISOString();
  const over = days.filter((day) => day.ends <= settledUntil);
  const going = days.slice(over.length);
  const settledDays = over.length > 0 ? settled.of(db, over, companyId) : undefined;
  const [past, current, byStatus, goingByStatus, refundedCents] = await Promise.all([
    settledDays ? settledDays.then(({ sales }) => sales) : NO_SALES,
    going.length > 0 ? paidSalesIn(db, going, partsPaidIn, companyId) : NO_SALES,
    settledDays ? settledDays.then(({ statuses }) => statusesNow(db, spanOf(over, companyId), statuses)) : noStatuses(),
    going.length > 0 ? statusesOfOrdersPlacedIn(db, spanOf(going, companyId)) : noStatuses(),
    refundedIn(db, spanOf(days, companyId)),
  ]);
  addCounts(byStatus, goingByStatus);
  const parts = await partsThatMayRank(db, over, past.parts, current.parts, settled.leaders, companyId);
  const customers = combine([past.customers, current.customers], addCustomerSales);
  const companies = combine([past.companies, current.companies], addCompanySales);
  const [{ topProducts, topProductsByUnits }, topCustomers] = await Promise.all([topPartsOf(db, parts), topCustomersOf(db, customers)]);
  const byDay = days.map(({ date }) => ({ date, ...(past.byDay.get(date) ?? current.byDay.get(date) ?? { revenueCents: 0, taxCents: 0, orders: 0, units: 0 }) }));
  const revenueCents = sum(byDay.map((day) => day.revenueCents));
  const orders = sum(byDay.map((day) => day.orders));
  return {
    revenue: centsToDollars(revenueCents),
    tax: centsToDollars(sum(byDay.map((day) => day.taxCents))),
    refunds: centsToDollars(refundedCents),
    orders,
    units: sum(byDay.map((day) => day.units)),
    averageOrderValue: orders === 0 ? 0 : centsToDollars(Math.round(revenueCents / orders)),
    byDay: byDay.map((day) => ({ date: day.date, revenue: centsToDollars(day.revenueCents), orders: day.orders })),
    topProducts,
    topProductsByUnits,
    topCustomers,
    topCompanies: topCompaniesOf(companies),
    byStatus,
  };
}

/** The companies that paid the most, ties by id (their names are the companies domain's). */
function topCompaniesOf(companies: Map<number, CompanySales>): TopCompany[] {
  return [...companies]
    .sort(([a, x], [b, y]) => y.revenueCents - x.revenueCents || a - b)
    .slice(0, TOP_LIST_LENGTH)
    .map(([companyId, sales]) => ({ companyId, revenue: centsToDollars(sales.revenueCents), orders: sales.orders }));
}

/** The money given back in `span` (read by the refunds' index by date). */
async function refundedIn(db: Executor, span: Span): Promise<number> {
  const row = await db
    .selectFrom('refunds')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('amount_cents'), eb.lit(0)).as('cents'))
    .where('created_at', '>=', span.starts)
    .where('created_at', '<', span.ends)
    .$if(span.companyId !== undefined, (query) => query.where('order_id', 'in', (eb) => eb.selectFrom('orders').select('id').where('company_id', '=', span.companyId!)))
    .executeTakeFirstOrThrow();
  return Number(row.cents);
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

/**
 * The parts with the most units in orders paid from `since` to `until`, most first; of parts that sold as
 * many, the one sold last first. Read through the paid orders' index by payment time.
 */
export async function partsByUnitsPaid(db: Executor, since: string, until: string, limit: number): Promise<number[]> {
  const rows = await soldByPart(db, { starts: since, ends: until })
    .orderBy('units', 'desc')
    .orderBy('latest_line_id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => row.product_id);
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

function spanOf(days: readonly ShopDay[], companyId?: number): Span {
  return { starts: days[0]!.starts, ends: days.at(-1)!.ends, companyId };
}

/** Orders `o` of the company, or every order. */
function ofCompany(companyId: number | undefined) {
  return companyId === undefined ? sql<boolean>`1 = 1` : sql<boolean>`o.company_id = ${companyId}`;
}

/**
 * Orders that were paid: paid now, or paid and then cancelled with their charge refunded (only a paid
 * order has an `invoiced_at`, which every query here bounds). Their sales stay on the day the money came
 * in, so a day over still never changes; the money going back counts on its own day, as `refunds`.
 */
const PAID = sql<boolean>`o.status in (${sql.join([...PAID_STATUSES, 'cancelled'])})`;

/** Orders whose payment falls in `span`. */
function paidIn(span: Span) {
  return sql<boolean>`${PAID} and o.invoiced_at >= ${span.starts} and o.invoiced_at < ${span.ends} and ${ofCompany(span.companyId)}`;
}

async function paidSalesIn(
  db: Executor,
  days: readonly ShopDay[],
  partsIn: (db: Executor, span: Span) => Promise<Map<number, PartSales>>,
  companyId?: number,
): Promise<PaidSales> {
  const span = spanOf(days, companyId);
  const [byDay, parts, customers, companies] = await Promise.all([paidByDay(db, days, companyId), partsIn(db, span), customersPaidIn(db, span), companiesPaidIn(db, span)]);
  return { byDay, parts, customers, companies };
}

/**
 * The settled leaders and the parts sold since that may rank, with their sums over both. A part below the
 * settled leaders sold at most the last leader's figure then (`leaders` kept per figure); it may rank
 * only if that and what it sold since reach the tenth of the parts whose sums are known, and only then is
 * its past read. Sums only grow (prices and quantities are positive).
 */
async function partsThatMayRank(db: Executor, over: readonly ShopDay[], past: Map<number, PartSales>, current: Map<number, PartSales>, leaders: number, companyId?: number) {
  const known = combine([past, new Map([...current].filter(([id]) => past.has(id)))], addPartSales);
  const most = { revenueCents: nthHighest(past, leaders, revenueOf), units: nthHighest(past, leaders, unitsOf) };
  const tenth = { revenueCents: nthHighest(known, TOP_LIST_LENGTH, revenueOf), units: nthHighest(known, TOP_LIST_LENGTH, unitsOf) };
  const mayRank = (since: PartSales) => most.revenueCents + since.revenueCents >= tenth.revenueCents || most.units + since.units >= tenth.units;
  const others = new Map([...current].filter(([id, since]) => !past.has(id) && mayRank(since)));
  const pastOfOthers = over.length > 0 && others.size > 0 ? await partsPaidIn(db, spanOf(over, companyId), [...others.keys()]) : new Map<number, PartSales>();
  return combine([known, pastOfOthers, others], addPartSales);
}

const revenueOf = (sales: { revenueCents: number }) => sales.revenueCents;
const unitsOf = (sales: PartSales) => sales.units;

/** The n-th highest figure of these sales (0 when there are fewer). */
function nthHighest<T>(sales: Map<number, T>, n: number, figure: (sales: T) => number): number {
  return [...sales.values()].map(figure).sort((a, b) => b - a)[n - 1] ?? 0;
}

function combine<T>(maps: readonly Map<number, T>[], add: (a: T, b: T) => T): Map<number, T> {
  const all = new Map<number, T>();
  for (const map of maps) for (const [id, sales] of map) all.set(id, all.has(id) ? add(all.get(id)!, sales) : sales);
  return all;
}

const addPartSales = (a: PartSales, b: PartSales): PartSales => ({
  revenueCents: a.revenueCents + b.revenueCents,
  units: a.units + b.units,
  latestLineId: Math.max(a.latestLineId, b.latestLineId),
});

const addCompanySales = (a: CompanySales, b: CompanySales): CompanySales => ({ revenueCents: a.revenueCents + b.revenueCents, orders: a.orders + b.orders });

const addCustomerSales = (a: CustomerSales, b: CustomerSales): CustomerSales => ({
  revenueCents: a.revenueCents + b.revenueCents,
  orders: a.orders + b.orders,
  latestOrderId: Math.max(a.latestOrderId, b.latestOrderId),
});

/** The entries at or above the tenth's figure (ties included): the only ones that can make the top ten. */
function leadersBy<T>(sales: Map<number, T>, figure: (sales: T) => number): [number, T][] {
  const tenth = nthHighest(sales, TOP_LIST_LENGTH, figure);
  return [...sales].filter(([, entry]) => figure(entry) >= tenth);
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The parts that brought the most, and that sold the most units, each named as its last sale in the period named it. */
async function topPartsOf(db: Executor, parts: Map<number, PartSales>) {
  const byRevenue = leadersBy(parts, revenueOf);
  const byUnits = leadersBy(parts, unitsOf);
  const lineIds = [...new Set([...byRevenue, ...byUnits].map(([, part]) => part.latestLineId))];
  const lines = lineIds.length === 0 ? [] : await db.selectFrom('order_lines').where('id', 'in', lineIds).select(['id', 'product_sku', 'product_name']).execute();
  const named = new Map(lines.map((line) => [line.id, line]));
  const top = (leaders: [number, PartSales][], figure: (part: PartSales) => number): SalesStats['topProducts'] =>
    leaders
      .map(([productId, part]) => ({ productId, part, line: named.get(part.latestLineId)! }))
      .sort((a, b) => figure(b.part) - figure(a.part) || byText(a.line.product_name, b.line.product_name) || a.productId - b.productId)
      .slice(0, TOP_LIST_LENGTH)
      .map(({ productId, part, line }) => ({
        productId: String(productId),
        sku: line.product_sku,
        name: line.product_name,
        revenue: centsToDollars(part.revenueCents),
        units: part.units,
      }));
  return { topProducts: top(byRevenue, (part) => part.revenueCents), topProductsByUnits: top(byUnits, (part) => part.units) };
}

/** The accounts that paid the most, with the e-mail and name of their last paid order in the period. */
async function topCustomersOf(db: Executor, customers: Map<number, CustomerSales>): Promise<SalesStats['topCustomers']> {
  const leaders = leadersBy(customers, revenueOf).map(([, customer]) => customer);
  if (leaders.length === 0) return [];
  const latest = await db
    .selectFrom('orders')
    .where('id', 'in', leaders.map((customer) => customer.latestOrderId))
    .select(['id', 'email', 'customer_name'])
    .execute();
  const named = new Map(latest.map((order) => [order.id, order]));
  return leaders
    .map((customer) => ({ customer, order: named.get(customer.latestOrderId)! }))
    .sort((a, b) => b.customer.revenueCents - a.customer.revenueCents || byText(a.order.email, b.order.email) || a.order.id - b.order.id)
    .slice(0, TOP_LIST_LENGTH)
    .map(({ customer, order }) => ({
      email: order.email,
      name: order.customer_name,
      revenue: centsToDollars(customer.revenueCents),
      orders: customer.orders,
    }));
}

/** Each day's paid orders: one row per day with a sale (sums arrive as strings from PostgreSQL). */
async function paidByDay(db: Executor, days: readonly ShopDay[], companyId?: number): Promise<Map<string, DaySales>> {
  const { rows } = await paidByDayQuery(days, companyId).execute(db);
  return new Map(
    rows.map((row) => [row.day, { revenueCents: Number(row.revenue_cents), taxCents: Number(row.tax_cents), orders: Number(row.orders), units: Number(row.units) }]),
  );
}

/**
 * Each day's payments are found by that day's own bounds in the paid orders' index. The period's bounds
 * are left out on purpose: SQLite, which keeps no statistics here, would search every day by them
 * instead, reading the whole period once per day.
 */
export function paidByDayQuery(days: readonly ShopDay[], companyId?: number) {
  const ranges = sql.join(days.map((day) => sql`(${day.date}, ${day.starts}, ${day.ends})`));
  return sql<{ day: string; orders: string | number; revenue_cents: string | number; tax_cents: string | number; units: string | number }>`
    with days (day, starts, ends) as (values ${ranges})
    select days.day, count(*) as orders, sum(o.total_cents - o.tax_cents - o.core_deposit_cents) as revenue_cents, sum(o.tax_cents) as tax_cents, sum(o.quantity) as units
    from days join orders o on o.invoiced_at >= days.starts and o.invoiced_at < days.ends
    where ${PAID} and ${ofCompany(companyId)}
    group by days.day`;
}

type PartSalesRow = { product_id: number; revenue_cents: string | number; units: string | number; latest_line_id: number };

const partSalesOf = (rows: readonly PartSalesRow[]) =>
  new Map(rows.map((row) => [row.product_id, { revenueCents: Number(row.revenue_cents), units: Number(row.units), latestLineId: row.latest_line_id }]));

/** The lines of orders paid in `span`, summed by part: every part's, or these parts'. */
async function partsPaidIn(db: Executor, span: Span, productIds?: readonly number[]): Promise<Map<number, PartSales>> {
  if (!productIds) return partSalesOf(await soldByPart(db, span).execute());
  const rows: PartSalesRow[] = [];
  for (let i = 0; i < productIds.length; i += PARTS_PER_QUERY) {
    rows.push(...(await soldByPart(db, span, productIds.slice(i, i + PARTS_PER_QUERY)).execute()));
  }
  return partSalesOf(rows);
}

/** Of the parts sold in `span`, those whose revenue or units reach the `leaders`-th part's (ties included). */
async function leadingPartsPaidIn(db: Executor, span: Span, leaders: number): Promise<Map<number, PartSales>> {
  const last = (figure: 'revenue_cents' | 'units') => sql<string | number>`coalesce((select ${sql.ref(figure)} from sold order by ${sql.ref(figure)} desc limit 1 offset ${sql.lit(leaders - 1)}), 0)`;
  const rows = await db
    .with((cte) => cte('sold').materialized(), () => soldByPart(db, span))
    .selectFrom('sold')
    .selectAll()
    .where((eb) => eb.or([eb('revenue_cents', '>=', last('revenue_cents')), eb('units', '>=', last('units'))]))
    .execute();
  return partSalesOf(rows);
}

/**
 * Sums by part of the lines of orders paid in `span`, of these parts if named. Named parts are read by their
 * index first: SQLite, which keeps no statistics here, would otherwise walk every paid order of the span; it
 * never reorders a CROSS JOIN, which PostgreSQL plans as the inner join it is.
 */
function soldByPart(db: Executor, span: Span, productIds?: readonly number[]) {
  const lines = productIds
    ? db.selectFrom('order_lines as l').crossJoin('orders as o').whereRef('o.id', '=', 'l.order_id').where('l.product_id', 'in', productIds)
    : db.selectFrom('order_lines as l').innerJoin('orders as o', 'o.id', 'l.order_id');
  return lines
    .where(paidIn(span))
    .groupBy('l.product_id')
    .select((eb) => [
      'l.product_id',
      sql<string | number>`sum(cast(l.quantity as bigint) * l.unit_price_cents)`.as('revenue_cents'),
      eb.fn.sum<string | number>('l.quantity').as('units'),
      eb.fn.max('l.id').as('latest_line_id'),
    ]);
}

/** What each account paid in `span` (goods and shipping, as revenue), and its last paid order there. */
async function customersPaidIn(db: Executor, span: Span): Promise<Map<number, CustomerSales>> {
  const rows = await db
    .selectFrom('orders as o')
    .where(paidIn(span))
    .groupBy('o.user_id')
    .select((eb) => [
      'o.user_id',
      sql<string | number>`sum(o.total_cents - o.tax_cents - o.core_deposit_cents)`.as('revenue_cents'),
      eb.fn.countAll<string | number>().as('orders'),
      eb.fn.max('o.id').as('latest_order_id'),
    ])
    .execute();
  return new Map(rows.map((row) => [row.user_id, { revenueCents: Number(row.revenue_cents), orders: Number(row.orders), latestOrderId: row.latest_order_id }]));
}

/** What each company paid in `span` (goods and shipping, as revenue): orders of no company are left out. */
async function companiesPaidIn(db: Executor, span: Span): Promise<Map<number, CompanySales>> {
  const rows = await db
    .selectFrom('orders as o')
    .where(paidIn(span))
    .where('o.company_id', 'is not', null)
    .groupBy('o.company_id')
    .select((eb) => [
      'o.company_id',
      sql<string | number>`sum(o.total_cents - o.tax_cents - o.core_deposit_cents)`.as('revenue_cents'),
      eb.fn.countAll<string | number>().as('orders'),
    ])
    .execute();
  return new Map(rows.map((row) => [row.company_id!, { revenueCents: Number(row.revenue_cents), orders: Number(row.orders) }]));
}

type StatusCounts = Record<OrderStatus, number>;

const noStatuses = () => Object.fromEntries(ORDER_STATUSES.map((status) => [status, 0])) as StatusCounts;

function addCounts(to: StatusCounts, counts: StatusCounts) {
  for (const status of ORDER_STATUSES) to[status] += counts[status];
}

/** The orders placed in the span, counted by their status now (every status, 0 included). */
async function statusesOfOrdersPlacedIn(db: Executor, span: Span): Promise<StatusCounts> {
  const { rows } = await placedByStatus(span).execute(db);
  return countsOf(rows);
}

/*
 * Where the orders placed in days that are over stand now, without counting them all again on every
 * request (a year's orders by status is a read of every one of them). An order's status changes only with
 * an event that says from what to what (changeStatus), so the counts at the period's end plus the moves
 * dated since give the counts now. A move is dated when its transaction starts: one dated before a day
 * that is over (10 minutes past its end) has been committed (the same rule as payments).
 */

/** The orders placed in the span by status when the span ended: counted now, every move since undone (one statement, one snapshot). */
async function statusesAtTheEnd(db: Executor, span: Span): Promise<StatusCounts> {
  const { rows } = await sql<StatusRow>`${placedByStatus(span)} union all ${movesSince(span)}`.execute(db);
  const counts = countsOf(rows.filter((row) => row.from_status === null));
  for (const move of rows.filter((row) => row.from_status !== null)) applyMove(counts, move, -1);
  return counts;
}

/** The orders placed in the span by status now: as they stood when it ended, with the moves since. */
async function statusesNow(db: Executor, span: Span, atTheEnd: StatusCounts): Promise<StatusCounts> {
  const { rows } = await movesSince(span).execute(db);
  const counts = { ...atTheEnd };
  for (const move of rows) applyMove(counts, move, 1);
  return counts;
}

/** A count of orders in a status (`from_status` null), or of moves from one status to another. */
type StatusRow = { from_status: OrderStatus | null; to_status: OrderStatus; count: string | number };

function countsOf(rows: readonly StatusRow[]): StatusCounts {
  const counts = noStatuses();
  for (const row of rows) counts[row.to_status] = Number(row.count);
  return counts;
}

function applyMove(counts: StatusCounts, move: StatusRow, direction: 1 | -1) {
  counts[move.from_status!] -= direction * Number(move.count);
  counts[move.to_status] += direction * Number(move.count);
}

function placedByStatus(span: Span) {
  // Naming every status lets the (status, created_at) index answer alone, without reading the orders.
  return sql<StatusRow>`select null as from_status, status as to_status, count(*) as count from orders
    where status in (${sql.join(ORDER_STATUSES)}) and created_at >= ${span.starts} and created_at < ${span.ends}${
      span.companyId === undefined ? sql`` : sql` and company_id = ${span.companyId}`
    }
    group by status`;
}

/**
 * The moves dated from the span's end on, of orders placed in it: the few moves found first (by the
 * index of moves by date), then each one's order by its id. A scalar sub-select is never made a join:
 * as one, SQLite would read the period's orders first, and PostgreSQL, once its statistics saw a busy
 * day's moves, would hash them against a scan of every order.
 */
export function movesSince(span: Span) {
  return sql<StatusRow>`select e.from_status, e.to_status, count(*) as count from order_events e
    where e.from_status is not null and e.created_at >= ${span.ends}
      and (select o.created_at >= ${span.starts} and o.created_at < ${span.ends} and ${ofCompany(span.companyId)} from orders o where o.id = e.order_id)
    group by e.from_status, e.to_status`;
}

/** Dollars of the orders paid today on the shop's calendar: the overview's revenue of a period of today alone. */
export async function salesToday(db: Executor, timeZone: string, at = Date.now()): Promise<number> {
  const today = shopClock(timeZone, at).date;
  const sales = await paidByDay(db, shopDays(timeZone, today, today));
  return centsToDollars(sales.get(today)?.revenueCents ?? 0);
}
