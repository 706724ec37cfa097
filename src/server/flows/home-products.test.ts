import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { productSchema } from '../../shared/api.js';
import { type Account, call, createProduct, databaseKind, payWithTestCard, registerAdmin, registerCustomer, startTestServer, type TestServer, TEST_ADDRESS } from '../test/harness.js';

const where = { phone: '+1 555 0100', shippingAddress: TEST_ADDRESS };
const DAY_MS = 86_400_000;

describe(`"Parts our customers order most" on the home page (${databaseKind})`, () => {
  let server: TestServer;
  let admin: Account;
  let buyer: Account;
  const ids: Record<string, string> = {};

  const mostOrdered = async () => {
    const response = await call(server.app, 'GET', '/api/products/most-ordered');
    expect(response.statusCode).toBe(200);
    return z.array(productSchema).parse(response.json()).map((product) => product.name);
  };

  async function order(lines: Record<string, number>, { paid, paidDaysAgo }: { paid: boolean; paidDaysAgo?: number }) {
    const body = { ...where, lines: Object.entries(lines).map(([name, quantity]) => ({ productId: ids[name]!, quantity })) };
    const placed = await call(server.app, 'POST', '/api/orders', { token: buyer.token, body });
    expect(placed.statusCode).toBe(201);
    const id: string = placed.json()._id;
    if (paid) expect((await payWithTestCard(server.app, buyer, id)).statusCode).toBe(200);
    if (paidDaysAgo !== undefined) {
      const at = new Date(Date.now() - paidDaysAgo * DAY_MS).toISOString();
      await server.db.kysely.updateTable('orders').set({ invoiced_at: at, created_at: at }).where('id', '=', Number(id)).execute();
    }
  }

  beforeAll(async () => {
    server = await startTestServer({ PUBLIC_CACHE_MS: '0' });
    admin = await registerAdmin(server);
    buyer = await registerCustomer(server.app, 'Fleet Buyer');
    // Made in this order: Hubcap is the newest.
    for (const name of ['Alternator', 'Brake Disc', 'Coil', 'Drum', 'Exhaust', 'Fan Belt', 'Gasket', 'Hubcap']) {
      ids[name] = await createProduct(server.app, admin, { name, price: 1, stock: 1000, min: 1 });
    }
  });
  afterAll(() => server.close());

  it('is the newest parts while nothing is sold', async () => {
    expect(await mostOrdered()).toEqual(['Hubcap', 'Gasket', 'Fan Belt', 'Exhaust', 'Drum', 'Coil']);
  });

  it('ranks by units in orders paid in the last 90 days; unpaid, older and archived ones do not count; the newest fill the rest', async () => {
    await order({ 'Brake Disc': 50, Coil: 10, Alternator: 5 }, { paid: true });
    await order({ Coil: 15 }, { paid: true, paidDaysAgo: 89 });
    await order({ Drum: 400 }, { paid: false });
    await order({ Exhaust: 500 }, { paid: true, paidDaysAgo: 91 });
    await order({ 'Fan Belt': 900 }, { paid: true });
    const archived = await call(server.app, 'PATCH', `/api/products/${ids['Fan Belt']}`, { token: admin.token, body: { active: false } });
    expect(archived.statusCode).toBe(200);

    expect(await mostOrdered()).toEqual(['Brake Disc', 'Coil', 'Alternator', 'Hubcap', 'Gasket', 'Exhaust']);
  });

  it('holds six parts at most, best sellers first', async () => {
    await order({ Hubcap: 1, Gasket: 2, Exhaust: 3, Drum: 4 }, { paid: true });
    expect(await mostOrdered()).toEqual(['Brake Disc', 'Coil', 'Alternator', 'Drum', 'Exhaust', 'Gasket']);
  });
});
