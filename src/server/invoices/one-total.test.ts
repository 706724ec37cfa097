/**
 * One total, everywhere (issue 60): an order to Vermont by ground freight, paid, reads the same subtotal,
 * shipping, tax and total on its answer, its invoice PDF, its e-mails, the orders CSV and the sales overview.
 *
 * By hand, with the demo tables (Vermont 6 % on goods and shipping, ground freight $11 from 1,001 g to 5,000 g):
 *   20 × Brake Disc at $42.50 = $850.00, tax 6 % = $51.00        20 × 200 g = 4,000 g
 *    3 × Spark Plug at $3.33  =   $9.99, tax 6 % = $0.5994 → $0.60 (per line, half-up)    3 × 50 g = 150 g
 *   subtotal $859.99; 4,150 g ships by ground for $11.00, tax 6 % = $0.66
 *   tax $51.00 + $0.60 + $0.66 = $52.26; total $859.99 + $11.00 + $52.26 = $923.25; revenue $870.99.
 */
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderMail } from '../mail/templates.js';
import {
  type Account,
  call,
  createProduct,
  databaseKind,
  lastMailTo,
  payWithTestCard,
  registerAdmin,
  registerCustomer,
  startTestServer,
  type TestServer,
} from '../test/harness.js';
import { canReadPdfs, pdfText } from '../test/pdf-text.js';

const VERMONT = { name: 'Receiving', company: 'Green Mountain Fleet', line1: '1 Main St', city: 'Burlington', region: 'VT', postalCode: '05401', country: 'US' };
const onOneLine = (...parts: string[]) => new RegExp(parts.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[ \\t]+'));

describe(`an order to a taxed destination agrees to the cent everywhere (${databaseKind})`, () => {
  let server: TestServer;
  let admin: Account;
  let buyer: Account;
  let orderId: string;
  const shop = { name: 'Partsmith', publicUrl: 'https://shop.partsmith.example', address: '100 Foundry Road', email: '' };

  beforeAll(async () => {
    server = await startTestServer();
    admin = await registerAdmin(server);
    buyer = await registerCustomer(server.app, 'Vera Mont');
    const disc = await createProduct(server.app, admin, { name: 'Brake Disc', sku: 'BRK-4250', price: 42.5, stock: 100, min: 1, weightGrams: 200 });
    const plug = await createProduct(server.app, admin, { name: 'Spark Plug', sku: 'SPK-0333', price: 3.33, stock: 100, min: 1, weightGrams: 50 });
    const placed = await call(server.app, 'POST', '/api/orders', {
      token: buyer.token,
      body: { lines: [{ productId: disc, quantity: 20 }, { productId: plug, quantity: 3 }], phone: '5550100', shippingAddress: VERMONT, shippingMethodId: 'ground' },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    orderId = placed.json()._id;
    expect((await payWithTestCard(server.app, buyer, orderId)).statusCode).toBe(200);
  });
  afterAll(() => server.close());

  it('the order answer', async () => {
    const order = (await call(server.app, 'GET', `/api/order/${orderId}`, { token: buyer.token })).json();
    expect(order).toMatchObject({
      subtotal: 859.99,
      shipping: 11,
      tax: 52.26,
      taxLines: [{ name: 'Vermont sales tax', rate: 6, amount: 52.26 }],
      total: 923.25,
      shippingMethod: { id: 'ground', name: 'Ground freight' },
      address: 'Green Mountain Fleet, 1 Main St, Burlington, VT 05401, US',
    });
  });

  it.runIf(canReadPdfs)('the invoice PDF', async () => {
    const response = await call(server.app, 'GET', `/api/orders/${orderId}/invoice.pdf`, { token: buyer.token });
    expect(response.statusCode).toBe(200);
    const text = await pdfText(response.rawPayload);
    expect(text).toMatch(onOneLine('BRK-4250', 'Brake Disc', '20', '$42.50', '$850.00'));
    expect(text).toMatch(onOneLine('SPK-0333', 'Spark Plug', '3', '$3.33', '$9.99'));
    expect(text).toMatch(onOneLine('Subtotal', '$859.99'));
    expect(text).toMatch(onOneLine('Shipping (Ground freight)', '$11.00'));
    expect(text).toMatch(onOneLine('Vermont sales tax (6%)', '$52.26'));
    expect(text).toMatch(onOneLine('Total (USD)', '$923.25'));
    for (const line of ['SHIP TO', 'Receiving', 'Green Mountain Fleet', '1 Main St', 'Burlington, VT 05401']) expect(text).toContain(line);
  });

  it('the placed and paid e-mails', async () => {
    const breakdown = 'Subtotal: $859.99\nShipping (Ground freight): $11.00\nVermont sales tax (6%): $52.26\nTotal: $923.25';
    const placed = renderMail((await lastMailTo(server, buyer.email, 'order-placed'))!, shop);
    expect(placed.text).toContain('2 parts, 23 units in all: $859.99.');
    expect(placed.text).toContain(breakdown);
    expect(placed.html).toContain('Subtotal: $859.99<br>Shipping (Ground freight): $11.00<br>Vermont sales tax (6%): $52.26<br>Total: $923.25');
    const paid = renderMail((await lastMailTo(server, buyer.email, 'order-paid'))!, shop);
    expect(paid.text).toContain('You Paid: $923.25 for 2 parts, 23 units in all: $859.99.');
    expect(paid.text).toContain(breakdown);
  });

  it('the orders CSV: every line of the order carries its subtotal, shipping, tax and total', async () => {
    const exported = await call(server.app, 'GET', '/api/orders/export.csv', { token: admin.token });
    expect(exported.statusCode).toBe(200);
    const [header, ...rows] = parse(exported.body) as string[][];
    expect(header!.slice(-6)).toEqual(['orderTotal', 'subtotal', 'shipping', 'tax', 'total', 'coreDeposit']);
    const mine = rows.filter((row) => row[0] === orderId);
    expect(mine.map((row) => row.slice(-6))).toEqual([
      ['923.25', '859.99', '11.00', '52.26', '923.25', '0.00'],
      ['923.25', '859.99', '11.00', '52.26', '923.25', '0.00'],
    ]);
  });

  it('the sales overview: revenue is goods and shipping, the tax beside it', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const stats = (await call(server.app, 'GET', `/api/admin/stats?from=${today}&to=${today}`, { token: admin.token })).json();
    expect(stats).toMatchObject({ revenue: 870.99, tax: 52.26, orders: 1, averageOrderValue: 870.99 });
    expect(stats.byDay).toEqual([{ date: today, revenue: 870.99, orders: 1 }]);
    expect(stats.topCustomers).toEqual([{ email: buyer.email, name: 'Vera Mont', revenue: 870.99, orders: 1 }]);
  });
});
