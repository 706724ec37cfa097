import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Account,
  call,
  createProduct,
  databaseKind,
  payWithTestCard,
  registerAdmin,
  registerCustomer,
  startTestServer,
  type TestServer,
  TEST_ADDRESS,
} from '../test/harness.js';

describe(`reviews of a part (${databaseKind})`, () => {
  let server: TestServer;
  let admin: Account;
  beforeAll(async () => {
    // Published at once (REVIEW_MODERATION=after): what waits for approval is moderation.test.ts's.
    server = await startTestServer({ REVIEW_MODERATION: 'after' });
    admin = await registerAdmin(server);
  });
  afterAll(() => server.close());

  const part = (name = 'Alternator 90A') => createProduct(server.app, admin, { name, stock: 1000, min: 1 });
  const order = async (buyer: Account, productId: string) =>
    (await call(server.app, 'POST', '/api/orders', { token: buyer.token, body: { productId, quantity: 1, phone: '5550100', shippingAddress: TEST_ADDRESS } })).json()._id as string;
  const review = (buyer: Account, productId: string, rating: number, title = `Rated ${rating}`) =>
    call(server.app, 'POST', `/api/products/${productId}/reviews`, { token: buyer.token, body: { rating, title, comment: `${buyer.name} says ${rating}` } });
  const reviews = async (productId: string, query = '') => (await call(server.app, 'GET', `/api/products/${productId}/reviews${query}`)).json();
  const rating = async (productId: string) => (await call(server.app, 'GET', `/api/products/${productId}`)).json().rating;

  it('marks a review verified only when its author has a paid order of the part (not unpaid, not cancelled)', async () => {
    const productId = await part();
    const paid = await registerCustomer(server.app, 'Paid Buyer');
    expect((await payWithTestCard(server.app, paid, await order(paid, productId))).statusCode).toBe(200);
    const unpaid = await registerCustomer(server.app, 'Unpaid Buyer');
    await order(unpaid, productId);
    const cancelled = await registerCustomer(server.app, 'Cancelled Buyer');
    const cancelledOrder = await order(cancelled, productId);
    expect((await call(server.app, 'DELETE', `/api/orders/${cancelledOrder}`, { token: cancelled.token })).statusCode).toBe(200);
    const stranger = await registerCustomer(server.app, 'Never Bought');

    for (const buyer of [paid, unpaid, cancelled, stranger]) expect((await review(buyer, productId, 4)).statusCode).toBe(201);
    const { items } = await reviews(productId);
    expect(items.map((r: { name: string; verified: boolean }) => [r.name, r.verified])).toEqual([
      ['Paid Buyer', true],
      ['Never Bought', false],
      ['Cancelled Buyer', false],
      ['Unpaid Buyer', false],
    ]);
    expect(items[0]).toMatchObject({ rating: 4, title: 'Rated 4', comment: 'Paid Buyer says 4' });
    expect(Object.keys(items[0]).sort()).toEqual(['comment', 'createdAt', 'id', 'name', 'rating', 'status', 'title', 'verified']);
  });

  it('becomes verified when the buyer pays for the part after reviewing it', async () => {
    const productId = await part();
    const buyer = await registerCustomer(server.app, 'Early Reviewer');
    const orderId = await order(buyer, productId);
    await review(buyer, productId, 5);
    expect((await reviews(productId)).items[0].verified).toBe(false);
    await payWithTestCard(server.app, buyer, orderId);
    expect((await reviews(productId)).items[0].verified).toBe(true);
  });

  it('takes one review per buyer and part (409), which they may change; a buyer without one gets 404', async () => {
    const productId = await part();
    const buyer = await registerCustomer(server.app, 'Once Only');
    expect((await review(buyer, productId, 2)).statusCode).toBe(201);
    const again = await review(buyer, productId, 5);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('already_reviewed');

    const changed = await call(server.app, 'PATCH', `/api/products/${productId}/reviews/mine`, { token: buyer.token, body: { rating: 5, title: 'Better than I thought' } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ rating: 5, title: 'Better than I thought', comment: 'Once Only says 2' });
    expect(await rating(productId)).toEqual({ average: 5, count: 1 });

    const other = await registerCustomer(server.app);
    expect((await call(server.app, 'PATCH', `/api/products/${productId}/reviews/mine`, { token: other.token, body: { rating: 1 } })).statusCode).toBe(404);
    expect((await call(server.app, 'PATCH', `/api/products/${productId}/reviews/mine`, { token: buyer.token, body: {} })).statusCode).toBe(400);
  });

  it('refuses a rating outside 1–5, an empty title or text, and an unknown part', async () => {
    const productId = await part();
    const buyer = await registerCustomer(server.app);
    for (const body of [{ rating: 6, title: 'x', comment: 'x' }, { rating: 3, title: ' ', comment: 'x' }, { rating: 3, title: 'x', comment: '' }, { title: 'x', comment: 'x' }]) {
      expect((await call(server.app, 'POST', `/api/products/${productId}/reviews`, { token: buyer.token, body })).statusCode).toBe(400);
    }
    expect((await review(buyer, '999999', 3)).statusCode).toBe(404);
    expect((await call(server.app, 'GET', '/api/products/999999/reviews')).statusCode).toBe(404);
  });

  it('sums the ratings up (average, count, 5-to-1 distribution) and pages verified first, newest first', async () => {
    const productId = await part();
    const ratings = [5, 4, 4, 1, 3];
    const buyers: Account[] = [];
    for (const [i, stars] of ratings.entries()) {
      const buyer = await registerCustomer(server.app, `Buyer ${i}`);
      buyers.push(buyer);
      if (i === 3) await payWithTestCard(server.app, buyer, await order(buyer, productId));
      await review(buyer, productId, stars);
    }
    const first = await reviews(productId, '?limit=2');
    expect(first.summary).toEqual({ average: 3.4, count: 5, distribution: { '5': 1, '4': 2, '3': 1, '2': 0, '1': 1 } });
    const names: string[] = first.items.map((r: { name: string }) => r.name);
    let cursor = first.nextCursor as string | null;
    while (cursor) {
      const page = await reviews(productId, `?limit=2&cursor=${cursor}`);
      names.push(...page.items.map((r: { name: string }) => r.name));
      cursor = page.nextCursor;
    }
    expect(names).toEqual(['Buyer 3', 'Buyer 4', 'Buyer 2', 'Buyer 1', 'Buyer 0']);
    expect(await rating(productId)).toEqual({ average: 3.4, count: 5 });
    expect((await call(server.app, 'GET', `/api/products/${productId}/reviews?cursor=nonsense`)).statusCode).toBe(400);
    expect((await call(server.app, 'GET', `/api/products/${productId}/reviews?limit=51`)).statusCode).toBe(400);

    // Staff moderation covers reviews of parts: a hidden one leaves the list and the figures, shown again it is back.
    const all = (await call(server.app, 'GET', '/api/admin/reviews', { token: admin.token })).json() as { _id: string; productId?: string; rating: string }[];
    const oneStar = all.find((r) => r.productId === productId && r.rating === '1')!;
    await call(server.app, 'POST', '/api/admin/reviews/hide', { token: admin.token, body: { ids: [oneStar._id] } });
    expect(await rating(productId)).toEqual({ average: 4, count: 4 });
    expect((await reviews(productId)).summary.distribution['1']).toBe(0);
    await call(server.app, 'PATCH', `/api/review/${oneStar._id}`, { token: admin.token, body: { hidden: false } });
    await call(server.app, 'PATCH', `/api/review/${oneStar._id}`, { token: admin.token, body: { hidden: false } });
    expect(await rating(productId)).toEqual({ average: 3.4, count: 5 });
  });

  it("keeps the shop's reviews apart: GET /api/review lists none of a part's", async () => {
    const productId = await part();
    const buyer = await registerCustomer(server.app, 'Shop Reviewer');
    await call(server.app, 'POST', '/api/review', { token: buyer.token, body: { rating: 5, comment: 'Great shop' } });
    await review(buyer, productId, 2);
    const shop = (await call(server.app, 'GET', '/api/review')).json() as { comment: string }[];
    expect(shop.map((r) => r.comment)).toContain('Great shop');
    expect(shop.map((r) => r.comment)).not.toContain('Shop Reviewer says 2');
    expect(Object.keys(shop[0]!).sort()).toEqual(['_id', 'comment', 'createdAt', 'email', 'hidden', 'name', 'rating', 'status']);
  });

  it('sorts the catalog best rated first, unrated parts last, page by page; every part carries its rating', async () => {
    const category = 'wipers';
    const made = [];
    for (const [name, stars] of [['Wiper A', [3]], ['Wiper B', [5, 4]], ['Wiper C', []], ['Wiper D', [5]]] as const) {
      const id = await createProduct(server.app, admin, { name, stock: 10, min: 1, category });
      for (const s of stars) await review(await registerCustomer(server.app), id, s);
      made.push(id);
    }
    const listed: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { items: { name: string; rating: unknown }[]; nextCursor: string | null } = (await call(server.app, 'GET', `/api/products?category=${category}&sort=rating&limit=1${cursor ? `&cursor=${cursor}` : ''}`)).json();
      listed.push(...page.items.map((p) => `${p.name} ${JSON.stringify(p.rating)}`));
      cursor = page.nextCursor;
    } while (cursor);
    expect(listed).toEqual([
      'Wiper D {"average":5,"count":1}',
      'Wiper B {"average":4.5,"count":2}',
      'Wiper A {"average":3,"count":1}',
      'Wiper C {"average":null,"count":0}',
    ]);
  });

  it('counts reviews of parts towards the review limit', async () => {
    const limited = await startTestServer({ REVIEW_RATE_LIMIT: '1', REVIEW_MODERATION: 'after' });
    try {
      const staff = await registerAdmin(limited);
      const buyer = await registerCustomer(limited.app);
      await call(limited.app, 'POST', '/api/review', { token: buyer.token, body: { rating: 5, comment: 'Shop' } });
      const productId = await createProduct(limited.app, staff, { stock: 5, min: 1 });
      const refused = await call(limited.app, 'POST', `/api/products/${productId}/reviews`, { token: buyer.token, body: { rating: 4, title: 'T', comment: 'C' } });
      expect(refused.statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
