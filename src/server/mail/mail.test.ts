/**
 * E-mail end to end against a real SMTP server on loopback: what the shop writes to the outbox in the
 * same transaction as its cause is sent, read back as a person's mail client would, and its links work.
 */
import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expireUnpaidOrders } from '../flows/expire-orders.js';
import type { CreditNoteFacts, InvoiceFacts } from '../invoices/service.js';
import { canReadPdfs, pdfText } from '../test/pdf-text.js';
import { afterAnswersDone } from '../auth/after-answer.js';
import {
  type Account,
  call,
  createProduct,
  databaseKind,
  registerAdmin,
  registerCustomer,
  startTestServer,
  TEST_ADDRESS,
  TEST_ADDRESS_LINE,
  type TestServer,
  verifyEmailOf,
} from '../test/harness.js';
import { freshDatabase, type TestDatabase } from '../test/databases.js';
import { type MailSink, startMailSink } from '../test/smtp.js';
import { logTransport, type MailTransport, sendDueMail, smtpTransport } from './sender.js';
import { dueMailClaim, enqueueMail, listRecentMail } from './service.js';
import type { OrderFacts } from './templates.js';
import { formatOrderNumber } from '../../shared/format.js';

const PUBLIC_URL = 'https://shop.partsmith.example';
const quietLog = { info: () => undefined, warn: () => undefined, error: () => undefined } as unknown as Parameters<typeof sendDueMail>[3];
/** A log that has always written everything it was given. */
const logCaughtUp = () => Promise.resolve();

