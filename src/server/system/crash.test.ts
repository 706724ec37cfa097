/**
 * Crash safety and graceful shutdown, with a real server process, on SQLite and on PostgreSQL.
 *
 * 1. SIGKILL in the middle of a storm of orders and payments, restart on the same database: every
 *    invariant holds in the database (no half-written order, no lost stock, no paid order without its
 *    payment), every answer the clients got is durable, and the restarted shop keeps working.
 * 2. SIGTERM during a burst: requests in flight finish with a complete answer, nothing is processed
 *    without its answer reaching the client, and the process exits 0.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkInvariants, insertProduct } from './invariants.js';
import {
  databaseKind,
  freshDatabase,
  killAllServers,
  mustRequest,
  registerThrough,
  request,
  type ServerProcess,
  sleep,
  startServer,
  TEST_CARD,
  type TestDatabase,
} from './processes.js';
import { TEST_ADDRESS } from '../test/harness.js';

/** The one-line destination after the test address's street. */
const TEST_ADDRESS_TAIL = 'Portland, OR 97201, US';

type Customer = Awaited<ReturnType<typeof registerThrough>>;

describe(`crash safety and graceful shutdown of a server process (${databaseKind})`, () => {
  let database: TestDatabase;
  const initialStock = new Map<number, number>();
  const products: number[] = [];
  const customers: Customer[] = [];

  beforeAll(async () => {
    database = await freshDatabase();
    for (let i = 0; i < 3; i++) {
      const id = await insertProduct(database.db, { name: `Crash part ${i}`, stock: 400, min: 1, priceCents: 1250 + i });
      initialStock.set(id, 400);
      products.push(id);
    }
  });
  afterAll(async () => {
    await killAllServers();
    await database?.drop();
  });

  async function expectSoundData() {
    const report = await checkInvariants(database.db, initialStock);
    expect(report.violations).toEqual([]);
    return report;
  }

  /** What the clients were told, to compare with what the database kept. */
  const told = { placed: new Set<number>(), paid: new Set<number>(), cancelled: new Set<number>(), requests: 0, inFlight: 0, networkErrors: 0 };

  /** One customer's life, repeated until the server goes away: order, then pay (or, every 4th, cancel). */
  async function shopper(server: ServerProcess, who: Customer, n: number, stop: { now: boolean }) {
    const call = async (method: string, path: string, body?: unknown, token: string | undefined = who.token) => {
      told.requests += 1;
      told.inFlight += 1;
      try {
        return await request(server.url, method, path, { token, body });
      } finally {
        told.inFlight -= 1;
      }
    };
    try {
      for (let round = 0; !stop.now; round++) {
        const productId = products[(n + round) % products.length]!;
        const placed = await call('POST', '/api/orders', { productId, quantity: 1 + ((n + round) % 3), phone: '5550100', shippingAddress: TEST_ADDRESS });
        if (placed.status !== 201) throw new Error(`order answered ${placed.status}: ${placed.text}`);
        const orderId = Number(placed.body._id);
        told.placed.add(orderId);
        if ((n + round) % 4 === 3) {
          const cancelled = await call('DELETE', `/api/orders/${orderId}`);
          if (cancelled.status !== 200) throw new Error(`cancel answered ${cancelled.status}`);
          told.cancelled.add(orderId);
          continue;
        }
        const intent = await call('POST', '/api/create-payment-intent', { orderId });
        if (intent.status !== 200) throw new Error(`intent answered ${intent.status}: ${intent.text}`);
        const charged = await call('POST', '/api/payments/test/confirm', { clientSecret: intent.body.clientSecret, card: TEST_CARD }, undefined);
        if (charged.status !== 200) throw new Error(`confirm answered ${charged.status}: ${charged.text}`);
        const paid = await call('PATCH', `/api/orders/${orderId}`, { transactionId: charged.body.paymentIntent.id });
        if (paid.status !== 200) throw new Error(`payment report answered ${paid.status}: ${paid.text}`);
        told.paid.add(orderId);
      }
    } catch (error) {
      // After the SIGKILL the connection is refused or reset: expected, that shopper stops. Anything
      // else (a 5xx while the server was up) is a failure.
      if (error instanceof TypeError && stop.now) {
        told.networkErrors += 1;
        return;
      }
      throw error;
    }
  }

  it('SIGKILL in the middle of orders and payments loses nothing and half-writes nothing; the restarted server carries on', async () => {
    const first = await startServer({ databaseUrl: database.url });
    for (let i = 0; i < 8; i++) customers.push(await registerThrough(first.url));

    const stop = { now: false };
    const shoppers = Array.from({ length: 24 }, (_, n) => shopper(first, customers[n % customers.length]!, n, stop));
    // Kill once the storm is well under way (at least 60 orders placed), whatever the machine's speed.
    const deadline = Date.now() + 20_000;
    while (told.placed.size < 60 && Date.now() < deadline) await sleep(10);
    stop.now = true;
    const inFlightAtKill = told.inFlight;
    await first.crash();
    expect(inFlightAtKill).toBeGreaterThan(0);
    expect(first.child.signalCode).toBe('SIGKILL');
    await Promise.all(shoppers);

    // The database as the crash left it, before any restart.
    const report = await expectSoundData();
    const k = database.db.kysely;
    const rows = await k.selectFrom('orders').select(['id', 'status']).execute();
    const status = new Map(rows.map((r) => [r.id, r.status]));
    for (const id of told.placed) expect(status.has(id)).toBe(true); // every 201 is durable
    for (const id of told.paid) expect(status.get(id)).toBe('pending'); // every "paid" answer is durable
    for (const id of told.cancelled) expect(status.get(id)).toBe('cancelled');
    console.info(
      `[crash ${databaseKind}] SIGKILL after ${told.requests} requests, ${inFlightAtKill} in flight: ${report.orders} orders in the database ` +
        `(${JSON.stringify(report.byStatus)}), ${report.payments} payment rows, ${told.placed.size} orders / ${told.paid.size} payments / ` +
        `${told.cancelled.size} cancels acknowledged to clients, ${told.networkErrors} shoppers cut off; ` +
        `ledgers ${JSON.stringify(report.ledgers.map(({ stock, reserved, sold, initial }) => `${stock}+${reserved}+${sold}=${initial}`))}`,
    );

    // Restart on the same database: sessions made before the crash still work.
    const second = await startServer({ databaseUrl: database.url });
    const who = customers[0]!;
    expect((await request(second.url, 'GET', '/api/me', { token: who.token })).status).toBe(200);

    // A payment the crash interrupted (card charged, not yet reported) completes now: nothing is lost.
    const charged = await k.selectFrom('test_processor_intents').select(['id', 'order_id']).where('status', '=', 'succeeded').execute();
    const unpaid = await k.selectFrom('orders').select(['id', 'email']).where('status', '=', 'not paid').execute();
    const interrupted = unpaid.flatMap((order) => {
      const intent = charged.find((c) => c.order_id === String(order.id));
      return intent ? [{ ...order, intent: intent.id }] : [];
    });
    for (const order of interrupted) {
      const owner = customers.find((c) => c.email === order.email)!;
      const done = await request(second.url, 'PATCH', `/api/orders/${order.id}`, { token: owner.token, body: { transactionId: order.intent } });
      expect(done.status).toBe(200);
      expect(done.body.status).toBe('pending');
    }

    // And one more order, placed and paid on the restarted server.
    const placed = await mustRequest(second.url, 'POST', '/api/orders', {
      token: who.token,
      body: { productId: products[0], quantity: 2, phone: '5550100', shippingAddress: TEST_ADDRESS },
    });
    const intent = await mustRequest(second.url, 'POST', '/api/create-payment-intent', { token: who.token, body: { orderId: placed.body._id } });
    const card = await mustRequest(second.url, 'POST', '/api/payments/test/confirm', { body: { clientSecret: intent.body.clientSecret, card: TEST_CARD } });
    const paid = await mustRequest(second.url, 'PATCH', `/api/orders/${placed.body._id}`, {
      token: who.token,
      body: { transactionId: card.body.paymentIntent.id },
    });
    expect(paid.body).toMatchObject({ status: 'pending', paid: true });
    const after = await expectSoundData();
    expect(after.orders).toBe(report.orders + 1);
    console.info(`[crash ${databaseKind}] after the restart: ${interrupted.length} interrupted payments completed, 1 more order placed and paid`);

    // Shut the second server down properly, for the next test.
    expect((await second.terminate()).code).toBe(0);
    expect(second.output()).not.toMatch(/"level":(50|60)/);
  });

  it('SIGTERM during a burst: every request it accepted gets a complete 2xx, nothing is done unanswered, exit code 0', async () => {
    const server = await startServer({ databaseUrl: database.url });
    const who = await registerThrough(server.url);
    const productId = products[1]!;
    const marker = `Drain ${Date.now()}`;
    let signalledAt = 0;
    type Outcome = { i: number; status?: number; body?: { _id?: string; address?: string }; error?: string; truncated?: boolean; at: number };

    /** One order; a failure before the answer's head is a refusal, a failure after it a truncated answer. */
    const send = async (i: number): Promise<Outcome> => {
      let response: Response;
      try {
        response = await fetch(`${server.url}/api/orders`, {
          method: 'POST',
          headers: { authorization: `Bearer ${who.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ productId, quantity: 1, phone: '5550100', shippingAddress: { ...TEST_ADDRESS, line1: `${marker} #${i}` } }),
        });
      } catch (error) {
        return { i, error: String((error as { cause?: unknown }).cause ?? error), at: Date.now() };
      }
      try {
        const text = await response.text();
        return { i, status: response.status, body: response.status === 201 ? JSON.parse(text) : undefined, at: Date.now() };
      } catch (error) {
        return { i, status: response.status, truncated: true, error: String(error), at: Date.now() };
      }
    };

    // 150 orders at once; SIGTERM as soon as the first one is answered, while the rest are in flight.
    const burst = Array.from({ length: 150 }, (_, i) =>
      send(i).then((outcome) => {
        if (!signalledAt && outcome.status === 201) {
          signalledAt = Date.now();
          server.child.kill('SIGTERM');
        }
        return outcome;
      }),
    );
    const outcomes = await Promise.all(burst);
    // Late callers, after the burst: refused, or (on a connection still open) answered in full.
    const late = await Promise.all(Array.from({ length: 20 }, (_, i) => send(1000 + i)));
    const exit = await Promise.race([server.exited, sleep(15_000).then(() => null)]);

    expect(signalledAt).toBeGreaterThan(0);
    expect(exit).toEqual({ code: 0, signal: null });

    const all = [...outcomes, ...late];
    const ok = all.filter((o) => o.status === 201);
    expect(all.filter((o) => o.truncated)).toEqual([]);
    const refused = all.filter((o) => o.status === 503 || (o.status === undefined && o.error !== undefined));
    // Only two kinds of answer: a complete 201 (the order, with its own address), or a refusal before any
    // answer: the connection refused, or reset while it still waited in the kernel's accept queue when
    // the listener closed (the process never accepted it), or Fastify's 503 for a request arriving on a
    // kept-alive connection during the close. No 500, no truncated body.
    expect(all.filter((o) => o.status !== undefined && o.status !== 201 && o.status !== 503)).toEqual([]);
    for (const o of ok) expect(o.body?.address).toBe(`${marker} #${o.i}, ${TEST_ADDRESS_TAIL}`);
    expect(ok.length + refused.length).toBe(all.length);

    // The database agrees with the clients exactly: an order exists iff its client got the 201.
    const stored = await database.db.kysely.selectFrom('orders').select('address').where('address', 'like', `${marker} #%`).execute();
    expect(stored.map((r) => r.address).sort()).toEqual(ok.map((o) => `${marker} #${o.i}, ${TEST_ADDRESS_TAIL}`).sort());
    // Every request of the burst had reached the server (sent before the signal): all were answered,
    // most of them after the signal, none dropped or reset.
    const drained = outcomes.filter((o) => o.status === 201 && o.at > signalledAt).length;
    expect(drained).toBeGreaterThan(0);
    expect(outcomes.filter((o) => o.status !== 201)).toEqual([]);
    await expectSoundData();
    console.info(
      `[drain ${databaseKind}] SIGTERM after the first answer of a burst of 150 orders: ${outcomes.filter((o) => o.status === 201).length}/150 answered 201 ` +
        `(${drained} after the signal); 20 late callers: ${late.filter((o) => o.status === 201).length} answered 201, ` +
        `${late.filter((o) => o.status === 503).length}× 503, ${late.filter((o) => o.error).length}× refused; exit code ${exit?.code}`,
    );
  });
});
