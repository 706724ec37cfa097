/**
 * Shipping an order in parcels (issue 61): statuses and shipped units as parcels go, over-shipping refused
 * however many parcels race, shipment numbers gapless across two servers, one e-mail per parcel with its
 * tracking link, SPEC's Deliver shipping what is left, and the packing slip (no prices).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderMail } from '../mail/templates.js';
import { checkInvariants } from '../system/invariants.js';
import {
  type Account,
  anotherAppServer,
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
import { listRecentMail } from '../mail/service.js';
import { canReadPdfs, pdfText } from '../test/pdf-text.js';

describe(`shipping orders in parcels (${databaseKind})`, () => {
  let server: TestServer;
  let second: FastifyInstance;
  let admin: Account;
  let buyer: Account;
  let headlight: string;
  let alternator: string;
  const initialStock = new Map<number, number>();

  beforeAll(async () => {
    server = await startTestServer();
    second = await anotherAppServer(server);
    admin = await registerAdmin(server);
    buyer = await registerCustomer(server.app, 'Dana Wu');
    headlight = await createProduct(server.app, admin, { name: 'Headlight Assembly', sku: 'HL-2015-L', price: 89, stock: 1000, min: 1 });
    alternator = await createProduct(server.app, admin, { name: 'Alternator', sku: 'ALT-140', price: 149.99, stock: 1000, min: 1 });
    initialStock.set(Number(headlight), 1000).set(Number(alternator), 1000);
  });
  afterAll(async () => {
    await second.close();
    await server.close();
  });

  /** A paid order of these lines, with a PO number. */
  const paidOrder = async (lines: { productId: string; quantity: number }[]) => {
    const placed = await call(server.app, 'POST', '/api/orders', {
      token: buyer.token,
      body: { lines, phone: '5550100', shippingAddress: { ...TEST_ADDRESS, company: 'Wu Garage' }, poNumber: 'PO-4471' },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const id = placed.json()._id as string;
    expect((await payWithTestCard(server.app, buyer, id)).statusCode).toBe(200);
    return id;
  };
  const ship = (orderId: string, body: Record<string, unknown>, { app = server.app, token = admin.token } = {}) =>
    call(app, 'POST', `/api/orders/${orderId}/shipments`, { token, body });
  const orderOf = async (orderId: string) => (await call(server.app, 'GET', `/api/order/${orderId}`, { token: buyer.token })).json();
  const shippedOf = async (orderId: string) => (await orderOf(orderId)).lines.map((line: { productId: string; shippedQuantity: number }) => [line.productId, line.shippedQuantity]);
  const lastNumber = async () => Number((await server.db.kysely.selectFrom('shipment_sequence').select('last').executeTakeFirstOrThrow()).last);
  /** The shop's 'order-shipped' e-mails to the buyer about this order, oldest first. */
  const parcelMails = async (orderId: string) =>
    (await listRecentMail(server.db.kysely, 1000))
      .map((message) => message.mail)
      .filter((mail) => mail.to === buyer.email && mail.kind === 'order-shipped' && mail.data.orderId === orderId)
      .reverse();
  const UPS = { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' };

  it('ships 4 of 10 headlights (partially shipped), then the other 6 with the alternators (shipped), one e-mail per parcel with its link', async () => {
    const orderId = await paidOrder([{ productId: headlight, quantity: 10 }, { productId: alternator, quantity: 2 }]);
    const before = await lastNumber();

    const first = await ship(orderId, { lines: [{ productId: Number(headlight), quantity: 4 }], ...UPS });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      number: `SHP-${String(before + 1).padStart(6, '0')}`,
      lines: [{ productId: headlight, quantity: 4 }],
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
      trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    });
    expect((await orderOf(orderId)).status).toBe('partially shipped');
    // 10 − 4 = 6 headlights and both alternators left.
    expect(await shippedOf(orderId)).toEqual([[headlight, 4], [alternator, 0]]);

    const rest = await ship(orderId, { lines: [{ productId: Number(alternator), quantity: 2 }, { productId: Number(headlight), quantity: 6 }], carrier: 'FedEx', trackingNumber: '7712 3456' });
    expect(rest.statusCode, rest.body).toBe(201);
    // The link's number is URL-encoded; the lines come in the order's own order.
    expect(rest.json()).toMatchObject({ number: `SHP-${String(before + 2).padStart(6, '0')}`, lines: [{ productId: headlight, quantity: 6 }, { productId: alternator, quantity: 2 }], trackingUrl: 'https://www.fedex.com/fedextrack/?trknbr=7712%203456' });
    const order = await orderOf(orderId);
    expect(order.status).toBe('shipped');
    expect(await shippedOf(orderId)).toEqual([[headlight, 10], [alternator, 2]]);
    expect(order.shipments.map((s: { id: string }) => s.id)).toEqual([first.json().id, rest.json().id]);

    const mails = await parcelMails(orderId);
    expect(mails).toHaveLength(2);
    const [partly, last] = mails.map((mail) => renderMail(mail, { name: 'Partsmith', publicUrl: 'https://shop.example', address: '', email: '' }));
    expect(partly!.subject).toBe(`Part of order ${order.number} is shipped – Partsmith`);
    expect(partly!.text).toContain('4 units of your order');
    expect(partly!.text).toContain('4 × HL-2015-L Headlight Assembly');
    expect(partly!.text).toContain('Carrier: UPS, tracking number 1Z999AA10123456784');
    expect(partly!.text).toContain('https://www.ups.com/track?tracknum=1Z999AA10123456784');
    // 6 headlights + 2 alternators still to ship after the first parcel.
    expect(partly!.text).toContain('8 units still to ship');
    expect(partly!.html).toContain('href="https://www.ups.com/track?tracknum=1Z999AA10123456784"');
    expect(last!.subject).toBe(`Order ${order.number} is shipped – Partsmith`);
    expect(last!.text).toContain('6 × HL-2015-L Headlight Assembly\n2 × ALT-140 Alternator');
    expect(last!.text).toContain('This completes your order.');
  });

  it('refuses a parcel of more than is left of a line (409, naming the part and what is left), and records nothing of it', async () => {
    const orderId = await paidOrder([{ productId: headlight, quantity: 10 }, { productId: alternator, quantity: 2 }]);
    const tooMany = await ship(orderId, { lines: [{ productId: Number(headlight), quantity: 11 }], ...UPS });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().error).toMatchObject({ code: 'over_shipment', message: 'Only 10 units of HL-2015-L Headlight Assembly are left to ship' });

    expect((await ship(orderId, { lines: [{ productId: Number(headlight), quantity: 4 }], ...UPS })).statusCode).toBe(201);
    const before = await lastNumber();
    // The alternators fit, the headlights (7 > 10 − 4 = 6) do not: the whole parcel is refused.
    const over = await ship(orderId, { lines: [{ productId: Number(alternator), quantity: 2 }, { productId: Number(headlight), quantity: 7 }], ...UPS });
    expect(over.statusCode).toBe(409);
    expect(over.json().error).toMatchObject({ code: 'over_shipment', message: 'Only 6 units of HL-2015-L Headlight Assembly are left to ship', fields: { 'lines.1.quantity': expect.any(String) } });
    expect(await shippedOf(orderId)).toEqual([[headlight, 4], [alternator, 0]]);
    expect(await lastNumber()).toBe(before);
    expect((await orderOf(orderId)).shipments).toHaveLength(1);
  });

  it('never ships more than ordered when 20 parcels race on two servers, and numbers the ones shipped without a gap', async () => {
    // 12 ordered; 20 parcels of 1 each, half through each server: exactly 12 ship, 8 are refused.
    const orderId = await paidOrder([{ productId: headlight, quantity: 12 }]);
    const before = await lastNumber();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => ship(orderId, { lines: [{ productId: Number(headlight), quantity: 1 }], ...UPS }, { app: i % 2 === 0 ? server.app : second })),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(12);
    // The first 8 refused are over-shipments or (once the last unit went) an order shipped in full.
    expect(statuses.filter((status) => status === 409)).toHaveLength(8);
    expect(await shippedOf(orderId)).toEqual([[headlight, 12]]);
    expect((await orderOf(orderId)).status).toBe('shipped');
    const numbers = answers.filter((answer) => answer.statusCode === 201).map((answer) => Number(answer.json().number.slice(4)));
    expect(numbers.sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => before + 1 + i));
    expect(await lastNumber()).toBe(before + 12);
    expect(await parcelMails(orderId)).toHaveLength(12);
  });

  it('ships only a paid order with units left: not an unpaid one, not one shipped in full (409); a part not on it is 400; an unknown order 404', async () => {
    const unpaid = (await call(server.app, 'POST', '/api/orders', { token: buyer.token, body: { lines: [{ productId: headlight, quantity: 3 }], phone: '5550100', shippingAddress: TEST_ADDRESS } })).json()._id;
    const refused = await ship(unpaid, { lines: [{ productId: Number(headlight), quantity: 1 }], ...UPS });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('illegal_transition');

    const orderId = await paidOrder([{ productId: headlight, quantity: 3 }]);
    expect((await ship(orderId, { lines: [{ productId: Number(alternator), quantity: 1 }], ...UPS })).statusCode).toBe(400);
    expect((await ship(orderId, { lines: [{ productId: Number(headlight), quantity: 3 }], ...UPS })).statusCode).toBe(201);
    expect((await ship(orderId, { lines: [{ productId: Number(headlight), quantity: 1 }], ...UPS })).json().error.code).toBe('illegal_transition');
    expect((await ship('999999', { lines: [{ productId: Number(headlight), quantity: 1 }], ...UPS })).statusCode).toBe(404);
  });

  it('wants a tracking number for a carrier with tracking pages, a web link if one is given, and links nothing for Other without one', async () => {
    const orderId = await paidOrder([{ productId: headlight, quantity: 5 }]);
    const line = [{ productId: Number(headlight), quantity: 1 }];
    const noNumber = await ship(orderId, { lines: line, carrier: 'DHL', trackingNumber: ' ' });
    expect(noNumber.statusCode).toBe(400);
    expect(noNumber.json().error.fields).toEqual({ trackingNumber: 'Enter the tracking number' });
    expect((await ship(orderId, { lines: line, carrier: 'UPS', trackingNumber: '1Z', trackingUrl: 'javascript:alert(1)' })).statusCode).toBe(400);
    expect((await ship(orderId, { lines: line, carrier: 'Pigeon', trackingNumber: '1' })).statusCode).toBe(400);
    expect((await ship(orderId, { lines: [{ productId: Number(headlight), quantity: 0 }], ...UPS })).statusCode).toBe(400);

    const own = await ship(orderId, { lines: line, carrier: 'Other' });
    expect(own.json()).toMatchObject({ carrier: 'Other', trackingNumber: '', trackingUrl: null });
    const given = await ship(orderId, { lines: line, carrier: 'Other', trackingNumber: 'F-88', trackingUrl: 'https://freight.example/t/F-88' });
    expect(given.json()).toMatchObject({ trackingUrl: 'https://freight.example/t/F-88' });
    const usps = await ship(orderId, { lines: line, carrier: 'USPS', trackingNumber: '9400100000000000000000', trackingUrl: '' });
    expect(usps.json().trackingUrl).toBe('https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000000');
  });

  it("lets SPEC's Deliver ship everything left in one parcel without tracking, and answers the order shipped", async () => {
    const orderId = await paidOrder([{ productId: headlight, quantity: 10 }, { productId: alternator, quantity: 2 }]);
    expect((await ship(orderId, { lines: [{ productId: Number(headlight), quantity: 4 }], ...UPS })).statusCode).toBe(201);
    const delivered = await call(server.app, 'PATCH', `/api/orders/${orderId}`, { token: admin.token, body: { status: 'shipped' } });
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(delivered.json().status).toBe('shipped');
    expect(delivered.json().shipments[1]).toMatchObject({ lines: [{ productId: headlight, quantity: 6 }, { productId: alternator, quantity: 2 }], carrier: 'Other', trackingNumber: '', trackingUrl: null });
    expect(await shippedOf(orderId)).toEqual([[headlight, 10], [alternator, 2]]);
    expect(await parcelMails(orderId)).toHaveLength(2);
    expect((await call(server.app, 'PATCH', `/api/orders/${orderId}`, { token: admin.token, body: { status: 'shipped' } })).statusCode).toBe(409);
  });

  it('lets only admins ship: 401 without signing in, 403 for a customer, even for their own order', async () => {
    const orderId = await paidOrder([{ productId: headlight, quantity: 2 }]);
    const body = { lines: [{ productId: Number(headlight), quantity: 1 }], ...UPS };
    expect((await ship(orderId, body, { token: '' })).statusCode).toBe(401);
    expect((await ship(orderId, body, { token: buyer.token })).statusCode).toBe(403);
    expect(await shippedOf(orderId)).toEqual([[headlight, 0]]);
  });

  describe.runIf(canReadPdfs)('the packing slip', () => {
    it('prints the shipment and order numbers, the PO number, where it goes and each part with its units, and no prices', async () => {
      const orderId = await paidOrder([{ productId: headlight, quantity: 10 }, { productId: alternator, quantity: 2 }]);
      const shipment = (await ship(orderId, { lines: [{ productId: Number(headlight), quantity: 4 }, { productId: Number(alternator), quantity: 1 }], ...UPS })).json();
      const order = await orderOf(orderId);
      const pdf = await call(server.app, 'GET', `/api/shipments/${shipment.id}/packing-slip.pdf`, { token: admin.token });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.headers['content-disposition']).toBe(`attachment; filename="packing-slip-${shipment.number}.pdf"`);
      const text = await pdfText(pdf.rawPayload);
      expect(text).toMatch(new RegExp(`Shipment number\\s+${shipment.number}`));
      expect(text).toMatch(new RegExp(`Order number\\s+${order.number}`));
      expect(text).toMatch(/PO number\s+PO-4471/);
      expect(text).toMatch(/Tracking number\s+1Z999AA10123456784/);
      for (const line of ['SHIP TO', 'Test Customer', 'Wu Garage', '1 Test Street', 'Portland, OR 97201', 'US']) expect(text).toContain(line);
      expect(text).toMatch(/HL-2015-L\s+Headlight Assembly\s+4/);
      expect(text).toMatch(/ALT-140\s+Alternator\s+1/);
      // 4 + 1
      expect(text).toContain('5 units in this parcel');
      expect(text).not.toMatch(/\$|89\.00|149\.99|Price|Total/);
    });
  });

  it('serves the packing slip to admins only (401, 403), and 404 for a shipment that does not exist', async () => {
    const orderId = await paidOrder([{ productId: headlight, quantity: 2 }]);
    const shipment = (await ship(orderId, { lines: [{ productId: Number(headlight), quantity: 2 }], ...UPS })).json();
    const url = `/api/shipments/${shipment.id}/packing-slip.pdf`;
    expect((await call(server.app, 'GET', url)).statusCode).toBe(401);
    expect((await call(server.app, 'GET', url, { token: buyer.token })).statusCode).toBe(403);
    expect((await call(server.app, 'GET', '/api/shipments/999999/packing-slip.pdf', { token: admin.token })).statusCode).toBe(404);
  });

  it('leaves the data sound: shipped ≤ ordered, every shipped unit in a shipment, numbers 1..N', async () => {
    const report = await checkInvariants(server.db, initialStock);
    expect(report.violations).toEqual([]);
    expect(report.byStatus['shipped']).toBeGreaterThanOrEqual(4);
    expect(report.byStatus['partially shipped']).toBeGreaterThanOrEqual(2);
  });
});