describe(`e-mail over SMTP (${databaseKind})`, () => {
  let sink: MailSink;
  let server: TestServer;
  let transport: MailTransport;
  let admin: Account;
  const shop = { name: 'Partsmith', publicUrl: PUBLIC_URL, address: '100 Foundry Road\nSpringfield, IL 62701', email: 'orders@partsmith.example' };

  beforeAll(async () => {
    sink = await startMailSink();
    server = await startTestServer({ PUBLIC_URL });
    transport = await smtpTransport(sink.url, 'Partsmith <shop@partsmith.example>');
    admin = await registerAdmin(server);
  });
  afterAll(async () => {
    transport.close?.();
    await server.close();
    await sink.close();
  });
  beforeEach(async () => {
    await send();
    sink.received.length = 0;
  });

  const send = () => sendDueMail(server.db.kysely, transport, shop, quietLog);
  const mailsTo = (email: string) => sink.received.filter((mail) => mail.to === email);
  const linkIn = (text: string, path: string) => {
    const match = text.match(new RegExp(`${PUBLIC_URL}${path}#token=([A-Za-z0-9_%-]+)`));
    if (!match) throw new Error(`no ${path} link in:\n${text}`);
    return decodeURIComponent(match[1]!);
  };

  it('confirms the address with the link from the registration e-mail', async () => {
    const account = await registerCustomer(server.app, 'Mia Mechanic');
    expect(await send()).toBeGreaterThanOrEqual(1);
    const [mail] = mailsTo(account.email);
    expect(mail).toMatchObject({ from: '"Partsmith" <shop@partsmith.example>', subject: 'Please confirm your e-mail address – Partsmith' });
    expect(mail!.text).toContain('Hello Mia Mechanic,');
    expect(mail!.html).toContain('<a href="https://shop.partsmith.example/verify-email#token=');
    const verified = await call(server.app, 'POST', '/api/auth/verify-email', { body: { token: linkIn(mail!.text, '/verify-email') } });
    expect(verified.statusCode).toBe(204);
    expect((await call(server.app, 'GET', '/api/me', { token: account.token })).json().emailVerified).toBe(true);
  });

  it('resets a forgotten password through the link in the e-mail', async () => {
    const account = await registerCustomer(server.app);
    await call(server.app, 'POST', '/api/auth/password-reset', { body: { email: account.email } });
    await afterAnswersDone(); // the reset mail is written after the answer
    await send();
    const mail = mailsTo(account.email).find((m) => m.subject.startsWith('Reset your password'))!;
    expect(mail.text).toContain('The link works once and for 1 hour.');
    const confirm = await call(server.app, 'POST', '/api/auth/password-reset/confirm', {
      body: { token: linkIn(mail.text, '/reset-password'), password: 'gearbox-7731' },
    });
    expect(confirm.statusCode).toBe(204);
    const login = await call(server.app, 'POST', '/api/auth/login', { body: { email: account.email, password: 'gearbox-7731' } });
    expect(login.statusCode).toBe(200);
  });

  it('tells the customer when an order is placed, paid (amount and transaction id), shipped, cancelled or expired', async () => {
    const customer = await registerCustomer(server.app, 'Olu Fleet');
    const productId = await createProduct(server.app, admin, { name: 'Brake Disc', price: 42.5, stock: 1000, min: 10 });
    const place = async () =>
      (await call(server.app, 'POST', '/api/orders', { token: customer.token, body: { productId, quantity: 20, phone: '5550100', shippingAddress: TEST_ADDRESS } })).json()._id as string;

    const paidId = await place();
    const { clientSecret } = (await call(server.app, 'POST', '/api/create-payment-intent', { token: customer.token, body: { orderId: paidId } })).json();
    const card = { number: '4242424242424242', expiry: '12 / 40', cvc: '123' };
    const intentId = (await call(server.app, 'POST', '/api/payments/test/confirm', { body: { clientSecret, card } })).json().paymentIntent.id;
    expect((await call(server.app, 'PATCH', `/api/orders/${paidId}`, { token: customer.token, body: { transactionId: intentId } })).statusCode).toBe(200);
    expect((await call(server.app, 'PATCH', `/api/orders/${paidId}`, { token: admin.token, body: { status: 'shipped' } })).statusCode).toBe(200);
    const cancelledId = await place();
    await call(server.app, 'DELETE', `/api/orders/${cancelledId}`, { token: customer.token });
    const expiredId = await place();
    await expireUnpaidOrders(server.db.kysely, 0, Date.now() + 1000);
    await send();

    const subjects = mailsTo(customer.email).map((m) => m.subject);
    expect(subjects).toEqual(
      expect.arrayContaining([
        `Your order ${paidId} is placed – Partsmith`,
        `Payment received for order ${paidId} – Partsmith`,
        `Order ${formatOrderNumber(paidId)} is shipped – Partsmith`,
        `Order ${formatOrderNumber(cancelledId)} is cancelled – Partsmith`,
        `Order ${formatOrderNumber(expiredId)} expired unpaid – Partsmith`,
      ]),
    );
    const paid = mailsTo(customer.email).find((m) => m.subject.startsWith('Payment received'))!;
    expect(paid.text).toContain('You Paid: $850.00 for 20 units of Brake Disc at $42.50 per unit: $850.00.');
    // TEST_ADDRESS: Oregon, no sales tax, picked up at the factory for nothing.
    expect(paid.text).toContain('Subtotal: $850.00\nShipping (Pickup at the factory (Springfield, IL)): $0.00\nTotal: $850.00');
    expect(paid.text).toContain(`Your Transaction ID: ${intentId}`);
    const shipped = mailsTo(customer.email).find((m) => m.subject.startsWith(`Order ${formatOrderNumber(paidId)} is shipped`))!;
    expect(shipped.text).toContain(`is shipped to Olu Fleet, ${TEST_ADDRESS_LINE}.`);
  });

  describe('the paid e-mail of an invoiced order', () => {
    /** Facts as an order from before shipping and tax were charged wrote them: no charges, the goods are the total. */
    const paid: OrderFacts = {
      orderId: '4711',
      customerName: 'Ada Fleet',
      product: 'Brake Disc',
      quantity: 20,
      unitPrice: 42.5,
      total: 850,
      address: 'Yard 7, Leeds',
      transactionId: 'pi_invoice_mail',
    };
    const invoice: InvoiceFacts = {
      invoiceNumber: 'INV-000042',
      issuedAt: '2026-11-23T12:00:00.000Z',
      orderId: '4711',
      orderedAt: '2026-11-22T12:00:00.000Z',
      poNumber: 'PO-99',
      customer: { name: 'Ada Fleet', email: 'ada@example.com', phone: '5550100', address: 'Yard 7, Leeds' },
      lines: [{ sku: 'BRK-00042', product: 'Brake Disc', quantity: 20, unitPrice: 42.5, listPrice: 45, lineTotal: 850 }],
      total: 850,
      paymentReference: 'pi_invoice_mail',
    };
    const paidText = [
      'Hello Ada Fleet,',
      'Congrats! Your payment is completed. You Paid: $850.00 for 20 units of Brake Disc at $42.50 per unit: $850.00.',
      'Subtotal: $850.00\nShipping: $0.00\nTotal: $850.00',
      'Your Transaction ID: pi_invoice_mail',
      'We will ship to: Yard 7, Leeds.',
      `See your orders: ${PUBLIC_URL}/dashboard/myOrders`,
      '— Partsmith',
    ].join('\n\n');
    const receivePaidMail = async (to: string, data: OrderFacts) => {
      await enqueueMail(server.db.kysely, { kind: 'order-paid', to, data });
      await send();
      const [mail] = mailsTo(to);
      if (!mail) throw new Error(`no e-mail to ${to}`);
      return mail;
    };

    it('has the invoice PDF attached and says so; without an invoice it reads as before and has no attachment', async () => {
      const invoiced = await receivePaidMail('invoiced@example.com', { ...paid, invoice });
      expect(invoiced.attachments.map(({ filename, contentType }) => ({ filename, contentType }))).toEqual([
        { filename: 'invoice-INV-000042.pdf', contentType: 'application/pdf' },
      ]);
      expect(invoiced.attachments[0]!.content.subarray(0, 5).toString()).toBe('%PDF-');
      expect(invoiced.text.trim()).toBe(paidText.replace('We will ship', 'Your invoice INV-000042 is attached.\n\nWe will ship'));

      const plain = await receivePaidMail('not-invoiced@example.com', paid);
      expect(plain.attachments).toEqual([]);
      expect(plain.text.trim()).toBe(paidText);
    });

    it.runIf(canReadPdfs)('attaches the invoice of that order: its number, lines and total', async () => {
      const mail = await receivePaidMail('invoice-reader@example.com', { ...paid, invoice });
      const text = await pdfText(mail.attachments[0]!.content);
      expect(text).toContain('INV-000042');
      expect(text).toMatch(/BRK-00042\s+Brake Disc\s+20\s+\$42\.50\s+\$850\.00/);
      expect(text).toMatch(/Total \(USD\)\s+\$850\.00/);
      expect(text).toContain('Payment reference: pi_invoice_mail');
    });

    it("a refund's mail says how much went back for which order, and has its credit note attached", async () => {
      // A cancelled order's whole charge: 20 × $42.50 = $850.00.
      const creditNote: CreditNoteFacts = {
        creditNoteNumber: 'CN-000003',
        issuedAt: '2026-11-24T12:00:00.000Z',
        orderId: '4711',
        invoiceNumber: 'INV-000042',
        returnNumber: null,
        poNumber: 'PO-99',
        customer: invoice.customer,
        lines: [{ sku: 'BRK-00042', product: 'Brake Disc', quantity: 20, unitPrice: 42.5, lineTotal: 850 }],
        coreDeposits: [],
        shipping: 0,
        tax: 0,
        total: 850,
        paymentReference: 'pi_invoice_mail',
      };
      const to = 'refunded@example.com';
      await enqueueMail(server.db.kysely, { kind: 'order-refunded', to, data: { orderId: '4711', customerName: 'Ada Fleet', amount: 850, creditNote, cancelled: true } });
      await send();
      const [mail] = mailsTo(to);
      expect(mail!.subject).toBe('Refund of $850.00 for order ORD-004711 – Partsmith');
      expect(mail!.text.trim()).toBe(
        [
          'Hello Ada Fleet,',
          'Your order ORD-004711 is cancelled; the parts go back to stock.',
          'We refunded $850.00 of your order ORD-004711 to the card you paid with. It can take 5–10 days to show on your statement.',
          'Your credit note CN-000003 is attached.',
          `See your orders: ${PUBLIC_URL}/dashboard/myOrders`,
          '— Partsmith',
        ].join('\n\n'),
      );
      expect(mail!.attachments.map(({ filename, contentType }) => ({ filename, contentType }))).toEqual([
        { filename: 'credit-note-CN-000003.pdf', contentType: 'application/pdf' },
      ]);
      if (canReadPdfs) expect(await pdfText(mail!.attachments[0]!.content)).toMatch(/Total refunded \(USD\)\s+\$850\.00/);
    });

    it('lists the subtotal, the shipping method and its price, each tax line and the total, a line each', async () => {
      // 850.00 goods to Berlin: parcel 45.00; VAT 19 % on 800.00 and shipping, 7 % on 50.00 (a reduced-rate part).
      const charges = {
        subtotal: 850,
        shipping: 45,
        shippingMethod: 'EU parcel (duties paid)',
        taxLines: [
          { name: 'VAT DE 19 %', rate: 19, amount: 160.55 },
          { name: 'VAT DE 7 %', rate: 7, amount: 3.5 },
        ],
      };
      const mail = await receivePaidMail('charged@example.com', { ...paid, charges, total: 1059.05 });
      expect(mail.text).toContain('You Paid: $1,059.05 for 20 units of Brake Disc at $42.50 per unit: $850.00.');
      expect(mail.text).toContain(
        'Subtotal: $850.00\nShipping (EU parcel (duties paid)): $45.00\nVAT DE 19 % (19%): $160.55\nVAT DE 7 % (7%): $3.50\nTotal: $1,059.05',
      );
      expect(mail.html).toContain('<p>Subtotal: $850.00<br>Shipping (EU parcel (duties paid)): $45.00<br>');
    });

    it('without SMTP, logs the names of the files it would attach', async () => {
      const lines: unknown[] = [];
      const log = { ...quietLog, info: (entry: unknown) => lines.push(entry) } as unknown as Parameters<typeof sendDueMail>[3];
      await enqueueMail(server.db.kysely, { kind: 'order-paid', to: 'logged-invoice@example.com', data: { ...paid, invoice } });
      await sendDueMail(server.db.kysely, logTransport(log, logCaughtUp, { withText: true }), shop, log);
      expect(JSON.stringify(lines)).toContain('"attachments":["invoice-INV-000042.pdf"]');
    });
  });

  it('writes nothing when the change behind it fails: an order refused for stock mails nobody', async () => {
    const customer = await registerCustomer(server.app);
    const productId = await createProduct(server.app, admin, { stock: 10, min: 1 });
    const refused = await call(server.app, 'POST', '/api/orders', { token: customer.token, body: { productId, quantity: 11, phone: '5550100', shippingAddress: TEST_ADDRESS } });
    expect(refused.statusCode).toBe(409);
    await send();
    expect(mailsTo(customer.email).filter((m) => m.subject.includes('order'))).toEqual([]);
  });

  it('tries again later when the SMTP server refuses, and gives up after eight tries', async () => {
    await enqueueMail(server.db.kysely, { kind: 'verify-email', to: 'retry@example.com', data: { name: 'R', token: 't' } });
    sink.refuseNext = 1;
    expect(await send()).toBe(0);
    const row = () => server.db.kysely.selectFrom('outbox').selectAll().where('recipient', '=', 'retry@example.com').executeTakeFirstOrThrow();
    const failedOnce = await row();
    expect(failedOnce).toMatchObject({ status: 'pending', attempts: 1 });
    expect(Date.parse(failedOnce.next_attempt_at)).toBeGreaterThan(Date.now() + 50_000);
    expect(await send()).toBe(0); // not due yet
    await server.db.kysely.updateTable('outbox').set({ next_attempt_at: new Date().toISOString() }).where('id', '=', failedOnce.id).execute();
    expect(await send()).toBe(1);
    expect(await row()).toMatchObject({ status: 'sent', attempts: 2 });
    expect(mailsTo('retry@example.com')).toHaveLength(1);

    await enqueueMail(server.db.kysely, { kind: 'verify-email', to: 'hopeless@example.com', data: { name: 'H', token: 't' } });
    await server.db.kysely.updateTable('outbox').set({ attempts: 7 }).where('recipient', '=', 'hopeless@example.com').execute();
    sink.refuseNext = 1;
    await send();
    expect((await server.db.kysely.selectFrom('outbox').select('status').where('recipient', '=', 'hopeless@example.com').executeTakeFirstOrThrow()).status).toBe('failed');
  });

  it('sends each message once when two senders (two servers) work the outbox at the same time', async () => {
    for (let i = 0; i < 30; i++) await enqueueMail(server.db.kysely, { kind: 'verify-email', to: `batch${i}@example.com`, data: { name: 'B', token: 't' } });
    const second = await smtpTransport(sink.url, 'Partsmith <shop@partsmith.example>');
    const senders = [transport, second].map(async (t) => {
      let total = 0;
      for (let n = await sendDueMail(server.db.kysely, t, shop, quietLog, 5); n > 0; n = await sendDueMail(server.db.kysely, t, shop, quietLog, 5)) total += n;
      return total;
    });
    const counts = await Promise.all(senders);
    second.close?.();
    expect(counts[0]! + counts[1]!).toBe(30);
    const batch = sink.received.filter((m) => m.to.startsWith('batch'));
    expect(batch).toHaveLength(30);
    expect(new Set(batch.map((m) => m.to)).size).toBe(30);
  });

  it('without SMTP, writes each e-mail to the log and keeps it in the outbox, where an admin can read it', async () => {
    const lines: unknown[] = [];
    const log = { ...quietLog, info: (entry: unknown) => lines.push(entry) } as unknown as Parameters<typeof sendDueMail>[3];
    const account = await registerCustomer(server.app, 'Logged Person');
    expect(await sendDueMail(server.db.kysely, logTransport(log, logCaughtUp, { withText: true }), shop, log)).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(lines)).toContain(account.email);
    const outbox = (await call(server.app, 'GET', '/api/admin/outbox', { token: admin.token })).json();
    expect(outbox[0]).toMatchObject({ to: account.email, kind: 'verify-email', status: 'logged', subject: 'Please confirm your e-mail address – Partsmith' });
    // Both parts, as the recipient gets them: the Mail preview page shows the HTML in a sandboxed frame.
    expect(outbox[0].text).toContain('Please confirm that this e-mail address is yours.');
    expect(outbox[0].html).toMatch(/^<!doctype html>.*Please confirm that this e-mail address is yours\..*Confirm my e-mail address<\/a>/s);
  });

  it('without SMTP in production, logs to whom and what about, but not the text: its link would open the account', async () => {
    await enqueueMail(server.db.kysely, { kind: 'reset-password', to: 'no-text@example.com', data: { name: 'N', token: 'secret-reset-token' } });
    const lines: string[] = [];
    const log = { ...quietLog, info: (entry: unknown) => lines.push(JSON.stringify(entry)) } as unknown as Parameters<typeof sendDueMail>[3];
    while ((await sendDueMail(server.db.kysely, logTransport(log, logCaughtUp, { withText: false }), shop, log)) > 0);
    const line = lines.find((entry) => entry.includes('no-text@example.com'));
    expect(line).toContain('Reset your password');
    expect(line).not.toContain('secret-reset-token');
  });

  it('without SMTP, writes each message only once the log has caught up with what it holds', async () => {
    await enqueueMail(server.db.kysely, { kind: 'verify-email', to: 'log-waits@example.com', data: { name: 'W', token: 't' } });
    const lines: string[] = [];
    const log = { ...quietLog, info: (entry: unknown) => lines.push(JSON.stringify(entry)) } as unknown as Parameters<typeof sendDueMail>[3];
    let catchUp = () => {};
    const gate = new Promise<void>((resolve) => (catchUp = resolve));
    const transport = logTransport(log, () => gate, { withText: true });
    const sending = sendDueMail(server.db.kysely, transport, shop, log);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(lines).toEqual([]);
    catchUp();
    await sending;
    while ((await sendDueMail(server.db.kysely, transport, shop, log)) > 0);
    expect(lines.filter((line) => line.includes('log-waits@example.com'))).toHaveLength(1);
  });

  it('without SMTP, marks a whole batch logged together, and logs none of it twice', async () => {
    const recipients = ['log-batch-1@example.com', 'log-batch-2@example.com', 'log-batch-3@example.com'];
    for (const to of recipients) await enqueueMail(server.db.kysely, { kind: 'verify-email', to, data: { name: 'L', token: 't' } });
    const lines: string[] = [];
    const log = { ...quietLog, info: (entry: unknown) => lines.push(JSON.stringify(entry)) } as unknown as Parameters<typeof sendDueMail>[3];
    while ((await sendDueMail(server.db.kysely, logTransport(log, logCaughtUp, { withText: true }), shop, log)) > 0);
    const rows = await server.db.kysely.selectFrom('outbox').select(['status', 'sent_at']).where('recipient', 'in', recipients).execute();
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(row).toMatchObject({ status: 'logged', sent_at: expect.any(String) });
    for (const to of recipients) expect(lines.filter((line) => line.includes(to))).toHaveLength(1);
  });
});

