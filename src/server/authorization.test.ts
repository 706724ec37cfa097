/**
 * Who may call what: every endpoint × {anonymous, customer, other customer, admin}, exact statuses.
 * "customer" owns the order and the account named in the paths; "other" is a second customer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Account,
  call,
  createProduct,
  databaseKind,
  payWithTestCard,
  registerAdmin,
  registerCustomer,
  startTestServer,
  type TestServer,
  TEST_ADDRESS,
  TEST_CARD,
} from './test/harness.js';
import { REFUND_DECLINING_CARD } from '../shared/card.js';
import { createVehicles } from './fitment/service.js';
import { APPLICATION, applyFor, approvedCompany, invitationTokenFor, joinedMember } from './test/companies.js';
import { addMember, insertCompany } from './test/companies.js';

type Role = 'anonymous' | 'customer' | 'other' | 'admin';
const ROLES: Role[] = ['anonymous', 'customer', 'other', 'admin'];

interface Cell {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  body?: unknown;
}

interface Row {
  route: string; // as in the OpenAPI document
  expected: Record<Role, number>;
  /** Builds the request fresh for each role, so state-changing calls don't affect each other. */
  request: (role: Role) => Promise<Cell>;
  /** The body says what is asked (the two-faced PATCH, docs/legacy-contract.md#two-faced-patch): who may is known only once it is read. */
  bodyDecides?: boolean;
}

const every = (status: number): Record<Role, number> => ({ anonymous: status, customer: status, other: status, admin: status });
const adminOnly = (ok: number) => ({ anonymous: 401, customer: 403, other: 403, admin: ok });
const selfOrAdmin = (ok: number) => ({ anonymous: 401, customer: ok, other: 403, admin: ok });
const anyUser = (ok: number) => ({ anonymous: 401, customer: ok, other: ok, admin: ok });
/** One order: its customer's or an admin's; to anyone else it does not exist. */
const ownerOrAdminElseNotFound = (ok: number) => ({ anonymous: 401, customer: ok, other: 404, admin: ok });
/** The customer's own, and no one else's: others are answered as if it did not exist. */
const ownerOnly = (ok: number) => ({ anonymous: 401, customer: ok, other: 404, admin: 404 });

