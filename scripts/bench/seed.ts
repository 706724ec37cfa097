/**
 * Fills a fresh database with a catalog-scale data set for benchmarks: products, customers, orders and
 * reviews (defaults: 100,000 / 1,000 / 200,000 with about 600,000 lines / 20,000), 20,000 vehicles
 * and 1,000,000 fitment rows. Usage: tsx scripts/bench/seed.ts <DATABASE_URL>
 * Prints the admin's e-mail and password and 200 customers' session tokens as JSON on stdout.
 */
import { sql } from 'kysely';
import { normalisePartNumber } from '../../src/shared/catalog.js';
import { loadConfig, parseDatabaseUrl } from '../../src/server/config.js';
import { hashPassword } from '../../src/server/auth/passwords.js';
import { createSession } from '../../src/server/auth/sessions.js';
import { connect } from '../../src/server/db/connection.js';
import { migrateToLatest } from '../../src/server/db/migrate.js';
import { indexNewOrders } from '../../src/server/orders/search-index.js';
import { seedDemoShippingAndTax } from '../../src/server/seed/seed.js';
import { seededRandom } from '../../src/server/seed/seeded-random.js';

/** A part kind, its category and one spec, so filters and spec search have realistic spreads. */
const PARTS = [
  ['Headlight', 'lighting', 'Voltage', '12 V'],
  ['Brake Pad', 'brakes', 'Material', 'Ceramic'],
  ['Tire', 'wheels-tires', 'Size', '205/55 R16'],
  ['Wiper Blade', 'wipers', 'Length', '22 in'],
  ['Mirror', 'mirrors', 'Heated', 'Yes'],
  ['Hubcap', 'wheels-tires', 'Diameter', '16 in'],
  ['Spark Plug', 'engine', 'Electrode', 'Iridium'],
  ['Air Filter', 'filters', 'Efficiency', '99%'],
  ['Radiator', 'cooling', 'Core', 'Aluminium'],
  ['Alternator', 'electrical', 'Output', '120 A'],
  ['Shock Absorber', 'suspension', 'Type', 'Twin-tube gas'],
  ['Fuel Pump', 'engine', 'Pressure', '3.5 bar'],
] as const;
const KINDS = ['Standard', 'Heavy-Duty', 'Premium', 'Compact', 'Sport', 'Fleet', 'Classic', 'Eco'];
const IMAGES = ['headlight', 'brake-pads', 'tire', 'windshield-wiper', 'rear-view-mirror', 'hubcap', 'spark-plug', 'air-filter', 'radiator', 'alternator', 'shock-absorber', 'brake-light'];

const counts = {
  products: Number(process.env.BENCH_PRODUCTS ?? 100_000),
  customers: Number(process.env.BENCH_CUSTOMERS ?? 1_000),
  orders: Number(process.env.BENCH_ORDERS ?? 200_000),
  reviews: Number(process.env.BENCH_REVIEWS ?? 20_000),
  vehicles: Number(process.env.BENCH_VEHICLES ?? 20_000),
  applications: Number(process.env.BENCH_APPLICATIONS ?? 1_000_000),
};
/** The bench vehicles' first base vehicle id (scripts/bench/run.mjs writes its ACES file with them). */
const BENCH_BASE_VEHICLE_ID = 1;

/** Vehicles per model: one a model year, 2006–2025. */
const YEARS_PER_MODEL = 20;
export const BENCH_PASSWORD = 'bench-password';
const BENCH_ADMIN_EMAIL = 'bench-admin@example.com';
const ORDERING_CUSTOMERS = 200;

// Deterministic, so two runs seed the same data.
const random = seededRandom(42);
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