describe(`mail that cannot be turned against anyone (${databaseKind})`, () => {
  let sink: MailSink;
  let server: TestServer;
  let transport: MailTransport;
  let admin: Account;
  const shop = { name: 'Partsmith', publicUrl: PUBLIC_URL, address: '100 Foundry Road', email: '' };

  beforeAll(async () => {
    sink = await startMailSink();
    // The cap at its default, written out; orders and logins limited high enough for one account to loop.
    server = await startTestServer({ PUBLIC_URL, MAIL_UNCONFIRMED_PER_HOUR: '10', ORDER_RATE_LIMIT: '100000' });
    transport = await smtpTransport(sink.url, 'Partsmith <shop@partsmith.example>');
    admin = await registerAdmin(server);
  });
  afterAll(async () => {
    transport.close?.();
    await server.close();
    await sink.close();
  });

  const queuedTo = async (email: string) => (await listRecentMail(server.db.kysely, 100_000)).filter((message) => message.mail.to === email);

  it('a place-and-cancel loop of 10 s by an unconfirmed account queues at most MAIL_UNCONFIRMED_PER_HOUR messages to its address; its reset mail still goes', async () => {
    const productId = await createProduct(server.app, admin, { name: 'Spark Plug', price: 3, stock: 1000, min: 1 });
    const account = await registerCustomer(server.app, 'Not Their Address');
    let placed = 0;
    for (const until = Date.now() + 10_000; Date.now() < until; ) {
      const order = await call(server.app, 'POST', '/api/orders', { token: account.token, body: { productId, quantity: 1, phone: '5550100', shippingAddress: TEST_ADDRESS } });
      expect(order.statusCode).toBe(201);
      placed += 1;
      expect((await call(server.app, 'DELETE', `/api/orders/${order.json()._id}`, { token: account.token })).statusCode).toBeLessThan(300);
    }
    expect(placed).toBeGreaterThan(10);
    const orderMail = (await queuedTo(account.email)).filter((message) => message.mail.kind.startsWith('order-'));
    expect(orderMail.length).toBeLessThanOrEqual(10);
    expect(orderMail.length).toBeGreaterThan(0);

    await call(server.app, 'POST', '/api/auth/password-reset', { body: { email: account.email } });
    await afterAnswersDone();
    expect((await queuedTo(account.email)).map((message) => message.mail.kind)).toContain('reset-password');
  }, 60_000);

  it('a confirmed address gets every order mail', async () => {
    const productId = await createProduct(server.app, admin, { name: 'Wiper Blade', price: 9, stock: 1000, min: 1 });
    const account = await registerCustomer(server.app, 'Own Address');
    await verifyEmailOf(server, account);
    for (let i = 0; i < 12; i++) {
      const order = await call(server.app, 'POST', '/api/orders', { token: account.token, body: { productId, quantity: 1, phone: '5550100', shippingAddress: TEST_ADDRESS } });
      expect(order.statusCode).toBe(201);
    }
    expect((await queuedTo(account.email)).filter((message) => message.mail.kind === 'order-placed')).toHaveLength(12);
  });

  it('with 1,000 order mails waiting, a password-reset mail is sent first', async () => {
    const backlog = await registerCustomer(server.app, 'Big Buyer');
    await verifyEmailOf(server, backlog);
    while ((await sendDueMail(server.db.kysely, transport, shop, quietLog, 100)) > 0);
    sink.received.length = 0;
    const facts: OrderFacts = { orderId: '1', customerName: 'Big Buyer', product: 'Brake Disc', quantity: 1, unitPrice: 1, total: 1, address: 'Yard 7', transactionId: null };
    await server.db.kysely.transaction().execute(async (trx) => {
      for (let i = 0; i < 1000; i++) await enqueueMail(trx, { kind: 'order-placed', to: backlog.email, data: { ...facts, orderId: String(i + 1) } });
    });
    const forgetful = await registerCustomer(server.app, 'Forgetful');
    await call(server.app, 'POST', '/api/auth/password-reset', { body: { email: forgetful.email } });
    await afterAnswersDone();

    await sendDueMail(server.db.kysely, transport, shop, quietLog);
    const first = sink.received.filter((mail) => mail.to === forgetful.email).map((mail) => mail.subject);
    expect(first).toEqual(expect.arrayContaining([expect.stringMatching(/^Reset your password/)]));
  }, 60_000);
});

describe.runIf(databaseKind === 'sqlite')('the outbox claim (sqlite)', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(() => database.drop());

  it('reads the due messages in index order (account mail first) up to the limit, and updates them by their ids, not by walking every pending one', async () => {
    const { sql: text, parameters } = dueMailClaim(database.db.kysely, 20, new Date()).compile();
    const { rows } = await database.db.kysely.executeQuery<{ detail: string }>(CompiledQuery.raw(`EXPLAIN QUERY PLAN ${text}`, [...parameters]));
    const plan = rows.map((row) => row.detail);
    expect(plan[0]).toBe('SEARCH outbox USING INTEGER PRIMARY KEY (rowid=?)');
    expect(plan).toContain('SEARCH outbox USING INDEX outbox_due (status=?)');
    expect(plan.join('\n')).not.toContain('TEMP B-TREE');
  });
});
