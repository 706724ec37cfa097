import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderMail } from '../mail/templates.js';
import { type Account, anotherAppServer, call, createProduct, databaseKind, registerAdmin, registerCustomer, startTestServer, type TestServer, TEST_ADDRESS } from '../test/harness.js';

describe(`back-in-stock alerts (${databaseKind})`, () => {
  let server: TestServer;
  let second: FastifyInstance;
  let admin: Account;

  beforeAll(async () => {
    server = await startTestServer();
    second = await anotherAppServer(server);
    admin = await registerAdmin(server);
  });
  afterAll(async () => {
    await second.close();
    await server.close();
  });

  const alertMails = (productName: string) =>
    server.db.kysely.selectFrom('outbox').select(['recipient', 'data']).where('kind', '=', 'back-in-stock').execute().then((rows) => rows.filter((row) => JSON.parse(row.data).productName === productName));
  /** A part that ran out since it was added. */
  const soldOut = async (name: string, sku: string, min: number) => {
    const id = await createProduct(server.app, admin, { name, sku, stock: min, min });
    await call(server.app, 'PATCH', `/api/products/${id}`, { token: admin.token, body: { stock: 0 } });
    return id;
  };
  const ask = (buyer: Account, productId: string) => call(server.app, 'POST', `/api/products/${productId}/stock-alert`, { token: buyer.token });

  it('mails each waiting buyer once when staff restock the part, even with two servers restocking at once', async () => {
    const productId = await soldOut('Radiator Cap', 'RC-10', 2);
    const buyers = [await registerCustomer(server.app, 'Ann'), await registerCustomer(server.app, 'Ben'), await registerCustomer(server.app, 'Cy')];
    for (const buyer of buyers) expect((await ask(buyer, productId)).statusCode).toBe(201);
    expect((await ask(buyers[0]!, productId)).statusCode).toBe(201);
    expect((await call(server.app, 'GET', '/api/stock-alerts', { token: buyers[0]!.token })).json()).toEqual([expect.objectContaining({ productId, sku: 'RC-10', name: 'Radiator Cap' })]);
    // Cy changes their mind.
    expect((await call(server.app, 'DELETE', `/api/products/${productId}/stock-alert`, { token: buyers[2]!.token })).statusCode).toBe(204);

    // One unit is still below the minimum of two: nobody is told yet.
    await call(server.app, 'POST', `/api/products/${productId}/restock`, { token: admin.token, body: { quantity: 1 } });
    expect(await alertMails('Radiator Cap')).toEqual([]);

    const restocks = await Promise.all(
      [server.app, second, server.app, second].map((app) => call(app, 'POST', `/api/products/${productId}/restock`, { token: admin.token, body: { quantity: 5 } })),
    );
    expect(restocks.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const mails = await alertMails('Radiator Cap');
    expect(mails.map((m) => m.recipient).sort()).toEqual([buyers[0]!.email, buyers[1]!.email].sort());
    const { text } = renderMail({ kind: 'back-in-stock', to: mails[0]!.recipient, data: JSON.parse(mails[0]!.data) }, server.config.shop);
    expect(text).toContain('Radiator Cap (RC-10) can be ordered again');
    expect(text).toContain('/parts/RC-10');
    expect((await call(server.app, 'GET', '/api/stock-alerts', { token: buyers[0]!.token })).json()).toEqual([]);

    // Sold out and restocked again: the alerts were used up, no second e-mail.
    await call(server.app, 'PATCH', `/api/products/${productId}`, { token: admin.token, body: { stock: 0 } });
    await call(server.app, 'PATCH', `/api/products/${productId}`, { token: admin.token, body: { stock: 50 } });
    expect(await alertMails('Radiator Cap')).toHaveLength(2);
  });

  it('mails when an edit, an import or a cancelled order makes the part orderable', async () => {
    const edited = await soldOut('Fan Belt', 'FB-20', 1);
    const imported = await soldOut('Fan Clutch', 'FC-30', 1);
    const buyer = await registerCustomer(server.app, 'Dee');
    await ask(buyer, edited);
    await ask(buyer, imported);
    await call(server.app, 'PATCH', `/api/products/${edited}`, { token: admin.token, body: { stock: 3 } });
    expect(await alertMails('Fan Belt')).toHaveLength(1);

    const csv = 'sku,stock\nFC-30,40\n';
    const response = await server.app.inject({ method: 'POST', url: '/api/products/import', headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'text/csv' }, payload: csv });
    expect(response.statusCode, response.body).toBe(200);
    expect((await call(server.app, 'GET', `/api/products/${imported}`)).json().stock).toBe(40);
    expect(await alertMails('Fan Clutch')).toHaveLength(1);

    // The last units are held by an unpaid order; cancelled, they are back.
    const held = await createProduct(server.app, admin, { name: 'Fan Shroud', sku: 'FS-40', stock: 2, min: 2 });
    const other = await registerCustomer(server.app);
    const order = await call(server.app, 'POST', '/api/orders', { token: other.token, body: { productId: held, quantity: 2, phone: '5550100', shippingAddress: TEST_ADDRESS } });
    await ask(buyer, held);
    expect(await alertMails('Fan Shroud')).toEqual([]);
    await call(server.app, 'DELETE', `/api/orders/${order.json()._id}`, { token: other.token });
    expect((await alertMails('Fan Shroud')).map((m) => m.recipient)).toEqual([buyer.email]);
  });

  it('refuses an alert on a part that can be ordered (409) or is not for sale (404), and anyone signed out (401)', async () => {
    const productId = await createProduct(server.app, admin, { stock: 10, min: 1 });
    const buyer = await registerCustomer(server.app);
    const refused = await ask(buyer, productId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('This part can be ordered now');
    expect((await ask(buyer, '999999')).statusCode).toBe(404);
    expect((await call(server.app, 'POST', `/api/products/${productId}/stock-alert`)).statusCode).toBe(401);
  });
});
