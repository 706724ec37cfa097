import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homeSummarySchema } from '../../shared/api.js';
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

const where = { phone: '+1 555 0100', shippingAddress: TEST_ADDRESS };

describe(`home page summary (${databaseKind})`, () => {
  let live: TestServer;
  let written: TestServer;

  const summary = async (server: TestServer) => {
    const response = await call(server.app, 'GET', '/api/summary');
    expect(response.statusCode).toBe(200);
    return homeSummarySchema.parse(response.json());
  };

  async function review(server: TestServer, author: Account, rating: number): Promise<string> {
    const response = await call(server.app, 'POST', '/api/review', { token: author.token, body: { rating: String(rating), comment: 'Fits well' } });
    expect(response.statusCode).toBe(201);
    return response.json()._id;
  }

  async function order(server: TestServer, buyer: Account, productId: string): Promise<string> {
    const response = await call(server.app, 'POST', '/api/orders', { token: buyer.token, body: { ...where, lines: [{ productId, quantity: 1 }] } });
    expect(response.statusCode).toBe(201);
    return response.json()._id;
  }

  beforeAll(async () => {
    [live, written] = await Promise.all([startTestServer({ HOME_FIGURES: 'live', REVIEW_MODERATION: 'after' }), startTestServer()]);
  });

  afterAll(async () => {
    await Promise.all([live?.close(), written?.close()]);
  });

  it('answers no figures while the shop shows its written ones (the default)', async () => {
    expect(await summary(written)).toEqual({ live: false, reviews: 0, averageRating: 0, ordersCompleted: 0 });
  });

  it('answers zeros, live, before the shop has any review or order', async () => {
    expect(await summary(live)).toEqual({ live: true, reviews: 0, averageRating: 0, ordersCompleted: 0 });
  });

  it("counts the visible reviews and their average, and the percent of orders placed that were paid", async () => {
    const admin = await registerAdmin(live);
    const [ann, bob] = await Promise.all([registerCustomer(live.app, 'Ann'), registerCustomer(live.app, 'Bob')]);
    await review(live, ann, 5);
    await review(live, bob, 4);
    await review(live, ann, 4);
    const hidden = await review(live, bob, 1);
    expect((await call(live.app, 'PATCH', `/api/review/${hidden}`, { token: admin.token, body: { hidden: true } })).statusCode).toBe(200);

    const part = await createProduct(live.app, admin, { stock: 100, min: 1 });
    const paid = await order(live, ann, part);
    expect((await payWithTestCard(live.app, ann, paid)).statusCode).toBe(200);
    const shipped = await order(live, bob, part);
    expect((await payWithTestCard(live.app, bob, shipped)).statusCode).toBe(200);
    expect((await call(live.app, 'PATCH', `/api/orders/${shipped}`, { token: admin.token, body: { status: 'shipped' } })).statusCode).toBe(200);
    const cancelled = await order(live, bob, part);
    expect((await call(live.app, 'DELETE', `/api/orders/${cancelled}`, { token: bob.token })).statusCode).toBe(200);

    // Reviews 5, 4 and 4 (the hidden 1 left out) average 4.3; 2 of 3 orders paid is 67%.
    expect(await summary(live)).toEqual({ live: true, reviews: 3, averageRating: 4.3, ordersCompleted: 67 });

    await order(live, ann, part);
    expect((await summary(live)).ordersCompleted).toBe(50);
  });
});
