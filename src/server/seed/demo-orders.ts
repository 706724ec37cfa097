import type { Cents } from '../../shared/money.js';
import { pricingOf, roundUpToPack, unitPriceCentsFor } from '../../shared/pricing.js';
import { demoProducts } from './demo-data.js';
import { seededRandom } from './seeded-random.js';

/**
 * The demo's months of sales: made-up trade customers and their orders over the demo parts, planned by a
 * seeded random generator so that every seeded shop (and every test) holds the same history relative to
 * when it was seeded.
 */
export interface DemoCustomer {
  name: string;
  email: string;
  phone: string;
  address: string;
}

const c = (name: string, email: string, phone: string, address: string): DemoCustomer => ({ name, email, phone, address });

export const demoCustomers: DemoCustomer[] = [
  c('Harbor Fleet Services', 'purchasing@harborfleet.example.com', '+1 555 0101', '12 Pier Road, Portland'),
  c('Greenline Taxis', 'parts@greenline-taxis.example.com', '+1 555 0102', '48 Station Street, Springfield'),
  c('Miller & Sons Garage', 'office@millerandsons.example.com', '+1 555 0103', '7 Mill Lane, Riverton'),
  c('Quickfix Auto Centre', 'orders@quickfix-auto.example.com', '+1 555 0104', '230 Main Street, Lakeside'),
  c('Northway Logistics', 'fleet@northway.example.com', '+1 555 0105', '5 Freight Park, Northfield'),
  c('Sunrise Car Rentals', 'maintenance@sunrise-rentals.example.com', '+1 555 0106', '91 Airport Way, Fairview'),
  c('Dana Whitfield', 'dana.whitfield@example.com', '+1 555 0107', '14 Oak Avenue, Greenville'),
  c('Ortega Motor Works', 'buying@ortega-motors.example.com', '+1 555 0108', '66 Foundry Road, Milton'),
  c('City Bus Depot', 'stores@citybus.example.com', '+1 555 0109', '1 Depot Square, Centerville'),
  c('Kowalski Tyres', 'shop@kowalski-tyres.example.com', '+1 555 0110', '310 Ring Road, Oakdale'),
  c('Ben Adeyemi', 'ben.adeyemi@example.com', '+1 555 0111', '8 Willow Court, Brookfield'),
  c('Summit Agricultural Co-op', 'workshop@summit-coop.example.com', '+1 555 0112', '2 Grain Road, Hillcrest'),
];

export const DEMO_ORDER_COUNT = 300;
export const DEMO_ORDER_DAYS = 120;
const SEED = 20_240_611;

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

export interface DemoOrderLine {
  sku: string;
  name: string;
  quantity: number;
  unitPriceCents: Cents;
  listPriceCents: Cents;
}

/** What happened to an order after it was placed, each step with its time (ISO-8601). */
export type DemoOutcome =
  | { status: 'pending'; paidAt: string }
  | { status: 'shipped'; paidAt: string; shippedAt: string }
  | { status: 'cancelled' | 'expired'; closedAt: string };

export interface DemoOrderPlan {
  /** Index in demoCustomers. */
  customer: number;
  placedAt: string;
  poNumber: string;
  lines: [DemoOrderLine, ...DemoOrderLine[]];
  outcome: DemoOutcome;
  /** The payment's id, `demo_…`, for paid orders. */
  transactionId: string | null;
}

/** The demo's orders over the `DEMO_ORDER_DAYS` days before `now`, oldest first; none unpaid (none holds stock). */
export function planDemoOrders(now: Date): DemoOrderPlan[] {
  const random = seededRandom(SEED);
  const pick = (count: number) => Math.floor(random() * count);
  const end = now.getTime() - HOUR_MS;
  const placedTimes = Array.from({ length: DEMO_ORDER_COUNT }, () => end - random() * DEMO_ORDER_DAYS * DAY_MS).sort((a, b) => a - b);
  return placedTimes.map((placed, i) => {
    const outcome = outcomeOf(placed, now.getTime(), random);
    return {
      customer: pick(demoCustomers.length),
      placedAt: new Date(placed).toISOString(),
      poNumber: random() < 0.4 ? `PO-${1000 + pick(9000)}` : '',
      lines: linesOf(random),
      outcome,
      transactionId: outcome.status === 'pending' || outcome.status === 'shipped' ? `demo_${String(i + 1).padStart(4, '0')}` : null,
    };
  });
}

/** Most orders are paid within the hour and shipped a few days later; some are cancelled or run out of time. */
function outcomeOf(placed: number, now: number, random: () => number): DemoOutcome {
  const iso = (at: number) => new Date(at).toISOString();
  const roll = random();
  const closed = placed + (roll < 0.06 ? 10 * MINUTE_MS + random() * 2 * HOUR_MS : 2 * DAY_MS + random() * HOUR_MS);
  if (roll < 0.12 && closed < now) return { status: roll < 0.06 ? 'cancelled' : 'expired', closedAt: iso(closed) };
  const paid = Math.min(placed + 2 * MINUTE_MS + random() * 55 * MINUTE_MS, now - MINUTE_MS);
  const shipped = paid + DAY_MS + random() * 2 * DAY_MS;
  return shipped < now ? { status: 'shipped', paidAt: iso(paid), shippedAt: iso(shipped) } : { status: 'pending', paidAt: iso(paid) };
}

/** One to six different parts (fewer more often), each at its minimum or a few times it, now and then at a price break. */
function linesOf(random: () => number): [DemoOrderLine, ...DemoOrderLine[]] {
  const count = 1 + Math.floor(random() ** 1.8 * 6);
  const chosen = new Set<number>();
  while (chosen.size < count) chosen.add(Math.floor(random() * demoProducts.length));
  const lines = [...chosen].map((index) => {
    const product = demoProducts[index]!;
    const pricing = pricingOf({ price: product.price, priceBreaks: product.priceBreaks ?? [] });
    const tier = pricing.tiers.length > 0 && random() < 0.25 ? pricing.tiers[Math.floor(random() * pricing.tiers.length)] : undefined;
    const wanted = tier?.minQuantity ?? product.min * (1 + Math.floor(random() * 3));
    const quantity = roundUpToPack(Math.max(wanted, product.min), product.packSize ?? 1);
    return { sku: product.sku!, name: product.name, quantity, unitPriceCents: unitPriceCentsFor(pricing, quantity), listPriceCents: pricing.priceCents };
  });
  return lines as [DemoOrderLine, ...DemoOrderLine[]];
}
