/**
 * Horizontal scale, proven with real processes: three app servers (`node --import tsx
 * src/server/main.ts`) on three loopback ports, one PostgreSQL database. Nothing a request needs may
 * live in one process only: stock, sessions, payments, webhook de-duplication and the expiry job are all
 * decided in the database.
 *
 * PostgreSQL only: several servers need a database server (an SQLite file is for one app process, see
 * docs/operations.md). `npm test` runs the server suite a second time on a throwaway PostgreSQL, where
 * this runs; an SQLite-only run says so and skips it.
 */
import Stripe from 'stripe';
import { demoProducts, demoReviews } from '../seed/demo-data.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireUnpaidOrders } from '../flows/expire-orders.js';
import { connect, type Db } from '../db/connection.js';
import { parseDatabaseUrl } from '../config.js';
import { type FakeStripe, startFakeStripe } from '../test/fake-stripe.js';
import { seedDemoShippingAndTax } from '../seed/seed.js';
import { checkInvariants, insertProduct } from './invariants.js';
import {
  databaseKind,
  freshDatabase,
  killAllServers,
  mustRequest,
  registerThrough,
  request,
  type ServerProcess,
  startServer,
  type TestDatabase,
} from './processes.js';
import { TEST_ADDRESS } from '../test/harness.js';

const onPostgres = databaseKind === 'postgres';
if (!onPostgres) {
  console.warn(
    '\n[scale.test.ts] PostgreSQL-only: skipped on SQLite. Set TEST_POSTGRES_URL (npm test does, in its PostgreSQL pass) to run three servers on one database.\n',
  );
}

const WEBHOOK_SECRET = 'whsec_system_scale';
const HOUR = 3_600_000;
const ORDER = { phone: '5550100', shippingAddress: TEST_ADDRESS };

