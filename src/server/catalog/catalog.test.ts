import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Account,
  call,
  createProduct,
  databaseKind,
  registerAdmin,
  registerCustomer,
  startTestServer,
  type TestServer,
  validProduct,
  TEST_ADDRESS,
} from '../test/harness.js';

describe(`catalog (${databaseKind})`, () => {
  let server: TestServer;
  let admin: Account;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await registerAdmin(server);
  });
  afterAll(() => server.close());

  const products = async (query = '') => (await call(server.app, 'GET', `/api/products${query}`)).json() as { _id: string; name: string }[];

  it("stores a product in cents and answers the original storefront's fields (docs/legacy-contract.md) with dollars", async () => {
    const response = await call(server.app, 'POST', '/api/products', {
      token: admin.token,
      body: { ...validProduct, name: 'Fog Lamp', price: '12.99', stock: '300', min: '25' },
    });
    expect(response.statusCode).toBe(201);
    const product = response.json();
    expect(product).toMatchObject({ name: 'Fog Lamp', price: 12.99, stock: 300, min: 25, img: validProduct.img });
    expect(product._id).toMatch(/^\d+$/);
    const row = await server.db.kysely.selectFrom('products').selectAll().where('id', '=', Number(product._id)).executeTakeFirstOrThrow();
    expect(row.price_cents).toBe(1299);
    expect((await call(server.app, 'GET', `/api/products/${product._id}`)).json()).toEqual(product);
  });

  it('validates every field of a new product and stores nothing on a bad one', async () => {
    const before = (await products()).length;
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, 'name'],
      [{ description: '   ' }, 'description'],
      [{ price: 0 }, 'price'],
      [{ price: -5 }, 'price'],
      [{ price: 12.999 }, 'price'],
      [{ price: 'abc' }, 'price'],
      [{ stock: 10.5 }, 'stock'],
      [{ stock: -1 }, 'stock'],
      [{ min: -1 }, 'min'],
      [{ min: 500, stock: 100 }, 'min'],
      [{ img: 'javascript:alert(1)' }, 'img'],
      [{ img: '/etc/passwd' }, 'img'],
    ];
    for (const [override, field] of cases) {
      const response = await call(server.app, 'POST', '/api/products', { token: admin.token, body: { ...validProduct, ...override } });
      expect(response.statusCode, JSON.stringify(override)).toBe(400);
      expect(Object.keys(response.json().error.fields), JSON.stringify(override)).toContain(field);
    }
    expect((await products()).length).toBe(before);
    // A part added with no stock is listed out of stock, one without a picture shows the shop's own (part-applications.test.ts).
  });

  it('lists newest first and searches words case-insensitively; punctuation alone finds nothing and breaks nothing', async () => {
    await createProduct(server.app, admin, { name: 'Chrome Exhaust Tip' });
    await createProduct(server.app, admin, { name: '100% Steel Bracket' });
    const list = await products();
    expect(list[0]!.name).toBe('100% Steel Bracket');
    expect(list[1]!.name).toBe('Chrome Exhaust Tip');
    expect((await products('?q=EXHAUST')).map((p) => p.name)).toEqual(['Chrome Exhaust Tip']);
    expect((await products('?q=100%25%20steel')).map((p) => p.name)).toEqual(['100% Steel Bracket']);
    for (const q of ['%25', '_', '%22', '*', '(', '-', '.']) expect(await products(`?q=${q}`), q).toEqual([]);
  });

  it('answers 304 to a revalidation while the catalog is unchanged, 200 after a change', async () => {
    const first = await call(server.app, 'GET', '/api/products');
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await server.app.inject({ method: 'GET', url: '/api/products', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    await createProduct(server.app, admin, { name: 'Mud Flap' });
    const changed = await server.app.inject({ method: 'GET', url: '/api/products', headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
  });

  it('destroys a never-ordered product, hides an ordered one (its orders stay readable)', async () => {
    const customer = await registerCustomer(server.app);
    const unordered = await createProduct(server.app, admin, { name: 'Unordered Part' });
    const ordered = await createProduct(server.app, admin, { name: 'Ordered Part' });
    const placed = await call(server.app, 'POST', '/api/orders', {
      token: customer.token,
      body: { productId: ordered, quantity: 10, phone: '5550100', shippingAddress: TEST_ADDRESS },
    });
    expect(placed.statusCode).toBe(201);

    for (const id of [unordered, ordered]) {
      const removed = await call(server.app, 'DELETE', `/api/products/${id}`, { token: admin.token });
      expect(removed.statusCode).toBe(200);
      expect((await call(server.app, 'GET', `/api/products/${id}`)).statusCode).toBe(404);
      expect((await call(server.app, 'DELETE', `/api/products/${id}`, { token: admin.token })).statusCode).toBe(404);
    }
    const rows = await server.db.kysely.selectFrom('products').select(['id', 'hidden_at']).where('id', 'in', [Number(unordered), Number(ordered)]).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.hidden_at).not.toBeNull();
    const order = await call(server.app, 'GET', `/api/order/${placed.json()._id}`, { token: customer.token });
    expect(order.json().product).toBe('Ordered Part');
  });

  it('pages newest first with a cursor, and caps an unpaged request for old clients', async () => {
    const k = server.db.kysely;
    const at = new Date().toISOString();
    await k
      .insertInto('products')
      .values(Array.from({ length: 120 }, (_, i) => ({
        name: `Paged Part ${i}`, description: 'd', img: '/images/products/tire.svg', price_cents: 100, stock: 10,
        min_quantity: 1, hidden_at: null, sku: `PP-${i}`, sku_key: `PP${i}`, created_at: at, updated_at: at,
      })))
      .execute();
    const seen: string[] = [];
    let cursor: string | null = '';
    let pages = 0;
    while (cursor !== null) {
      const response = await call(server.app, 'GET', `/api/products?q=paged&limit=50${cursor ? `&cursor=${cursor}` : ''}`);
      const page = response.json() as { items: { _id: string }[]; nextCursor: string | null };
      seen.push(...page.items.map((p) => p._id));
      cursor = page.nextCursor;
      pages += 1;
    }
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(120);
    expect(seen.map(Number)).toEqual([...seen.map(Number)].sort((a, b) => b - a));

    const legacy = await call(server.app, 'GET', '/api/products');
    expect(legacy.json()).toHaveLength(100);
    expect(legacy.headers['x-result-limit']).toBe('100');
    expect(legacy.headers['x-more-results']).toBe('true');
    expect((await call(server.app, 'GET', '/api/products?limit=101')).statusCode).toBe(400);
    expect((await call(server.app, 'GET', '/api/products?cursor=abc')).statusCode).toBe(400);
  });

  it('revalidates a page to 304 until stock changes through an order', async () => {
    const productId = await createProduct(server.app, admin, { stock: 50, min: 1 });
    const first = await call(server.app, 'GET', '/api/products?limit=5');
    const etag = first.headers.etag as string;
    const revalidate = () => server.app.inject({ method: 'GET', url: '/api/products?limit=5', headers: { 'if-none-match': etag } });
    expect((await revalidate()).statusCode).toBe(304);
    const customer = await registerCustomer(server.app);
    await call(server.app, 'POST', '/api/orders', { token: customer.token, body: { productId, quantity: 1, phone: '5550100', shippingAddress: TEST_ADDRESS } });
    expect((await revalidate()).statusCode).toBe(200);
  });
});

describe(`catalog answers from memory (${databaseKind})`, () => {
  let server: TestServer;
  let admin: Account;
  beforeAll(async () => {
    server = await startTestServer({ PUBLIC_CACHE_MS: '60000' });
    admin = await registerAdmin(server);
  });
  afterAll(() => server.close());

  it("serves a cached page without the database until this server changes the catalog", async () => {
    const productId = await createProduct(server.app, admin, { name: 'Cached Part', stock: 50, min: 1 });
    const stock = async () => (await call(server.app, 'GET', `/api/products/${productId}`)).json().stock;
    expect(await stock()).toBe(50);
    // A change behind this server's back (as another server would make) is not seen within the TTL…
    await server.db.kysely.updateTable('products').set({ stock: 49 }).where('id', '=', Number(productId)).execute();
    expect(await stock()).toBe(50);
    // …but a change made through this server drops the cached catalog at once.
    const customer = await registerCustomer(server.app);
    await call(server.app, 'POST', '/api/orders', { token: customer.token, body: { productId, quantity: 4, phone: '5550100', shippingAddress: TEST_ADDRESS } });
    expect(await stock()).toBe(45);
  });
});
