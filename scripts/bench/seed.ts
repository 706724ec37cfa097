/**
 * Fills a fresh database with a catalog-scale data set for benchmarks: products, customers, orders and
 * reviews (defaults: 100,000 / 1,000 / 50,000 / 5,000). Usage: tsx scripts/bench/seed.ts <DATABASE_URL>
 * Prints the bench customer's e-mail and password and a product with ample stock as JSON on stdout.
 */
import { sql } from 'kysely';
import { parseDatabaseUrl } from '../../src/server/config.js';
import { hashPassword } from '../../src/server/auth/passwords.js';
import { connect } from '../../src/server/db/connection.js';
import { migrateToLatest } from '../../src/server/db/migrate.js';

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
  orders: Number(process.env.BENCH_ORDERS ?? 50_000),
  reviews: Number(process.env.BENCH_REVIEWS ?? 5_000),
  vehicles: Number(process.env.BENCH_VEHICLES ?? 20_000),
  applications: Number(process.env.BENCH_APPLICATIONS ?? 1_000_000),
};
/** Vehicles per model: one a model year, 2006–2025. */
const YEARS_PER_MODEL = 20;
export const BENCH_PASSWORD = 'bench-password';

// A small deterministic generator, so two runs seed the same data.
let seed = 42;
const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

async function inBatches<T>(rows: T[], size: number, insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

async function main() {
  const url = process.argv[2];
  if (!url) throw new Error('usage: tsx scripts/bench/seed.ts <DATABASE_URL>');
  const db = connect(parseDatabaseUrl(url));
  await migrateToLatest(db);
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
        sku_key: `PS${100000 + i}`,
        // Every part has a made-up OE number, `OE-2xxxxx` (its product_numbers row is below).
        cross_numbers: `OE-${200000 + i} OE${200000 + i}`,
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

    const orders = Array.from({ length: counts.orders }, () => {
      const productId = 1 + Math.floor(random() * counts.products);
      const customer = Math.floor(random() * counts.customers);
      return {
        user_id: customer + 1,
        product_id: productId,
        customer_name: `Bench Customer ${customer}`,
        email: `bench${customer}@example.com`,
        product_name: products[productId - 1]!.name,
        unit_price_cents: products[productId - 1]!.price_cents,
        quantity: 50,
        total_cents: products[productId - 1]!.price_cents * 50,
        line_count: 1,
        phone: '5550100',
        address: `${customer} Bench Street`,
        status: pick(['not paid', 'pending', 'shipped', 'cancelled'] as const),
        transaction_id: null,
        ...stamps,
      };
    });
    await inBatches(orders, 500, (batch) => trx.insertInto('orders').values(batch).execute());
    await sql`
      insert into order_lines (order_id, product_id, product_name, product_sku, quantity, unit_price_cents, list_price_cents)
      select id, product_id, product_name, product_sku, quantity, unit_price_cents, unit_price_cents from orders`.execute(trx);

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

    const numbers = products.map((_, i) => ({ product_id: i + 1, type: 'oe' as const, brand: 'Bench Motors', number: `OE-${200000 + i}`, number_key: `OE${200000 + i}` }));
    await inBatches(numbers, 1000, (batch) => trx.insertInto('product_numbers').values(batch).execute());

    // The vehicle base: models of 20 model years each; applications spread evenly over the models.
    const models = Math.max(1, Math.floor(counts.vehicles / YEARS_PER_MODEL));
    const vehicles = Array.from({ length: models * YEARS_PER_MODEL }, (_, i) => ({
      year: 2006 + (i % YEARS_PER_MODEL),
      make: `Make ${Math.floor(i / YEARS_PER_MODEL / 25)}`,
      model: `Model ${Math.floor(i / YEARS_PER_MODEL)}`,
      submodel: 'Base',
      engine: '2.0L I4',
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

  const orderProduct = await k
    .insertInto('products')
    .values({ name: 'Bench Bolt', description: 'Ordered by the benchmark', img: '/images/products/hubcap.svg', price_cents: 199, stock: 1_000_000_000, min_quantity: 1, hidden_at: null, sku: 'BENCH-1', sku_key: 'BENCH1', ...stamps })
    .returning(['id'])
    .executeTakeFirstOrThrow();
  // Fresh statistics, as autovacuum would gather on a live shop, so PostgreSQL plans with its indexes.
  if (db.dialect === 'postgres') await sql`ANALYZE`.execute(k);
  await k.destroy();
  process.stdout.write(
    JSON.stringify({ ...counts, customerEmail: 'bench0@example.com', password: BENCH_PASSWORD, orderProductId: orderProduct.id }) + '\n',
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
