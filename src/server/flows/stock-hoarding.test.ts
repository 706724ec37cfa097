/**
 * Nobody can hoard the stock: what one account's unpaid orders may hold (UNPAID_HOLD_MAX_VALUE,
 * UNPAID_HOLD_MAX_SHARE), how many orders it may place (ORDER_RATE_LIMIT), and how long an unpaid
 * order holds its parts (UNPAID_ORDER_TTL, longer while it is being paid).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessages } from '../../shared/messages.js';
import { seedDemoCatalog } from '../seed/seed.js';
import { type Account, call, createProduct, databaseKind, registerAdmin, registerCustomer, startTestServer, type TestServer, TEST_ADDRESS } from '../test/harness.js';
import { expireUnpaidOrders } from './expire-orders.js';

/** The shop's own defaults for the limits under test (the harness raises them for other tests). */
const DEFAULT_LIMITS = { UNPAID_HOLD_MAX_VALUE: '50000', UNPAID_HOLD_MAX_SHARE: '50', ORDER_RATE_LIMIT: '30', MAX_UNPAID_ORDERS: '5' };
const where = { phone: '5550100', shippingAddress: TEST_ADDRESS };
type Line = { productId: number; quantity: number };

const placeLines = (server: TestServer, who: Account, lines: Line[]) =>
  call(server.app, 'POST', '/api/orders', { token: who.token, body: { lines: lines.map((l) => ({ productId: String(l.productId), quantity: l.quantity })), ...where } });
const placeOne = (server: TestServer, who: Account, productId: string | number, quantity: number) =>
  call(server.app, 'POST', '/api/orders', { token: who.token, body: { productId: String(productId), quantity, ...where } });
const cancel = (server: TestServer, who: Account, id: string) => call(server.app, 'DELETE', `/api/orders/${id}`, { token: who.token });

async function demoParts(server: TestServer) {
  return server.db.kysely.selectFrom('products').select(['id', 'stock', 'min_quantity', 'pack_size']).orderBy('id').execute();
}

