/** Public answers served from the response cache, as a client sees them: fresh, revalidated, aging. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expireUnpaidOrders } from '../flows/expire-orders.js';
import { type Account, call, createProduct, databaseKind, registerAdmin, registerCustomer, startTestServer, type TestServer, TEST_ADDRESS } from '../test/harness.js';
import { ResponseCache } from './response-cache.js';

const HOUR = 3600_000;
const stockOf = (answer: { json: () => unknown }) => (answer.json() as { stock: number }).stock;

describe(`cached public answers (${databaseKind})`, () => {
  let server: TestServer;
  let admin: Account;
  beforeAll(async () => {
    server = await startTestServer({ PUBLIC_CACHE_MS: '60000' });
    admin = await registerAdmin(server);
  });
  afterAll(() => server.close());

  it('answers a revalidation of the version the browser has with a bodiless 304, and any other with the 200', async () => {
    const id = await createProduct(server.app, admin, { name: 'Revalidated Part', stock: 50, min: 1 });
    const path = `/api/products/${id}`;
    const plain = await call(server.app, 'GET', path);
    const etag = plain.headers.etag as string;
    expect(plain.headers['cache-control']).toBe('no-cache');
    for (const tag of [etag, `W/${etag}`, `"an-older-version", ${etag}`]) {
      const revalidated = await server.app.inject({ method: 'GET', url: path, headers: { 'if-none-match': tag } });
      expect(revalidated.statusCode).toBe(304);
      expect(revalidated.body).toBe('');
    }
    const stale = await server.app.inject({ method: 'GET', url: path, headers: { 'if-none-match': '"an-older-version"' } });
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toBe(plain.body);
  });
});

describe(`cached public answers age (${databaseKind})`, () => {
  let server: TestServer | undefined;
  afterEach(() => server?.close());

  it('goes back to the database once the answer is older than the cache time', async () => {
    server = await startTestServer({ PUBLIC_CACHE_MS: '300' });
    const id = await createProduct(server.app, await registerAdmin(server), { name: 'Aging Part', stock: 50, min: 1 });
    const path = `/api/products/${id}`;
    expect(stockOf(await call(server.app, 'GET', path))).toBe(50);
    // A change behind this server's back, as another server makes it.
    await server.db.kysely.updateTable('products').set({ stock: 49 }).where('id', '=', Number(id)).execute();
    expect(stockOf(await call(server.app, 'GET', path))).toBe(50);
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(stockOf(await call(server.app, 'GET', path))).toBe(49);
  });
});

describe(`cached public answers after a change through this server (${databaseKind})`, () => {
  // The server's own cache, so that the expiry job (which the server's jobs run with it) can be run here.
  const cache = new ResponseCache(60_000);
  let server: TestServer;
  let admin: Account;
  let customer: Account;
  beforeAll(async () => {
    server = await startTestServer({ PUBLIC_CACHE_MS: '60000' }, false, cache);
    admin = await registerAdmin(server);
    customer = await registerCustomer(server.app);
  });
  afterAll(() => server.close());

  const product = async (path: string) => (await call(server.app, 'GET', path)).json() as { stock: number; name: string };
  const order = async (productId: string, quantity: number, idempotencyKey?: string) => {
    const answer = await server.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { authorization: `Bearer ${customer.token}`, ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
      payload: { productId, quantity, phone: '5550100', shippingAddress: TEST_ADDRESS },
    });
    expect(answer.statusCode).toBe(201);
    return answer.json()._id as string;
  };
  /** A part, its answer read once (now cached) with the stock it was created with. */
  const cachedPart = async (stock = 50) => {
    const id = await createProduct(server.app, admin, { name: 'Fresh Part', stock, min: 1 });
    const path = `/api/products/${id}`;
    expect((await product(path)).stock).toBe(stock);
    return { id, path };
  };

  it('serves from memory: a change behind its back is not seen within the cache time', async () => {
    const { id, path } = await cachedPart();
    await server.db.kysely.updateTable('products').set({ stock: 49 }).where('id', '=', Number(id)).execute();
    expect((await product(path)).stock).toBe(50);
  });

  it('shows the stock an order took at once, on the part and in the catalog list; a retry of the same order takes none', async () => {
    const { id, path } = await cachedPart();
    const listed = async () => ((await call(server.app, 'GET', '/api/products')).json() as { _id: string; stock: number }[]).find((part) => part._id === id)?.stock;
    expect(await listed()).toBe(50);
    await order(id, 4, 'fresh-order-1');
    expect((await product(path)).stock).toBe(46);
    expect(await listed()).toBe(46);
    await order(id, 4, 'fresh-order-1');
    expect((await product(path)).stock).toBe(46);
  });

  it('shows the stock a cancelled order gave back at once', async () => {
    const { id, path } = await cachedPart();
    const orderId = await order(id, 4);
    expect((await product(path)).stock).toBe(46);
    expect((await call(server.app, 'DELETE', `/api/orders/${orderId}`, { token: customer.token })).statusCode).toBe(200);
    expect((await product(path)).stock).toBe(50);
  });

  it('shows the stock an expired order gave back at once', async () => {
    const { id, path } = await cachedPart();
    await order(id, 4);
    expect((await product(path)).stock).toBe(46);
    expect(await expireUnpaidOrders(server.db.kysely, HOUR, Date.now() + 2 * HOUR, cache)).toBeGreaterThanOrEqual(1);
    expect((await product(path)).stock).toBe(50);
  });

  it("shows an admin's edit, restock and import of a part at once", async () => {
    const { path } = await cachedPart();
    expect((await call(server.app, 'PATCH', path, { token: admin.token, body: { name: 'Renamed Part' } })).statusCode).toBe(200);
    expect((await product(path)).name).toBe('Renamed Part');
    expect((await call(server.app, 'POST', `${path}/restock`, { token: admin.token, body: { quantity: 5 } })).statusCode).toBe(200);
    expect((await product(path)).stock).toBe(55);

    const exported = await call(server.app, 'GET', '/api/products/export.csv', { token: admin.token });
    const imported = await server.app.inject({
      method: 'POST',
      url: '/api/products/import',
      headers: { 'content-type': 'text/csv', authorization: `Bearer ${admin.token}` },
      payload: exported.body.replaceAll('Renamed Part', 'Imported Part'),
    });
    expect(imported.statusCode).toBe(200);
    expect((await product(path)).name).toBe('Imported Part');
  });

  it('stops answering a removed part at once', async () => {
    const { path } = await cachedPart();
    expect((await call(server.app, 'DELETE', path, { token: admin.token })).statusCode).toBe(200);
    expect((await call(server.app, 'GET', path)).statusCode).toBe(404);
  });

  it('shows a review at once when it is approved (not while it waits), and stops showing it once hidden', async () => {
    const comments = async () => ((await call(server.app, 'GET', '/api/review')).json() as { comment: string }[]).map((review) => review.comment);
    expect(await comments()).not.toContain('Fits my car');
    const posted = await call(server.app, 'POST', '/api/review', { token: customer.token, body: { rating: 5, comment: 'Fits my car' } });
    expect(posted.statusCode).toBe(201);
    expect(await comments()).not.toContain('Fits my car');
    expect((await call(server.app, 'PATCH', `/api/review/${posted.json()._id}`, { token: admin.token, body: { status: 'published' } })).statusCode).toBe(200);
    expect(await comments()).toContain('Fits my car');
    expect((await call(server.app, 'PATCH', `/api/review/${posted.json()._id}`, { token: admin.token, body: { hidden: true } })).statusCode).toBe(200);
    expect(await comments()).not.toContain('Fits my car');
  });
});