describe(`authorization matrix (${databaseKind})`, () => {
  let server: TestServer;
  let accounts: Record<Exclude<Role, 'anonymous'>, Account>;
  let productId: string;
  let productSku: string;
  let vehicleId: number;
  let companyOwner: Account;
  let companyX: number;
  let companyXBuyer: Account;
  let companyApplied: number;
  /** Trade accounts (issue 63): "customer" is an admin of this company ($1,000 limit), `colleague` a buyer in it ($100 limit). */
  let companyId: number;
  let colleague: Account;
  /** $200 a unit: one is over the colleague's limit, ten over the customer's. */
  let approvalPart: string;

  const placeOrder = async () => {
    const response = await call(server.app, 'POST', '/api/orders', {
      token: accounts.customer.token,
      body: { productId, quantity: 1, phone: '5550100', shippingAddress: TEST_ADDRESS },
    });
    return response.json()._id as string;
  };
  const paidOrder = async () => {
    const id = await placeOrder();
    // An invoice number far above the sequence's: orders paid through the test processor (below) take theirs from it.
    await server.db.kysely.updateTable('orders').set({ status: 'pending', transaction_id: 'pi_x', invoice_number: 1_000_000 + Number(id), invoiced_at: new Date().toISOString() }).where('id', '=', Number(id)).execute();
    return id;
  };
  /** A parcel of a paid order of the customer's (its id). */
  const shipmentOfCustomer = async () => {
    const body = { lines: [{ productId: Number(productId), quantity: 1 }], carrier: 'Other' };
    return (await call(server.app, 'POST', `/api/orders/${await paidOrder()}/shipments`, { token: accounts.admin.token, body })).json().id as string;
  };
  /** An order its customer paid through the test processor, which can refund it. */
  const paidWithTestCard = async () => {
    const id = await placeOrder();
    const paid = await payWithTestCard(server.app, accounts.customer, id);
    if (paid.statusCode !== 200 || !paid.json().paid) throw new Error(`paying failed: ${paid.body}`);
    return id;
  };
  /** The refund of a paid order an admin cancelled, by its id. */
  const refundOfPaidOrder = async () => {
    const id = await paidWithTestCard();
    const cancelled = await call(server.app, 'POST', `/api/orders/${id}/cancel`, { token: accounts.admin.token });
    if (cancelled.statusCode !== 200) throw new Error(`cancelling failed: ${cancelled.body}`);
    if (!cancelled.json().refunds[0]) throw new Error(`no refund: ${cancelled.body}`);
    return cancelled.json().refunds[0].id as string;
  };
  /** An order of the customer's, paid (`paid`) and its unit shipped (its id). */
  const shippedOrder = async (paid: () => Promise<string> = paidOrder) => {
    const id = await paid();
    const body = { lines: [{ productId: Number(productId), quantity: 1 }], carrier: 'Other' };
    await call(server.app, 'POST', `/api/orders/${id}/shipments`, { token: accounts.admin.token, body });
    return id;
  };
  const returnBody = () => ({ lines: [{ productId: Number(productId), quantity: 1, reason: 'not_needed' }] });
  const receiveBody = () => ({ lines: [{ productId: Number(productId), receivedQuantity: 1, damagedQuantity: 0 }] });
  /** The customer's return of that unit (its id): asked for, or approved too. */
  const customersReturn = async (paid?: () => Promise<string>) =>
    (await call(server.app, 'POST', `/api/orders/${await shippedOrder(paid)}/returns`, { token: accounts.customer.token, body: returnBody() })).json().id as string;
  const approvedReturn = async (paid?: () => Promise<string>) => {
    const id = await customersReturn(paid);
    await call(server.app, 'POST', `/api/returns/${id}/approve`, { token: accounts.admin.token });
    return id;
  };
  /** Received: refunded when the payment refunds, left received (to retry) when the card declines its first refund. */
  const receivedReturn = async (card = TEST_CARD) => {
    const id = await approvedReturn(async () => {
      const order = await placeOrder();
      await payWithTestCard(server.app, accounts.customer, order, card);
      return order;
    });
    await call(server.app, 'POST', `/api/returns/${id}/receive`, { token: accounts.admin.token, body: receiveBody() });
    return id;
  };
  const clientSecretFor = async (orderId: string) => {
    const response = await call(server.app, 'POST', '/api/create-payment-intent', { token: accounts.customer.token, body: { orderId } });
    return response.json().clientSecret as string;
  };
  /** A second session of the customer's (its id), so ending it leaves the customer signed in. */
  const spareSessionOfCustomer = async () => {
    const login = await call(server.app, 'POST', '/api/auth/login', { body: { email: accounts.customer.email, password: 'secret-password' } });
    const sessions = await call(server.app, 'GET', '/api/auth/sessions', { token: login.json().token });
    return sessions.json().find((session: { current: boolean }) => session.current)._id as string;
  };
  const SHIPPING = {
    zones: [{ id: 'us', name: 'US', countries: ['US'] }],
    methods: [{ id: 'ground', zoneId: 'us', name: 'Ground', kind: 'flat', price: 9, minDays: 2, maxDays: 5 }],
  };
  const AN_ADDRESS = { name: 'Dana Wu', line1: '12 Pine St', city: 'Burlington', region: 'VT', postalCode: '05401', country: 'US' };
  const addressOfCustomer = async () => {
    const response = await call(server.app, 'POST', '/api/addresses', { token: accounts.customer.token, body: AN_ADDRESS });
    return response.json().id as number;
  };
  const orderBody = () => ({ productId, quantity: 1, phone: '5550100', shippingAddress: TEST_ADDRESS });
  /** A new list of the customer's. */
  const customersList = async () => (await call(server.app, 'POST', '/api/lists', { token: accounts.customer.token, body: { name: 'Brakes' } })).json().id as string;
  let priceLists = 0;
  /** A new price list of the admins' (its id), for the calls that change or delete one. */
  const priceList = async () => {
    const id = `list-${(priceLists += 1)}`;
    await call(server.app, 'PUT', `/api/admin/price-lists/${id}`, { token: accounts.admin.token, body: { name: 'Trade', discountPercent: 5 } });
    return id;
  };

  /** An order over its buyer's limit, waiting for an admin of the company: the colleague's, or (`own`) the customer's own. */
  const awaitingOrder = async (own = false) => {
    const buyer = own ? accounts.customer : colleague;
    const body = { productId: approvalPart, quantity: own ? 10 : 1, phone: '5550100', shippingAddress: TEST_ADDRESS };
    const response = await call(server.app, 'POST', '/api/orders', { token: buyer.token, body });
    if (response.json().status !== 'awaiting approval') throw new Error(`not awaiting approval: ${response.body}`);
    return response.json()._id as string;
  };
  /** A new part for sale, for the calls that may be made once per part (a review). */
  const freshPart = () => createProduct(server.app, accounts.admin, { stock: 100, min: 1 });

  beforeAll(async () => {
    server = await startTestServer();
    accounts = {
      customer: await registerCustomer(server.app, 'Owner'),
      other: await registerCustomer(server.app, 'Other'),
      admin: await registerAdmin(server),
    };
    productId = await createProduct(server.app, accounts.admin, { stock: 100_000, min: 1 });
    productSku = (await call(server.app, 'GET', `/api/products/${productId}`)).json().sku;
    await call(server.app, 'PUT', '/api/admin/shipping', { token: accounts.admin.token, body: SHIPPING });
    colleague = await registerCustomer(server.app, 'Colleague');
    companyId = await insertCompany(server.db.kysely, accounts.customer, 'Owner Fleet');
    await addMember(server.db.kysely, companyId, accounts.customer, 'admin', 1000);
    await addMember(server.db.kysely, companyId, colleague, 'buyer', 100);
    approvalPart = await createProduct(server.app, accounts.admin, { price: 200, stock: 100_000, min: 1 });
    vehicleId = (await createVehicles(server.db.kysely, [{ year: 2015, make: 'Toyota', model: 'Corolla', submodel: 'LE', engine: '1.8L I4' }]))[0]!.id;
    companyOwner = await registerCustomer(server.app, 'Company Owner');
    companyX = await approvedCompany(server, accounts.admin, companyOwner, 'Company X');
    companyXBuyer = await joinedMember(server, companyX, companyOwner);
    companyApplied = await applyFor(server, await registerCustomer(server.app, 'Applicant'), 'Applied Co');
  });
  afterAll(() => server.close());

  const rows = (): Row[] => {
    const me = accounts.customer.email;
    return [
      { route: 'GET /api/products', expected: every(200), request: async () => ({ method: 'GET', url: '/api/products' }) },
      { route: 'GET /api/products/{id}', expected: every(200), request: async () => ({ method: 'GET', url: `/api/products/${productId}` }) },
      {
        route: 'POST /api/products',
        expected: adminOnly(201),
        request: async () => ({
          method: 'POST',
          url: '/api/products',
          body: { name: 'P', description: 'D', price: 1, stock: 5, min: 1, img: '/images/products/tire.svg' },
        }),
      },
      {
        route: 'DELETE /api/products/{id}',
        expected: adminOnly(200),
        request: async () => ({ method: 'DELETE', url: `/api/products/${await createProduct(server.app, accounts.admin)}` }),
      },
      { route: 'GET /api/products/sku/{sku}', expected: every(200), request: async () => ({ method: 'GET', url: `/api/products/sku/${productSku}` }) },
      { route: 'GET /api/categories', expected: every(200), request: async () => ({ method: 'GET', url: '/api/categories' }) },
      { route: 'PATCH /api/products/{id}', expected: adminOnly(200), request: async () => ({ method: 'PATCH', url: `/api/products/${productId}`, body: { price: 7 } }) },
      {
        route: 'POST /api/products/{id}/restock',
        expected: adminOnly(200),
        request: async () => ({ method: 'POST', url: `/api/products/${productId}/restock`, body: { quantity: 1 } }),
      },
      { route: 'GET /api/products/{id}/changes', expected: adminOnly(200), request: async () => ({ method: 'GET', url: `/api/products/${productId}/changes` }) },
      { route: 'GET /api/products/{id}/stock-movements', expected: adminOnly(200), request: async () => ({ method: 'GET', url: `/api/products/${productId}/stock-movements` }) },
      { route: 'GET /api/products/{id}/stock-movements.csv', expected: adminOnly(200), request: async () => ({ method: 'GET', url: `/api/products/${productId}/stock-movements.csv` }) },
      { route: 'GET /api/admin/products', expected: adminOnly(200), request: async () => ({ method: 'GET', url: '/api/admin/products?status=archived' }) },
      { route: 'GET /api/admin/products/{id}', expected: adminOnly(200), request: async () => ({ method: 'GET', url: `/api/admin/products/${productId}` }) },
      { route: 'GET /api/admin/low-stock', expected: adminOnly(200), request: async () => ({ method: 'GET', url: '/api/admin/low-stock' }) },
      { route: 'GET /api/products/export.csv', expected: adminOnly(200), request: async () => ({ method: 'GET', url: '/api/products/export.csv' }) },
      { route: 'GET /api/products/import-template.csv', expected: adminOnly(200), request: async () => ({ method: 'GET', url: '/api/products/import-template.csv' }) },
      {
        // A JSON body, not a CSV file: who may import is what this row is about (catalog/transfer.test.ts imports real files).
        route: 'POST /api/products/import',
        expected: adminOnly(400),
        request: async () => ({ method: 'POST', url: '/api/products/import?dryRun=true', body: {} }),
      },
      { route: 'POST /api/orders', expected: anyUser(201), request: async () => ({ method: 'POST', url: '/api/orders', body: orderBody() }) },
      { route: 'GET /api/orders', expected: adminOnly(200), request: async () => ({ method: 'GET', url: '/api/orders' }) },
      { route: 'GET /api/orders (a page)', expected: adminOnly(200), request: async () => ({ method: 'GET', url: '/api/orders?limit=5&status=pending&q=a' }) },
      { route: 'GET /api/orders/export.csv', expected: adminOnly(200), request: async () => ({ method: 'GET', url: '/api/orders/export.csv?q=a' }) },
      { route: 'GET /api/orders/{email} (a page)', expected: selfOrAdmin(200), request: async () => ({ method: 'GET', url: `/api/orders/${me}?limit=5` }) },
      { route: 'GET /api/orders/{email}', expected: selfOrAdmin(200), request: async () => ({ method: 'GET', url: `/api/orders/${me}` }) },
      { route: 'GET /api/order/{id}', expected: ownerOrAdminElseNotFound(200), request: async () => ({ method: 'GET', url: `/api/order/${await placeOrder()}` }) },
      { route: 'GET /api/orders/{id}/history', expected: ownerOrAdminElseNotFound(200), request: async () => ({ method: 'GET', url: `/api/orders/${await placeOrder()}/history` }) },
      { route: 'GET /api/admin/stats', expected: adminOnly(200), request: async () => ({ method: 'GET', url: '/api/admin/stats?from=2024-05-01&to=2024-05-31' }) },
      // After the sale (issue 61): what the "doesn't fit" returns say about the fitment data.
      { route: 'GET /api/admin/fitment-quality', expected: adminOnly(200), request: async () => ({ method: 'GET', url: '/api/admin/fitment-quality' }) },
      // The back office (issue 62): the staff home.
      { route: 'GET /api/admin/home', expected: adminOnly(200), request: async () => ({ method: 'GET', url: '/api/admin/home' }) },
      {
        route: 'GET /api/orders/{id}/invoice.pdf',
        expected: ownerOrAdminElseNotFound(200),
        request: async () => ({ method: 'GET', url: `/api/orders/${await paidOrder()}/invoice.pdf` }),
      },
      { route: 'GET /api/audit', expected: adminOnly(200), request: async () => ({ method: 'GET', url: '/api/audit' }) },
      { route: 'DELETE /api/orders/{id}', expected: selfOrAdmin(200), request: async () => ({ method: 'DELETE', url: `/api/orders/${await placeOrder()}` }) },
      // Company-owned orders (issue 63): an admin of the order's company decides on an order over its buyer's
      // limit, never on their own; staff admins are no approvers; anyone else is told there is no such order.
      { route: 'POST /api/orders/{id}/approve', expected: { anonymous: 401, customer: 200, other: 404, admin: 403 }, request: async () => ({ method: 'POST', url: `/api/orders/${await awaitingOrder()}/approve` }) },
      { route: 'POST /api/orders/{id}/approve', expected: { anonymous: 401, customer: 403, other: 404, admin: 403 }, request: async () => ({ method: 'POST', url: `/api/orders/${await awaitingOrder(true)}/approve` }) },
      {
        route: 'POST /api/orders/{id}/decline',
        expected: { anonymous: 401, customer: 200, other: 404, admin: 403 },
        request: async () => ({ method: 'POST', url: `/api/orders/${await awaitingOrder()}/decline`, body: { reason: 'Not this month' } }),
      },
      {
        route: 'POST /api/orders/{id}/decline',
        expected: { anonymous: 401, customer: 403, other: 404, admin: 403 },
        request: async () => ({ method: 'POST', url: `/api/orders/${await awaitingOrder(true)}/decline`, body: { reason: 'Not this month' } }),
      },
      // The company's orders: its admins only (staff: 403; another company, anyone else: 404).
      { route: 'GET /api/companies/{id}/orders', expected: { anonymous: 401, customer: 200, other: 404, admin: 403 }, request: async () => ({ method: 'GET', url: `/api/companies/${companyId}/orders?limit=5` }) },
      { route: 'GET /api/companies/{id}/orders.csv', expected: { anonymous: 401, customer: 200, other: 404, admin: 403 }, request: async () => ({ method: 'GET', url: `/api/companies/${companyId}/orders.csv` }) },
      { route: 'POST /api/orders/{id}/cancel', expected: ownerOrAdminElseNotFound(200), request: async () => ({ method: 'POST', url: `/api/orders/${await placeOrder()}/cancel` }) },
      {
        route: 'GET /api/refunds/{id}/credit-note.pdf',
        expected: ownerOrAdminElseNotFound(200),
        request: async () => ({ method: 'GET', url: `/api/refunds/${await refundOfPaidOrder()}/credit-note.pdf` }),
      },
      {
        // A paid order: an admin's to cancel (its charge refunded through the test processor), not its customer's.
        route: 'POST /api/orders/{id}/cancel',
        expected: { anonymous: 401, customer: 409, other: 404, admin: 200 },
        request: async () => ({ method: 'POST', url: `/api/orders/${await paidWithTestCard()}/cancel` }),
      },
      {
        route: 'PATCH /api/orders/{id}',
        expected: adminOnly(200),
        bodyDecides: true,
        request: async () => ({ method: 'PATCH', url: `/api/orders/${await paidOrder()}`, body: { status: 'shipped' } }),
      },
      {
        // Paying: only the owner may report a payment (this one the provider has never seen).
        route: 'PATCH /api/orders/{id}',
        expected: { anonymous: 401, customer: 400, other: 403, admin: 403 },
        request: async () => ({ method: 'PATCH', url: `/api/orders/${await placeOrder()}`, body: { transactionId: 'pi_1' } }),
      },
      // Shipments (issue 61): admins ship a paid order's units and print a parcel's packing slip.
      {
        route: 'POST /api/orders/{id}/shipments',
        expected: adminOnly(201),
        request: async () => ({ method: 'POST', url: `/api/orders/${await paidOrder()}/shipments`, body: { lines: [{ productId: Number(productId), quantity: 1 }], carrier: 'UPS', trackingNumber: '1Z1' } }),
      },
      {
        route: 'GET /api/shipments/{id}/packing-slip.pdf',
        expected: adminOnly(200),
        request: async () => ({ method: 'GET', url: `/api/shipments/${await shipmentOfCustomer()}/packing-slip.pdf` }),
      },
      // Returns (issue 61): the buyer asks on their own order (anyone else is told there is no such order), reads
      // their own returns and credit notes; admins read all and approve, reject, receive and retry refunds.
      { route: 'POST /api/orders/{id}/returns', expected: ownerOnly(201), request: async () => ({ method: 'POST', url: `/api/orders/${await shippedOrder()}/returns`, body: returnBody() }) },
      { route: 'GET /api/returns', expected: anyUser(200), request: async () => ({ method: 'GET', url: '/api/returns?status=requested&limit=5' }) },
      { route: 'GET /api/returns/{id}', expected: ownerOrAdminElseNotFound(200), request: async () => ({ method: 'GET', url: `/api/returns/${await customersReturn()}` }) },
      { route: 'POST /api/returns/{id}/approve', expected: adminOnly(200), request: async () => ({ method: 'POST', url: `/api/returns/${await customersReturn()}/approve` }) },
      {
        route: 'POST /api/returns/{id}/reject',
        expected: adminOnly(200),
        request: async () => ({ method: 'POST', url: `/api/returns/${await customersReturn()}/reject`, body: { reason: 'Fitted and used' } }),
      },
      {
        route: 'POST /api/returns/{id}/receive',
        expected: adminOnly(200),
        request: async () => ({ method: 'POST', url: `/api/returns/${await approvedReturn(paidWithTestCard)}/receive`, body: receiveBody() }),
      },
      {
        route: 'POST /api/returns/{id}/refund',
        expected: adminOnly(200),
        request: async () => ({ method: 'POST', url: `/api/returns/${await receivedReturn({ ...TEST_CARD, number: REFUND_DECLINING_CARD })}/refund` }),
      },
      {
        route: 'GET /api/returns/{id}/credit-note.pdf',
        expected: ownerOrAdminElseNotFound(200),
        request: async () => ({ method: 'GET', url: `/api/returns/${await receivedReturn()}/credit-note.pdf` }),
      },
      { route: 'GET /api/payments/config', expected: every(200), request: async () => ({ method: 'GET', url: '/api/payments/config' }) },
      {
        route: 'POST /api/create-payment-intent',
        expected: { anonymous: 401, customer: 200, other: 403, admin: 403 },
        request: async () => ({ method: 'POST', url: '/api/create-payment-intent', body: { orderId: await placeOrder() } }),
      },
      {
        // Public like Stripe's own confirm call: the intent's client secret is the credential.
        route: 'POST /api/payments/test/confirm',
        expected: every(200),
        request: async () => ({
          method: 'POST',
          url: '/api/payments/test/confirm',
          body: { clientSecret: await clientSecretFor(await placeOrder()), card: { number: '4242424242424242', expiry: '12 / 40', cvc: '123' } },
        }),
      },
      { route: 'GET /api/payments', expected: adminOnly(200), request: async () => ({ method: 'GET', url: '/api/payments' }) },
      {
        // Anyone may deliver a webhook; only a valid provider signature makes it do anything.
        route: 'POST /api/payments/webhook',
        expected: every(400),
        request: async () => ({ method: 'POST', url: '/api/payments/webhook', body: { id: 'evt_1', type: 'payment_intent.succeeded' } }),
      },
      { route: 'GET /api/review', expected: every(200), request: async () => ({ method: 'GET', url: '/api/review' }) },
      { route: 'GET /api/summary', expected: every(200), request: async () => ({ method: 'GET', url: '/api/summary' }) },
      { route: 'GET /api/admin/reviews', expected: adminOnly(200), request: async () => ({ method: 'GET', url: '/api/admin/reviews?status=pending&rating=2' }) },
      {
        route: 'PATCH /api/review/{id}',
        expected: adminOnly(200),
        request: async () => {
          const review = await call(server.app, 'POST', '/api/review', { token: accounts.customer.token, body: { rating: '4', comment: 'fine' } });
          return { method: 'PATCH', url: `/api/review/${review.json()._id}`, body: { status: 'published' } };
        },
      },
      {
        route: 'DELETE /api/review/{id}',
        expected: adminOnly(204),
        request: async () => {
          const review = await call(server.app, 'POST', '/api/review', { token: accounts.customer.token, body: { rating: '2', comment: 'gone' } });
          return { method: 'DELETE', url: `/api/review/${review.json()._id}` };
        },
      },
      {
        route: 'POST /api/admin/reviews/hide',
        expected: adminOnly(200),
        request: async () => {
          const review = await call(server.app, 'POST', '/api/review', { token: accounts.customer.token, body: { rating: '4', comment: 'fine' } });
          return { method: 'POST', url: '/api/admin/reviews/hide', body: { ids: [Number(review.json()._id)] } };
        },
      },
      {
        // No file: who may upload is what this row is about (media/media.test.ts uploads real pictures).
        route: 'POST /api/uploads',
        expected: adminOnly(400),
        request: async () => ({ method: 'POST', url: '/api/uploads', body: {} }),
      },
      { route: 'GET /api/products/{id}/open-orders', expected: adminOnly(200), request: async () => ({ method: 'GET', url: `/api/products/${productId}/open-orders` }) },
      { route: 'POST /api/review', expected: anyUser(201), request: async () => ({ method: 'POST', url: '/api/review', body: { rating: '5', comment: 'ok' } }) },
      { route: 'GET /api/user', expected: adminOnly(200), request: async () => ({ method: 'GET', url: '/api/user' }) },
      { route: 'GET /api/user/{email}', expected: selfOrAdmin(200), request: async () => ({ method: 'GET', url: `/api/user/${me}` }) },
      { route: 'PATCH /api/user/{email}', expected: selfOrAdmin(200), request: async () => ({ method: 'PATCH', url: `/api/user/${me}`, body: { phone: '5550199' } }) },
      {
        route: 'PUT /api/user/admin/{email}',
        expected: adminOnly(200),
        request: async () => ({ method: 'PUT', url: `/api/user/admin/${(await registerCustomer(server.app)).email}` }),
      },
      {
        route: 'DELETE /api/user/{email}',
        expected: adminOnly(204),
        request: async () => ({ method: 'DELETE', url: `/api/user/${(await registerCustomer(server.app)).email}` }),
      },
      { route: 'GET /api/admin/{email}', expected: selfOrAdmin(200), request: async () => ({ method: 'GET', url: `/api/admin/${me}` }) },
      { route: 'GET /api/me', expected: anyUser(200), request: async () => ({ method: 'GET', url: '/api/me' }) },
      {
        route: 'POST /api/auth/register',
        expected: every(201),
        request: async () => ({
          method: 'POST',
          url: '/api/auth/register',
          body: { name: 'New', email: `new${Math.random().toString(36).slice(2)}@example.com`, password: 'gearbox-7731' },
        }),
      },
      {
        route: 'POST /api/auth/login',
        expected: every(200),
        request: async () => ({ method: 'POST', url: '/api/auth/login', body: { email: accounts.other.email, password: 'secret-password' } }),
      },
      { route: 'POST /api/auth/logout', expected: anyUser(204), request: async () => ({ method: 'POST', url: '/api/auth/logout' }) },
      {
        // A wrong current password: who may ask is what this row is about, not changing anyone's password.
        route: 'POST /api/auth/password',
        expected: { anonymous: 401, customer: 400, other: 400, admin: 400 },
        request: async () => ({ method: 'POST', url: '/api/auth/password', body: { currentPassword: 'not-the-password', newPassword: 'gearbox-7731' } }),
      },
      {
        route: 'POST /api/auth/password-reset',
        expected: every(202),
        request: async () => ({ method: 'POST', url: '/api/auth/password-reset', body: { email: `nobody${Math.random().toString(36).slice(2)}@example.com` } }),
      },
      {
        route: 'POST /api/auth/password-reset/confirm',
        expected: every(400),
        request: async () => ({ method: 'POST', url: '/api/auth/password-reset/confirm', body: { token: 'not-a-token', password: 'gearbox-7731' } }),
      },
      { route: 'POST /api/auth/verify-email', expected: every(400), request: async () => ({ method: 'POST', url: '/api/auth/verify-email', body: { token: 'not-a-token' } }) },
      { route: 'POST /api/auth/verify-email/resend', expected: anyUser(202), request: async () => ({ method: 'POST', url: '/api/auth/verify-email/resend' }) },
      { route: 'GET /api/auth/sessions', expected: anyUser(200), request: async () => ({ method: 'GET', url: '/api/auth/sessions' }) },
      {
        // One of the customer's sessions: only the customer may end it (an admin neither).
        route: 'DELETE /api/auth/sessions/{id}',
        expected: { anonymous: 401, customer: 204, other: 404, admin: 404 },
        request: async () => ({ method: 'DELETE', url: `/api/auth/sessions/${await spareSessionOfCustomer()}` }),
      },
      { route: 'DELETE /api/auth/sessions', expected: anyUser(204), request: async () => ({ method: 'DELETE', url: '/api/auth/sessions' }) },
      { route: 'GET /api/admin/outbox', expected: adminOnly(200), request: async () => ({ method: 'GET', url: '/api/admin/outbox' }) },
      // Google sign-in (src/server/auth/google): public; this server has no Google configured.
      { route: 'GET /api/auth/google/status', expected: every(200), request: async () => ({ method: 'GET', url: '/api/auth/google/status' }) },
      { route: 'GET /api/auth/google/start', expected: every(503), request: async () => ({ method: 'GET', url: '/api/auth/google/start' }) },
      {
        route: 'GET /api/auth/google/callback',
        expected: every(302),
        request: async () => ({ method: 'GET', url: '/api/auth/google/callback?code=x&state=y' }),
      },
      {
        route: 'POST /api/auth/google/exchange',
        expected: every(401),
        request: async () => ({ method: 'POST', url: '/api/auth/google/exchange', body: { code: 'not-a-code' } }),
      },
      { route: 'POST /api/contact', expected: every(201), request: async () => ({ method: 'POST', url: '/api/contact', body: { email: 'a@example.com', message: 'Hi' } }) },
      { route: 'GET /api/contact', expected: adminOnly(200), request: async () => ({ method: 'GET', url: '/api/contact' }) },
      {
        route: 'GET /api/contact/{id}',
        expected: adminOnly(200),
        request: async () => {
          const sent = await call(server.app, 'POST', '/api/contact', { body: { email: 'a@example.com', message: 'Hi' } });
          return { method: 'GET', url: `/api/contact/${sent.json()._id}` };
        },
      },
      {
        route: 'PATCH /api/contact/{id}',
        expected: adminOnly(200),
        request: async () => {
          const sent = await call(server.app, 'POST', '/api/contact', { body: { email: 'a@example.com', message: 'Hi' } });
          return { method: 'PATCH', url: `/api/contact/${sent.json()._id}`, body: { read: true } };
        },
      },
      {
        route: 'POST /api/contact/{id}/reply',
        expected: adminOnly(200),
        request: async () => {
          const sent = await call(server.app, 'POST', '/api/contact', { body: { email: 'a@example.com', message: 'Hi' } });
          return { method: 'POST', url: `/api/contact/${sent.json()._id}/reply`, body: { message: 'Hello' } };
        },
      },
      { route: 'GET /api/health', expected: every(200), request: async () => ({ method: 'GET', url: '/api/health' }) },
      // The vehicle base and a VIN (src/server/fitment): public; the garage: any signed-in buyer, each their own.
      { route: 'GET /api/vehicles/years', expected: every(200), request: async () => ({ method: 'GET', url: '/api/vehicles/years' }) },
      { route: 'GET /api/vehicles/makes', expected: every(200), request: async () => ({ method: 'GET', url: '/api/vehicles/makes?year=2015' }) },
      { route: 'GET /api/vehicles/models', expected: every(200), request: async () => ({ method: 'GET', url: '/api/vehicles/models?year=2015&make=Toyota' }) },
      { route: 'GET /api/vehicles', expected: every(200), request: async () => ({ method: 'GET', url: '/api/vehicles?year=2015&make=Toyota&model=Corolla' }) },
      { route: 'GET /api/vehicles/vin/{vin}', expected: every(200), request: async () => ({ method: 'GET', url: '/api/vehicles/vin/2T1BURHE0FC000001' }) },
      { route: 'GET /api/garage', expected: anyUser(200), request: async () => ({ method: 'GET', url: '/api/garage' }) },
      { route: 'PUT /api/garage/{vehicleId}', expected: anyUser(200), request: async () => ({ method: 'PUT', url: `/api/garage/${vehicleId}` }) },
      { route: 'DELETE /api/garage/{vehicleId}', expected: anyUser(200), request: async () => ({ method: 'DELETE', url: `/api/garage/${vehicleId}` }) },
      // What a part fits and the numbers that lead to it (src/server/catalog): public; their CSV files: admins.
      { route: 'GET /api/products/{id}/fitment', expected: every(200), request: async () => ({ method: 'GET', url: `/api/products/${productId}/fitment` }) },
      { route: 'GET /api/parts/lookup', expected: every(200), request: async () => ({ method: 'GET', url: `/api/parts/lookup?number=${productSku}` }) },
      { route: 'POST /api/parts/resolve', expected: every(200), request: async () => ({ method: 'POST', url: '/api/parts/resolve', body: { numbers: [productSku, 'NO-SUCH-1'] } }) },
      { route: 'GET /api/fitment/export.csv', expected: adminOnly(200), request: async () => ({ method: 'GET', url: '/api/fitment/export.csv?kind=numbers' }) },
      {
        // A JSON body, not a CSV file: who may import is what this row is about (catalog/fitment-transfer.test.ts imports real files).
        route: 'POST /api/fitment/import',
        expected: adminOnly(400),
        request: async () => ({ method: 'POST', url: '/api/fitment/import?dryRun=true', body: {} }),
      },
      // The server cart (issue 59): any signed-in buyer, each their own (cart/cart.test.ts shows one cannot reach another's).
      { route: 'GET /api/cart', expected: anyUser(200), request: async () => ({ method: 'GET', url: '/api/cart' }) },
      { route: 'PUT /api/cart', expected: anyUser(200), request: async () => ({ method: 'PUT', url: '/api/cart', body: { lines: [{ productId, quantity: 1 }] } }) },
      // Part numbers as people type them (issue 59): the closest numbers to one nothing matched, for anyone.
      { route: 'GET /api/parts/suggestions', expected: every(200), request: async () => ({ method: 'GET', url: '/api/parts/suggestions?number=NO-SUCH-1' }) },
      // Trade data (ACES/PIES, issue 66): admins only, JSON bodies (the files themselves: catalog/aces.test.ts, pies.test.ts).
      { route: 'GET /api/fitment/export.xml', expected: adminOnly(200), request: async () => ({ method: 'GET', url: '/api/fitment/export.xml?format=aces' }) },
      { route: 'GET /api/products/export.xml', expected: adminOnly(200), request: async () => ({ method: 'GET', url: '/api/products/export.xml?format=pies' }) },
      {
        route: 'POST /api/fitment/import (ACES)',
        expected: adminOnly(400),
        request: async () => ({ method: 'POST', url: '/api/fitment/import?format=aces&dryRun=true', body: {} }),
      },
      {
        route: 'POST /api/fitment/import (VCdb ids)',
        expected: adminOnly(400),
        request: async () => ({ method: 'POST', url: '/api/fitment/import?kind=vcdb&dryRun=true', body: {} }),
      },
      {
        route: 'POST /api/products/import (PIES)',
        expected: adminOnly(400),
        request: async () => ({ method: 'POST', url: '/api/products/import?format=pies&dryRun=true', body: {} }),
      },
      {
        // The part's picture is the shop's own already: who may ask is what this row is about (flows/fetch-picture.test.ts fetches one).
        route: 'POST /api/products/{id}/picture/fetch',
        expected: adminOnly(400),
        request: async () => ({ method: 'POST', url: `/api/products/${productId}/picture/fetch` }),
      },
      // The checkout (issue 60)
      { route: 'GET /api/addresses', expected: anyUser(200), request: async () => ({ method: 'GET', url: '/api/addresses' }) },
      { route: 'POST /api/addresses', expected: anyUser(201), request: async () => ({ method: 'POST', url: '/api/addresses', body: AN_ADDRESS }) },
      {
        // The customer's own address: another account does not find it.
        route: 'PATCH /api/addresses/{id}',
        expected: { anonymous: 401, customer: 200, other: 404, admin: 404 },
        request: async () => ({ method: 'PATCH', url: `/api/addresses/${await addressOfCustomer()}`, body: { city: 'Montpelier', postalCode: '05602' } }),
      },
      {
        route: 'DELETE /api/addresses/{id}',
        expected: { anonymous: 401, customer: 204, other: 404, admin: 404 },
        request: async () => ({ method: 'DELETE', url: `/api/addresses/${await addressOfCustomer()}` }),
      },
      { route: 'GET /api/admin/shipping', expected: adminOnly(200), request: async () => ({ method: 'GET', url: '/api/admin/shipping' }) },
      { route: 'PUT /api/admin/shipping', expected: adminOnly(200), request: async () => ({ method: 'PUT', url: '/api/admin/shipping', body: SHIPPING }) },
      { route: 'GET /api/admin/tax', expected: adminOnly(200), request: async () => ({ method: 'GET', url: '/api/admin/tax' }) },
      { route: 'PUT /api/admin/tax', expected: adminOnly(200), request: async () => ({ method: 'PUT', url: '/api/admin/tax', body: { rates: [] } }) },
      {
        route: 'PUT /api/admin/users/{email}/tax-exemption',
        expected: adminOnly(200),
        request: async () => ({ method: 'PUT', url: `/api/admin/users/${me}/tax-exemption`, body: { certificate: 'RS-1', expiresOn: '2099-12-31' } }),
      },
      { route: 'DELETE /api/admin/users/{email}/tax-exemption', expected: adminOnly(204), request: async () => ({ method: 'DELETE', url: `/api/admin/users/${me}/tax-exemption` }) },
      {
        route: 'POST /api/checkout/quote',
        expected: every(200),
        request: async () => ({ method: 'POST', url: '/api/checkout/quote', body: { lines: [{ productId, quantity: 1 }], shippingAddress: { country: 'US', region: 'VT', postalCode: '05401' } } }),
      },
      // Honest chrome (issue 59): the home page's most ordered parts, public.
      { route: 'GET /api/products/most-ordered', expected: every(200), request: async () => ({ method: 'GET', url: '/api/products/most-ordered' }) },
      // Choosing parts (issue 65): a part's reviews are public; any signed-in buyer reviews it once and changes their own.
      { route: 'GET /api/products/{id}/reviews', expected: every(200), request: async () => ({ method: 'GET', url: `/api/products/${productId}/reviews` }) },
      {
        route: 'POST /api/products/{id}/reviews',
        expected: anyUser(201),
        request: async () => ({ method: 'POST', url: `/api/products/${await freshPart()}/reviews`, body: { rating: 4, title: 'Fits well', comment: 'As described' } }),
      },
      {
        // Each role's own review: a buyer who never reviewed the part gets 404 (reviews/part-reviews.test.ts).
        route: 'PATCH /api/products/{id}/reviews/mine',
        expected: anyUser(200),
        request: async (role) => {
          const part = await freshPart();
          if (role !== 'anonymous') await call(server.app, 'POST', `/api/products/${part}/reviews`, { token: accounts[role].token, body: { rating: 3, title: 'Fine', comment: 'Fine' } });
          return { method: 'PATCH', url: `/api/products/${part}/reviews/mine`, body: { rating: 5 } };
        },
      },
      // Suggestions as one types: public. The synonyms: admins.
      { route: 'GET /api/search/suggest', expected: every(200), request: async () => ({ method: 'GET', url: '/api/search/suggest?q=test' }) },
      { route: 'GET /api/admin/search/synonyms', expected: adminOnly(200), request: async () => ({ method: 'GET', url: '/api/admin/search/synonyms' }) },
      { route: 'PUT /api/admin/search/synonyms', expected: adminOnly(200), request: async () => ({ method: 'PUT', url: '/api/admin/search/synonyms', body: { groups: [['rotor', 'brake disc']] } }) },
      // Back-in-stock alerts: any signed-in buyer, on a part out of stock; each sees their own.
      {
        route: 'POST /api/products/{id}/stock-alert',
        expected: anyUser(201),
        request: async () => {
          const part = await freshPart();
          await call(server.app, 'PATCH', `/api/products/${part}`, { token: accounts.admin.token, body: { stock: 0 } });
          return { method: 'POST', url: `/api/products/${part}/stock-alert` };
        },
      },
      { route: 'DELETE /api/products/{id}/stock-alert', expected: anyUser(204), request: async () => ({ method: 'DELETE', url: `/api/products/${productId}/stock-alert` }) },
      { route: 'GET /api/stock-alerts', expected: anyUser(200), request: async () => ({ method: 'GET', url: '/api/stock-alerts' }) },
      // Saved parts lists: any signed-in buyer keeps their own; anyone else, admins too, is told there is no such list.
      { route: 'GET /api/lists', expected: anyUser(200), request: async () => ({ method: 'GET', url: '/api/lists' }) },
      { route: 'POST /api/lists', expected: anyUser(201), request: async () => ({ method: 'POST', url: '/api/lists', body: { name: 'Monthly', lines: [{ productId, quantity: 2 }] } }) },
      { route: 'GET /api/lists/{id}', expected: ownerOnly(200), request: async () => ({ method: 'GET', url: `/api/lists/${await customersList()}` }) },
      { route: 'PUT /api/lists/{id}', expected: ownerOnly(200), request: async () => ({ method: 'PUT', url: `/api/lists/${await customersList()}`, body: { name: 'Renamed' } }) },
      { route: 'DELETE /api/lists/{id}', expected: ownerOnly(204), request: async () => ({ method: 'DELETE', url: `/api/lists/${await customersList()}` }) },
      { route: 'GET /api/lists/{id}/export.csv', expected: ownerOnly(200), request: async () => ({ method: 'GET', url: `/api/lists/${await customersList()}/export.csv` }) },
      {
        // A JSON body, not a CSV file: who may is what this row is about (flows/lists.test.ts imports real files, and others' lists answer 404).
        route: 'POST /api/lists/{id}/import',
        expected: anyUser(400),
        request: async () => ({ method: 'POST', url: `/api/lists/${await customersList()}/import`, body: {} }),
      },
      // Trade accounts (issue 63). Company X belongs to neither customer: its admin-only routes refuse them and
      // the staff alike (company A against B, buyer against admin: the matrix below). Kept last: the rows
      // applying for a company change who the roles are.
      { route: 'GET /api/companies/mine', expected: { anonymous: 401, customer: 200, other: 404, admin: 404 }, request: async () => ({ method: 'GET', url: '/api/companies/mine' }) },
      {
        // A link sent to someone else: refused whoever follows it (the invited address decides, so the body does).
        route: 'POST /api/companies/join',
        expected: { anonymous: 401, customer: 403, other: 403, admin: 403 },
        bodyDecides: true,
        request: async () => {
          const invitee = `invitee.${Math.random().toString(36).slice(2)}@example.com`;
          await call(server.app, 'POST', `/api/companies/${companyX}/invitations`, { token: companyOwner.token, body: { email: invitee, role: 'buyer' } });
          return { method: 'POST', url: '/api/companies/join', body: { token: await invitationTokenFor(server, invitee) } };
        },
      },
      {
        route: 'POST /api/companies/{id}/invitations',
        expected: { anonymous: 401, customer: 403, other: 403, admin: 403 },
        request: async () => ({ method: 'POST', url: `/api/companies/${companyX}/invitations`, body: { email: 'new.buyer@example.com', role: 'buyer' } }),
      },
      {
        route: 'PATCH /api/companies/{id}/members/{userId}',
        expected: { anonymous: 401, customer: 403, other: 403, admin: 403 },
        request: async () => ({ method: 'PATCH', url: `/api/companies/${companyX}/members/${companyXBuyer.id}`, body: { spendingLimit: 10 } }),
      },
      {
        route: 'DELETE /api/companies/{id}/members/{userId}',
        expected: { anonymous: 401, customer: 403, other: 403, admin: 403 },
        request: async () => ({ method: 'DELETE', url: `/api/companies/${companyX}/members/${companyXBuyer.id}` }),
      },
      { route: 'GET /api/admin/companies', expected: adminOnly(200), request: async () => ({ method: 'GET', url: '/api/admin/companies?status=pending' }) },
      {
        route: 'PATCH /api/admin/companies/{id}',
        expected: adminOnly(200),
        request: async () => ({ method: 'PATCH', url: `/api/admin/companies/${companyApplied}`, body: { status: 'approved' } }),
      },
      // The customer is already an admin of a company (above): one company a person.
      { route: 'POST /api/companies', expected: { anonymous: 401, customer: 409, other: 201, admin: 201 }, request: async () => ({ method: 'POST', url: '/api/companies', body: APPLICATION }) },
      // Trade accounts (issue 63): staff price lists, admins only.
      { route: 'GET /api/admin/price-lists', expected: adminOnly(200), request: async () => ({ method: 'GET', url: '/api/admin/price-lists' }) },
      { route: 'GET /api/admin/price-lists/{id}', expected: adminOnly(200), request: async () => ({ method: 'GET', url: `/api/admin/price-lists/${await priceList()}` }) },
      {
        route: 'PUT /api/admin/price-lists/{id}',
        expected: adminOnly(200),
        request: async () => ({ method: 'PUT', url: `/api/admin/price-lists/new-${(priceLists += 1)}`, body: { name: 'Trade', discountPercent: 5, prices: [{ productId: Number(productId), price: 1 }] } }),
      },
      { route: 'DELETE /api/admin/price-lists/{id}', expected: adminOnly(204), request: async () => ({ method: 'DELETE', url: `/api/admin/price-lists/${await priceList()}` }) },
      { route: 'GET /api/admin/price-lists/{id}/prices.csv', expected: adminOnly(200), request: async () => ({ method: 'GET', url: `/api/admin/price-lists/${await priceList()}/prices.csv` }) },
      // A JSON body, not a CSV file: who may is what this row is about (price-lists/price-lists.test.ts sends real files).
      { route: 'PUT /api/admin/price-lists/{id}/prices.csv', expected: adminOnly(400), request: async () => ({ method: 'PUT', url: `/api/admin/price-lists/${await priceList()}/prices.csv`, body: {} }) },
    ];
  };

  /** Logout ends the session it is called with, so each role logs out a fresh one. */
  async function tokenFor(role: Role, route: string): Promise<string | undefined> {
    if (role === 'anonymous') return undefined;
    if (route !== 'POST /api/auth/logout') return accounts[role].token;
    const login = await call(server.app, 'POST', '/api/auth/login', { body: { email: accounts[role].email, password: 'secret-password' } });
    return login.json().token;
  }

  it('answers every endpoint with the exact status for each role', async () => {
    const mismatches: string[] = [];
    for (const row of rows()) {
      for (const role of ROLES) {
        const cell = await row.request(role);
        const response = await call(server.app, cell.method, cell.url, { token: await tokenFor(role, row.route), body: cell.body });
        if (response.statusCode !== row.expected[role]) {
          mismatches.push(`${row.route} as ${role}: expected ${row.expected[role]}, got ${response.statusCode} ${response.body}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
  }, 120_000); // every endpoint × every role: a few hundred requests, one after another

  it('says who may not call an endpoint before it looks at the input (401, then 403, never 400)', async () => {
    const junk = { phone: 12, quantity: 'many', name: ['x'], status: 'lost', rating: 'ten', orderId: false };
    const mismatches: string[] = [];
    for (const row of rows()) {
      const cell = await row.request('customer');
      const refusedAs: [Role, number][] = [];
      // A 401 for everyone is the route's own answer (a bad sign-in code), not a missing sign-in.
      if (row.expected.anonymous === 401 && row.expected.customer !== 401) refusedAs.push(['anonymous', 401]);
      if (row.expected.customer === 403 && !row.bodyDecides) refusedAs.push(['customer', 403]);
      // "That account or an admin": another customer is refused whatever the path and body say.
      if (row.expected.other === 403 && cell.url.includes(accounts.customer.email)) refusedAs.push(['other', 403]);
      for (const [role, status] of refusedAs) {
        const url = cell.url.replace(accounts.customer.email, 'not-an-email');
        const badUrl = role === 'other' ? cell.url : url;
        const response = await call(server.app, cell.method, badUrl, {
          token: role === 'anonymous' ? undefined : accounts[role].token,
          body: cell.method === 'GET' ? undefined : junk,
        });
        if (response.statusCode !== status) mismatches.push(`${row.route} as ${role} with bad input: expected ${status}, got ${response.statusCode}`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('covers every endpoint the API documents', async () => {
    const documented = Object.entries((server.app.swagger() as { paths: Record<string, object> }).paths).flatMap(
      ([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const covered = new Set(rows().map((row) => row.route));
    expect(documented.filter((route) => !covered.has(route))).toEqual([]);
    expect(documented.length).toBeGreaterThanOrEqual(24);
  });
});

/**
 * Trade accounts: company A's routes for its admin only. A buyer of A, an admin of company B, someone in no
 * company and the shop's staff are refused (403), whatever they send; each sees only their own company.
 */
describe(`company authorization: A against B (${databaseKind})`, () => {
  type CompanyRole = 'anonymous' | 'adminA' | 'buyerA' | 'adminB' | 'outsider' | 'staff';
  const COMPANY_ROLES: CompanyRole[] = ['anonymous', 'adminA', 'buyerA', 'adminB', 'outsider', 'staff'];
  const adminOfAOnly = (ok: number): Record<CompanyRole, number> => ({ anonymous: 401, adminA: ok, buyerA: 403, adminB: 403, outsider: 403, staff: 403 });
  const staffOnly = (ok: number): Record<CompanyRole, number> => ({ anonymous: 401, adminA: 403, buyerA: 403, adminB: 403, outsider: 403, staff: ok });
  let server: TestServer;
  let people: Record<Exclude<CompanyRole, 'anonymous'>, Account>;
  let companyA: number;
  let companyB: number;

  beforeAll(async () => {
    server = await startTestServer();
    const staff = await registerAdmin(server);
    const adminA = await registerCustomer(server.app, 'Admin of A');
    const adminB = await registerCustomer(server.app, 'Admin of B');
    companyA = await approvedCompany(server, staff, adminA, 'Company A');
    companyB = await approvedCompany(server, staff, adminB, 'Company B');
    people = { adminA, adminB, staff, buyerA: await joinedMember(server, companyA, adminA), outsider: await registerCustomer(server.app, 'Outsider') };
  });
  afterAll(() => server.close());

  const rows = (): { route: string; expected: Record<CompanyRole, number>; request: () => Promise<Cell> }[] => [
    {
      route: 'POST /api/companies/{id}/invitations',
      expected: adminOfAOnly(201),
      request: async () => ({ method: 'POST', url: `/api/companies/${companyA}/invitations`, body: { email: `colleague.${Math.random().toString(36).slice(2)}@example.com`, role: 'admin' } }),
    },
    {
      // Changing a role: a buyer may not make themselves an admin either.
      route: 'PATCH /api/companies/{id}/members/{userId}',
      expected: adminOfAOnly(200),
      request: async () => {
        // A buyer again before each try (A's admin promoted them on theirs).
        await call(server.app, 'PATCH', `/api/companies/${companyA}/members/${people.buyerA.id}`, { token: people.adminA.token, body: { role: 'buyer' } });
        return { method: 'PATCH', url: `/api/companies/${companyA}/members/${people.buyerA.id}`, body: { role: 'admin' } };
      },
    },
    {
      route: 'PATCH /api/companies/{id}/members/{userId} (a limit)',
      expected: adminOfAOnly(200),
      request: async () => ({ method: 'PATCH', url: `/api/companies/${companyA}/members/${people.buyerA.id}`, body: { spendingLimit: 500 } }),
    },
    {
      route: 'DELETE /api/companies/{id}/members/{userId}',
      expected: adminOfAOnly(204),
      request: async () => ({ method: 'DELETE', url: `/api/companies/${companyA}/members/${(await joinedMember(server, companyA, people.adminA)).id}` }),
    },
    { route: 'GET /api/admin/companies', expected: staffOnly(200), request: async () => ({ method: 'GET', url: '/api/admin/companies' }) },
    {
      route: 'PATCH /api/admin/companies/{id}',
      expected: staffOnly(200),
      request: async () => ({ method: 'PATCH', url: `/api/admin/companies/${companyA}`, body: { status: 'approved', priceListId: null } }),
    },
  ];

  it("refuses everyone but A's admins on A's routes, and everyone but staff on the staff's, with the exact status", async () => {
    const mismatches: string[] = [];
    for (const row of rows()) {
      for (const role of COMPANY_ROLES) {
        const cell = await row.request();
        const response = await call(server.app, cell.method, cell.url, { token: role === 'anonymous' ? undefined : people[role].token, body: cell.body });
        if (response.statusCode !== row.expected[role]) mismatches.push(`${row.route} as ${role}: expected ${row.expected[role]}, got ${response.statusCode} ${response.body}`);
        // Refused before the body is looked at: junk gets the same answer.
        if (row.expected[role] === 403 || row.expected[role] === 401) {
          const junk = await call(server.app, cell.method, cell.url, { token: role === 'anonymous' ? undefined : people[role].token, body: cell.method === 'GET' ? undefined : { role: 7, email: [] } });
          if (junk.statusCode !== row.expected[role]) mismatches.push(`${row.route} as ${role} with junk: expected ${row.expected[role]}, got ${junk.statusCode}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
  });

  it("shows each their own company only, and its members to its admins only", async () => {
    const mine = async (role: Exclude<CompanyRole, 'anonymous'>) => (await call(server.app, 'GET', '/api/companies/mine', { token: people[role].token })).json();
    expect(await mine('adminB')).toMatchObject({ id: companyB, name: 'Company B', role: 'admin' });
    expect((await mine('adminB')).members.map((member: { email: string }) => member.email)).toEqual([people.adminB.email]);
    expect(await mine('buyerA')).toMatchObject({ id: companyA, role: 'buyer', members: [] });
    expect((await call(server.app, 'GET', '/api/companies/mine', { token: people.outsider.token })).statusCode).toBe(404);
    // B's admin cannot take A's members, nor invite into A someone of B (already in a company).
    expect((await call(server.app, 'DELETE', `/api/companies/${companyB}/members/${people.buyerA.id}`, { token: people.adminB.token })).statusCode).toBe(404);
    expect((await call(server.app, 'POST', `/api/companies/${companyA}/invitations`, { token: people.adminA.token, body: { email: people.adminB.email, role: 'buyer' } })).statusCode).toBe(409);
  });
});
