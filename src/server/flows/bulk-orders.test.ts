import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderMail } from '../mail/templates.js';
import { checkInvariants } from '../system/invariants.js';
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
  TEST_ADDRESS,
} from '../test/harness.js';
import { pdfText } from '../test/pdf-text.js';

/** A line just ordered: no core deposit, nothing shipped or returned yet (issue 61's line fields). */
const NOTHING_AFTER_THE_SALE = { coreCharge: 0, shippedQuantity: 0, returnedQuantity: 0 };

describe(`orders of many lines, price breaks, pack sizes and invoices (${databaseKind})`, () => {
  let server: TestServer;
  let admin: Account;
  let customer: Account;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await registerAdmin(server);
    customer = await registerCustomer(server.app, 'Fleet Buyer');
  });
  afterAll(() => server.close());

  const where = { phone: '+1 555 0100', shippingAddress: { ...TEST_ADDRESS, line1: '9 Depot Road' } };
  const order = (token: string, body: Record<string, unknown>) => call(server.app, 'POST', '/api/orders', { token, body: { ...where, ...body } });
  const stockOf = async (id: string) => (await call(server.app, 'GET', `/api/products/${id}`)).json().stock as number;
  /** A part of $10 a unit, $9 from 100 and $8 from 500, 10,000 in stock. */
  const tieredPart = (overrides: Record<string, unknown> = {}) =>
    createProduct(server.app, admin, {
      price: 10,
      stock: 10000,
      min: 1,
      priceBreaks: [
        { minQuantity: 100, price: 9 },
        { minQuantity: 500, price: 8 },
      ],
      ...overrides,
    });

  it('prices each line at the tier its quantity reaches: one below a break, exactly at it, above the highest', async () => {
    const productId = await tieredPart();
    const unitPriceAt = async (quantity: number) => {
      const response = await order(customer.token, { lines: [{ productId, quantity }] });
      expect(response.statusCode).toBe(201);
      return response.json().lines[0].unitPrice as number;
    };
    expect(await unitPriceAt(99)).toBe(10);
    expect(await unitPriceAt(100)).toBe(9);
    expect(await unitPriceAt(499)).toBe(9);
    expect(await unitPriceAt(500)).toBe(8);
    expect(await unitPriceAt(5000)).toBe(8);
  });

  it("answers an order of many lines with each line, the total, the PO number, and the original storefront's fields for the whole", async () => {
    const brakes = await tieredPart({ name: 'Brake Disc', sku: 'BD-100' });
    const filters = await createProduct(server.app, admin, { name: 'Oil Filter', sku: 'OF-12', price: 4.5, stock: 240, min: 12, packSize: 12 });
    const response = await order(customer.token, {
      lines: [
        { productId: brakes, quantity: 120 },
        { productId: filters, quantity: 24 },
      ],
      poNumber: 'PO-7781',
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.lines).toEqual([
      { productId: brakes, sku: 'BD-100', product: 'Brake Disc', quantity: 120, unitPrice: 9, listPrice: 10, lineTotal: 1080, ...NOTHING_AFTER_THE_SALE },
      { productId: filters, sku: 'OF-12', product: 'Oil Filter', quantity: 24, unitPrice: 4.5, listPrice: 4.5, lineTotal: 108, ...NOTHING_AFTER_THE_SALE },
    ]);
    expect(body).toMatchObject({
      total: 1188,
      poNumber: 'PO-7781',
      invoiceNumber: null,
      productId: brakes,
      product: 'Brake Disc and 1 more part',
      quantity: 144,
      status: 'not paid',
    });
    expect(await stockOf(filters)).toBe(216);
    const mail = await lastMailTo(server, customer.email, 'order-placed');
    const { text } = renderMail(mail!, server.config.shop);
    expect(text).toContain('Your order is placed successfully: 2 parts, 144 units in all: $1,188.00.');
    expect(text).toContain('120 × BD-100 Brake Disc at $9.00 per unit: $1,080.00');
    expect(text).toContain('24 × OF-12 Oil Filter at $4.50 per unit: $108.00');
  });

  it('keeps the lines in the order they were placed, not by part, and starts the history with the customer placing it', async () => {
    const parts = [];
    for (const sku of ['LO-1', 'LO-2', 'LO-3']) parts.push(await tieredPart({ name: `Line Order ${sku}`, sku }));
    const placedOrder = [parts[2]!, parts[0]!, parts[1]!];
    const response = await order(customer.token, { lines: placedOrder.map((productId, i) => ({ productId, quantity: i + 1 })) });
    expect(response.statusCode).toBe(201);
    const { _id: id, lines } = response.json();
    expect(lines.map((line: { productId: string; quantity: number }) => [line.productId, line.quantity])).toEqual(placedOrder.map((productId, i) => [productId, i + 1]));
    const reread = (await call(server.app, 'GET', `/api/order/${id}`, { token: customer.token })).json();
    expect(reread.lines).toEqual(lines);
    const history = (await call(server.app, 'GET', `/api/orders/${id}/history`, { token: admin.token })).json();
    expect(history).toMatchObject([{ from: null, to: 'not paid', actor: 'customer', by: { name: 'Fleet Buyer', email: customer.email } }]);
  });

  it("keeps the original storefront's one-product order exactly (docs/legacy-contract.md): one line, price × quantity, problems on `quantity`", async () => {
    const productId = await createProduct(server.app, admin, { price: 12.99, stock: 100, min: 10 });
    const placed = (await order(customer.token, { productId, quantity: 15 })).json();
    expect(placed).toMatchObject({ productId, product: 'Test Bumper', quantity: 15, price: 12.99, total: 194.85, poNumber: '' });
    expect(placed.lines).toEqual([{ productId, sku: placed.sku, product: 'Test Bumper', quantity: 15, unitPrice: 12.99, listPrice: 12.99, lineTotal: 194.85, ...NOTHING_AFTER_THE_SALE }]);
    const high = await order(customer.token, { productId, quantity: 86 });
    expect(high.statusCode).toBe(409);
    expect(high.json().error).toEqual({ code: 'out_of_stock', message: 'Quantity Must be lower than 85 ', fields: { quantity: 'Quantity Must be lower than 85 ' } });
  });

  it('refuses a quantity that is not whole packs, on the server as in the form, for one-product orders and lines', async () => {
    const productId = await createProduct(server.app, admin, { stock: 240, min: 24, packSize: 24 });
    const spec = await order(customer.token, { productId, quantity: 30 });
    expect(spec.statusCode).toBe(400);
    expect(spec.json().error.fields).toEqual({ quantity: 'Quantity must be a multiple of 24' });
    const other = await tieredPart();
    const lines = await order(customer.token, { lines: [{ productId: other, quantity: 5 }, { productId, quantity: 25 }] });
    expect(lines.statusCode).toBe(400);
    expect(lines.json().error.fields).toEqual({ 'lines.1.quantity': 'Quantity must be a multiple of 24' });
    expect(lines.json().error.message).toMatch(/\(line 2\): Quantity must be a multiple of 24$/);
    expect((await order(customer.token, { productId, quantity: 48 })).statusCode).toBe(201);
    expect(await stockOf(other)).toBe(10000);
  });

  it('reserves every line or none: a line without stock is named, and no other line keeps its units', async () => {
    const a = await tieredPart();
    const b = await tieredPart();
    const short = await createProduct(server.app, admin, { name: 'Rare Sensor', sku: 'RS-1', stock: 10, min: 1 });
    const response = await order(customer.token, {
      lines: [
        { productId: a, quantity: 50 },
        { productId: short, quantity: 11 },
        { productId: b, quantity: 50 },
      ],
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toEqual({
      code: 'out_of_stock',
      message: 'RS-1 Rare Sensor (line 2): Quantity Must be lower than 10 ',
      fields: { 'lines.1.quantity': 'Quantity Must be lower than 10 ' },
    });
    expect([await stockOf(a), await stockOf(short), await stockOf(b)]).toEqual([10000, 10, 10000]);
  });

  it('refuses lines naming a part not for sale, the same part twice, no lines, or lines with productId', async () => {
    const part = await tieredPart();
    const archived = await tieredPart();
    await call(server.app, 'PATCH', `/api/products/${archived}`, { token: admin.token, body: { active: false } });
    const gone = await order(customer.token, { lines: [{ productId: part, quantity: 1 }, { productId: archived, quantity: 1 }] });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.fields).toEqual({ 'lines.1.productId': 'This part is not for sale' });
    const twice = await order(customer.token, { lines: [{ productId: part, quantity: 1 }, { productId: part, quantity: 2 }] });
    expect(twice.json().error.fields).toEqual({ lines: 'Each part once: change its quantity instead' });
    expect((await order(customer.token, { lines: [] })).json().error.fields).toEqual({ lines: 'Add at least one part to the order' });
    const both = await order(customer.token, { productId: part, quantity: 1, lines: [{ productId: part, quantity: 1 }] });
    expect(both.statusCode).toBe(400);
    expect(await stockOf(part)).toBe(10000);
  });

  it('holds the whole order to the card limit, with a clear message', async () => {
    const lines = await Promise.all(
      [1, 2].map(async () => ({ productId: await createProduct(server.app, admin, { price: 900_000, stock: 1, min: 1 }), quantity: 1 })),
    );
    const response = await order(customer.token, { lines });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('An order can total at most $999,999.99 (the card limit). Please order fewer units or split the order');
  });

  it('cancelling gives every line back to stock', async () => {
    const [a, b] = [await tieredPart(), await tieredPart()];
    const placed = (await order(customer.token, { lines: [{ productId: a, quantity: 100 }, { productId: b, quantity: 7 }] })).json();
    expect([await stockOf(a), await stockOf(b)]).toEqual([9900, 9993]);
    expect((await call(server.app, 'DELETE', `/api/orders/${placed._id}`, { token: customer.token })).statusCode).toBe(200);
    expect([await stockOf(a), await stockOf(b)]).toEqual([10000, 10000]);
  });

  it('is paid once for its total, invoiced, its PDF readable by its owner and admins only; then shipped', async () => {
    const [a, b] = [await tieredPart({ name: 'Wiper Blade', sku: 'WB-600' }), await tieredPart({ name: 'Cabin Filter', sku: 'CF-210' })];
    const placed = (await order(customer.token, { lines: [{ productId: a, quantity: 500 }, { productId: b, quantity: 3 }], poNumber: 'PO-2026-19' })).json();
    const invoiceUrl = `/api/orders/${placed._id}/invoice.pdf`;
    expect((await call(server.app, 'GET', invoiceUrl, { token: customer.token })).json().error.code).toBe('not_invoiced');

    const intent = await call(server.app, 'POST', '/api/create-payment-intent', { token: customer.token, body: { orderId: placed._id } });
    expect(intent.json().amount).toBe(4030);
    const paid = await payWithTestCard(server.app, customer, placed._id);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'pending', paid: true, invoiceNumber: expect.stringMatching(/^INV-\d{6}$/) });
    const { invoiceNumber, transactionId } = paid.json();

    const pdf = await call(server.app, 'GET', invoiceUrl, { token: customer.token });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="invoice-${invoiceNumber}.pdf"`);
    const text = await pdfText(pdf.rawPayload);
    for (const fact of [invoiceNumber, 'PO-2026-19', 'WB-600', 'Wiper Blade', 'CF-210', '4,030.00', transactionId, 'Fleet Buyer', '9 Depot Road']) {
      expect(text).toContain(fact);
    }
    expect((await call(server.app, 'GET', invoiceUrl, { token: admin.token })).statusCode).toBe(200);
    const stranger = await registerCustomer(server.app, 'Someone Else');
    expect((await call(server.app, 'GET', invoiceUrl, { token: stranger.token })).statusCode).toBe(404);
    expect((await call(server.app, 'GET', invoiceUrl)).statusCode).toBe(401);

    const mail = await lastMailTo(server, customer.email, 'order-paid');
    expect(mail?.kind === 'order-paid' && mail.data.invoice?.invoiceNumber).toBe(invoiceNumber);

    const shipped = await call(server.app, 'PATCH', `/api/orders/${placed._id}`, { token: admin.token, body: { status: 'shipped' } });
    expect(shipped.json()).toMatchObject({ status: 'shipped', invoiceNumber, total: 4030 });
  });

  it('never oversells: 50 parallel 20-line orders over overlapping parts', async () => {
    const parts = await Promise.all(Array.from({ length: 30 }, () => createProduct(server.app, admin, { price: 3, stock: 60, min: 1 })));
    const initial = new Map(await Promise.all(parts.map(async (id) => [Number(id), await stockOf(id)] as [number, number])));
    const buyers = await Promise.all(Array.from({ length: 5 }, (_, i) => registerCustomer(server.app, `Parallel Buyer ${i}`)));
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, n) => {
        const lines = Array.from({ length: 20 }, (_, i) => ({ productId: parts[(n * 7 + i) % parts.length], quantity: 1 + ((n + i) % 4) }));
        return order(buyers[n % buyers.length]!.token, { lines });
      }),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.every((status) => status === 201 || status === 409)).toBe(true);
    expect(statuses).toContain(201);
    expect(statuses).toContain(409);
    const report = await checkInvariants(server.db, initial);
    expect(report.violations).toEqual([]);
    for (const ledger of report.ledgers) expect(ledger.stock).toBeGreaterThanOrEqual(0);
  });

  it('gives invoice numbers in one gapless sequence when orders are paid in parallel', async () => {
    const productId = await createProduct(server.app, admin, { price: 2, stock: 1000, min: 1 });
    const placed = await Promise.all(Array.from({ length: 20 }, () => order(customer.token, { lines: [{ productId, quantity: 1 }] })));
    const ids = placed.map((response) => response.json()._id as string);
    // One of them is cancelled first: its payment is refused and must not use up a number.
    await call(server.app, 'DELETE', `/api/orders/${ids[0]}`, { token: customer.token });
    const before = await server.db.kysely.selectFrom('invoice_sequence').select('last').executeTakeFirstOrThrow();
    const paid = await Promise.all(ids.map((id) => payWithTestCard(server.app, customer, id)));
    const numbers = paid.filter((response) => response.statusCode === 200).map((response) => Number(response.json().invoiceNumber.slice(4)));
    expect(numbers).toHaveLength(19);
    expect(numbers.sort((x, y) => x - y)).toEqual(Array.from({ length: 19 }, (_, i) => before.last + 1 + i));
  });
});
