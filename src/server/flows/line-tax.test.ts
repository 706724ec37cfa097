/**
 * An order keeps its tax split onto what it was charged on (migration 056): each line's goods, each line's
 * core deposits and the shipping, rounded as the quote rounded them, so the shares sum to the order's tax
 * and a refund can give back each unit's own. On the demo tables: Vermont 6 % on goods and shipping, ground
 * freight $11.00 from 1,001 g to 5,000 g.
 *
 * By hand: 3 × Brake Caliper at $33.33 = $99.99 → 6 % = 5.9994 → $6.00; its cores 3 × $8.25 = $24.75 →
 * 1.485 → $1.49 (rounded on their own: the line and its cores together would be 7.4844 → $7.48);
 * 3 × Spark Plug at $3.33 = $9.99 → 0.5994 → $0.60; 3,150 g by ground $11.00 → $0.66.
 * Tax 6.00 + 1.49 + 0.60 + 0.66 = $8.75; total 99.99 + 9.99 + 24.75 + 11.00 + 8.75 = $154.48.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkInvariants } from '../system/invariants.js';
import { shopToday } from '../shipping-tax/service.js';
import { type Account, call, createProduct, databaseKind, registerAdmin, registerCustomer, startTestServer, type TestServer } from '../test/harness.js';

const VERMONT = { name: 'Receiving', company: 'Green Mountain Fleet', line1: '1 Main St', city: 'Burlington', region: 'VT', postalCode: '05401', country: 'US' };

describe(`each line's share of an order's tax (${databaseKind})`, () => {
  let server: TestServer;
  let admin: Account;
  let caliper: string;
  let plug: string;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await registerAdmin(server);
    caliper = await createProduct(server.app, admin, { name: 'Brake Caliper', sku: 'CAL-3333', price: 33.33, stock: 100, min: 1, weightGrams: 1000 });
    plug = await createProduct(server.app, admin, { name: 'Spark Plug', sku: 'SPK-0333', price: 3.33, stock: 100, min: 1, weightGrams: 50 });
    await server.db.kysely.updateTable('products').set({ core_charge_cents: 825 }).where('id', '=', Number(caliper)).execute();
  });
  afterAll(() => server.close());

  const place = async (buyer: Account) => {
    const lines = [{ productId: Number(caliper), quantity: 3 }, { productId: Number(plug), quantity: 3 }];
    const placed = await call(server.app, 'POST', '/api/orders', { token: buyer.token, body: { lines, phone: '5550100', shippingAddress: VERMONT, shippingMethodId: 'ground' } });
    expect(placed.statusCode, placed.body).toBe(201);
    return Number(placed.json()._id);
  };
  const shares = async (orderId: number) => ({
    lines: await server.db.kysely.selectFrom('order_lines').select(['product_id', 'tax_cents', 'core_tax_cents']).where('order_id', '=', orderId).orderBy('id').execute(),
    order: await server.db.kysely.selectFrom('orders').select(['tax_cents', 'shipping_tax_cents', 'core_deposit_cents', 'total_cents']).where('id', '=', orderId).executeTakeFirstOrThrow(),
  });

  it('writes the tax of each line, of its core deposits and of the shipping, summing to the order tax', async () => {
    const orderId = await place(await registerCustomer(server.app));
    expect(await shares(orderId)).toEqual({
      lines: [
        { product_id: Number(caliper), tax_cents: 600, core_tax_cents: 149 },
        { product_id: Number(plug), tax_cents: 60, core_tax_cents: 0 },
      ],
      order: { tax_cents: 875, shipping_tax_cents: 66, core_deposit_cents: 2475, total_cents: 15_448 },
    });
    expect((await checkInvariants(server.db, new Map())).violations).toEqual([]);
  });

  it('writes 0 shares for an exempt buyer', async () => {
    const buyer = await registerCustomer(server.app);
    const today = shopToday(server.config.shop.timeZone);
    await call(server.app, 'PUT', `/api/admin/users/${buyer.email}/tax-exemption`, { token: admin.token, body: { certificate: 'VT-RESALE-7', expiresOn: today } });
    const orderId = await place(buyer);
    // No tax: 99.99 + 9.99 + 24.75 + 11.00 = $145.73.
    expect(await shares(orderId)).toEqual({
      lines: [
        { product_id: Number(caliper), tax_cents: 0, core_tax_cents: 0 },
        { product_id: Number(plug), tax_cents: 0, core_tax_cents: 0 },
      ],
      order: { tax_cents: 0, shipping_tax_cents: 0, core_deposit_cents: 2475, total_cents: 14_573 },
    });
  });

  it('the invariants checker: shares that do not sum to the tax are wrong, no shares at all are an order from before the split', async () => {
    const orderId = await place(await registerCustomer(server.app));
    const k = server.db.kysely;
    await k.updateTable('order_lines').set((eb) => ({ tax_cents: eb('tax_cents', '+', 1) })).where('order_id', '=', orderId).where('product_id', '=', Number(plug)).execute();
    // 600 + 149 + 61 + 66 = 876.
    expect((await checkInvariants(server.db, new Map())).violations).toEqual([`order ${orderId} charges 875 cents of tax but its lines and shipping 876`]);
    // As a taxed order placed before migration 056 reads: its tax (875) unsplit, every share 0.
    await k.updateTable('order_lines').set({ tax_cents: 0, core_tax_cents: 0 }).where('order_id', '=', orderId).execute();
    await k.updateTable('orders').set({ shipping_tax_cents: 0 }).where('id', '=', orderId).execute();
    expect((await checkInvariants(server.db, new Map())).violations).toEqual([]);
  });
});
