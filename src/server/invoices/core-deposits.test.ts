/**
 * Core deposits (issue 61): a remanufactured part's refundable deposit is its own line on the quote, the
 * order answer, the invoice PDF and the e-mails, is taxed as the part is, and is in the total charged.
 *
 * By hand, with the demo tables (Vermont 6 % on goods and shipping, ground freight $11.00 from 1,001 g to 5,000 g):
 *   2 × Alternator at $149.99 = $299.98, tax 6 % = $17.9988 → $18.00     2 × 2,000 g = 4,000 g
 *       its core deposits 2 × $25.00 = $50.00, tax 6 % = $3.00 (rounded on their own)
 *   3 × Spark Plug at $3.33   =   $9.99, tax 6 % = $0.5994 → $0.60         3 × 50 g = 150 g
 *   subtotal $309.97; 4,150 g ships by ground for $11.00, tax 6 % = $0.66
 *   tax $18.00 + $3.00 + $0.60 + $0.66 = $22.26
 *   total $309.97 + $50.00 + $11.00 + $22.26 = $393.23
 */
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderMail } from '../mail/templates.js';
import { type Account, call, createProduct, databaseKind, lastMailTo, payWithTestCard, registerAdmin, registerCustomer, startTestServer, type TestServer } from '../test/harness.js';
import { canReadPdfs, pdfText } from '../test/pdf-text.js';

const VERMONT = { name: 'Receiving', company: 'Green Mountain Fleet', line1: '1 Main St', city: 'Burlington', region: 'VT', postalCode: '05401', country: 'US' };
const onOneLine = (...parts: string[]) => new RegExp(parts.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[ \\t]+'));

describe(`an order with core deposits agrees to the cent everywhere (${databaseKind})`, () => {
  let server: TestServer;
  let buyer: Account;
  let alternator: string;
  let plug: string;
  let orderId: string;
  let admin: Account;
  const shop = { name: 'Partsmith', publicUrl: 'https://shop.partsmith.example', address: '100 Foundry Road', email: '' };
  const lines = () => [{ productId: Number(alternator), quantity: 2 }, { productId: Number(plug), quantity: 3 }];

  beforeAll(async () => {
    server = await startTestServer();
    admin = await registerAdmin(server);
    buyer = await registerCustomer(server.app, 'Vera Mont');
    alternator = await createProduct(server.app, admin, { name: 'Alternator', sku: 'ALT-1499', price: 149.99, stock: 100, min: 1, weightGrams: 2000, coreCharge: 25 });
    plug = await createProduct(server.app, admin, { name: 'Spark Plug', sku: 'SPK-0333', price: 3.33, stock: 100, min: 1, weightGrams: 50 });
    const placed = await call(server.app, 'POST', '/api/orders', {
      token: buyer.token,
      body: { lines: lines(), phone: '5550100', shippingAddress: VERMONT, shippingMethodId: 'ground' },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    orderId = placed.json()._id;
    expect((await payWithTestCard(server.app, buyer, orderId)).statusCode).toBe(200);
  });
  afterAll(() => server.close());

  it('the quote', async () => {
    const quote = (await call(server.app, 'POST', '/api/checkout/quote', { body: { lines: lines(), shippingAddress: VERMONT, shippingMethodId: 'ground' } })).json();
    expect(quote).toMatchObject({
      lines: [{ productId: alternator, quantity: 2, lineTotal: 299.98, coreCharge: 25 }, { productId: plug, quantity: 3, lineTotal: 9.99, coreCharge: 0 }],
      subtotal: 309.97,
      coreDeposit: 50,
      shipping: 11,
      tax: 22.26,
      total: 393.23,
    });
  });

  it('the order answer, and the amount paid', async () => {
    const order = (await call(server.app, 'GET', `/api/order/${orderId}`, { token: buyer.token })).json();
    expect(order).toMatchObject({
      subtotal: 309.97,
      coreDeposit: 50,
      shipping: 11,
      tax: 22.26,
      taxLines: [{ name: 'Vermont sales tax', rate: 6, amount: 22.26 }],
      total: 393.23,
      lines: [{ productId: alternator, quantity: 2, coreCharge: 25 }, { productId: plug, quantity: 3, coreCharge: 0 }],
    });
    const payment = await server.db.kysely.selectFrom('payments').select('amount_cents').where('order_id', '=', Number(orderId)).where('status', '=', 'succeeded').executeTakeFirstOrThrow();
    expect(payment.amount_cents).toBe(39_323);
  });

  it('keeps the deposit the part had when ordered', async () => {
    expect((await call(server.app, 'PATCH', `/api/products/${alternator}`, { token: admin.token, body: { coreCharge: 40 } })).statusCode).toBe(200);
    const order = (await call(server.app, 'GET', `/api/order/${orderId}`, { token: buyer.token })).json();
    expect(order).toMatchObject({ coreDeposit: 50, total: 393.23, lines: [{ coreCharge: 25 }, { coreCharge: 0 }] });
  });

  it('the orders CSV: subtotal + coreDeposit + shipping + tax = total on every line of the order', async () => {
    const [header, ...rows] = parse((await call(server.app, 'GET', '/api/orders/export.csv', { token: admin.token })).body) as string[][];
    const columns = ['subtotal', 'coreDeposit', 'shipping', 'tax', 'total'].map((name) => header!.indexOf(name));
    const mine = rows.filter((row) => row[0] === orderId).map((row) => columns.map((i) => row[i]));
    expect(mine).toEqual([
      ['309.97', '50.00', '11.00', '22.26', '393.23'],
      ['309.97', '50.00', '11.00', '22.26', '393.23'],
    ]);
  });

  it.runIf(canReadPdfs)('the invoice PDF', async () => {
    const response = await call(server.app, 'GET', `/api/orders/${orderId}/invoice.pdf`, { token: buyer.token });
    expect(response.statusCode).toBe(200);
    const text = await pdfText(response.rawPayload);
    expect(text).toMatch(onOneLine('ALT-1499', 'Alternator', '2', '$149.99', '$299.98'));
    expect(text).toMatch(onOneLine('Subtotal', '$309.97'));
    expect(text).toMatch(onOneLine('Core deposit, refundable: $25.00 × 2', '$50.00'));
    expect(text).toMatch(onOneLine('Shipping (Ground freight)', '$11.00'));
    expect(text).toMatch(onOneLine('Vermont sales tax (6%)', '$22.26'));
    expect(text).toMatch(onOneLine('Total (USD)', '$393.23'));
  });

  it('the placed and paid e-mails', async () => {
    const breakdown = 'Subtotal: $309.97\nCore deposit, refundable: $25.00 × 2: $50.00\nShipping (Ground freight): $11.00\nVermont sales tax (6%): $22.26\nTotal: $393.23';
    const placed = renderMail((await lastMailTo(server, buyer.email, 'order-placed'))!, shop);
    expect(placed.text).toContain(breakdown);
    expect(placed.html).toContain('Subtotal: $309.97<br>Core deposit, refundable: $25.00 × 2: $50.00<br>Shipping (Ground freight): $11.00');
    const paid = renderMail((await lastMailTo(server, buyer.email, 'order-paid'))!, shop);
    expect(paid.text).toContain('You Paid: $393.23');
    expect(paid.text).toContain(breakdown);
  });
});
