/**
 * Returns (issue 61) on the real endpoints: asking (shipped units only, within the window, never more than
 * is left however many ask at once), approving and rejecting with the buyer's e-mail, receiving (stock back
 * for undamaged units) with its refund at once, and the refunds of one order's partial returns adding up to
 * exactly what it charged, whatever the tax rates did since. The provider failing leaves the return received
 * and a retry refunds it once; twenty receipts at once refund once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFUND_DECLINING_CARD } from '../../shared/card.js';
import { returnMessages } from '../../shared/messages.js';
import { createVehicles } from '../fitment/service.js';
import { requestReturn } from '../flows/returns.js';
import { writeApplications } from '../catalog/applications.js';
import { checkInvariants } from '../system/invariants.js';
import { renderMail } from '../mail/templates.js';
import {
  type Account,
  call,
  createProduct,
  databaseKind,
  lastMailTo,
  payWithTestCard,
  placePaidOrder,
  registerAdmin,
  registerCustomer,
  startTestServer,
  type TestServer,
  TEST_CARD,
} from '../test/harness.js';

const BURLINGTON = { name: 'Dana Wu', line1: '12 Pine St', city: 'Burlington', region: 'VT', postalCode: '05401', country: 'US' };
const DAY = 86_400_000;

describe(`returns (${databaseKind})`, () => {
  let server: TestServer;
  let admin: Account;
  let buyer: Account;
  let other: Account;
  let headlight: string;
  let corolla: number;
  let civic: number;
  const initialStock = new Map<number, number>();

  beforeAll(async () => {
    server = await startTestServer();
    admin = await registerAdmin(server);
    buyer = await registerCustomer(server.app, 'Dana Wu');
    other = await registerCustomer(server.app, 'Other Buyer');
    headlight = await createProduct(server.app, admin, { name: 'Headlight Assembly', sku: 'HL-2015-L', price: 89.99, stock: 10_000, min: 1, weightGrams: 400 });
    initialStock.set(Number(headlight), 10_000);
    [corolla, civic] = (
      await createVehicles(server.db.kysely, [
        { year: 2015, make: 'Toyota', model: 'Corolla', submodel: 'LE', engine: '1.8L I4' },
        { year: 2016, make: 'Honda', model: 'Civic', submodel: 'EX', engine: '2.0L I4' },
      ])
    ).map((vehicle) => vehicle.id) as [number, number];
    // Our data says the headlight fits Corollas of 2014–2016 (not the Civic).
    await writeApplications(server.db.kysely, [
      { productId: Number(headlight), applications: [{ yearFrom: 2014, yearTo: 2016, make: 'Toyota', model: 'Corolla', submodel: '', engine: '', qualifier: '', position: 'Front Left', quantity: 1, partTypeId: null }] },
    ]);
  });
  afterAll(() => server.close());

  const db = () => server.db.kysely;
  const stock = async () => (await call(server.app, 'GET', `/api/products/${headlight}`)).json().stock as number;
  const orderOf = async (id: string) => (await call(server.app, 'GET', `/api/order/${id}`, { token: admin.token })).json();

  // 10 headlights at $89.99 = $899.90, 4 kg: Express (1–5 kg) $32.00. Vermont 6 %: $899.90 × 6 % = $53.994 → $53.99
  // on the goods, $32.00 × 6 % = $1.92 on shipping: tax $55.91. Total $899.90 + $32.00 + $55.91 = $987.81.
  async function paidOrder(card = TEST_CARD): Promise<{ id: string; intentId: string }> {
    const order = { lines: [{ productId: Number(headlight), quantity: 10 }], phone: '5550100', shippingAddress: BURLINGTON, shippingMethodId: 'express' };
    const { id, intentId, placed } = await placePaidOrder(server.app, buyer, order, card);
    expect(placed).toMatchObject({ subtotal: 899.9, shipping: 32, tax: 55.91, total: 987.81 });
    return { id, intentId };
  }
  const ship = async (orderId: string, quantity: number) => {
    const shipped = await call(server.app, 'POST', `/api/orders/${orderId}/shipments`, {
      token: admin.token,
      body: { lines: [{ productId: Number(headlight), quantity }], carrier: 'UPS', trackingNumber: '1Z999AA10123456784' },
    });
    expect(shipped.statusCode, shipped.body).toBe(201);
    return shipped.json().id as string;
  };
  const ask = (orderId: string, lines: Record<string, unknown>[], token = buyer.token) =>
    call(server.app, 'POST', `/api/orders/${orderId}/returns`, { token, body: { lines } });
  const units = (quantity: number, reason = 'not_needed', more: Record<string, unknown> = {}) => ({ productId: Number(headlight), quantity, reason, ...more });
  const approve = (returnId: string) => call(server.app, 'POST', `/api/returns/${returnId}/approve`, { token: admin.token });
  const receive = (returnId: string, receivedQuantity: number, damagedQuantity = 0, refundShipping?: boolean) =>
    call(server.app, 'POST', `/api/returns/${returnId}/receive`, {
      token: admin.token,
      body: { lines: [{ productId: Number(headlight), receivedQuantity, damagedQuantity }], ...(refundShipping === undefined ? {} : { refundShipping }) },
    });
  /** Asks for, approves and receives a return of `quantity` units: the received return, with its refund. */
  const returned = async (orderId: string, quantity: number, refundShipping?: boolean) => {
    const asked = await ask(orderId, [units(quantity)]);
    expect(asked.statusCode, asked.body).toBe(201);
    expect((await approve(asked.json().id)).statusCode).toBe(200);
    const received = await receive(asked.json().id, quantity, 0, refundShipping);
    expect(received.statusCode, received.body).toBe(200);
    return received.json();
  };
  /** What the processor gave back of the payment, in cents, and in how many refunds. */
  const givenBack = async (intentId: string) => {
    const rows = await db().selectFrom('test_processor_refunds').select('amount_cents').where('intent_id', '=', intentId).execute();
    return { cents: rows.reduce((sum, row) => sum + row.amount_cents, 0), refunds: rows.length };
  };

  it('three partial returns refund exactly what the order charged, tax and shipping included, and not a cent more', async () => {
    const { id, intentId } = await paidOrder();
    await ship(id, 10);
    // 3 units: 3 × $89.99 = $269.97 + round(5,399 × 3/10 = 1,619.7) = $16.20 tax → $286.17
    const first = await returned(id, 3);
    expect(first).toMatchObject({ status: 'refunded', refund: { amount: 286.17, creditNote: expect.stringMatching(/^CN-\d{6}$/) } });
    // 3 more: $269.97 + (round(5,399 × 6/10 = 3,239.4) = 3,239 − 1,620 = $16.19) → $286.16
    expect((await returned(id, 3)).refund.amount).toBe(286.16);
    // The last 4, the shop at fault: 4 × $89.99 = $359.96 + (5,399 − 3,239 = $21.60) + shipping $32.00 + its tax $1.92 → $415.48
    const last = await returned(id, 4, true);
    expect(last.refund.amount).toBe(415.48);
    // $286.17 + $286.16 + $415.48 = $987.81: the whole charge.
    expect(await orderOf(id)).toMatchObject({ total: 987.81, refunded: 987.81, lines: [{ shippedQuantity: 10, returnedQuantity: 10 }] });
    expect(await givenBack(intentId)).toEqual({ cents: 98_781, refunds: 3 });
    const refunds = await db().selectFrom('refunds').select(['amount_cents', 'tax_cents', 'shipping_cents']).where('order_id', '=', Number(id)).orderBy('id').execute();
    expect(refunds).toEqual([
      { amount_cents: 28_617, tax_cents: 1620, shipping_cents: 0 },
      { amount_cents: 28_616, tax_cents: 1619, shipping_cents: 0 },
      { amount_cents: 41_548, tax_cents: 2160 + 192, shipping_cents: 3200 },
    ]);
    // Nothing is left to return.
    const more = await ask(id, [units(1)]);
    expect(more.statusCode).toBe(409);
    expect(more.json().error).toMatchObject({ code: 'too_many_returned', message: returnMessages.tooMany('HL-2015-L Headlight Assembly', 0, false) });
    expect((await checkInvariants(server.db, initialStock)).violations).toEqual([]);
  });

  it('a tax rate changed after the order changes no refund', async () => {
    const { id } = await paidOrder();
    await ship(id, 10);
    await db().updateTable('tax_rates').set({ rate_milli: 10_000 }).where('region', '=', 'VT').execute();
    try {
      // Still the order's 6 %: $269.97 + $16.20 = $286.17 (at 10 % it would be $269.97 + $27.00).
      expect((await returned(id, 3)).refund.amount).toBe(286.17);
    } finally {
      await db().updateTable('tax_rates').set({ rate_milli: 6000 }).where('region', '=', 'VT').execute();
    }
  });

  it('asks only for shipped units not yet on a return; 20 buyers asking at once never get more than was shipped', async () => {
    const { id } = await paidOrder();
    const none = await ask(id, [units(1)]);
    expect(none.statusCode).toBe(409);
    expect(none.json().error.code).toBe('too_many_returned');
    await ship(id, 7);
    // 20 requests of 3 units each, of 7 shipped: two of them (6 units) fit, the rest are refused.
    const answers = await Promise.all(Array.from({ length: 20 }, () => ask(id, [units(3)])));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([...Array(2).fill(201), ...Array(18).fill(409)]);
    const asked = await db().selectFrom('return_lines').innerJoin('returns', 'returns.id', 'return_lines.return_id').select('return_lines.quantity').where('returns.order_id', '=', Number(id)).execute();
    expect(asked.reduce((sum, line) => sum + line.quantity, 0)).toBe(6);
    // One unit is left; a rejected return gives its units back to ask for again.
    expect((await ask(id, [units(2)])).statusCode).toBe(409);
    const rejected = await call(server.app, 'POST', `/api/returns/${answers.find((a) => a.statusCode === 201)!.json().id}/reject`, { token: admin.token, body: { reason: 'Used parts cannot come back' } });
    expect(rejected.json()).toMatchObject({ status: 'rejected', rejectReason: 'Used parts cannot come back' });
    const mail = await lastMailTo(server, buyer.email, 'return-rejected');
    expect(mail?.kind === 'return-rejected' && mail.data).toMatchObject({ returnNumber: rejected.json().number, rejectReason: 'Used parts cannot come back' });
    const text = renderMail(mail!, server.config.shop).text;
    expect(text).toContain(`We cannot accept your return ${rejected.json().number}`);
    expect(text).toContain('3 × HL-2015-L Headlight Assembly (No longer needed)');
    expect(text).toContain('Why: Used parts cannot come back');
    expect((await ask(id, [units(4)])).statusCode).toBe(201);
  });

  it('a "doesn\'t fit" return names the vehicle and records whether our data said the part fits it', async () => {
    const { id } = await paidOrder();
    await ship(id, 10);
    const unknown = await ask(id, [units(1, 'doesnt_fit', { vehicleId: 999_999 })]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields).toEqual({ 'lines.0.vehicleId': returnMessages.vehicleUnknown });
    const asked = await ask(id, [units(2, 'doesnt_fit', { vehicleId: corolla }), units(1, 'damaged')]);
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json()).toMatchObject({
      number: expect.stringMatching(/^RMA-\d{6}$/),
      orderId: id,
      status: 'requested',
      refund: null,
      lines: [
        { productId: headlight, sku: 'HL-2015-L', quantity: 2, reason: 'doesnt_fit', vehicleId: String(corolla), vehicle: '2015 Toyota Corolla LE 1.8L I4', fitsByOurData: true, receivedQuantity: 0 },
        { productId: headlight, quantity: 1, reason: 'damaged', vehicleId: null, vehicle: null, fitsByOurData: null },
      ],
    });
    const civicReturn = await ask(id, [units(1, 'doesnt_fit', { vehicleId: civic })]);
    expect(civicReturn.json().lines[0]).toMatchObject({ vehicle: '2016 Honda Civic EX 2.0L I4', fitsByOurData: false });
  });

  it('receiving puts undamaged units back in stock (damaged ones not) and refunds at once; the buyer is mailed at approval and refund', async () => {
    const { id } = await paidOrder();
    await ship(id, 10);
    const asked = (await ask(id, [units(3, 'doesnt_fit', { vehicleId: corolla })])).json();
    expect((await receive(asked.id, 3)).statusCode).toBe(409); // not approved yet
    const approved = await approve(asked.id);
    expect(approved.json().status).toBe('approved');
    const mail = await lastMailTo(server, buyer.email, 'return-approved');
    expect(mail?.kind === 'return-approved' && mail.data).toMatchObject({ returnNumber: asked.number, lines: [{ sku: 'HL-2015-L', quantity: 3, reason: 'doesnt_fit' }] });
    expect(renderMail(mail!, server.config.shop).text).toContain(`Please send the parts, with the return number ${asked.number} on the parcel, to:\n${server.config.shop.address}`);
    expect((await approve(asked.id)).statusCode).toBe(409);

    const before = await stock();
    const tooMany = await receive(asked.id, 4);
    expect(tooMany.statusCode).toBe(400);
    // 2 of the 3 came back, 1 of them damaged: 1 unit back in stock; 2 × $89.99 = $179.98 + round(5,399 × 2/10 = 1,079.8) = $10.80 → $190.78
    const received = await receive(asked.id, 2, 1);
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json()).toMatchObject({ status: 'refunded', lines: [{ receivedQuantity: 2, damagedQuantity: 1 }], refund: { amount: 190.78 } });
    expect(await stock()).toBe(before + 1);
    expect(await orderOf(id)).toMatchObject({ refunded: 190.78, lines: [{ returnedQuantity: 2 }] });
    const refundMail = await lastMailTo(server, buyer.email, 'order-refunded');
    expect(refundMail?.kind === 'order-refunded' && refundMail.data).toMatchObject({ orderId: id, amount: 190.78, creditNote: { creditNoteNumber: received.json().refund.creditNote, returnNumber: asked.number } });
    // The unit that did not come back may be asked for again: 10 shipped, 2 returned.
    expect((await ask(id, [units(8)])).statusCode).toBe(201);
    expect((await checkInvariants(server.db, initialStock)).violations).toEqual([]);
  });

  it('twenty receipts of one return at once count and refund it once', async () => {
    const { id, intentId } = await paidOrder();
    await ship(id, 10);
    const asked = (await ask(id, [units(5)])).json();
    await approve(asked.id);
    const before = await stock();
    const answers = await Promise.all(Array.from({ length: 20 }, () => receive(asked.id, 5)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, ...Array(19).fill(409)]);
    // 5 × $89.99 = $449.95 + round(5,399 × 5/10 = 2,699.5) = $27.00 → $476.95
    expect(await givenBack(intentId)).toEqual({ cents: 47_695, refunds: 1 });
    expect(await stock()).toBe(before + 5);
    expect(await orderOf(id)).toMatchObject({ refunded: 476.95, refunds: [{ amount: 476.95 }], lines: [{ returnedQuantity: 5 }] });
  });

  it('the provider failing leaves the return received, its units counted; a retry refunds it once', async () => {
    const { id, intentId } = await paidOrder({ ...TEST_CARD, number: REFUND_DECLINING_CARD });
    await ship(id, 10);
    const asked = (await ask(id, [units(3)])).json();
    await approve(asked.id);
    const before = await stock();
    const failed = await receive(asked.id, 3);
    expect(failed.statusCode).toBe(502);
    expect(failed.json().error.code).toBe('refund_failed');
    const stored = (await call(server.app, 'GET', `/api/returns/${asked.id}`, { token: buyer.token })).json();
    expect(stored).toMatchObject({ status: 'received', refund: null, lines: [{ receivedQuantity: 3 }] });
    expect(await stock()).toBe(before + 3);
    expect(await orderOf(id)).toMatchObject({ refunded: 0, lines: [{ returnedQuantity: 3 }] });
    // Receiving again is refused: the units are counted once.
    expect((await receive(asked.id, 3)).statusCode).toBe(409);

    // Retried (two admins at once): $269.97 + $16.20 = $286.17, once.
    const retries = await Promise.all([1, 2].map(() => call(server.app, 'POST', `/api/returns/${asked.id}/refund`, { token: admin.token })));
    expect(retries.map((retry) => retry.statusCode).sort()).toEqual([200, 409]);
    expect(retries.find((retry) => retry.statusCode === 200)!.json()).toMatchObject({ status: 'refunded', refund: { amount: 286.17 } });
    expect(await givenBack(intentId)).toEqual({ cents: 28_617, refunds: 1 });
    expect((await call(server.app, 'POST', `/api/returns/${asked.id}/refund`, { token: admin.token })).statusCode).toBe(409);
    expect(await stock()).toBe(before + 3);
  });

  it('a core comes back for its deposit and its tax share (never restocked, the buyer keeps the part); a unit of it returned whole gives its deposit back too', async () => {
    const alternator = await createProduct(server.app, admin, { name: 'Alternator (remanufactured)', sku: 'ALT-140R', price: 149.99, coreCharge: 25, stock: 100, min: 1, weightGrams: 1200 });
    initialStock.set(Number(alternator), 100);
    // 2 × $149.99 = $299.98 + 2 × $25.00 deposits, 2.4 kg: Express $32.00. Vermont 6 %: $299.98 → $17.9988 → $18.00 on the
    // goods, $50.00 → $3.00 on the deposits, $1.92 on shipping. Total $299.98 + $50.00 + $32.00 + $22.92 = $404.90.
    const placed = await call(server.app, 'POST', '/api/orders', {
      token: buyer.token,
      body: { lines: [{ productId: Number(alternator), quantity: 2 }], phone: '5550100', shippingAddress: BURLINGTON, shippingMethodId: 'express' },
    });
    expect(placed.json()).toMatchObject({ subtotal: 299.98, coreDeposit: 50, shipping: 32, tax: 22.92, total: 404.9 });
    const id = placed.json()._id as string;
    expect((await payWithTestCard(server.app, buyer, id)).statusCode).toBe(200);
    const shipped = await call(server.app, 'POST', `/api/orders/${id}/shipments`, { token: admin.token, body: { lines: [{ productId: Number(alternator), quantity: 2 }], carrier: 'UPS', trackingNumber: '1Z1' } });
    expect(shipped.statusCode).toBe(201);
    const stockOf = async () => (await call(server.app, 'GET', `/api/products/${alternator}`)).json().stock as number;
    const before = await stockOf();

    const core = (await ask(id, [{ productId: Number(alternator), quantity: 1, reason: 'core' }])).json();
    expect(core.status).toBe('requested');
    await approve(core.id);
    const beforeRefund = await call(server.app, 'GET', `/api/returns/${core.id}/credit-note.pdf`, { token: buyer.token });
    expect(beforeRefund.statusCode).toBe(409);
    const coreBack = await call(server.app, 'POST', `/api/returns/${core.id}/receive`, { token: admin.token, body: { lines: [{ productId: Number(alternator), receivedQuantity: 1, damagedQuantity: 0 }] } });
    // $25.00 + round(300 × 1/2) = $1.50 → $26.50
    expect(coreBack.json()).toMatchObject({ status: 'refunded', refund: { amount: 26.5 } });
    expect(await stockOf()).toBe(before);
    const line = await db().selectFrom('order_lines').select(['returned_quantity', 'cores_returned']).where('order_id', '=', Number(id)).executeTakeFirstOrThrow();
    expect(line).toEqual({ returned_quantity: 0, cores_returned: 1 });

    // The credit note: the buyer's and an admin's, no one else's.
    const note = await call(server.app, 'GET', `/api/returns/${core.id}/credit-note.pdf`, { token: buyer.token });
    expect(note.statusCode).toBe(200);
    expect(note.headers['content-type']).toBe('application/pdf');
    expect(note.headers['content-disposition']).toBe(`attachment; filename="credit-note-${coreBack.json().refund.creditNote}.pdf"`);
    expect(note.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await call(server.app, 'GET', `/api/returns/${core.id}/credit-note.pdf`, { token: other.token })).statusCode).toBe(404);
    expect((await call(server.app, 'GET', `/api/returns/${core.id}/credit-note.pdf`, { token: admin.token })).statusCode).toBe(200);

    // The unit whose core came back is kept; the other comes back whole, its deposit with it:
    // $149.99 + round(1,800 × 1/2) = $9.00 + $25.00 + (round(300 × 2/2) − 150 = $1.50) → $185.49
    expect((await ask(id, [{ productId: Number(alternator), quantity: 2, reason: 'not_needed' }])).statusCode).toBe(409);
    const whole = (await ask(id, [{ productId: Number(alternator), quantity: 1, reason: 'not_needed' }])).json();
    await approve(whole.id);
    const wholeBack = await call(server.app, 'POST', `/api/returns/${whole.id}/receive`, { token: admin.token, body: { lines: [{ productId: Number(alternator), receivedQuantity: 1, damagedQuantity: 0 }] } });
    expect(wholeBack.json().refund.amount).toBe(185.49);
    expect(await stockOf()).toBe(before + 1);
    // Every shipped unit came back once, whole or as its core.
    expect((await ask(id, [{ productId: Number(alternator), quantity: 1, reason: 'core' }])).statusCode).toBe(409);
    // $26.50 + $185.49 = $211.99; kept: $149.99 + $9.00 tax + $32.00 + $1.92 shipping = $192.91; $211.99 + $192.91 = $404.90.
    expect(await orderOf(id)).toMatchObject({ refunded: 211.99 });
    expect((await checkInvariants(server.db, initialStock)).violations).toEqual([]);
  });

  describe('the window', () => {
    /** A paid order with all 10 units shipped `ago` milliseconds back. */
    const shippedAgo = async (ago: number) => {
      const { id } = await paidOrder();
      const shipment = await ship(id, 10);
      const shippedAt = new Date(Date.now() - ago).toISOString();
      await db().updateTable('shipments').set({ shipped_at: shippedAt }).where('id', '=', Number(shipment)).execute();
      return { id, shippedAt };
    };
    const buyerViewer = async () => {
      const user = await db().selectFrom('users').select(['id', 'name', 'email', 'role']).where('email', '=', buyer.email).executeTakeFirstOrThrow();
      return { ...user, id: user.id } as Parameters<typeof requestReturn>[1];
    };

    it('is RETURN_WINDOW_DAYS (30) days from the shipment: on day 30 a return is in time, on day 31 not', async () => {
      const dayThirty = await shippedAgo(30 * DAY - 60_000);
      expect((await ask(dayThirty.id, [units(1)])).statusCode).toBe(201);
      const dayThirtyOne = await shippedAgo(30 * DAY + 60_000);
      const late = await ask(dayThirtyOne.id, [units(1)]);
      expect(late.statusCode).toBe(409);
      expect(late.json().error).toMatchObject({ code: 'return_window_closed', message: returnMessages.windowClosed('HL-2015-L Headlight Assembly', 30, false) });
      // To the millisecond: at 30 × 24 hours after the shipment still in time, a millisecond later not.
      const viewer = await buyerViewer();
      const ends = Date.parse(dayThirtyOne.shippedAt) + 30 * DAY;
      const windows = server.config.returns;
      await expect(requestReturn(db(), viewer, Number(dayThirtyOne.id), { lines: [units(1) as never] }, windows, ends + 1)).rejects.toMatchObject({ statusCode: 409 });
      await expect(requestReturn(db(), viewer, Number(dayThirtyOne.id), { lines: [units(1) as never] }, windows, ends)).resolves.toMatchObject({ status: 'requested' });
    });

    it('is CORE_RETURN_DAYS (90) for a core: day 90 in, day 91 out, and only for a part with a core deposit', async () => {
      const { id } = await shippedAgo(90 * DAY - 60_000);
      const noDeposit = await ask(id, [units(1, 'core')]);
      expect(noDeposit.statusCode).toBe(400);
      expect(noDeposit.json().error.message).toBe(returnMessages.noCore('HL-2015-L Headlight Assembly'));
      // The deposit as ordered is the line's (a core charge set here: the window is what this test is about).
      await db().updateTable('order_lines').set({ core_charge_cents: 2500 }).where('order_id', '=', Number(id)).execute();
      expect((await ask(id, [units(1, 'core')])).statusCode).toBe(201);
      // Long past the 30 days for the part itself, which the buyer keeps.
      expect((await ask(id, [units(1)])).statusCode).toBe(409);
      const late = await shippedAgo(90 * DAY + 60_000);
      await db().updateTable('order_lines').set({ core_charge_cents: 2500 }).where('order_id', '=', Number(late.id)).execute();
      const lateCore = await ask(late.id, [units(1, 'core')]);
      expect(lateCore.statusCode).toBe(409);
      expect(lateCore.json().error.message).toBe(returnMessages.windowClosed('HL-2015-L Headlight Assembly', 90, true));
    });
  });

  it('lets no one else read or return anything of an order not theirs; lists each buyer their own, admins all, newest first by pages', async () => {
    const { id } = await paidOrder();
    await ship(id, 10);
    const mine = (await ask(id, [units(1)])).json();
    const theirs = await ask(id, [units(1)], other.token);
    expect(theirs.statusCode).toBe(404);
    expect((await ask(id, [units(1)], admin.token)).statusCode).toBe(404);
    expect((await call(server.app, 'GET', `/api/returns/${mine.id}`, { token: other.token })).statusCode).toBe(404);
    expect((await call(server.app, 'GET', `/api/returns/${mine.id}`, { token: admin.token })).statusCode).toBe(200);
    expect((await call(server.app, 'GET', '/api/returns', { token: other.token })).json()).toEqual({ items: [], nextCursor: null });

    const firstPage = (await call(server.app, 'GET', '/api/returns?limit=2', { token: buyer.token })).json();
    expect(firstPage.items.map((r: { id: string }) => r.id)[0]).toBe(mine.id);
    expect(firstPage.items).toHaveLength(2);
    const next = (await call(server.app, 'GET', `/api/returns?limit=2&cursor=${firstPage.nextCursor}`, { token: buyer.token })).json();
    expect(Number(next.items[0].id)).toBeLessThan(Number(firstPage.items[1].id));
    const requested = (await call(server.app, 'GET', '/api/returns?status=requested&limit=200', { token: admin.token })).json();
    expect(requested.items.length).toBeGreaterThan(0);
    expect(requested.items.every((r: { status: string }) => r.status === 'requested')).toBe(true);
    expect((await call(server.app, 'GET', '/api/returns?cursor=bogus', { token: admin.token })).statusCode).toBe(400);
  });
});
