/** What an order's own page reads: its number and date on every answer, and the order only for its customer or an admin. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, OrderEvent } from '../../shared/api.js';
import { errorMessages } from '../../shared/messages.js';
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

describe(`an order's page (${databaseKind})`, () => {
  let server: TestServer;
  let admin: Account;
  let owner: Account;
  let stranger: Account;
  let pads: string;
  let filters: string;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await registerAdmin(server);
    owner = await registerCustomer(server.app, 'Owner');
    stranger = await registerCustomer(server.app, 'Stranger');
    pads = await createProduct(server.app, admin, { name: 'Brake Pad Set', stock: 1000, min: 1, price: 24.5 });
    filters = await createProduct(server.app, admin, { name: 'Oil Filter', stock: 1000, min: 1, price: 8 });
  });
  afterAll(() => server.close());

  const place = async (account: Account) => {
    const body = { lines: [{ productId: pads, quantity: 4 }, { productId: filters, quantity: 10 }], phone: '5550100', shippingAddress: { ...TEST_ADDRESS, line1: 'Dock 4', line2: 'Main Street 1' } };
    const response = await call(server.app, 'POST', '/api/orders', { token: account.token, body });
    expect(response.statusCode).toBe(201);
    return response.json() as Order;
  };

  it('carries the shop’s order number, made from its id, and when it was placed, on every answer', async () => {
    const before = Date.now();
    const first = await place(owner);
    const second = await place(owner);
    expect(first.number).toBe(`ORD-${first._id.padStart(6, '0')}`);
    expect(second.number > first.number).toBe(true);
    expect(Date.parse(first.createdAt)).toBeGreaterThanOrEqual(before - 1000);
    const one = (await call(server.app, 'GET', `/api/order/${first._id}`, { token: owner.token })).json() as Order;
    expect(one).toMatchObject({ number: first.number, createdAt: first.createdAt });
    const mine = (await call(server.app, 'GET', `/api/orders/${owner.email}`, { token: owner.token })).json() as Order[];
    expect(mine.map((order) => order.number)).toEqual([second.number, first.number]);
    const page = (await call(server.app, 'GET', '/api/orders?limit=50', { token: admin.token })).json() as { items: Order[] };
    expect(page.items.find((order) => order._id === first._id)).toMatchObject({ number: first.number, createdAt: first.createdAt });
  });

  it('answers its lines, each with its own quantity and unit price, and the total', async () => {
    const order = await place(owner);
    const shown = (await call(server.app, 'GET', `/api/order/${order._id}`, { token: owner.token })).json() as Order;
    expect(shown.lines.map(({ product, quantity, unitPrice, lineTotal }) => ({ product, quantity, unitPrice, lineTotal }))).toEqual([
      { product: 'Brake Pad Set', quantity: 4, unitPrice: 24.5, lineTotal: 98 },
      { product: 'Oil Filter', quantity: 10, unitPrice: 8, lineTotal: 80 },
    ]);
    expect(shown.total).toBe(178);
    expect(shown.address).toBe('Dock 4, Main Street 1, Portland, OR 97201, US');
  });

  it('is not found for anyone but its customer and the admins, on the order, its history and its invoice alike', async () => {
    const order = await place(owner);
    expect((await payWithTestCard(server.app, owner, order._id)).statusCode).toBe(200);
    const urls = [`/api/order/${order._id}`, `/api/orders/${order._id}/history`, `/api/orders/${order._id}/invoice.pdf`];
    for (const url of urls) {
      const refused = await call(server.app, 'GET', url, { token: stranger.token });
      expect(refused.statusCode, url).toBe(404);
      expect(refused.json().error.message).toBe(errorMessages.notFound('Order'));
      // The same answer as for an order that does not exist: nothing tells the stranger it does.
      const none = await call(server.app, 'GET', url.replace(order._id, '999999'), { token: stranger.token });
      expect(none.statusCode).toBe(404);
      expect(none.json()).toEqual(refused.json());
      expect((await call(server.app, 'GET', url, { token: owner.token })).statusCode, url).toBe(200);
      expect((await call(server.app, 'GET', url, { token: admin.token })).statusCode, url).toBe(200);
    }
  });

  it("shows its customer the order's history, naming the staff to admins only", async () => {
    const order = await place(owner);
    expect((await payWithTestCard(server.app, owner, order._id)).statusCode).toBe(200);
    expect((await call(server.app, 'PATCH', `/api/orders/${order._id}`, { token: admin.token, body: { status: 'shipped' } })).statusCode).toBe(200);
    const history = async (account: Account) =>
      (await call(server.app, 'GET', `/api/orders/${order._id}/history`, { token: account.token })).json() as OrderEvent[];
    const seenByOwner = await history(owner);
    expect(seenByOwner.map((event) => [event.from, event.to, event.actor])).toEqual([
      [null, 'not paid', 'customer'],
      ['not paid', 'pending', 'payment'],
      ['pending', 'shipped', 'admin'],
    ]);
    expect(seenByOwner[0]!.by?.email).toBe(owner.email);
    expect(seenByOwner[2]!.by).toBeNull();
    expect((await history(admin))[2]!.by?.email).toBe(admin.email);
  });
});
