/**
 * Money going back: an admin cancelling a paid order (POST /api/orders/:id/cancel, and SPEC's DELETE)
 * refunds exactly its charge through the test processor, once, whatever races it; the provider failing
 * changes nothing and a retry works; credit-note numbers stay gapless across servers; and giveMoneyBack,
 * which returns also use, records nothing when its transaction fails.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFUND_DECLINING_CARD } from '../../shared/card.js';
import { refundMessages } from '../../shared/messages.js';
import { getOrder, linesOf } from '../orders/service.js';
import { canReadPdfs, pdfText } from '../test/pdf-text.js';
import type { PaymentProvider } from '../payments/provider.js';
import { testProcessor } from '../payments/test-processor.js';
import {
  type Account,
  anotherAppServer,
  call,
  createProduct,
  databaseKind,
  lastMailTo,
  placePaidOrder,
  registerAdmin,
  registerCustomer,
  startTestServer,
  type TestServer,
  TEST_ADDRESS,
  TEST_CARD,
} from '../test/harness.js';
import { checkInvariants } from '../system/invariants.js';
import { cancelPaidOrder, giveMoneyBack } from './refunds.js';

const BURLINGTON = { name: 'Dana Wu', company: 'Wu Garage', line1: '12 Pine St', city: 'Burlington', region: 'VT', postalCode: '05401', country: 'US' };
const DECLINING_CARD = { ...TEST_CARD, number: REFUND_DECLINING_CARD };

describe(`refunds: cancelling a paid order (${databaseKind})`, () => {
  let server: TestServer;
  let admin: Account;
  let buyer: Account;
  let other: Account;
  let alternator: string;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await registerAdmin(server);
    buyer = await registerCustomer(server.app, 'Dana Wu');
    other = await registerCustomer(server.app, 'Other Buyer');
    alternator = await createProduct(server.app, admin, { name: 'Alternator', price: 149.99, stock: 1000, min: 1, weightGrams: 1200 });
  });
  afterAll(() => server.close());

  const db = () => server.db.kysely;
  const stock = async () => (await call(server.app, 'GET', `/api/products/${alternator}`)).json().stock as number;
  const orderOf = async (id: string) => (await call(server.app, 'GET', `/api/order/${id}`, { token: admin.token })).json();
  const cancel = (id: string, token?: string, app: FastifyInstance = server.app) => call(app, 'POST', `/api/orders/${id}/cancel`, { token });
  /** What the processor gave back of the order's payment, in cents, and in how many refunds. */
  const givenBack = async (intentId: string) => {
    const rows = await db().selectFrom('test_processor_refunds').select('amount_cents').where('intent_id', '=', intentId).execute();
    return { cents: rows.reduce((sum, row) => sum + row.amount_cents, 0), refunds: rows.length };
  };

  // 3 × $149.99 = $449.97 goods, 3.6 kg. Express up to 5 kg: $32.00. Vermont 6 %: $449.97 × 6 % = $27.00
  // (26.9982) on the line, $32.00 × 6 % = $1.92 on shipping: $28.92. Total $449.97 + $32.00 + $28.92 = $510.89.
  async function paidVermontOrder(card = TEST_CARD): Promise<{ id: string; intentId: string }> {
    const order = { lines: [{ productId: Number(alternator), quantity: 3 }], phone: '5550100', shippingAddress: BURLINGTON, shippingMethodId: 'express' };
    const { id, intentId, placed } = await placePaidOrder(server.app, buyer, order, card);
    expect(placed).toMatchObject({ subtotal: 449.97, shipping: 32, tax: 28.92, total: 510.89 });
    return { id, intentId };
  }

  it('an admin cancels a paid Vermont order: exactly its $510.89 goes back, the stock returns, the buyer is mailed, history shows it', async () => {
    const before = await stock();
    const { id, intentId } = await paidVermontOrder();
    expect(await stock()).toBe(before - 3);

    const cancelled = await cancel(id, admin.token);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const body = cancelled.json();
    expect(body).toMatchObject({ status: 'cancelled', paid: false, refunded: 510.89, transactionId: intentId });
    expect(body.refunds).toEqual([{ id: expect.any(String), amount: 510.89, creditNote: expect.stringMatching(/^CN-\d{6}$/), createdAt: expect.any(String) }]);
    expect(await givenBack(intentId)).toEqual({ cents: 51089, refunds: 1 });
    expect(await stock()).toBe(before);

    const refund = await db().selectFrom('refunds').selectAll().where('id', '=', Number(body.refunds[0].id)).executeTakeFirstOrThrow();
    expect(refund).toMatchObject({ amount_cents: 51089, tax_cents: 2892, shipping_cents: 3200, return_id: null });

    const mail = await lastMailTo(server, buyer.email, 'order-refunded');
    expect(mail?.kind === 'order-refunded' && mail.data).toMatchObject({
      orderId: id,
      amount: 510.89,
      cancelled: true,
      creditNote: { creditNoteNumber: body.refunds[0].creditNote, total: 510.89, tax: 28.92, shipping: 32, lines: [{ sku: expect.any(String), quantity: 3, unitPrice: 149.99, lineTotal: 449.97 }] },
    });

    // Its e-mail is the refund's: no 'cancelled, nothing was charged' e-mail for a paid order.
    expect(await lastMailTo(server, buyer.email, 'order-cancelled')).toBeUndefined();

    const history = (await call(server.app, 'GET', `/api/orders/${id}/history`, { token: buyer.token })).json();
    expect(history.slice(-2)).toEqual([
      expect.objectContaining({ from: 'pending', to: 'pending', actor: 'admin', refund: { id: body.refunds[0].id, amount: 510.89, creditNote: body.refunds[0].creditNote } }),
      expect.objectContaining({ from: 'pending', to: 'cancelled', actor: 'admin' }),
    ]);
    expect(history[history.length - 1]).not.toHaveProperty('refund');

    // A second cancel is refused and gives nothing back.
    const again = await cancel(id, admin.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('illegal_transition');
    expect(await givenBack(intentId)).toEqual({ cents: 51089, refunds: 1 });
    expect((await orderOf(id)).refunds).toHaveLength(1);
  });

  it("the refund's credit note PDF: the order's buyer and admins may download it, anyone else is answered 404", async () => {
    const { id } = await paidVermontOrder();
    const cancelled = (await cancel(id, admin.token)).json();
    const [refund] = cancelled.refunds;
    const url = `/api/refunds/${refund.id}/credit-note.pdf`;
    const mine = await call(server.app, 'GET', url, { token: buyer.token });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('application/pdf');
    expect(mine.headers['content-disposition']).toBe(`attachment; filename="credit-note-${refund.creditNote}.pdf"`);
    expect((await call(server.app, 'GET', url, { token: admin.token })).statusCode).toBe(200);
    expect((await call(server.app, 'GET', url, { token: other.token })).statusCode).toBe(404);
    expect((await call(server.app, 'GET', url)).statusCode).toBe(401);
    expect((await call(server.app, 'GET', '/api/refunds/987654/credit-note.pdf', { token: admin.token })).statusCode).toBe(404);
    if (!canReadPdfs) return;
    const text = await pdfText(mine.rawPayload);
    expect(text).toMatch(new RegExp(`Credit note number\\s+${refund.creditNote}`));
    expect(text).toMatch(new RegExp(`Order number\\s+${cancelled.number}`));
    expect(text).toMatch(new RegExp(`Invoice number\\s+${cancelled.invoiceNumber}`));
    expect(text).toMatch(/Alternator\s+3\s+\$149\.99\s+\$449\.97/);
    expect(text).toMatch(/Shipping\s+\$32\.00/);
    expect(text).toMatch(/Tax\s+\$28\.92/);
    expect(text).toMatch(/Total refunded \(USD\)\s+\$510\.89/);
  });

  it('the provider declining the refund leaves the order paid, with its stock held and nothing recorded; cancelling again works', async () => {
    const before = await stock();
    const { id, intentId } = await paidVermontOrder(DECLINING_CARD);
    const sequence = await db().selectFrom('credit_note_sequence').select('last').executeTakeFirstOrThrow();

    const declined = await cancel(id, admin.token);
    expect(declined.statusCode).toBe(502);
    expect(declined.json().error).toEqual({ code: 'refund_failed', message: refundMessages.providerFailed("The card's bank declined the refund. Try again in a little bit.") });
    expect(await orderOf(id)).toMatchObject({ status: 'pending', paid: true, refunded: 0, refunds: [] });
    expect(await stock()).toBe(before - 3);
    expect(await givenBack(intentId)).toEqual({ cents: 0, refunds: 0 });
    expect(await db().selectFrom('credit_note_sequence').select('last').executeTakeFirstOrThrow()).toEqual(sequence);

    const retried = await cancel(id, admin.token);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ status: 'cancelled', refunded: 510.89, refunds: [{ amount: 510.89, creditNote: `CN-${String(sequence.last + 1).padStart(6, '0')}` }] });
    expect(await givenBack(intentId)).toEqual({ cents: 51089, refunds: 1 });
    expect(await stock()).toBe(before);
  });

  it('20 parallel cancels of one paid order refund it once', async () => {
    const before = await stock();
    const { id, intentId } = await paidVermontOrder();
    const answers = await Promise.all(Array.from({ length: 20 }, () => cancel(id, admin.token)));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    expect(await givenBack(intentId)).toEqual({ cents: 51089, refunds: 1 });
    expect(await orderOf(id)).toMatchObject({ status: 'cancelled', refunded: 510.89, refunds: [{ amount: 510.89 }] });
    expect(await db().selectFrom('refunds').select('id').where('order_id', '=', Number(id)).execute()).toHaveLength(1);
    expect(await stock()).toBe(before);
  });

  it("SPEC's DELETE by an admin on a paid order refunds it the same way", async () => {
    const { id, intentId } = await paidVermontOrder();
    const deleted = await call(server.app, 'DELETE', `/api/orders/${id}`, { token: admin.token });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toMatchObject({ status: 'cancelled', refunded: 510.89, refunds: [{ amount: 510.89 }] });
    expect(await givenBack(intentId)).toEqual({ cents: 51089, refunds: 1 });
  });

  describe('a shipment while the provider refunds a cancel', () => {
    const ship = (id: string) =>
      call(server.app, 'POST', `/api/orders/${id}/shipments`, { token: admin.token, body: { lines: [{ productId: Number(alternator), quantity: 1 }], carrier: 'UPS', trackingNumber: '1Z999AA10123456784' } });
    const adminViewer = () => ({ id: Number(admin.id), name: admin.name, email: admin.email, role: 'admin' as const, tokenHash: '' });
    /** The test processor, with a parcel of the order asked for while each refund is under way. */
    function shippingMeanwhile(id: string, answers: number[]): PaymentProvider {
      const processor = testProcessor(db());
      return {
        ...processor,
        refund: async (intentId, refund) => {
          const shipped = await ship(id);
          answers.push(shipped.statusCode);
          return processor.refund(intentId, refund);
        },
      };
    }

    it('is refused (409 order_cancelling) and the cancel completes: nothing ships after the money went back', async () => {
      const { id, intentId } = await paidVermontOrder();
      const answers: number[] = [];
      const paying = { db: db(), cache: { invalidate: () => {} }, provider: shippingMeanwhile(id, answers) };
      const cancelled = await cancelPaidOrder(paying, adminViewer(), await getOrder(db(), Number(id)));
      expect(answers).toEqual([409]);
      expect(cancelled.status).toBe('cancelled');
      expect(await orderOf(id)).toMatchObject({ status: 'cancelled', refunded: 510.89, shipments: [] });
      expect(await givenBack(intentId)).toEqual({ cents: 51089, refunds: 1 });
      const after = await ship(id);
      expect(after.statusCode).toBe(409);
      expect(after.json().error.code).toBe('illegal_transition');
    });

    it('the provider declining the refund lets the order go: it ships afterwards', async () => {
      const { id } = await paidVermontOrder(DECLINING_CARD);
      const answers: number[] = [];
      const paying = { db: db(), cache: { invalidate: () => {} }, provider: shippingMeanwhile(id, answers) };
      await expect(cancelPaidOrder(paying, adminViewer(), await getOrder(db(), Number(id)))).rejects.toMatchObject({ statusCode: 502 });
      expect(answers).toEqual([409]);
      expect(await orderOf(id)).toMatchObject({ status: 'pending', refunded: 0 });
      const shipped = await ship(id);
      expect(shipped.statusCode, shipped.body).toBe(201);
      expect(await orderOf(id)).toMatchObject({ status: 'partially shipped' });
    });
  });

  it('who may cancel: anonymous 401, another customer 404, the owner of a paid order 409, an admin after shipping 409', async () => {
    const { id, intentId } = await paidVermontOrder();
    expect((await cancel(id)).statusCode).toBe(401);
    const stranger = await cancel(id, other.token);
    expect(stranger.statusCode).toBe(404);
    const owner = await cancel(id, buyer.token);
    expect(owner.statusCode).toBe(409);
    expect(owner.json().error.code).toBe('illegal_transition');
    expect((await cancel('987654', admin.token)).statusCode).toBe(404);

    expect((await call(server.app, 'PATCH', `/api/orders/${id}`, { token: admin.token, body: { status: 'shipped' } })).statusCode).toBe(200);
    const shipped = await cancel(id, admin.token);
    expect(shipped.statusCode).toBe(409);
    expect(await givenBack(intentId)).toEqual({ cents: 0, refunds: 0 });
    expect(await orderOf(id)).toMatchObject({ status: 'shipped', refunds: [] });
  });

  it('the owner (or an admin) cancels an unpaid order as DELETE does: nothing to refund', async () => {
    const before = await stock();
    const placed = await call(server.app, 'POST', '/api/orders', {
      token: buyer.token,
      body: { productId: alternator, quantity: 2, phone: '5550100', shippingAddress: TEST_ADDRESS },
    });
    const id = placed.json()._id as string;
    expect((await cancel(id, other.token)).statusCode).toBe(404);
    const cancelled = await cancel(id, buyer.token);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', refunded: 0, refunds: [] });
    expect(await stock()).toBe(before);
    expect((await lastMailTo(server, buyer.email, 'order-cancelled'))?.data).toMatchObject({ orderId: id });
  });

  it('gives credit-note numbers in one gapless sequence across two servers on one database, a declined refund using none', async () => {
    const second = await anotherAppServer(server);
    try {
      const orders = [];
      for (let i = 0; i < 8; i++) orders.push(await paidVermontOrder(i === 3 ? DECLINING_CARD : TEST_CARD));
      const before = await db().selectFrom('credit_note_sequence').select('last').executeTakeFirstOrThrow();
      const first = await Promise.all(orders.map((order, i) => cancel(order.id, admin.token, i % 2 ? second : server.app)));
      expect(first.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 502]);
      const declined = orders[3]!;
      const retried = await cancel(declined.id, admin.token, second);
      expect(retried.statusCode).toBe(200);
      const numbers = [...first.filter((answer) => answer.statusCode === 200), retried].map((answer) => Number(answer.json().refunds[0].creditNote.slice(3)));
      expect(numbers.sort((a, b) => a - b)).toEqual(Array.from({ length: 8 }, (_, i) => before.last + 1 + i));
    } finally {
      await second.close();
    }
  });

  describe('giveMoneyBack', () => {
    /** A provider that counts the refunds it is asked for, on the test processor. */
    function countingProvider(): PaymentProvider & { asked: number } {
      const processor = testProcessor(db());
      const counting = { ...processor, asked: 0 };
      counting.refund = async (intentId, refund) => {
        counting.asked += 1;
        return processor.refund(intentId, refund);
      };
      return counting;
    }
    const paying = (provider: PaymentProvider) => ({ db: db(), cache: { invalidate: () => {} }, provider });

    it('records nothing when the transaction fails after the provider refunded; again with the same key, the same provider refund is recorded', async () => {
      const { id, intentId } = await paidVermontOrder();
      const order = await getOrder(db(), Number(id));
      const [line] = await linesOf(db(), order.id);
      const provider = countingProvider();
      const sequence = await db().selectFrom('credit_note_sequence').select('last').executeTakeFirstOrThrow();
      // One alternator back at $149.99 with its 6 % tax $9.00 (8.9994): $158.99.
      const input = {
        order,
        amountCents: 15899,
        taxCents: 900,
        shippingCents: 0,
        lines: [{ productId: line!.product_id, sku: line!.product_sku, name: line!.product_name, quantity: 1, unitPriceCents: 14999, cores: 0, coreChargeCents: 0 }],
        returnId: null,
        by: { actor: 'admin' as const, user: null },
        idempotencyKey: `test-partial-${id}`,
      };
      await expect(
        giveMoneyBack(paying(provider), input, async () => {
          throw new Error('the cause of the refund failed');
        }),
      ).rejects.toThrow('the cause of the refund failed');
      expect(await givenBack(intentId)).toEqual({ cents: 15899, refunds: 1 });
      expect(await orderOf(id)).toMatchObject({ status: 'pending', refunded: 0, refunds: [] });
      expect(await db().selectFrom('credit_note_sequence').select('last').executeTakeFirstOrThrow()).toEqual(sequence);

      const { refund, order: after } = await giveMoneyBack(paying(provider), input);
      expect(provider.asked).toBe(2);
      expect(await givenBack(intentId)).toEqual({ cents: 15899, refunds: 1 });
      expect(refund).toMatchObject({ amount_cents: 15899, tax_cents: 900, credit_note_number: sequence.last + 1 });
      expect(after).toMatchObject({ status: 'pending', refunded_cents: 15899 });
    });

    it('refuses more than is left to refund before asking the provider, an order never paid, and figures that do not add up', async () => {
      const { id } = await paidVermontOrder();
      const order = await getOrder(db(), Number(id));
      const provider = countingProvider();
      const base = { order, taxCents: 0, returnId: null, by: { actor: 'admin' as const, user: null }, lines: [] };
      // $510.89 charged: $510.90 of shipping is a cent too much.
      const tooMuch = giveMoneyBack(paying(provider), { ...base, amountCents: 51090, shippingCents: 51090, idempotencyKey: `test-too-much-${id}` });
      await expect(tooMuch).rejects.toMatchObject({ statusCode: 409, code: 'refund_too_large' });
      const unpaid = { ...order, status: 'not paid' as const, transaction_id: null };
      await expect(giveMoneyBack(paying(provider), { ...base, order: unpaid, amountCents: 100, shippingCents: 100, idempotencyKey: `test-unpaid-${id}` })).rejects.toMatchObject({
        statusCode: 409,
        code: 'not_paid',
      });
      const wrongSum = giveMoneyBack(paying(provider), { ...base, amountCents: 100, shippingCents: 99, idempotencyKey: `test-wrong-${id}` });
      await expect(wrongSum).rejects.toThrow('does not add up');
      expect(provider.asked).toBe(0);
    });
  });

  it('leaves the data sound, as the invariants checker sees it; a refund miscounted and a credit-note gap it reports', async () => {
    const initial = new Map([[Number(alternator), 1000]]);
    expect((await checkInvariants(server.db, initial)).violations).toEqual([]);

    // The newest refund: giveMoneyBack's $158.99, the only refund of its order.
    const refund = await db().selectFrom('refunds').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(refund.amount_cents).toBe(15899);
    await db().updateTable('orders').set((eb) => ({ refunded_cents: eb('refunded_cents', '+', 1) })).where('id', '=', refund.order_id).execute();
    await db().updateTable('refunds').set({ credit_note_number: refund.credit_note_number + 5 }).where('id', '=', refund.id).execute();
    const { violations } = await checkInvariants(server.db, initial);
    expect(violations).toContainEqual(`order ${refund.order_id} says 15900 cents refunded but its refunds give 15899`);
    expect(violations).toContainEqual(expect.stringMatching(/^credit note numbers are not 1\.\.\d+ once each/));
  });
});