describe.runIf(onPostgres)('three app servers on one PostgreSQL', () => {
  let database: TestDatabase;
  let fake: FakeStripe;
  let servers: ServerProcess[];
  const customers: { token: string; email: string; id: number }[] = [];
  const initialStock = new Map<number, number>();
  const signer = new Stripe('sk_test_signer');
  const server = (i: number) => servers[i % servers.length]!;

  beforeAll(async () => {
    fake = await startFakeStripe();
    // A brand-new, unmigrated database: the three servers start at the same moment and race to migrate it.
    database = await freshDatabase({ migrate: false });
    servers = await Promise.all(
      [0, 1, 2].map(() =>
        startServer({
          databaseUrl: database.url,
          env: {
            STRIPE_SECRET_KEY: 'sk_test_system',
            STRIPE_PUBLISHABLE_KEY: 'pk_test_system',
            STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
            STRIPE_API_BASE: fake.url,
            // Every server runs the expiry job, often: they compete for the same stale orders.
            UNPAID_ORDER_TTL: '1h',
            EXPIRY_CHECK_EVERY: '250ms',
          },
        }),
      ),
    );
    // The servers have migrated it; orders need somewhere to ship to.
    await seedDemoShippingAndTax(database.db.kysely);
    for (let i = 0; i < 12; i++) customers.push(await registerThrough(server(i).url));
  });

  afterAll(async () => {
    await killAllServers();
    await fake?.close();
    await database?.drop();
  });

  const customer = (i: number) => customers[i % customers.length]!;
  const newProduct = async (stock: number, min = 1, priceCents = 1000) => {
    const id = await insertProduct(database.db, { name: `Scale part ${initialStock.size + 1}`, stock, min, priceCents });
    initialStock.set(id, stock);
    return id;
  };
  const placeOn = (i: number, productId: number, quantity = 1, who = customer(i)) =>
    request(server(i).url, 'POST', '/api/orders', { token: who.token, body: { productId, quantity, ...ORDER } });

  async function expectSoundData() {
    const report = await checkInvariants(database.db, initialStock);
    expect(report.violations).toEqual([]);
    return report;
  }

  it('three servers started at once on a new database migrate it exactly once (Kysely locks on PostgreSQL)', async () => {
    expect(servers.map((s) => s.child.exitCode)).toEqual([null, null, null]);
    // The same migrations as one migrator alone applies to an empty database.
    const reference = await freshDatabase({ migrate: true });
    try {
      const names = (db: TestDatabase['db']) =>
        db.kysely.selectFrom('kysely_migration' as never).select('name' as never).orderBy('name' as never).execute() as Promise<{ name: string }[]>;
      const expected = (await names(reference.db)).map((m) => m.name);
      expect(expected.length).toBeGreaterThanOrEqual(4);
      expect((await names(database.db)).map((m) => m.name)).toEqual(expected);
    } finally {
      await reference.drop();
    }
    for (const s of servers) expect((await request(s.url, 'GET', '/api/health')).status).toBe(200);
  });

  it('never oversells: 300 orders of 1 for a stock of 100, at once, spread over the three servers', async () => {
    const productId = await newProduct(100);
    const answers = await Promise.all(Array.from({ length: 300 }, (_, i) => placeOn(i, productId)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(100);
    expect(statuses.filter((s) => s === 409)).toHaveLength(200);
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.error.code === 'out_of_stock')).toBe(true);
    // Every server sold some: the load really was spread.
    for (let s = 0; s < 3; s++) expect(answers.filter((a, i) => i % 3 === s && a.status === 201).length).toBeGreaterThan(0);

    const report = await expectSoundData();
    expect(report.ledgers.find((l) => l.productId === productId)).toEqual({ productId, initial: 100, stock: 0, reserved: 100, sold: 0, restocked: 0 });

    // Cancels delivered twice, to two servers at once, while 60 new orders race for the stock they free.
    const accepted = answers.filter((a) => a.status === 201).slice(0, 30);
    const owner = (order: { email: string }) => customers.find((c) => c.email === order.email)!;
    const storm = await Promise.all([
      ...accepted.flatMap((a, i) => [
        request(server(i).url, 'DELETE', `/api/orders/${a.body._id}`, { token: owner(a.body).token }),
        request(server(i + 1).url, 'DELETE', `/api/orders/${a.body._id}`, { token: owner(a.body).token }),
      ]),
      ...Array.from({ length: 60 }, (_, i) => placeOn(i + 2, productId)),
    ]);
    const cancels = storm.slice(0, 60).map((a) => a.status);
    const reorders = storm.slice(60).map((a) => a.status);
    expect(cancels.filter((s) => s === 200)).toHaveLength(30);
    expect(cancels.filter((s) => s === 409)).toHaveLength(30);
    expect(reorders.every((s) => s === 201 || s === 409)).toBe(true);
    const reordered = reorders.filter((s) => s === 201).length;
    expect(reordered).toBeLessThanOrEqual(30);
    const after = await expectSoundData();
    expect(after.ledgers.find((l) => l.productId === productId)).toEqual({
      productId,
      initial: 100,
      stock: 30 - reordered,
      reserved: 70 + reordered,
      sold: 0,
      restocked: 0,
    });
  });

  it('a session made on one server works on the others, and a logout on one ends it on all', async () => {
    const account = customer(0);
    const login = await mustRequest(server(0).url, 'POST', '/api/auth/login', { body: { email: account.email, password: 'secret-password' } });
    const token = login.body.token as string;
    for (const s of servers) {
      const me = await request(s.url, 'GET', '/api/me', { token });
      expect(me.status).toBe(200);
      expect(me.body.email).toBe(account.email);
    }
    expect((await request(server(2).url, 'POST', '/api/auth/logout', { token })).status).toBe(204);
    for (const s of servers) expect((await request(s.url, 'GET', '/api/me', { token })).status).toBe(401);
  });

  function deliverWebhook(to: ServerProcess, intent: object, eventId: string) {
    const payload = JSON.stringify({ id: eventId, object: 'event', type: 'payment_intent.succeeded', data: { object: intent } });
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    return request(to.url, 'POST', '/api/payments/webhook', {
      raw: payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });
  }

  async function succeededIntentFor(i: number, productId: number) {
    const who = customer(i);
    const order = await placeOn(i, productId, 1, who);
    expect(order.status).toBe(201);
    const intent = await mustRequest(server(i + 1).url, 'POST', '/api/create-payment-intent', { token: who.token, body: { orderId: order.body._id } });
    const id = (intent.body.clientSecret as string).split('_secret_')[0]!;
    return { orderId: Number(order.body._id), who, intent: fake.succeed(id) };
  }

  it('a Stripe webhook delivered twice at the same moment, to two servers, pays the order once', async () => {
    const productId = await newProduct(1000, 1, 2500);
    const rounds = 12;
    const paid: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const { orderId, who, intent } = await succeededIntentFor(i, productId);
      const eventId = `evt_scale_${i}_${Date.now()}`;
      // Two deliveries of one event on two servers; every third round the browser reports it on the third server too.
      const deliveries = [deliverWebhook(server(i), intent, eventId), deliverWebhook(server(i + 1), intent, eventId)];
      const browser = i % 3 === 0 ? [request(server(i + 2).url, 'PATCH', `/api/orders/${orderId}`, { token: who.token, body: { transactionId: intent.id } })] : [];
      const [first, second, ...reported] = await Promise.all([...deliveries, ...browser]);
      expect([first!.status, second!.status]).toEqual([200, 200]);
      const outcomes = [first!.body.outcome, second!.body.outcome].sort();
      if (browser.length === 0) expect(outcomes).toEqual(['duplicate', 'processed']);
      else expect(outcomes.every((o: string) => o === 'duplicate' || o === 'processed')).toBe(true);
      for (const r of reported) expect(r.status).toBe(200);
      paid.push(orderId);
    }

    const k = database.db.kysely;
    const orders = await k.selectFrom('orders').select(['id', 'status', 'transaction_id']).where('id', 'in', paid).execute();
    expect(orders.every((o) => o.status === 'pending')).toBe(true);
    const payments = await k.selectFrom('payments').selectAll().where('order_id', 'in', paid).execute();
    expect(payments).toHaveLength(rounds);
    expect(payments.every((p) => p.status === 'succeeded' && orders.find((o) => o.id === p.order_id)!.transaction_id === p.intent_id)).toBe(true);
    const paidEvents = await k.selectFrom('order_events').select('order_id').where('order_id', 'in', paid).where('to_status', '=', 'pending').execute();
    expect(paidEvents).toHaveLength(rounds);
    expect(fake.refunds).toEqual([]);
    await expectSoundData();
  });

  it('the expiry job, run by every server and two more connections at once, expires each stale order once', async () => {
    const productId = await newProduct(500);
    const placed = await Promise.all(Array.from({ length: 60 }, (_, i) => placeOn(i, productId, 5)));
    expect(placed.every((a) => a.status === 201)).toBe(true);
    const ids = placed.map((a) => Number(a.body._id));
    // Two more "processes" (their own connection pools) join the three servers' schedules.
    const others: Db[] = [connect(parseDatabaseUrl(database.url)), connect(parseDatabaseUrl(database.url))];
    try {
      await database.db.kysely
        .updateTable('orders')
        .set({ created_at: new Date(Date.now() - 2 * HOUR).toISOString() })
        .where('id', 'in', ids)
        .execute();
      const counts = await Promise.all(others.map((db) => expireUnpaidOrders(db.kysely, HOUR)));
      // The servers keep running theirs: wait until every stale order is gone.
      const deadline = Date.now() + 15_000;
      let left = ids.length;
      while (left > 0 && Date.now() < deadline) {
        const rows = await database.db.kysely.selectFrom('orders').select('id').where('id', 'in', ids).where('status', '=', 'not paid').execute();
        left = rows.length;
        if (left > 0) await new Promise((r) => setTimeout(r, 100));
      }
      expect(left).toBe(0);
      expect(counts.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(ids.length);

      const expiries = await database.db.kysely
        .selectFrom('order_events')
        .select(['order_id', 'actor'])
        .where('order_id', 'in', ids)
        .where('to_status', '=', 'expired')
        .execute();
      expect(expiries).toHaveLength(ids.length);
      expect(new Set(expiries.map((e) => e.order_id)).size).toBe(ids.length);
      expect(expiries.every((e) => e.actor === 'system')).toBe(true);
      const report = await expectSoundData();
      expect(report.ledgers.find((l) => l.productId === productId)).toEqual({ productId, initial: 500, stock: 500, reserved: 0, sold: 0, restocked: 0 });
      console.info(
        `[scale] expiry: ${ids.length} stale orders, ${counts.join(' + ')} expired by the two test connections, the rest by the servers' own schedules`,
      );
    } finally {
      await Promise.all(others.map((db) => db.kysely.destroy()));
    }
  });

  it('all three servers are still up and wrote no error to their logs', async () => {
    for (const s of servers) {
      expect(s.child.exitCode).toBeNull();
      expect(s.output()).not.toMatch(/"level":(50|60)/);
    }
  });
});

describe.runIf(onPostgres)('three app servers starting together on a new PostgreSQL database', () => {
  let database: TestDatabase;
  afterAll(async () => {
    await killAllServers();
    await database?.drop();
  });

  it('seed the demo catalog and create the configured admin once (start-up work takes a lock)', async () => {
    database = await freshDatabase({ migrate: false });
    const servers = await Promise.all(
      [0, 1, 2].map(() =>
        startServer({
          databaseUrl: database.url,
          env: { SEED_DEMO: '1', ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: 'owner-password' },
        }),
      ),
    );
    expect(servers.map((s) => s.child.exitCode)).toEqual([null, null, null]);
    const k = database.db.kysely;
    const products = await k.selectFrom('products').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    const reviews = await k.selectFrom('reviews').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    const admins = await k.selectFrom('users').select('email').where('role', '=', 'admin').orderBy('email').execute();
    expect(Number(products.n)).toBe(demoProducts.length);
    expect(Number(reviews.n)).toBe(demoReviews.length);
    // With ADMIN_EMAIL set there is no demo admin.
    expect(admins.map((a) => a.email)).toEqual(['owner@example.com']);
  });
});
