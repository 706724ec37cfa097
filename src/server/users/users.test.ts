import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, databaseKind, registerAdmin, registerCustomer, startTestServer, type TestServer, TEST_ADDRESS } from '../test/harness.js';

describe(`users (${databaseKind})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('lets a user read and update their own profile, ignoring fields they may not set', async () => {
    const me = await registerCustomer(server.app);
    const updated = await call(server.app, 'PATCH', `/api/user/${me.email}`, {
      token: me.token,
      body: { phone: '+44 20 7946 0000', address: '221B Baker Street', role: 'admin', email: 'x@example.com' },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ phone: '+44 20 7946 0000', address: '221B Baker Street', role: 'user', email: me.email });
    const read = await call(server.app, 'GET', `/api/user/${me.email.toUpperCase()}`, { token: me.token });
    expect(read.json().address).toBe('221B Baker Street');
    expect((await call(server.app, 'GET', `/api/admin/${me.email}`, { token: me.token })).json()).toEqual({ admin: false });
  });

  it('lets an admin promote a user, who then reads as admin', async () => {
    const admin = await registerAdmin(server);
    const user = await registerCustomer(server.app);
    const promoted = await call(server.app, 'PUT', `/api/user/admin/${user.email}`, { token: admin.token });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(promoted.json().role).toBe('admin');
    expect((await call(server.app, 'GET', `/api/admin/${user.email}`, { token: user.token })).json()).toEqual({ admin: true });
    const list = (await call(server.app, 'GET', '/api/user', { token: admin.token })).json() as { email: string }[];
    expect(list.map((u) => u.email)).toEqual(expect.arrayContaining([admin.email, user.email]));
  });

  it('removes a customer: sessions end, the e-mail is free again, their orders stay for the shop', async () => {
    const admin = await registerAdmin(server);
    const customer = await registerCustomer(server.app);
    const products = (await call(server.app, 'GET', '/api/products')).json();
    expect(products).toEqual([]); // no demo seed in tests: make one
    const created = await call(server.app, 'POST', '/api/products', {
      token: admin.token,
      body: { name: 'Bolt', description: 'M8 bolt', price: 1, stock: 100, min: 1, img: 'https://example.com/bolt.png' },
    });
    const order = await call(server.app, 'POST', '/api/orders', {
      token: customer.token,
      body: { productId: created.json()._id, quantity: 3, phone: '5550101', shippingAddress: TEST_ADDRESS },
    });

    const removed = await call(server.app, 'DELETE', `/api/user/${customer.email}`, { token: admin.token });
    expect(removed.statusCode).toBe(204);
    expect((await call(server.app, 'GET', '/api/me', { token: customer.token })).statusCode).toBe(401);
    const login = await call(server.app, 'POST', '/api/auth/login', { body: { email: customer.email, password: 'secret-password' } });
    expect(login.statusCode).toBe(401);
    const users = (await call(server.app, 'GET', '/api/user', { token: admin.token })).json() as { email: string }[];
    expect(users.map((u) => u.email)).not.toContain(customer.email);
    const all = (await call(server.app, 'GET', '/api/orders', { token: admin.token })).json() as { _id: string }[];
    expect(all.map((o) => o._id)).toContain(order.json()._id);
    const again = await call(server.app, 'POST', '/api/auth/register', {
      body: { name: 'Back Again', email: customer.email, password: 'secret-password' },
    });
    expect(again.statusCode).toBe(201);
  });

  it("refuses to remove an admin or yourself", async () => {
    const admin = await registerAdmin(server);
    const other = await registerAdmin(server);
    const removeAdmin = await call(server.app, 'DELETE', `/api/user/${other.email}`, { token: admin.token });
    expect(removeAdmin.statusCode).toBe(409);
    expect(removeAdmin.json().error.message).toBe("Admin can't be removed");
    const removeSelf = await call(server.app, 'DELETE', `/api/user/${admin.email}`, { token: admin.token });
    expect(removeSelf.statusCode).toBe(409);
    expect((await call(server.app, 'GET', '/api/me', { token: other.token })).statusCode).toBe(200);
  });
});

describe(`demoting an admin (${databaseKind})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const demote = (by: { token: string }, email: string) => call(server.app, 'PUT', `/api/user/admin/${email}`, { token: by.token, body: { admin: false } });
  const adminCount = async () => (await server.db.kysely.selectFrom('users').select('id').where('role', '=', 'admin').where('deleted_at', 'is', null).execute()).length;

  it('lets an admin demote another admin, who then reads as a customer and loses the admin pages', async () => {
    const admin = await registerAdmin(server);
    const other = await registerAdmin(server);
    const demoted = await demote(admin, other.email);
    expect(demoted.statusCode).toBe(200);
    expect(demoted.json().role).toBe('user');
    expect((await call(server.app, 'GET', `/api/admin/${other.email}`, { token: other.token })).json()).toEqual({ admin: false });
    expect((await call(server.app, 'GET', '/api/user', { token: other.token })).statusCode).toBe(403);
  });

  it('never demotes the last admin, even when two admins demote each other at the same moment', async () => {
    await server.db.kysely.updateTable('users').set({ role: 'user' }).execute();
    const first = await registerAdmin(server);
    const second = await registerAdmin(server);
    const answers = await Promise.all([demote(first, second.email), demote(second, first.email)]);
    // One demotion wins; the other is refused, as the last admin (409) or, when its sign-in is checked
    // after the first committed, as no longer an admin (403).
    const [won, refused] = [...answers].sort((a, b) => a.statusCode - b.statusCode);
    expect(won!.statusCode).toBe(200);
    expect([403, 409]).toContain(refused!.statusCode);
    if (refused!.statusCode === 409) expect(refused!.json().error.message).toBe('The last admin cannot be demoted: make another account admin first');
    expect(await adminCount()).toBe(1);

    const [last] = await server.db.kysely.selectFrom('users').select('email').where('role', '=', 'admin').execute();
    const token = last!.email === first.email ? first.token : second.token;
    expect((await demote({ token }, last!.email)).statusCode).toBe(409);
    expect(await adminCount()).toBe(1);
  });
});