async function inBatches<T>(rows: T[], size: number, insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

type SeededProduct = { name: string; sku: string; price_cents: number };

/**
 * Orders of the last 365 days, 1–5 lines each (three on average) over consecutive parts; the paid ones
 * ('pending', 'shipped') invoiced ten minutes after they were placed, numbered in payment order. Order ids
 * are 1…N (a fresh database), so each line names its order by position. As in a shop that has run all
 * year, only orders younger than the unpaid-order TTL can still be 'not paid': the shop expires older ones
 * in the background, writing their e-mails, and would be doing so while it is measured.
 */
function pastOrders(products: SeededProduct[]) {
  const now = Date.now();
  const { unpaidOrderTtlMs } = loadConfig({});
  const lines = [];
  const orders = [];
  for (let id = 1; id <= counts.orders; id++) {
    const customer = Math.floor(random() * counts.customers);
    const lineCount = 1 + Math.floor(random() * 5);
    const first = Math.floor(random() * (products.length - lineCount));
    const orderLines = Array.from({ length: lineCount }, (_, i) => {
      const product = products[first + i]!;
      const quantity = 1 + Math.floor(random() * 50);
      return { order_id: id, product_id: first + i + 1, product_name: product.name, product_sku: product.sku, quantity, unit_price_cents: product.price_cents, list_price_cents: product.price_cents };
    });
    lines.push(...orderLines);
    const goodsCents = orderLines.reduce((total, line) => total + line.quantity * line.unit_price_cents, 0);
    const placedAt = new Date(now - Math.floor(random() * 365 * 86_400_000));
    const picked = pick(['not paid', 'pending', 'shipped', 'shipped', 'shipped', 'cancelled', 'expired'] as const);
    const status = picked === 'not paid' && now - placedAt.getTime() > unpaidOrderTtlMs ? 'expired' : picked;
    const paid = status === 'pending' || status === 'shipped';
    orders.push({
      user_id: customer + 1,
      customer_name: `Bench Customer ${customer}`,
      email: `bench${customer}@example.com`,
      product_id: orderLines[0]!.product_id,
      product_name: orderLines[0]!.product_name,
      product_sku: orderLines[0]!.product_sku,
      unit_price_cents: orderLines[0]!.unit_price_cents,
      quantity: orderLines.reduce((units, line) => units + line.quantity, 0),
      // Goods only, as the demo's past orders: no shipping, no tax, so what was charged is the subtotal.
      subtotal_cents: goodsCents,
      total_cents: goodsCents,
      line_count: lineCount,
      po_number: random() < 0.3 ? `PO-${10000 + Math.floor(random() * 90000)}` : '',
      phone: '5550100',
      address: `${customer} Bench Street`,
      status,
      transaction_id: paid ? `bench_${id}` : null,
      invoice_number: null as number | null,
      invoiced_at: paid ? new Date(placedAt.getTime() + 600_000).toISOString() : null,
      created_at: placedAt.toISOString(),
      updated_at: placedAt.toISOString(),
    });
  }
  const paidInOrder = orders.filter((order) => order.invoiced_at).sort((a, b) => a.invoiced_at!.localeCompare(b.invoiced_at!));
  paidInOrder.forEach((order, i) => (order.invoice_number = i + 1));
  return { orders, lines };
}

async function main() {
  const url = process.argv[2];
  if (!url) throw new Error('usage: tsx scripts/bench/seed.ts <DATABASE_URL>');
  const db = connect(parseDatabaseUrl(url));
  await migrateToLatest(db);
  await seedDemoShippingAndTax(db.kysely);
  const k = db.kysely;
  const at = new Date().toISOString();
  const stamps = { created_at: at, updated_at: at };
  const passwordHash = await hashPassword(BENCH_PASSWORD);

  await k.transaction().execute(async (trx) => {
    const products = Array.from({ length: counts.products }, (_, i) => {
      const [part, category, specName, specValue] = pick(PARTS);
      const price = 100 + Math.floor(random() * 50_000);
      return {
        name: `${pick(KINDS)} ${part} ${1000 + i}`,
        description: `${part} for passenger cars and light trucks, part number PS-${100000 + i}.`,
        category,
        specs: JSON.stringify([{ name: specName, value: specValue }]),
        keywords: `${specName} ${specValue}`,
        img: `/images/products/${pick(IMAGES)}.svg`,
        price_cents: price,
        // Every fourth part has price breaks at 50 and 500 units.
        price_breaks: JSON.stringify(i % 4 === 0 ? [{ minQuantity: 50, priceCents: Math.round(price * 0.9) }, { minQuantity: 500, priceCents: Math.round(price * 0.8) }] : []),
        stock: 1_000_000,
        min_quantity: 1 + Math.floor(random() * 50),
        hidden_at: null,
        sku: `PS-${100000 + i}`,
        sku_key: normalisePartNumber(`PS-${100000 + i}`),
        // Every part has a made-up OE number, `OE-2xxxxx` (its product_numbers row is below).
        cross_numbers: `OE-${200000 + i} ${normalisePartNumber(`OE-${200000 + i}`)}`,
        ...stamps,
      };
    });
    await inBatches(products, 500, (batch) => trx.insertInto('products').values(batch).execute());

    const customers = Array.from({ length: counts.customers }, (_, i) => ({
      name: `Bench Customer ${i}`,
      email: `bench${i}@example.com`,
      password_hash: passwordHash,
      role: 'user' as const,
      phone: '5550100',
      address: `${i} Bench Street`,
      photo_url: null,
      deleted_at: null,
      ...stamps,
    }));
    await inBatches(customers, 500, (batch) => trx.insertInto('users').values(batch).execute());
    await trx.insertInto('users').values({ ...customers[0]!, name: 'Bench Admin', email: BENCH_ADMIN_EMAIL, role: 'admin' }).execute();

    const { orders, lines } = pastOrders(products);
    await inBatches(orders, 1000, (batch) => trx.insertInto('orders').values(batch).execute());
    await inBatches(lines, 4000, (batch) => trx.insertInto('order_lines').values(batch).execute());
    const invoiced = orders.filter((order) => order.invoice_number !== null).length;
    await trx.updateTable('invoice_sequence').set({ last: invoiced }).where('id', '=', 1).execute();

    const reviews = Array.from({ length: counts.reviews }, () => {
      const customer = Math.floor(random() * counts.customers);
      return {
        user_id: customer + 1,
        name: `Bench Customer ${customer}`,
        email: `bench${customer}@example.com`,
        rating: 1 + Math.floor(random() * 5),
        comment: 'Solid part, fitted first time and arrived well packed.',
        ...stamps,
      };
    });
    await inBatches(reviews, 500, (batch) => trx.insertInto('reviews').values(batch).execute());

    const numbers = products.map((_, i) => ({ product_id: i + 1, type: 'oe' as const, brand: 'Bench Motors', number: `OE-${200000 + i}`, number_key: normalisePartNumber(`OE-${200000 + i}`) }));
    await inBatches(numbers, 1000, (batch) => trx.insertInto('product_numbers').values(batch).execute());

    // The vehicle base: models of 20 model years each; applications spread evenly over the models.
    const models = Math.max(1, Math.floor(counts.vehicles / YEARS_PER_MODEL));
    const vehicles = Array.from({ length: models * YEARS_PER_MODEL }, (_, i) => ({
      year: 2006 + (i % YEARS_PER_MODEL),
      make: `Make ${Math.floor(i / YEARS_PER_MODEL / 25)}`,
      model: `Model ${Math.floor(i / YEARS_PER_MODEL)}`,
      submodel: 'Base',
      engine: '2.0L I4',
      // Made-up VCdb ids (the ACES import names vehicles by them): one base vehicle a row, a make of 25 models.
      base_vehicle_id: BENCH_BASE_VEHICLE_ID + i,
      make_id: 1 + Math.floor(i / YEARS_PER_MODEL / 25),
      model_id: 1 + Math.floor(i / YEARS_PER_MODEL),
    }));
    await inBatches(vehicles, 1000, (batch) => trx.insertInto('vehicles').values(batch).execute());
    for (let done = 0; done < counts.applications; done += 10_000) {
      const batch = Array.from({ length: Math.min(10_000, counts.applications - done) }, () => {
        const first = vehicles[Math.floor(random() * models) * YEARS_PER_MODEL]!;
        const yearFrom = 2006 + Math.floor(random() * (YEARS_PER_MODEL - 5));
        return {
          product_id: 1 + Math.floor(random() * counts.products),
          year_from: yearFrom,
          year_to: yearFrom + Math.floor(random() * 5),
          make: first.make,
          model: first.model,
          qualifier: random() < 0.1 ? 'with sport suspension' : '',
          position: pick(['', 'Front', 'Rear']),
        };
      });
      await inBatches(batch, 1000, (rows) => trx.insertInto('applications').values(rows).execute());
    }
  });

  // SQLite's order search index takes the orders in here, as a shop's server does in the background.
  while ((await indexNewOrders(k, 50_000)) > 0);

  // Signed-in buyers for the order runs: many customers at once, as in a shop, each with a session.
  const customerTokens: string[] = [];
  for (let id = 1; id <= Math.min(ORDERING_CUSTOMERS, counts.customers); id++) customerTokens.push(await createSession(k, id, 86_400_000, 'bench'));
  // Fresh statistics, as autovacuum would gather on a live shop, so PostgreSQL plans with its indexes.
  if (db.dialect === 'postgres') await sql`ANALYZE`.execute(k);
  await k.destroy();
  process.stdout.write(
    JSON.stringify({ ...counts, adminEmail: BENCH_ADMIN_EMAIL, password: BENCH_PASSWORD, customerTokens }) + '\n',
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