describe(`holding stock is bounded, on the demo catalog (${databaseKind})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    // The hoarders may try as often as they like: the holding limits alone must stop them.
    server = await startTestServer({ ...DEFAULT_LIMITS, ORDER_RATE_LIMIT: '100000' });
    await seedDemoCatalog(server.db.kysely, server.app.log);
  }, 60_000);
  afterAll(() => server?.close());

  it("fits a new customer's first order of the minimum of any part in stock", async () => {
    for (const part of await demoParts(server)) {
      if (part.stock < part.min_quantity) continue;
      const customer = await registerCustomer(server.app);
      const answer = await placeOne(server, customer, part.id, part.min_quantity);
      expect(answer.statusCode, answer.body).toBe(201);
      expect((await cancel(server, customer, answer.json()._id)).statusCode).toBe(200);
    }
  }, 60_000);

  it('leaves every part orderable by a third buyer after two accounts try to hold every unit', async () => {
    const before = await demoParts(server);
    const orderable = before.filter((part) => part.stock >= part.min_quantity);
    const packs = new Map(before.map((part) => [part.id, { min: part.min_quantity, pack: part.pack_size }]));
    const half = ({ productId, quantity }: Line) => {
      const { pack } = packs.get(productId)!;
      return { productId, quantity: Math.floor(quantity / 2 / pack) * pack };
    };

    /** Asks for every unit left of every part, and as much of it as the shop lets it have. */
    async function hoard(hoarder: Account): Promise<string[]> {
      const placed: string[] = [];
      for (let order = 0; order < 6; order++) {
        let lines = (await demoParts(server))
          .filter((part) => part.stock >= part.min_quantity)
          .map((part) => ({ productId: part.id, quantity: Math.floor(part.stock / part.pack_size) * part.pack_size }));
        for (let attempt = 0; attempt < 60 && lines.length > 0; attempt++) {
          const answer = await placeLines(server, hoarder, lines);
          if (answer.statusCode === 201) {
            placed.push(answer.json()._id);
            break;
          }
          const error = answer.json().error;
          if (error.code === 'too_many_unpaid_orders') return placed;
          const refused = Object.keys(error.fields ?? {}).flatMap((key) => /^lines\.(\d+)\.quantity$/.exec(key)?.[1] ?? []).map(Number);
          lines = lines.map((line, index) => (refused.length === 0 || refused.includes(index) ? half(line) : line));
          lines = lines.filter((line) => line.quantity >= packs.get(line.productId)!.min);
        }
      }
      return placed;
    }

    const hoarders = [await registerCustomer(server.app), await registerCustomer(server.app)];
    for (let round = 0; round < 3; round++) {
      for (const hoarder of hoarders) {
        const placed = await hoard(hoarder);
        // Cancel and order again: the hold must not grow by it.
        if (round < 2 && placed[0]) expect((await cancel(server, hoarder, placed[0])).statusCode).toBe(200);
      }
    }
    const held = await server.db.kysely.selectFrom('orders').select('id').where('status', '=', 'not paid').execute();
    expect(held.length).toBeGreaterThan(0);

    const buyer = await registerCustomer(server.app);
    for (const part of orderable) {
      const answer = await placeOne(server, buyer, part.id, part.min_quantity);
      expect(answer.statusCode, `part ${part.id}: ${answer.body}`).toBe(201);
      expect((await cancel(server, buyer, answer.json()._id)).statusCode).toBe(200);
    }
  }, 180_000);
});

describe(`unpaid hold limits (${databaseKind})`, () => {
  let server: TestServer;
  let admin: Account;
  beforeAll(async () => {
    server = await startTestServer({ ...DEFAULT_LIMITS, MAX_UNPAID_ORDERS: '1000', ORDER_RATE_LIMIT: '100000' });
    admin = await registerAdmin(server);
  });
  afterAll(() => server?.close());

  const stockOf = async (id: string) => (await call(server.app, 'GET', `/api/products/${id}`)).json().stock as number;

  it('holds at most UNPAID_HOLD_MAX_VALUE dollars in one account\'s unpaid orders; a refused order reserves nothing', async () => {
    const customer = await registerCustomer(server.app);
    const productId = await createProduct(server.app, admin, { price: 1000, stock: 1000, min: 1 });
    expect((await placeOne(server, customer, productId, 30)).statusCode).toBe(201);
    const refused = await placeOne(server, customer, productId, 21);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'unpaid_hold_too_valuable', message: errorMessages.unpaidHoldTooValuable('50,000.00') });
    expect(await stockOf(productId)).toBe(970);
    const fits = await placeOne(server, customer, productId, 20);
    expect(fits.statusCode).toBe(201);
    // Another account is not limited by this one's hold; a cancelled order holds nothing.
    expect((await placeOne(server, await registerCustomer(server.app), productId, 50)).statusCode).toBe(201);
    expect((await cancel(server, customer, fits.json()._id)).statusCode).toBe(200);
    expect((await placeOne(server, customer, productId, 20)).statusCode).toBe(201);
  });

  it('holds at most UNPAID_HOLD_MAX_SHARE percent of a part\'s units for sale, and always one minimum order of it', async () => {
    const customer = await registerCustomer(server.app);
    const productId = await createProduct(server.app, admin, { price: 1, stock: 100, min: 1 });
    const tooMany = await placeOne(server, customer, productId, 51);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().error).toMatchObject({ code: 'unpaid_hold_too_large', fields: { quantity: errorMessages.unpaidHoldShareTooLarge(50, 50) } });
    expect(await stockOf(productId)).toBe(100);
    expect((await placeOne(server, customer, productId, 30)).statusCode).toBe(201);
    expect((await placeOne(server, customer, productId, 20)).statusCode).toBe(201);
    const oneMore = await placeOne(server, customer, productId, 1);
    expect(oneMore.statusCode).toBe(409);
    expect(oneMore.json().error.message).toBe(errorMessages.unpaidHoldShareTooLarge(50, 0));
    // The next account may hold half of what is left.
    const other = await registerCustomer(server.app);
    expect((await placeOne(server, other, productId, 26)).statusCode).toBe(409);
    expect((await placeOne(server, other, productId, 25)).statusCode).toBe(201);
    expect(await stockOf(productId)).toBe(25);

    // A part scarcer than two minimums can still be bought at its minimum.
    const scarce = await createProduct(server.app, admin, { price: 1, stock: 3, min: 2 });
    expect((await placeOne(server, customer, scarce, 2)).statusCode).toBe(201);
  });

  it('names the part over its share in an order of many lines', async () => {
    const customer = await registerCustomer(server.app);
    const plenty = await createProduct(server.app, admin, { price: 1, stock: 100, min: 1 });
    const scarce = await createProduct(server.app, admin, { price: 1, stock: 10, min: 1 });
    const answer = await placeLines(server, customer, [{ productId: Number(plenty), quantity: 10 }, { productId: Number(scarce), quantity: 6 }]);
    expect(answer.statusCode).toBe(409);
    expect(Object.keys(answer.json().error.fields)).toEqual(['lines.1.quantity']);
    expect([await stockOf(plenty), await stockOf(scarce)]).toEqual([100, 10]);
  });

  it('lets no concurrent orders of one account hold more together than the limits', async () => {
    const customer = await registerCustomer(server.app);
    const shared = await createProduct(server.app, admin, { price: 1, stock: 100, min: 1 });
    const shares = await Promise.all(Array.from({ length: 10 }, () => placeOne(server, customer, shared, 10)));
    expect(shares.filter((a) => a.statusCode === 201)).toHaveLength(5);
    expect(shares.filter((a) => a.statusCode === 409)).toHaveLength(5);
    expect(await stockOf(shared)).toBe(50);

    const other = await registerCustomer(server.app);
    const dear = [];
    for (let i = 0; i < 8; i++) dear.push(await createProduct(server.app, admin, { price: 10_000, stock: 10, min: 1 }));
    const values = await Promise.all(dear.map((id) => placeOne(server, other, id, 1)));
    expect(values.filter((a) => a.statusCode === 201)).toHaveLength(5);
    expect(values.filter((a) => a.statusCode === 409).map((a) => a.json().error.code)).toEqual(['unpaid_hold_too_valuable', 'unpaid_hold_too_valuable', 'unpaid_hold_too_valuable']);
    const stocks = await Promise.all(dear.map(stockOf));
    expect(stocks.reduce((sum, stock) => sum + (10 - stock), 0)).toBe(5);
  });
});

describe(`order rate limit and hold time (${databaseKind})`, () => {
  let server: TestServer;
  let admin: Account;
  beforeAll(async () => {
    server = await startTestServer(DEFAULT_LIMITS);
    admin = await registerAdmin(server);
  });
  afterAll(() => server?.close());

  it('places at most ORDER_RATE_LIMIT orders per account in 10 minutes (429), however many it cancels', async () => {
    const customer = await registerCustomer(server.app);
    const productId = await createProduct(server.app, admin, { price: 1, stock: 1000, min: 1 });
    for (let i = 0; i < 30; i++) {
      const placed = await placeOne(server, customer, productId, 1);
      expect(placed.statusCode, placed.body).toBe(201);
      expect((await cancel(server, customer, placed.json()._id)).statusCode).toBe(200);
    }
    const refused = await placeOne(server, customer, productId, 1);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({ code: 'too_many_orders', message: errorMessages.tooManyOrders(30) });
    expect((await call(server.app, 'GET', `/api/products/${productId}`)).json().stock).toBe(1000);
    expect((await placeOne(server, await registerCustomer(server.app), productId, 1)).statusCode).toBe(201);
  });

  it('holds an unpaid order 30 minutes by default, and again from when its payment begins (at most twice that)', async () => {
    const customer = await registerCustomer(server.app);
    const productId = await createProduct(server.app, admin, { price: 1, stock: 100, min: 1 });
    const placed = (await placeOne(server, customer, productId, 5)).json();
    const minute = 60_000;
    expect(Date.parse(placed.heldUntil) - Date.parse(placed.createdAt)).toBe(30 * minute);

    // Placed 20 minutes ago: without a payment, its hold would end in 10 minutes.
    const placedAt = Date.now() - 20 * minute;
    await server.db.kysely.updateTable('orders').set({ created_at: new Date(placedAt).toISOString() }).where('id', '=', Number(placed._id)).execute();
    const intent = await call(server.app, 'POST', '/api/create-payment-intent', { token: customer.token, body: { orderId: placed._id } });
    expect(intent.statusCode, intent.body).toBe(200);
    const paying = (await call(server.app, 'GET', `/api/order/${placed._id}`, { token: customer.token })).json();
    expect(Date.parse(paying.heldUntil)).toBeGreaterThanOrEqual(Date.now() + 29 * minute);
    expect(await expireUnpaidOrders(server.db.kysely, server.config.unpaidOrderTtlMs, Date.now() + 15 * minute)).toBe(0);
    await expireUnpaidOrders(server.db.kysely, server.config.unpaidOrderTtlMs, Date.parse(paying.heldUntil) + 1000);
    expect((await call(server.app, 'GET', `/api/order/${placed._id}`, { token: customer.token })).json().status).toBe('expired');

    // Paying again and again extends it no further than twice the hold after placing.
    const later = (await placeOne(server, customer, productId, 5)).json();
    const longAgo = Date.now() - 50 * minute;
    await server.db.kysely.updateTable('orders').set({ created_at: new Date(longAgo).toISOString() }).where('id', '=', Number(later._id)).execute();
    expect((await call(server.app, 'POST', '/api/create-payment-intent', { token: customer.token, body: { orderId: later._id } })).statusCode).toBe(200);
    const bounded = (await call(server.app, 'GET', `/api/order/${later._id}`, { token: customer.token })).json();
    expect(Date.parse(bounded.heldUntil)).toBe(longAgo + 60 * minute);
    await expireUnpaidOrders(server.db.kysely, server.config.unpaidOrderTtlMs, longAgo + 61 * minute);
    expect((await call(server.app, 'GET', `/api/order/${later._id}`, { token: customer.token })).json().status).toBe('expired');
    expect((await call(server.app, 'GET', `/api/products/${productId}`)).json().stock).toBe(100);
  });
});
