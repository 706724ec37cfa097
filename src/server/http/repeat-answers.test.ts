import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Account, call, createProduct, databaseKind, registerAdmin, registerCustomer, startTestServer } from '../test/harness.js';
import { collectedLogLines } from '../test/log-lines.js';
import { ResponseCache } from './response-cache.js';

/** A shop on a real port (a repeat is answered by the server's request listener, which inject bypasses). */
async function listeningShop(env: Record<string, string>, cache?: ResponseCache) {
  const log = collectedLogLines();
  const server = await startTestServer(env, { level: 'info', stream: log.stream }, cache);
  const base = await server.app.listen({ port: 0, host: '127.0.0.1' });
  const get = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(base + path, { headers });
    const sent = Object.fromEntries([...response.headers].filter(([name]) => name !== 'date'));
    return { status: response.status, headers: sent, body: await response.text() };
  };
  /** Each request line for a URL: through Fastify it has a request id, answered before routing it has none. */
  const answeredEarly = (path: string) => log.lines.filter((line) => line.msg === 'request' && line.method === 'GET' && line.url === path).map((line) => !('reqId' in line));
  return { server, get, answeredEarly, log };
}

const stockOf = (answer: { body: string }) => (JSON.parse(answer.body) as { stock: number }).stock;

describe(`repeated public answers, sent before routing (${databaseKind})`, () => {
  let shop: Awaited<ReturnType<typeof listeningShop>>;
  let admin: Account;
  beforeAll(async () => {
    shop = await listeningShop({ PUBLIC_CACHE_MS: '60000', CORS_ORIGINS: 'https://garage.example' });
    admin = await registerAdmin(shop.server);
  });
  afterAll(() => shop.server.close());

  it('sends a repeat the same status, headers and body as the first answer, and logs it as a request', async () => {
    const id = await createProduct(shop.server.app, admin, { name: 'Repeat Part', stock: 50, min: 1 });
    for (const path of [`/api/products/${id}`, '/api/products', '/api/products?limit=2']) {
      const first = await shop.get(path);
      const repeat = await shop.get(path);
      expect(first.status).toBe(200);
      expect(repeat).toEqual(first);
      expect(shop.answeredEarly(path)).toEqual([false, true]);
    }
    // The old list's own headers come with the repeat too.
    expect((await shop.get('/api/products')).headers['x-result-limit']).toBe('100');
    const repeatLine = shop.log.lines.filter((line) => line.url === `/api/products/${id}`)[1];
    expect(repeatLine).toMatchObject({ level: 30, method: 'GET', statusCode: 200, responseTime: expect.any(Number) });
  });

  it('sends a change made through this server at once', async () => {
    const id = await createProduct(shop.server.app, admin, { name: 'Changing Part', stock: 50, min: 1 });
    const path = `/api/products/${id}`;
    await shop.get(path);
    expect(stockOf(await shop.get(path))).toBe(50);
    const customer = await registerCustomer(shop.server.app);
    const order = await call(shop.server.app, 'POST', '/api/orders', { token: customer.token, body: { productId: id, quantity: 4, phone: '5550100', address: 'Road 1' } });
    expect(order.statusCode).toBe(201);
    expect(stockOf(await shop.get(path))).toBe(46);
    expect(shop.answeredEarly(path)).toEqual([false, true, false]);
  });

  it('answers a revalidation with the 304 sent before, and a stale one with the 200', async () => {
    const id = await createProduct(shop.server.app, admin, { name: 'Revalidated Part', stock: 50, min: 1 });
    const path = `/api/products/${id}`;
    const plain = await shop.get(path);
    const revalidated = await shop.get(path, { 'if-none-match': plain.headers.etag! });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body).toBe('');
    expect(await shop.get(path, { 'if-none-match': `W/${plain.headers.etag!}` })).toEqual(revalidated);
    expect(await shop.get(path, { 'if-none-match': '"an-older-version"' })).toEqual(plain);
    expect(shop.answeredEarly(path)).toEqual([false, false, true, true]);
    const lines = shop.log.lines.filter((line) => line.url === path);
    expect(lines.map((line) => line.statusCode)).toEqual([200, 304, 304, 200]);
  });

  it('leaves a cross-origin request to Fastify, and does not remember its answer', async () => {
    const id = await createProduct(shop.server.app, admin, { name: 'Shared Part', stock: 50, min: 1 });
    const path = `/api/products/${id}`;
    const plain = await shop.get(path);
    const crossOrigin = await shop.get(path, { origin: 'https://garage.example' });
    expect(crossOrigin.headers['access-control-allow-origin']).toBe('https://garage.example');
    expect(await shop.get(path)).toEqual(plain);
    expect(shop.answeredEarly(path)).toEqual([false, false, true]);
  });
});

describe(`repeated public answers, their limits (${databaseKind})`, () => {
  let shop: Awaited<ReturnType<typeof listeningShop>> | undefined;
  afterEach(() => shop?.server.close());

  it('goes back to the database once the answer is older than the cache time', async () => {
    shop = await listeningShop({ PUBLIC_CACHE_MS: '300' });
    const id = await createProduct(shop.server.app, await registerAdmin(shop.server), { name: 'Aging Part', stock: 50, min: 1 });
    const path = `/api/products/${id}`;
    await shop.get(path);
    await shop.server.db.kysely.updateTable('products').set({ stock: 49 }).where('id', '=', Number(id)).execute();
    expect(stockOf(await shop.get(path))).toBe(50);
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(stockOf(await shop.get(path))).toBe(49);
    expect(shop.answeredEarly(path)).toEqual([false, true, false]);
  });

  it('remembers a bounded number of URLs, so junk in the query cannot grow it', async () => {
    shop = await listeningShop({ PUBLIC_CACHE_MS: '60000' }, new ResponseCache(60_000, undefined, 2));
    const id = await createProduct(shop.server.app, await registerAdmin(shop.server), { name: 'Junk Part', stock: 50, min: 1 });
    const paths = [1, 2, 3].map((junk) => `/api/products/${id}?junk=${junk}`);
    for (const path of paths) await shop.get(path);
    // The first URL was forgotten for the third; the other two are answered early.
    for (const path of [...paths].reverse()) await shop.get(path);
    expect(paths.map((path) => shop!.answeredEarly(path))).toEqual([
      [false, false],
      [false, true],
      [false, true],
    ]);
  });
});
